"""Road march in La Bataille (LB-9 … LB-13)."""

from collections.abc import Mapping
from typing import Any

import pytest

from desk.rules import la_bataille
from desk.rules.base import Finding, Severity, UnitInfo
from desk.rules.records import fields_record, situation_record, state_record

LB = la_bataille.system({})


def unit(strength: int = 4, arm: str = "infantry", **attrs: Any) -> UnitInfo:
    base = {"movement_allowance": 6, "morale": 46, "melee": 12, "fire": 9,
            "smallest_organisation": True}
    return UnitInfo(id=3, name="1/3e Grenadiers", arm=arm, unit_type="grenadiers",
                    side="French", command="Garde", strength=strength, attrs={**base, **attrs})


def check(u: UnitInfo, state: Mapping[str, object], fields: dict[str, Any],
          situation: dict[str, Any]) -> list[Finding]:
    return LB.check(unit=u, state=state_record(state),
                    fields=LB.complete(fields_record(fields)).fields,
                    situation=situation_record(situation))


def errors(findings: list[Finding]) -> set[str]:
    return {f.code for f in findings if f.severity is Severity.ERROR}


ON_ROAD = {"terrain": "clear", "road": True}
MARCH = {"road_march": True}


@pytest.mark.parametrize(
    ("increments", "hexes"),
    [(1, 1), (4, 1), (5, 2), (8, 2), (9, 3), (11, 3), (12, 3), (13, 4)],
    ids=lambda v: f"LB-9-{v}",
)
def test_lb_9_road_hexes_occupied(increments: int, hexes: int) -> None:
    found = LB.road_hexes(increments)
    assert found.value == hexes
    assert found.working.endswith("(LB-9)")


def test_lb_9_eleven_increments_working_reads_as_the_rules_example() -> None:
    assert LB.road_hexes(11).working == "11 increments: 3 road hexes (LB-9)"


@pytest.mark.parametrize(("strength", "warned"), [(4, False), (5, True)],
                         ids=["LB-9-4-fits-one-hex", "LB-9-5-needs-two"])
def test_lb_9_a_long_unit_is_told_how_many_road_hexes_it_fills(
    strength: int, warned: bool
) -> None:
    found = check(unit(strength), {"formation": "column", "strength": strength}, MARCH, ON_ROAD)
    assert any(f.code == "LB_ROAD_MARCH_HEXES" for f in found) is warned


def test_lb_9_half_a_movement_point_per_road_hex_and_overridable() -> None:
    assert LB.road_march_mp(6).value == 3
    assert LB.road_march_mp(6).working == "6 road hexes × ½ MP = 3 MP (LB-9)"
    house = la_bataille.system({"road_march.mp_per_hex": 1.0})
    assert house.road_march_mp(6).value == 6 and house.road_march_mp(6).house_rule


@pytest.mark.parametrize(("road_hexes", "refused"), [(10, False), (11, True)],
                         ids=["LB-9-10-road-hexes-fit", "LB-9-11-road-hexes-too-many"])
def test_lb_9_road_march_movement_points(road_hexes: int, refused: bool) -> None:
    # Entering road march costs 1 MP (LB-F3); the other 5 MP buy 10 road hexes at ½ each.
    found = check(unit(), {"formation": "column"}, MARCH, {**ON_ROAD, "road_hexes": road_hexes})
    assert ("LB_MP_EXCEEDED" in errors(found)) is refused


def test_lb_9_off_the_road_is_refused() -> None:
    found = check(unit(), {"formation": "column"}, MARCH, {"terrain": "clear", "road": False})
    assert "LB_ROAD_MARCH_OFF_ROAD" in errors(found)


