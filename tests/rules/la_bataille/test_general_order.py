"""General order in La Bataille: when it is taken (LB-6), its effects (LB-7), stacking (LB-8)."""

from collections.abc import Mapping
from typing import Any

import pytest

from desk.rules import la_bataille
from desk.rules.base import Finding, RulesDataError, Severity, UnitInfo
from desk.rules.records import fields_record, situation_record, state_record

LB = la_bataille.system({})


def unit(arm: str = "infantry", strength: int = 6, **attrs: Any) -> UnitInfo:
    base = {"movement_allowance": 6, "morale": 35, "melee": 12, "fire": 9}
    return UnitInfo(id=2, name="2e Légère", arm=arm, unit_type="light-infantry", side="French",
                    command="I Corps", strength=strength, attrs={**base, **attrs})


def check(u: UnitInfo, state: Mapping[str, object], fields: dict[str, Any],
          situation: dict[str, Any]) -> list[Finding]:
    return LB.check(unit=u, state=state_record(state),
                    fields=LB.complete(fields_record(fields)).fields,
                    situation=situation_record(situation))


def codes(findings: list[Finding]) -> set[str]:
    return {f.code for f in findings}


@pytest.mark.parametrize("terrain", ["dwelling", "village", "town", "woods", "forest"])
def test_lb_6_good_order_combat_formation_there_is_in_general_order(terrain: str) -> None:
    found = LB.effective_formation(unit=unit(), state={"formation": "column", "terrain": terrain},
                                   situation={"terrain": terrain})
    assert found.value == "general-order" and "LB-6" in found.working


@pytest.mark.parametrize(
    ("disorder", "expected"),
    [("good-order", "general-order"), ("disordered", "column"), ("routed", "routed")],
    ids=["LB-6-good-order", "LB-6-disordered-in-woods-not-general-order", "LB-6-routed"],
)
def test_lb_6_disordered_or_routed_units_are_not_in_general_order(
    disorder: str, expected: str
) -> None:
    state = {"formation": "column", "disorder": disorder, "terrain": "woods"}
    assert LB.effective_formation(unit=unit(), state=state_record(state),
                                  situation={"terrain": "woods"}).value == expected


def test_lb_6_disordered_unit_in_woods_gets_a_warning_not_general_order() -> None:
    found = check(unit(), {"formation": "column", "disorder": "disordered"}, {},
                  {"terrain": "woods"})
    assert "LB_NOT_IN_GENERAL_ORDER" in codes(found)
    assert "LB_GENERAL_ORDER_AUTOMATIC" not in codes(found)


def test_lb_6_entering_woods_takes_general_order_by_itself() -> None:
    found = check(unit(), {"formation": "column"}, {"destination": "Bois de Paris"},
                  {"terrain": "clear", "destination_terrain": "woods", "move_mp": 2})
    (auto,) = [f for f in found if f.code == "LB_GENERAL_ORDER_AUTOMATIC"]
    assert auto.severity is Severity.WARNING and auto.clause == "LB-6"


@pytest.mark.parametrize(
    ("terrain", "disorder", "code"),
    [("clear", "good-order", "LB_GENERAL_ORDER_TERRAIN"),
     ("woods", "disordered", "LB_GENERAL_ORDER_DISORDERED"),
     ("woods", "good-order", None)],
    ids=["LB-6-not-in-the-open", "LB-6-not-disordered", "LB-6-ordered-in-woods"],
)
def test_lb_6_ordering_general_order(terrain: str, disorder: str, code: str | None) -> None:
    found = check(unit(), {"formation": "column", "disorder": disorder, "terrain": terrain},
                  {"formation": "general-order"}, {"terrain": terrain})
    errors = {f.code for f in found if f.severity is Severity.ERROR}
    assert errors == ({code} if code else set())


def test_lb_6_advance_enters_and_leaves_general_order_with_the_hex() -> None:
    u = unit()
    into = LB.advance(unit=u, state=LB.initial_state(unit=u, formation="line"), fields={},
                      events=[{"event": "entered-terrain", "data": {"terrain": "woods"}}],
                      bound=4)
    assert into.state["formation"] == "general-order"
    assert into.state["combat_formation"] == "line"
    out = LB.advance(unit=u, state=into.state, fields=None,
                     events=[{"event": "entered-terrain", "data": {"terrain": "clear"}}],
                     bound=5)
    assert out.state["formation"] == "line"
    assert any("LB-6" in line for line in out.journal)


