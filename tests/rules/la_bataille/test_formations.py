"""Formations, their changes and artillery in La Bataille (LB-14, LB-F3, LB-F4, LB-F5)."""

from collections.abc import Mapping
from typing import Any

import pytest

from desk.rules import la_bataille
from desk.rules.base import Finding, RulesDataError, Severity, UnitInfo
from desk.rules.records import fields_record, situation_record, state_record

LB = la_bataille.system({})


def unit(arm: str = "infantry", strength: int = 6, **attrs: Any) -> UnitInfo:
    base = {"movement_allowance": 6, "morale": 35, "melee": 12, "fire": 9}
    kind = {"infantry": "line-infantry", "cavalry": "heavy-cavalry",
            "artillery": "foot-artillery"}.get(arm, arm)
    return UnitInfo(id=5, name="Unit", arm=arm, unit_type=kind, side="French",
                    command="III Corps", strength=strength, attrs={**base, **attrs})


def check(u: UnitInfo, state: Mapping[str, object], fields: dict[str, Any],
          situation: dict[str, Any] | None = None) -> list[Finding]:
    return LB.check(unit=u, state=state_record(state),
                    fields=LB.complete(fields_record(fields)).fields,
                    situation=situation_record(situation or {"terrain": "clear"}))


def errors(findings: list[Finding]) -> set[str]:
    return {f.code for f in findings if f.severity is Severity.ERROR}


@pytest.mark.parametrize(
    ("arm", "formations"),
    [("infantry", {"column", "line", "carre", "skirmish", "general-order", "road-march",
                   "routed"}),
     ("cavalry", {"column", "line", "general-order", "road-march", "routed"}),
     ("artillery", {"limbered", "unlimbered", "road-march", "routed"})],
    ids=["LB-F4-infantry", "LB-F4-cavalry", "LB-F4-artillery"],
)
def test_lb_f4_formations_per_arm(arm: str, formations: set[str]) -> None:
    assert set(LB.formations(arm)) == formations


@pytest.mark.parametrize(("arm", "formation"), [("cavalry", "carre"), ("artillery", "line"),
                                                ("cavalry", "skirmish")],
                         ids=["LB-F4-cavalry-carre", "LB-F4-guns-line", "LB-F4-cav-skirmish"])
def test_lb_f4_a_formation_outside_the_arm_is_refused(arm: str, formation: str) -> None:
    state = LB.initial_state(unit=unit(arm))
    assert "LB_FORMATION_NOT_FOR_ARM" in errors(check(unit(arm), state, {"formation": formation}))


@pytest.mark.parametrize(("terrain", "refused"), [("clear", False), ("rough", True),
                                                  ("marsh", True)],
                         ids=["LB-F4-line-in-clear", "LB-F4-line-in-rough",
                              "LB-F4-line-in-marsh"])
def test_lb_f4_line_in_clear_terrain_only(terrain: str, refused: bool) -> None:
    found = check(unit(), {"formation": "column", "terrain": terrain}, {"formation": "line"},
                  {"terrain": terrain})
    assert ("LB_LINE_CLEAR_ONLY" in errors(found)) is refused


def test_lb_f4_line_moving_into_rough_ground_is_refused() -> None:
    found = check(unit(), {"formation": "line"}, {"destination": "the hill"},
                  {"terrain": "clear", "destination_terrain": "rough", "move_mp": 2})
    assert "LB_LINE_CLEAR_ONLY" in errors(found)


