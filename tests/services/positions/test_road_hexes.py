"""La Bataille's road hexes counted along the scenario's road, with their working (LB-9).

On the Leipzig demo the Landwehr stands in road march on road hex 0405: an order
to 0908 enters 5 road hexes along the road, 2½ MP, and the finding and the order's
MP say so with the route; the umpire's typed count overrides and nothing then says
measured; where two road hexes are not joined by the road, road march is refused
under LB-9 citing the scenario's hex data.
"""

from __future__ import annotations

from typing import Any

import pytest
from service_helpers import call, script

from desk.rules import la_bataille
from desk.rules.base import Severity, UnitInfo
from desk.rules.coerce import as_mapping
from desk.rules.hexgrid import HexGrid, HexMap
from desk.services.campaign.scenarios import load_scenario
from desk.services.errors import OrderRefused
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.positions.situation import hex_situation, keep_road_working, merged
from desk.services.queries import order_table
from desk.store import CampaignStore

LB = la_bataille.system({})
ROUTE_WORDS = "5 road hexes 0405 → 0908 along the road (scenario's hex data)"


def _leipzig(store: CampaignStore) -> tuple[int, dict[str, int]]:
    info = call(store, create_campaign_from_scenario,
                data=load_scenario(rules_system="la-bataille"))
    return info.battle_id, {r.unit: r.unit_id for r in call(store, order_table,
                                                             battle_id=info.battle_id)}


def _said(findings: Any) -> list[str]:
    return [f"{f.code} {f.message}" for f in findings]


def test_lb_9_a_road_march_counts_its_road_hexes_along_the_road_with_the_working(
        any_store: CampaignStore) -> None:
    battle, ids = _leipzig(any_store)
    landwehr = ids["I/14th Silesian Landwehr"]  # road march in road hex 0405
    written = script(any_store, write_order, battle_id=battle, unit_id=landwehr,
                     fields={"road_march": True, "to_hex": "0908"})
    assert written.status == "accepted"
    assert f"LB_ROAD_MARCH_ROUTE Measured from the map: {ROUTE_WORDS}: 2½ MP (LB-9)." in \
        _said(written.findings)
    # The umpire's own count wins: 9 road hexes (a road that winds on the table), 4½ MP,
    # and no finding says measured.
    typed = script(any_store, write_order, battle_id=battle, unit_id=landwehr,
                   fields={"road_march": True, "to_hex": "0908", "path_hexes": 9})
    assert typed.status == "accepted"
    assert not [f for f in _said(typed.findings) if "easured" in f]
    # The order's MP (the check and the form's note) give the route too.
    hexmap = HexMap.from_dict(load_scenario(rules_system="la-bataille")["hex_grid"])
    found = hex_situation(hexmap, recorded="0405", fields={"to_hex": "0908"}).situation
    assert found["road_route"] == ["0405", "0506", "0606", "0707", "0807", "0908"]
    assert found["road_hexes"] == 5 and found["measured"] == {"road_hexes": ROUTE_WORDS}
    unit = UnitInfo(id=1, name="I/14th Silesian Landwehr", arm="infantry",
                    unit_type="landwehr", side="Prussian", command="II", strength=4,
                    attrs={"movement_allowance": 6, "smallest_organisation": True})
    spent = LB.mp_needed(unit=unit, state={"formation": "road-march"},
                         fields={"road_march": True}, situation=found)
    assert spent.working == f"{ROUTE_WORDS} × ½ MP = 2½ MP (LB-9) = 2½ MP"


def test_lb_9_a_typed_count_in_the_situation_drops_the_measured_working() -> None:
    hexmap = HexMap.from_dict(load_scenario(rules_system="la-bataille")["hex_grid"])
    hexes = hex_situation(hexmap, recorded="0405", fields={"to_hex": "0908"}).situation
    assert "measured" not in hex_situation(hexmap, recorded="0405", fields={
        "to_hex": "0908", "path_hexes": 7}).situation
    assert keep_road_working({}, hexes, typed={"road_hexes": 7}) == {}
    assert keep_road_working({}, hexes, typed={}) == {"measured": {"road_hexes": ROUTE_WORDS}}
    # The window sends the form's situation back, the measured count in it: still measured.
    assert keep_road_working({}, hexes, typed={"road_hexes": 5}) == {
        "measured": {"road_hexes": ROUTE_WORDS}}
    assert "measured" not in merged(hexes, {"road_hexes": 7})
    both = merged(hexes, {"measured": {"nearest_closed_opponent_cm": "84 cm to …"}})
    assert set(as_mapping(both["measured"])) == {"road_hexes", "nearest_closed_opponent_cm"}


# Two roads that never meet: 0102-0103-0104 and 0502-0503.
SPLIT = HexMap(grid=HexGrid(first_column=1, last_column=8, first_row=1, last_row=8),
               roads=frozenset({"0102", "0103", "0104", "0502", "0503"}))


@pytest.mark.parametrize(("to_hex", "codes"), [
    ("0503", {"LB_ROAD_MARCH_NO_ROUTE"}),  # both road hexes, no road between them
    ("0505", {"LB_ROAD_MARCH_OFF_ROAD"}),  # no road at the end: refused as before
    ("0104", set()),                       # along the road: 2 road hexes, 1 MP
])
def test_lb_9_no_road_between_two_road_hexes_is_refused_citing_the_hex_data(
        to_hex: str, codes: set[str]) -> None:
    unit = UnitInfo(id=1, name="1/3e Grenadiers", arm="infantry", unit_type="grenadiers",
                    side="French", command="Garde", strength=4,
                    attrs={"movement_allowance": 6, "smallest_organisation": True})
    situation = hex_situation(SPLIT, recorded="0102", fields={"to_hex": to_hex}).situation
    found = LB.check(unit=unit, state={"formation": "road-march"},
                     fields=LB.complete({"road_march": True, "to_hex": to_hex}).fields,
                     situation=situation)
    assert {f.code for f in found if f.severity is Severity.ERROR} == codes
    refusal = [f for f in found if f.code == "LB_ROAD_MARCH_NO_ROUTE"]
    if refusal:
        assert refusal[0].clause == "LB-9"
        assert refusal[0].message.startswith(
            "No road joins hex 0102 to hex 0503 in the scenario's hex data")
    # The umpire's count overrides: no route is measured, nothing refused for it.
    typed = hex_situation(SPLIT, recorded="0102", fields={"to_hex": to_hex,
                                                          "path_hexes": 4}).situation
    again = LB.check(unit=unit, state={"formation": "road-march"},
                     fields=LB.complete({"road_march": True, "to_hex": to_hex}).fields,
                     situation=typed)
    assert "LB_ROAD_MARCH_NO_ROUTE" not in {f.code for f in again}


def test_lb_9_refused_without_a_road_route_in_the_service_too(
        any_store: CampaignStore) -> None:
    battle, ids = _leipzig(any_store)
    with pytest.raises(OrderRefused) as refused:
        script(any_store, write_order, battle_id=battle, unit_id=ids["I/12th Reserve Infantry"],
               fields={"road_march": True, "to_hex": "0808"})
    assert {f.code for f in refused.value.findings if f.severity is Severity.ERROR} == {
        "LB_ROAD_MARCH_OFF_ROAD"}
