"""La Bataille movement points from hexes: a carre (LB-3, LB-4), road march (LB-9, LB-F3),
terrain costs (campaign data terrain_mp), and a unit whose hex is not known, which is asked
for it rather than refused. The situations are the ones the hex fields give
(desk/services/positions/situation.py) on the Leipzig demo's map."""

from typing import Any

from desk.rules import la_bataille
from desk.rules.base import Severity, UnitInfo
from desk.rules.hexgrid import HexMap
from desk.rules.records import fields_record, state_record
from desk.services.positions.situation import hex_situation

LB = la_bataille.system({})
MAP = HexMap.from_dict({"first": "0101", "last": "3022", "lower_columns": "even",
                        "roads": ["0405", "0506", "0606", "0707", "0807", "0908"],
                        "terrain": {"0707": "village", "1512": "dwelling", "2418": "woods"}})


def unit(arm: str = "infantry", strength: int = 5) -> UnitInfo:
    return UnitInfo(id=1, name="I/14th Silesian Landwehr", arm=arm, unit_type="landwehr",
                    side="Prussian", command="8. Brigade", strength=strength,
                    attrs={"movement_allowance": 6, "morale": 54, "smallest_organisation": True})


def check(state: dict[str, Any], fields: dict[str, Any], recorded: str = "0405",
          who: UnitInfo | None = None) -> list[Any]:
    completed = LB.complete(fields_record(fields)).fields
    situation = hex_situation(MAP, recorded=recorded, fields=completed)
    assert situation.refusals == ()
    return LB.check(unit=who or unit(), state=state_record(state), fields=completed,
                    situation={"bound": 1, **situation.situation})


def errors(found: list[Any]) -> dict[str, str]:
    return {f.clause: f.message for f in found if f.severity is Severity.ERROR}


def test_LB_3_a_carre_ordered_two_hexes_has_one_mp_and_is_refused() -> None:
    carre = {"formation": "carre", "strength": 5}
    found = errors(check(carre, {"to_hex": "1113"}, recorded="1111"))
    assert found == {"LB-3": "Needs 2 hexes × 1 MP move (terrain_mp) = 2 MP, but has carre: "
                             "1 MP at the start of its movement; one hex clear → clear always "
                             "allowed (LB-3, LB-4)."}
    # LB-4: one hex from clear to clear is always allowed.
    assert errors(check(carre, {"to_hex": "1112"}, recorded="1111")) == {}
    # LB-3: changing formation first, it has the rest of its 6 MP: 1 MP + 2 MP.
    assert errors(check(carre, {"formation": "column", "to_hex": "1113"},
                        recorded="1111")) == {}


def test_LB_9_LB_F3_road_march_costs_half_a_mp_per_road_hex_from_the_form() -> None:
    column = {"formation": "column", "strength": 5}
    # 1 MP to form road march (LB-F3) + 10 road hexes × ½ MP (LB-9) = 6 MP: its allowance.
    assert errors(check(column, {"road_march": True, "to_hex": "0908",
                                 "path_hexes": 10})) == {}
    found = errors(check(column, {"road_march": True, "to_hex": "0908", "path_hexes": 12}))
    assert found == {"LB-F3": "Needs column → road-march: 1 MP for infantry (LB-F3) + 12 road "
                              "hexes × ½ MP = 6 MP (LB-9) = 7 MP, more than its 6 MP (LB-F3)."}
    # Off the road at the end: refused under LB-9 with the hex's terrain.
    off = errors(check(column, {"road_march": True, "to_hex": "1010"}))
    assert off == {"LB-9": "Road march is on road hexes only; no road runs through this clear "
                           "hex (LB-9)."}


def test_LB_F3_a_unit_without_a_recorded_hex_is_asked_for_it_never_refused() -> None:
    column = {"formation": "column", "strength": 5}
    found = check(column, {"road_march": True, "to_hex": "0908"}, recorded="")
    assert errors(found) == {}
    asked = [f for f in found if f.code == "LB_HEX_ASKED"]
    assert len(asked) == 1 and asked[0].clause == "LB-9"
    assert asked[0].message.startswith("Which hex does it stand in? Give its Hex now")
    moving = check(column, {"destination": "Möckern"}, recorded="")
    assert [f.clause for f in moving if f.code == "LB_HEX_ASKED"] == ["LB-F3"]
    # Ordered to a Destination hex only (issue 27): asked too, on a map or without one.
    to_hex = check(column, {"to_hex": "0908"}, recorded="")
    assert [f.clause for f in to_hex if f.code == "LB_HEX_ASKED"] == ["LB-F3"]
    off_map = LB.check(unit=unit(), state=state_record(column),
                       fields=LB.complete({"to_hex": "0908"}).fields,
                       situation={"bound": 1})
    assert [f.clause for f in off_map if f.code == "LB_HEX_ASKED"] == ["LB-F3"]
    # Given on the form, the hex answers the question.
    answered = check(column, {"road_march": True, "from_hex": "0405", "to_hex": "0908"},
                     recorded="")
    assert not [f for f in answered if f.code == "LB_HEX_ASKED"]


def test_terrain_costs_the_last_hex_its_own_mp_and_a_bad_hex_names_its_field() -> None:
    computed = LB.mp_needed(unit=unit(), state={"formation": "column"},
                            fields={}, situation=hex_situation(
                                MAP, recorded="2416", fields={"to_hex": "2418"}).situation)
    assert computed.value == 3
    assert computed.working.startswith("1 clear hex × 1 MP + 1 woods hex × 2 MP move")
    refused = hex_situation(MAP, recorded="0405", fields={"to_hex": "3123", "path_hexes": "x"})
    assert refused.refusals == (
        "Hexes on the way: 'x' is not a whole number of hexes (0 to 999).",
        "Destination hex: hex 3123 is off the map, whose hexes run from 0101 to 3022.")


def test_the_summary_gives_the_units_own_arm_cost() -> None:
    line = LB.complete({"formation": "line", "to_hex": "1511"}).fields
    assert LB.summarize(line, arm="cavalry") == "form line (3 MP); to hex 1511"
    assert LB.summarize(line, arm="infantry") == "form line (1 MP); to hex 1511"
    assert LB.summarize(line) == "form line (inf 1 MP, cav 3 MP); to hex 1511"
