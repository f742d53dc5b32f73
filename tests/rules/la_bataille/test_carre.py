"""The carre in La Bataille: cavalry assaults (LB-1, LB-2), movement (LB-3, LB-4), guns (LB-5)."""

from collections.abc import Mapping
from typing import Any

import pytest

from desk.rules import la_bataille
from desk.rules.base import Finding, Severity, UnitInfo
from desk.rules.records import fields_record, situation_record, state_record

LB = la_bataille.system({})


def unit(arm: str = "infantry", **attrs: Any) -> UnitInfo:
    base = {"movement_allowance": 6, "morale": 35, "melee": 12, "fire": 9}
    return UnitInfo(id=1, name="1/45e Ligne", arm=arm, unit_type="line-infantry",
                    side="French", command="II Corps", strength=8, attrs={**base, **attrs})


def check(u: UnitInfo, state: Mapping[str, object], fields: dict[str, Any],
          situation: dict[str, Any]) -> list[Finding]:
    return LB.check(unit=u, state=state_record(state),
                    fields=LB.complete(fields_record(fields)).fields,
                    situation=situation_record(situation))


def codes(findings: list[Finding]) -> set[str]:
    return {f.code for f in findings}


CARRE = {"formation": "carre", "disorder": "good-order", "strength": 8, "terrain": "clear"}
CHARGE = {"melee": True}


@pytest.mark.parametrize(
    ("in_hex", "fired_on", "refused"),
    [(True, True, set()),
     (False, True, {"LB_CARRE_ASSAULT_NOT_IN_HEX"}),
     (True, False, {"LB_CARRE_ASSAULT_NO_FIRE"}),
     (False, False, {"LB_CARRE_ASSAULT_NOT_IN_HEX", "LB_CARRE_ASSAULT_NO_FIRE"})],
    ids=["LB-1-allowed", "LB-1-not-in-hex", "LB-1-no-defensive-fire", "LB-1-neither"],
)
def test_lb_1_cavalry_assaults_a_carre_from_its_hex_after_defensive_fire(
    in_hex: bool, fired_on: bool, refused: set[str]
) -> None:
    found = check(unit("cavalry"), {"formation": "column"}, CHARGE,
                  {"assaulting_carre": True, "in_carre_hex": in_hex,
                   "defensive_fire_suffered": fired_on})
    errors = {f.code for f in found if f.severity is Severity.ERROR}
    assert errors == refused
    assert all(f.clause == "LB-1" for f in found if f.code in refused)


def test_lb_1_infantry_assaulting_a_carre_is_not_bound_by_the_cavalry_rule() -> None:
    found = check(unit("infantry"), {"formation": "column"}, CHARGE, {"assaulting_carre": True})
    assert not codes(found) & {"LB_CARRE_ASSAULT_NOT_IN_HEX", "LB_CARRE_ASSAULT_NO_FIRE"}


def test_lb_2_cavalry_melees_a_carre_at_one_third() -> None:
    cavalry = unit("cavalry", melee=12)
    situation = {"assaulting_carre": True, "in_carre_hex": True, "defensive_fire_suffered": True}
    value = LB.melee_value(unit=cavalry, state={"formation": "column"},
                           situation=situation_record(situation))
    assert value.value == 4
    assert "LB-2" in value.working
    (third,) = [f for f in check(cavalry, {"formation": "column"}, CHARGE, situation)
                if f.code == "LB_CARRE_CAVALRY_THIRD"]
    assert third.clause == "LB-2" and "= 4" in third.message
    # Not against a carre: full strength.
    assert LB.melee_value(unit=cavalry, state={"formation": "column"}, situation={}).value == 12


@pytest.mark.parametrize(
    ("fields", "move_mp", "refused"),
    [({}, 1, False), ({}, 2, True),
     ({"formation": "column", "first_action_is_formation_change": True}, 5, False),
     ({"formation": "column", "first_action_is_formation_change": False}, 1, True)],
    ids=["LB-3-carre-1-mp", "LB-3-carre-2-mp-refused", "LB-3-first-action-change-keeps-rest",
         "LB-3-change-not-first-only-1-mp"],
)
def test_lb_3_a_carre_has_1_mp_unless_it_changes_formation_first(
    fields: dict[str, Any], move_mp: float, refused: bool
) -> None:
    found = check(unit(), CARRE, fields, {"move_mp": move_mp, "hexes": 3})
    assert ("LB_CARRE_MOVEMENT" in codes(found)) is refused


def test_lb_3_allowance_working_names_the_clause() -> None:
    kept = LB.movement_allowance(unit=unit(), state=state_record(CARRE), fields={}, situation={})
    assert kept.value == 1 and "LB-3" in kept.working
    changed = LB.movement_allowance(
        unit=unit(), state=state_record(CARRE),
        fields={"formation": "column", "first_action_is_formation_change": True}, situation={})
    assert changed.value == 6 and "rest of its 6 MP" in changed.working


def test_lb_3_first_action_defaults_to_yes_when_the_order_changes_formation() -> None:
    done = LB.complete({"formation": "line"})
    assert done.fields["first_action_is_formation_change"] is True
    assert "first_action_is_formation_change" in done.defaulted
    assert LB.complete({}).fields["first_action_is_formation_change"] is False


@pytest.mark.parametrize(
    ("terrain", "destination", "hexes", "refused"),
    [("clear", "clear", 1, False), ("clear", "woods", 1, True),
     ("woods", "clear", 1, True), ("clear", "clear", 2, True)],
    ids=["LB-4-clear-to-clear", "LB-4-into-woods", "LB-4-out-of-woods", "LB-4-two-hexes"],
)
def test_lb_4_a_carre_may_always_move_one_hex_clear_to_clear(
    terrain: str, destination: str, hexes: int, refused: bool
) -> None:
    # The move costs 2 MP (say, uphill): beyond a carre's 1 MP, yet one clear hex is allowed.
    found = check(unit(), {**CARRE, "terrain": terrain}, {},
                  {"terrain": terrain, "destination_terrain": destination, "hexes": hexes,
                   "move_mp": 2})
    assert ("LB_CARRE_MOVEMENT" in codes(found)) is refused


@pytest.mark.parametrize(
    ("others_firing", "hexsides", "refused"),
    [(0, 1, set()), (1, 1, {"LB_CARRE_ONE_BATTERY"}), (0, 2, {"LB_CARRE_ONE_HEXSIDE"})],
    ids=["LB-5-one-battery-one-side", "LB-5-second-battery", "LB-5-two-hexsides"],
)
def test_lb_5_one_battery_fires_from_a_carre_at_one_third_into_one_hexside(
    others_firing: int, hexsides: int, refused: set[str]
) -> None:
    guns = unit("artillery", fire=9)
    found = check(guns, {"formation": "unlimbered"}, {"fire": True},
                  {"in_carre": True, "batteries_firing_from_carre": others_firing,
                   "hexsides": hexsides})
    assert {f.code for f in found if f.severity is Severity.ERROR} == refused
    third = [f for f in found if f.code == "LB_CARRE_BATTERY_THIRD"]
    assert third and "= 3" in third[0].message and third[0].clause == "LB-5"
    assert LB.fire_value(unit=guns, state={"formation": "unlimbered"},
                         situation={"in_carre": True}).value == 3


def test_lb_5_house_rule_changes_the_fraction_and_says_so() -> None:
    house = la_bataille.system({"carre.battery_fire_divisor": 2})
    value = house.fire_value(unit=unit("artillery", fire=9), state={"formation": "unlimbered"},
                             situation={"in_carre": True})
    assert value.value == 4.5 and value.house_rule