@pytest.mark.parametrize(
    ("arm", "current", "target", "cost", "clause"),
    [("infantry", "column", "line", 1, "LB-F3"), ("cavalry", "column", "line", 3, "LB-F3"),
     ("artillery", "limbered", "unlimbered", 2, "LB-14"),
     ("artillery", "unlimbered", "limbered", 2, "LB-14"),
     ("infantry", "column", "general-order", 0, "LB-F3"),
     ("cavalry", "general-order", "line", 0, "LB-F3"), ("infantry", "line", "line", 0, "")],
    ids=["LB-F3-infantry-1", "LB-F3-cavalry-3", "LB-14-unlimber-2", "LB-14-limber-2",
         "LB-F3-into-general-order-free", "LB-F3-out-of-general-order-free", "LB-F3-no-change"],
)
def test_lb_f3_change_costs(arm: str, current: str, target: str, cost: int, clause: str) -> None:
    found = LB.change_cost(arm=arm, current=current, target=target)
    assert found.value == cost
    assert clause in found.working


@pytest.mark.parametrize(("move_mp", "refused"), [(3, False), (4, True)],
                         ids=["LB-F3-cavalry-3-plus-3", "LB-F3-cavalry-3-plus-4"])
def test_lb_f3_change_cost_counts_against_the_allowance(move_mp: float, refused: bool) -> None:
    found = check(unit("cavalry"), {"formation": "column"}, {"formation": "line"},
                  {"terrain": "clear", "move_mp": move_mp})
    assert ("LB_MP_EXCEEDED" in errors(found)) is refused


@pytest.mark.parametrize(
    ("state", "fields", "situation", "code"),
    [({"formation": "unlimbered"}, {"destination": "ridge"}, {"move_mp": 2},
      "LB_UNLIMBERED_CANNOT_MOVE"),
     ({"formation": "unlimbered"}, {"limber": "limber", "destination": "ridge"},
      {"move_mp": 4}, None),
     ({"formation": "unlimbered"}, {"limber": "limber", "destination": "ridge"},
      {"move_mp": 5}, "LB_MP_EXCEEDED"),
     ({"formation": "limbered"}, {"fire": True}, {}, "LB_LIMBERED_CANNOT_FIRE"),
     ({"formation": "limbered"}, {"fire": True, "limber": "unlimber"}, {}, None)],
    ids=["LB-14-unlimbered-cannot-move", "LB-14-limber-2-plus-4", "LB-14-limber-2-plus-5",
         "LB-14-limbered-cannot-fire", "LB-14-unlimber-then-fire"],
)
def test_lb_14_limbered_to_move_unlimbered_to_fire(
    state: dict[str, Any], fields: dict[str, Any], situation: dict[str, Any], code: str | None
) -> None:
    found = check(unit("artillery"), state, fields, {"terrain": "clear", **situation})
    assert errors(found) == ({code} if code else set())


def test_lb_14_only_artillery_limbers() -> None:
    assert "LB_LIMBER_ARTILLERY_ONLY" in errors(check(unit(), {"formation": "column"},
                                                      {"limber": "limber"}))


def test_lb_f2_routed_is_not_an_order_and_a_routed_unit_must_rally() -> None:
    assert "LB_ROUTED_NOT_ORDERED" in errors(check(unit(), {"formation": "column"},
                                                   {"formation": "routed"}))
    routed = {"formation": "routed", "disorder": "routed"}
    assert "LB_ROUTED_NO_CHANGE" in errors(check(unit(), routed, {"formation": "column"}))


@pytest.mark.parametrize(("arm", "expected"), [("infantry", "1100 men"),
                                               ("cavalry", "550 cavalrymen"),
                                               ("artillery", "44 guns")],
                         ids=["LB-F5-infantry", "LB-F5-cavalry", "LB-F5-artillery"])
def test_lb_f5_what_an_increment_stands_for(arm: str, expected: str) -> None:
    found = LB.men(unit=unit(arm, strength=11))
    assert expected in found.working and "LB-F5" in found.working


def test_initial_state_refuses_a_formation_the_arm_cannot_take() -> None:
    with pytest.raises(RulesDataError, match="cannot start in 'carre'"):
        LB.initial_state(unit=unit("cavalry"), formation="carre")
    assert LB.initial_state(unit=unit("artillery"))["formation"] == "limbered"