def test_lb_6_disordered_in_woods_leaves_general_order() -> None:
    u = unit()
    state = {"formation": "general-order", "combat_formation": "column", "terrain": "woods",
             "disorder": "good-order", "strength": 6}
    outcome = LB.apply_event(unit=u, state=state_record(state), event="disordered", data={},
                             bound=3)
    assert outcome.state["formation"] == "column"
    assert outcome.state["disorder"] == "disordered"
    assert "LB-6" in outcome.journal


def test_lb_7_general_order_fires_at_printed_value() -> None:
    value = LB.fire_value(unit=unit(fire=9), state={"formation": "column", "terrain": "woods"},
                          situation={"terrain": "woods"})
    assert value.value == 9 and "LB-7" in value.working


@pytest.mark.parametrize(
    ("arm", "melee", "expected"), [("cavalry", 12, 4), ("infantry", 12, 12)],
    ids=["LB-7-cavalry-one-third", "LB-7-infantry-full"],
)
def test_lb_7_melee_in_general_order(arm: str, melee: int, expected: float) -> None:
    state = {"formation": "column", "terrain": "village"}
    value = LB.melee_value(unit=unit(arm, melee=melee), state=state_record(state),
                           situation={"terrain": "village"})
    assert value.value == expected


def test_lb_7_cavalry_melee_in_general_order_is_flagged() -> None:
    found = check(unit("cavalry"), {"formation": "column", "terrain": "woods"}, {"melee": True},
                  {"terrain": "woods"})
    assert "LB_GENERAL_ORDER_CAVALRY_THIRD" in codes(found)
    assert "LB_GENERAL_ORDER_CAVALRY_THIRD" not in codes(
        check(unit("cavalry"), {"formation": "column"}, {"melee": True}, {"terrain": "clear"}))


@pytest.mark.parametrize(("formation", "takes"), [("general-order", False), ("column", True)],
                         ids=["LB-7-no-pre-melee-check", "LB-7-column-checks"])
def test_lb_7_defender_in_general_order_makes_no_pre_melee_check(
    formation: str, takes: bool
) -> None:
    assert LB.pre_melee_morale_check(state={"formation": formation}).value is takes


@pytest.mark.parametrize(("already", "refused"), [(6, False), (7, True)],
                         ids=["LB-8-at-the-limit", "LB-8-one-over"])
def test_lb_8_stacking_limit_is_campaign_data(already: int, refused: bool) -> None:
    house = la_bataille.system({"general_order.stacking.woods": 12})
    found = house.check(unit=unit(strength=6), state={"formation": "column"},
                        fields=house.complete({}).fields,
                        situation={"terrain": "woods", "stacked_increments": already})
    stacking = [f for f in found if f.code == "LB_GENERAL_ORDER_STACKING"]
    assert bool(stacking) is refused
    if stacking:
        assert stacking[0].clause == "LB-8" and stacking[0].house_rule


def test_lb_8_no_limit_set_means_no_check_and_the_chart_says_so() -> None:
    found = check(unit(strength=40), {"formation": "column"}, {},
                  {"terrain": "woods", "stacked_increments": 40})
    assert "LB_GENERAL_ORDER_STACKING" not in codes(found)
    table = next(t for t in LB.chart().tables if "LB-8" in t.title)
    assert ("woods", "see the game's Movement Chart") in table.rows


def test_lb_8_a_stacking_limit_must_be_a_number() -> None:
    with pytest.raises(RulesDataError, match="stacking"):
        la_bataille.system({"general_order.stacking.woods": "lots"})


def test_lb_6_a_scenario_opening_in_general_order_keeps_it_until_the_hex_is_recorded() -> None:
    u = unit()
    state = LB.initial_state(unit=u, formation="general-order")
    assert state["terrain"] == ""
    kept = LB.advance(unit=u, state=state, fields=None, events=[], bound=1)
    assert kept.state["formation"] == "general-order"
    moved = LB.advance(unit=u, state=state, fields=None,
                       events=[{"event": "entered-terrain", "data": {"terrain": "clear"}}],
                       bound=1)
    assert moved.state["formation"] == "column"
