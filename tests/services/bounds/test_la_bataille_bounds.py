"""La Bataille through the services: a battalion into road march and back, with its MP."""

from __future__ import annotations

import pytest
from scenario import scenario, unit
from service_helpers import call, script

from desk.services.bounds.close import close_bound
from desk.services.errors import OrderRefused
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.queries import order_table, unit_state
from desk.store import CampaignStore

ON_ROAD = {"road": True, "destination_road": True}
ATTRS = {"movement_allowance": 6, "morale": 35}


def _battle(store: CampaignStore) -> tuple[int, dict[str, int]]:
    data = scenario("la-bataille", sides=[{"name": "French", "leaders": [], "commands": [
        {"name": "III Corps", "level": "corps", "units": [
            unit("1/2e Léger", "infantry", "light-infantry", 6, formation="column",
                 strength_unit="increments", attrs={**ATTRS, "smallest_organisation": True}),
            unit("4e Ligne", "infantry", "line-infantry", 11, formation="column",
                 strength_unit="increments", attrs={**ATTRS, "smallest_organisation": False}),
        ]}]}])
    info = call(store, create_campaign_from_scenario, data=data)
    return info.battle_id, {r.unit: r.unit_id for r in call(store, order_table,
                                                             battle_id=info.battle_id)}


def _clauses(exc: pytest.ExceptionInfo[OrderRefused]) -> set[str]:
    return {f.clause for f in exc.value.findings if f.severity == "error"}


def test_LB_9_LB_10_LB_F3_road_march_and_back_with_its_movement_points(
        any_store: CampaignStore) -> None:
    battle, ids = _battle(any_store)
    battalion, regiment = ids["1/2e Léger"], ids["4e Ligne"]
    road = {"road_march": True, "destination": "Möckern"}

    # LB-10: the regiment is not broken down into battalions.
    with pytest.raises(OrderRefused) as refused:
        script(any_store, write_order, battle_id=battle, unit_id=regiment, fields=road,
             situation={**ON_ROAD, "road_hexes": 4})
    assert "LB-10" in _clauses(refused)

    # Bound 1: 1 MP to form road march (LB-F3) + 12 road hexes × ½ MP (LB-9) = 7 > 6 MP.
    with pytest.raises(OrderRefused) as refused:
        script(any_store, write_order, battle_id=battle, unit_id=battalion, fields=road,
             situation={**ON_ROAD, "road_hexes": 12})
    assert "1 MP for infantry" in str(refused.value.findings)
    # … 10 road hexes: 1 + 5 = 6 MP, its whole allowance.
    order = script(any_store, write_order, battle_id=battle, unit_id=battalion, fields=road,
                 situation={**ON_ROAD, "road_hexes": 10})
    assert order.status == "accepted"
    call(any_store, close_bound, battle_id=battle, backup=False)
    state = call(any_store, unit_state, battle_id=battle, unit_id=battalion)
    assert state.formation == "road-march"
    assert any("LB-12" in line for line in state.lines)

    # Bound 2: already in road march, no change cost: 12 road hexes × ½ = 6 MP.
    order = script(any_store, write_order, battle_id=battle, unit_id=battalion, fields=road,
                 situation={**ON_ROAD, "road_hexes": 12})
    assert order.status == "accepted"
    call(any_store, close_bound, battle_id=battle, backup=False)
    assert call(any_store, unit_state, battle_id=battle, unit_id=battalion).formation == \
        "road-march"

    # Bound 3: back to column, 1 MP (LB-F3), then 6 MP of move would be 7 > 6.
    back = {"formation": "column", "destination": "the wood"}
    with pytest.raises(OrderRefused):
        script(any_store, write_order, battle_id=battle, unit_id=battalion, fields=back,
             situation={"move_mp": 6})
    script(any_store, write_order, battle_id=battle, unit_id=battalion, fields=back,
         situation={"move_mp": 5})
    call(any_store, close_bound, battle_id=battle, backup=False)
    after = call(any_store, unit_state, battle_id=battle, unit_id=battalion)
    assert (after.bound, after.formation) == (4, "column")
    assert [call(any_store, unit_state, battle_id=battle, unit_id=battalion, bound=b).formation
            for b in (1, 2, 3, 4)] == ["column", "road-march", "road-march", "column"]
