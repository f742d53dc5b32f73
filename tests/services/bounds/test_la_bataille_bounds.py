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


def test_LB_F3_form_square_and_hold_forms_the_square_at_the_close(
        any_store: CampaignStore) -> None:
    """"Form square and hold" (issue 27): the desk's own suggestion from the words is the
    order; the change costs its MP in its hex (LB-F3), so the close forms the carre."""
    from desk.rules import get_system

    battle, ids = _battle(any_store)
    battalion = ids["1/2e Léger"]
    verbatim = "Form square and hold"
    fields = get_system("la-bataille", {}).suggest(verbatim)  # the form's "Use: …"
    assert fields == {"formation": "carre", "hold": True}
    order = script(any_store, write_order, battle_id=battle, unit_id=battalion, fields=fields,
                   verbatim=verbatim)
    assert order.status == "accepted"
    assert not [f for f in order.findings if f.code == "LB_HOLD_MOVES"], order.findings
    call(any_store, close_bound, battle_id=battle, backup=False)
    state = call(any_store, unit_state, battle_id=battle, unit_id=battalion)
    assert (state.bound, state.formation) == (2, "carre")


def test_LB_F3_a_unit_with_no_hex_ordered_to_a_hex_is_asked_for_its_own(
        any_store: CampaignStore) -> None:
    """No hex recorded, a Destination hex given: asked for its Hex now, not refused (issue 27)."""
    battle, ids = _battle(any_store)
    order = script(any_store, write_order, battle_id=battle, unit_id=ids["1/2e Léger"],
                   fields={"to_hex": "1511"})
    assert order.status == "accepted"
    asked = [f for f in order.findings if f.code == "LB_HEX_ASKED"]
    assert [(f.clause, f.severity) for f in asked] == [("LB-F3", "warning")], order.findings
