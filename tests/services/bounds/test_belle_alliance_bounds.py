"""Belle Alliance through the services, bound after bound, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from scenario import belle_alliance
from service_helpers import call, script

from desk.rules.coerce import as_mapping
from desk.services.bounds.close import close_bound
from desk.services.bounds.events import record_event
from desk.services.dto import CampaignInfo
from desk.services.errors import OrderRefused
from desk.services.history import crossings_in_progress, journal, unit_history
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.queries import (
    charge_available_from,
    order_table,
    state_diff,
    unit_state,
)
from desk.store import CampaignStore

CHARGE = {"rate": "charge", "destination": "1/15. IR", "attack": True}
NORMAL = {"rate": "normal", "destination": "the crossroads"}


def _setup(store: CampaignStore) -> tuple[CampaignInfo, dict[str, int]]:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    ids = {r.unit: r.unit_id for r in call(store, order_table, battle_id=info.battle_id)}
    return info, ids


def test_BA_14_BA_13_charge_in_bound_3_refused_4_to_7_allowed_8(any_store: CampaignStore) -> None:
    info, ids = _setup(any_store)
    battle, unit = info.battle_id, ids["1/5e Ligne"]
    for _ in (1, 2):
        script(any_store, write_order, battle_id=battle, unit_id=unit, fields=NORMAL)
        call(any_store, close_bound, battle_id=battle, backup=False)
    script(any_store, write_order, battle_id=battle, unit_id=unit, fields=CHARGE)  # bound 3
    call(any_store, close_bound, battle_id=battle, backup=False)
    for bound in (4, 5, 6, 7):
        with pytest.raises(OrderRefused) as refused:
            script(any_store, write_order, battle_id=battle, unit_id=unit, fields=CHARGE)
        assert [f.clause for f in refused.value.findings if f.severity == "error"] == ["BA-14"]
        assert "bound 8" in str(refused.value)
        assert call(any_store, charge_available_from, battle_id=battle, unit_id=unit) == 8
        script(any_store, write_order, battle_id=battle, unit_id=unit, fields=NORMAL)
        call(any_store, close_bound, battle_id=battle, backup=False)
        assert bound + 1 == call(any_store, unit_state, battle_id=battle, unit_id=unit).bound
    accepted = script(any_store, write_order, battle_id=battle, unit_id=unit, fields=CHARGE)
    assert accepted.status == "accepted"  # bound 8

    # BA-13: the melee penalty is carried into bound 4 only.
    penalty = {b: call(any_store, unit_state, battle_id=battle, unit_id=unit, bound=b)
               .data.get("melee_penalty_bound") for b in range(1, 9)}
    assert penalty == {1: None, 2: None, 3: None, 4: 4, 5: None, 6: None, 7: None, 8: None}
    diff = call(any_store, state_diff, battle_id=battle, unit_id=unit, from_bound=3, to_bound=4)
    changed = {c.key: (c.before, c.after) for c in diff.changes}
    assert changed["last_charge_bound"] == (None, 3)
    assert changed["melee_penalty_bound"] == (None, 4)


def test_unit_history_has_one_entry_per_bound_with_its_order(any_store: CampaignStore) -> None:
    info, ids = _setup(any_store)
    unit = ids["1/5e Ligne"]
    script(any_store, write_order, battle_id=info.battle_id, unit_id=unit, fields=CHARGE)
    call(any_store, close_bound, battle_id=info.battle_id, backup=False)
    call(any_store, close_bound, battle_id=info.battle_id, backup=False)
    history = call(any_store, unit_history, battle_id=info.battle_id, unit_id=unit)
    assert [h.bound for h in history] == [1, 2, 3]
    assert "charge" in history[0].order and history[1].order == ""
    assert any(line.kind == "order" for line in history[0].journal)
    assert any("No order" in line.message for line in history[1].journal)
    assert history[1].state.data["last_charge_bound"] == 1


def test_BA_20_BA_21_column_crosses_a_ford_over_two_bounds(any_store: CampaignStore) -> None:
    info, ids = _setup(any_store)
    battle, unit = info.battle_id, ids["2/5e Ligne"]
    script(any_store, write_order, battle_id=battle, unit_id=unit,
         fields={"rate": "normal", "destination": "far bank", "crossing": "Mill ford"})
    script(any_store, record_event, battle_id=battle, unit_id=unit, kind="crossing-begun",
         data={"feature": "Mill ford", "kind": "ford"})
    report = call(any_store, close_bound, battle_id=battle, backup=False)
    assert report.crossings_started == 1 and report.crossings_completed == 0
    under_way = call(any_store, crossings_in_progress, battle_id=battle)
    assert [(c.unit, c.feature, c.started_bound) for c in under_way] == [
        ("2/5e Ligne", "Mill ford", 1)]
    assert as_mapping(call(any_store, unit_state, battle_id=battle, unit_id=unit)
                      .data["crossing"])["feature"] == "Mill ford"

    script(any_store, record_event, battle_id=battle, unit_id=unit, kind="crossing-completed",
         data={"feature": "Mill ford"})
    report = call(any_store, close_bound, battle_id=battle, backup=False)
    assert report.crossings_completed == 1
    assert call(any_store, crossings_in_progress, battle_id=battle) == ()
    assert [c.completed_bound for c in call(any_store, crossings_in_progress, battle_id=battle,
                                             bound=2)] == [2]
    assert call(any_store, unit_state, battle_id=battle, unit_id=unit).data["crossing"] is None
    lines = [j.message for j in call(any_store, journal, battle_id=battle, unit_id=unit)]
    assert any("Mill ford begun" in m for m in lines)
    assert any("Mill ford completed" in m for m in lines)
