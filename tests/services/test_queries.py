"""The window's queries: a constant number of statements whatever the campaign's size."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from scenario import generated
from service_helpers import call, script
from sqlalchemy import event

from desk.services.bounds.close import close_bound
from desk.services.history import unit_history
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.queries import order_table
from desk.store import CampaignStore


@contextmanager
def counting(store: CampaignStore) -> Iterator[list[str]]:
    """Every SQL statement the engine runs inside the block."""
    seen: list[str] = []

    def count(*args: Any) -> None:
        seen.append(str(args[2]))

    event.listen(store.engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(store.engine, "before_cursor_execute", count)


@pytest.mark.parametrize("units", [20, 200])
def test_order_table_statements_do_not_grow_with_units(store: CampaignStore, units: int) -> None:
    info = call(store, create_campaign_from_scenario, data=generated("belle-alliance",
                                                                     units=units))
    for unit_id in (1, 2, 3):
        script(store, write_order, battle_id=info.battle_id, unit_id=unit_id,
             fields={"destination": "the hill"})
    with counting(store) as statements:
        rows = call(store, order_table, battle_id=info.battle_id)
    assert len(rows) == units
    assert [r.status for r in rows[:4]] == ["accepted", "accepted", "accepted", "none"]
    assert len([s for s in statements if s.lstrip().upper().startswith("SELECT")]) <= 7


def test_history_statements_do_not_grow_with_bounds(store: CampaignStore) -> None:
    info = call(store, create_campaign_from_scenario, data=generated("belle-alliance", units=4))
    counts = []
    for _ in range(2):
        for _ in range(3):
            call(store, close_bound, battle_id=info.battle_id, backup=False)
        with counting(store) as statements:
            history = call(store, unit_history, battle_id=info.battle_id, unit_id=1)
        counts.append(len([s for s in statements if s.lstrip().upper().startswith("SELECT")]))
    assert len(history) == 7
    assert counts[0] == counts[1]
    # The unit with its rules, the bounds with its states and orders, journal, positions:
    # a statement costs as much as 200 rows, in a budget of 10 ms (issue 28).
    assert counts[0] <= 4
