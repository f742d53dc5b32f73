"""A La Bataille turn of the Leipzig demo with many orders, from the scenario's hexes.

Every unit starts in its scenario hex; the orders give destination hexes and the
desk works out each one's movement points from the map: a carre's under LB-3
(and LB-4), a road march's under LB-9 and LB-F3; an order moving a unit records
its new position at the close, and the next bound starts from it.
"""

from __future__ import annotations

from typing import Any

import pytest
from service_helpers import call, present, script

from desk.services.bounds.close import close_bound
from desk.services.campaign.scenarios import load_scenario
from desk.services.errors import OrderRefused
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.positions.queries import history, position_of, positions_at
from desk.services.positions.record import PositionRefused
from desk.services.queries import order_table, unit_state
from desk.store import CampaignStore


def _leipzig(store: CampaignStore) -> tuple[int, dict[str, int]]:
    info = call(store, create_campaign_from_scenario,
                data=load_scenario(rules_system="la-bataille"))
    return info.battle_id, {r.unit: r.unit_id for r in call(store, order_table,
                                                             battle_id=info.battle_id)}


def _refused(store: CampaignStore, battle: int, unit: int, fields: dict[str, Any]) -> dict[
        str, str]:
    with pytest.raises(OrderRefused) as refused:
        script(store, write_order, battle_id=battle, unit_id=unit, fields=fields)
    return {f.clause: f.message for f in refused.value.findings if f.severity == "error"}


def test_a_leipzig_turn_checks_movement_points_from_the_hexes_and_moves_the_units(
        any_store: CampaignStore) -> None:
    battle, ids = _leipzig(any_store)
    marines = ids["3/1er Régiment d'artillerie de marine"]  # column in 1513
    landwehr = ids["I/14th Silesian Landwehr"]  # road march in road hex 0405
    reserve = ids["I/12th Reserve Infantry"]  # road march in road hex 0506
    hussars = ids["Brandenburg Hussars"]  # column in 0209, 10 MP
    start = call(any_store, positions_at, battle_id=battle)
    assert (start[marines].hex, start[landwehr].hex, start[hussars].hex) == \
        ("1513", "0405", "0209")

    # Bound 1, a dozen orders.
    orders: dict[int, dict[str, Any]] = {
        marines: {"formation": "carre"},
        landwehr: {"road_march": True, "to_hex": "0908", "path_hexes": 12},  # 6 MP
        hussars: {"to_hex": "0411", "destination": "towards the Elster"},
        ids["1/1er Régiment d'artillerie de marine"]: {"fire": True},
        ids["2/1er Régiment d'artillerie de marine"]: {"hold": True},
        ids["1/2e Régiment d'artillerie de marine"]: {"fire": True},
        ids["13e Chasseurs à cheval"]: {"formation": "line", "to_hex": "1807"},
        ids["Foot battery of the 21e Division"]: {"limber": "unlimber"},
        ids["I/Leib-Infanterie-Regiment"]: {"to_hex": "1108"},
        ids["Thüringisches Bataillon"]: {"to_hex": "1006"},
        ids["Lithuanian Dragoons"]: {"to_hex": "0512"},
        ids["12-pdr Foot Battery No. 1"]: {"fire": True},
    }
    # LB-9 / LB-F3: 13 road hexes × ½ MP = 6.5 MP, more than the Landwehr's 6.
    assert "LB-F3" in _refused(any_store, battle, landwehr,
                               {"road_march": True, "to_hex": "0908", "path_hexes": 13})
    # A road march that ends off the road is refused under LB-9, from the map's road hexes.
    assert set(_refused(any_store, battle, reserve,
                        {"road_march": True, "to_hex": "0808"})) == {"LB-9"}
    # A hex off the map is refused in one sentence naming its field; nothing is written.
    with pytest.raises(PositionRefused, match=r"^Destination hex: hex 3130 is off the map"):
        script(any_store, write_order, battle_id=battle, unit_id=reserve,
               fields={"to_hex": "3130"})
    for unit, fields in orders.items():
        written = script(any_store, write_order, battle_id=battle, unit_id=unit, fields=fields)
        assert written.status == "accepted", (unit, written.findings)
    hussar_order = call(any_store, order_table, battle_id=battle)
    summaries = {row.unit_id: row.summary for row in hussar_order}
    assert summaries[ids["13e Chasseurs à cheval"]] == "form line (3 MP); to hex 1807"
    assert summaries[marines] == "form carre (1 MP)"
    call(any_store, close_bound, battle_id=battle, backup=False)

    # Bound 2 starts from the last positions: the orders' destination hexes.
    assert present(call(any_store, position_of, battle_id=battle, unit_id=hussars)).hex == "0411"
    assert present(call(any_store, position_of, battle_id=battle, unit_id=landwehr)).hex == "0908"
    assert present(call(any_store, position_of, battle_id=battle, unit_id=marines)).hex == "1513"
    assert [(p.bound, p.hex, p.source) for p in call(any_store, history, unit_id=hussars)] == \
        [(1, "0209", "scenario"), (1, "0411", "order")]
    assert call(any_store, unit_state, battle_id=battle, unit_id=marines).formation == "carre"
    # LB-3: the carre has 1 MP: two hexes are refused, one clear hex is always allowed (LB-4).
    found = _refused(any_store, battle, marines, {"to_hex": "1515"})
    assert found == {"LB-3": "Needs 2 hexes × 1 MP move (terrain_mp) = 2 MP, but has carre: "
                             "1 MP at the start of its movement; one hex clear → clear always "
                             "allowed (LB-3, LB-4)."}
    assert script(any_store, write_order, battle_id=battle, unit_id=marines,
                  fields={"to_hex": "1514"}).status == "accepted"
    # From 0411, where bound 1 left them, the hussars ride 6 hexes to 1013: 6 of their 10 MP.
    ride = script(any_store, write_order, battle_id=battle, unit_id=hussars,
                  fields={"to_hex": "1013"})
    assert ride.status == "accepted"
    # Already in road march on 0908: 12 road hexes are 6 MP; no formation change to pay.
    assert script(any_store, write_order, battle_id=battle, unit_id=landwehr,
                  fields={"road_march": True, "to_hex": "1611", "path_hexes": 12}
                  ).status == "accepted"
    call(any_store, close_bound, battle_id=battle, backup=False)
    after = call(any_store, positions_at, battle_id=battle)
    assert (after[marines].hex, after[hussars].hex, after[landwehr].hex) == \
        ("1514", "1013", "1611")