@pytest.mark.parametrize(
    ("broken_down", "code", "severity"),
    [(True, None, None), (False, "LB_ROAD_MARCH_NOT_BROKEN_DOWN", Severity.ERROR),
     (None, "LB_ROAD_MARCH_BREAKDOWN_UNKNOWN", Severity.WARNING)],
    ids=["LB-10-battalions", "LB-10-brigade-refused", "LB-10-unknown-asks"],
)
def test_lb_10_only_units_broken_down_enter_road_march(
    broken_down: bool | None, code: str | None, severity: Severity | None
) -> None:
    attrs = {} if broken_down is None else {"smallest_organisation": broken_down}
    u = UnitInfo(id=4, name="Brigade Schmitz", arm="infantry", unit_type="line-infantry",
                 side="French", command="II Corps", strength=4,
                 attrs={"movement_allowance": 6, **attrs})
    found = [f for f in check(u, {"formation": "column"}, MARCH, ON_ROAD)
             if f.clause == "LB-10"]
    assert [(f.code, f.severity) for f in found] == ([(code, severity)] if code else [])


def test_lb_10_the_situation_overrides_the_order_of_battle() -> None:
    found = check(unit(), {"formation": "column"}, MARCH, {**ON_ROAD, "broken_down": False})
    assert "LB_ROAD_MARCH_NOT_BROKEN_DOWN" in errors(found)


def test_lb_11_no_fire_in_road_march() -> None:
    found = check(unit(), {"formation": "road-march"}, {"fire": True}, ON_ROAD)
    assert "LB_ROAD_MARCH_NO_FIRE" in errors(found)
    assert "LB_ROAD_MARCH_NO_FIRE" not in errors(
        check(unit(), {"formation": "column"}, {"fire": True}, ON_ROAD))
    assert LB.fire_value(unit=unit(), state={"formation": "road-march"},
                         situation=situation_record(ON_ROAD)).value == 0


def test_lb_11_melee_one_quarter_per_hex() -> None:
    value = LB.melee_value(unit=unit(melee=12), state={"formation": "road-march"},
                           situation=situation_record(ON_ROAD))
    assert value.value == 3 and "LB-11" in value.working
    found = check(unit(melee=12), {"formation": "road-march"}, {"melee": True}, ON_ROAD)
    assert any(f.code == "LB_ROAD_MARCH_MELEE" and "= 3" in f.message for f in found)


@pytest.mark.parametrize(
    ("morale", "expected", "passable"),
    [(35, "55", True), (45, "65", True), (46, "66", False), (61, "66 + 7 steps", False)],
    ids=["LB-12-35-to-55", "LB-12-45-to-65", "LB-12-46-to-66", "LB-12-61-past-66"],
)
def test_lb_12_morale_worse_by_12_on_the_scale(morale: int, expected: str, passable: bool) -> None:
    value = LB.morale_value(unit=unit(morale=morale), state={"formation": "road-march"})
    assert value.value is not None and str(value.value) == expected
    assert ("no roll can pass" not in value.working) is passable
    assert "LB-12" in value.working
    plain = LB.morale_value(unit=unit(morale=morale), state={"formation": "column"})
    assert plain.value is not None and plain.value.reading == morale


def test_lb_12_entering_road_march_warns_of_the_morale() -> None:
    found = check(unit(morale=46), {"formation": "column"}, MARCH, ON_ROAD)
    (morale,) = [f for f in found if f.code == "LB_ROAD_MARCH_MORALE"]
    assert "46 + 12" in morale.message and "= 66" in morale.message


@pytest.mark.parametrize(
    ("terrain", "road", "code"),
    [("village", True, None), ("town", True, None), ("village", False, "LB_ROAD_MARCH_NO_ROAD")],
    ids=["LB-13-village-on-road", "LB-13-town-on-road", "LB-13-village-without-road"],
)
def test_lb_13_village_and_town_hexes_on_the_road_count_as_road(
    terrain: str, road: bool, code: str | None
) -> None:
    found = check(unit(), {"formation": "road-march", "terrain": terrain}, {},
                  {"terrain": terrain, "road": road})
    assert errors(found) == ({code} if code else set())


def test_lb_13_road_march_through_a_village_is_not_general_order() -> None:
    found = LB.effective_formation(unit=unit(), state={"formation": "road-march"},
                                   situation={"terrain": "village", "road": True})
    assert found.value == "road-march" and "LB-13" in found.working


def test_road_march_and_a_formation_in_one_order_is_refused() -> None:
    found = check(unit(), {"formation": "column"}, {"road_march": True, "formation": "line"},
                  ON_ROAD)
    assert "LB_ROAD_MARCH_WITH_FORMATION" in errors(found)
