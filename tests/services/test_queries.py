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
from desk.services.orders.write import cancel_order, write_order
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


def test_order_table_rows_are_built_when_read_and_agree_with_its_columns(
        any_store: CampaignStore) -> None:
    """Issue 28: the table reads its rows' orders as JSON text and builds a row when it is
    read; what the window asks of every row (unit id, side, status, how many have no
    order) agrees with the rows built, on SQLite and PostgreSQL alike."""
    info = call(any_store, create_campaign_from_scenario, data=generated("belle-alliance",
                                                                         units=8))
    for unit_id in (1, 2, 3):
        script(any_store, write_order, battle_id=info.battle_id, unit_id=unit_id,
               fields={"destination": "the hill", "rate": "normal"})
    first = call(any_store, order_table, battle_id=info.battle_id)
    script(any_store, cancel_order, order_id=first[1].order_id)
    table = call(any_store, order_table, battle_id=info.battle_id)  # read after its session
    rows = tuple(table)
    assert table == rows and table[2:4] == rows[2:4]
    assert table.unit_ids == tuple(r.unit_id for r in rows)
    assert [table.side(i) for i in range(len(table))] == [r.side for r in rows]
    assert [table.status(i) for i in range(len(table))] == [r.status for r in rows]
    assert table.without_order() == sum(1 for r in rows if r.status in ("none", "cancelled"))
    by_unit = {r.unit_id: r for r in rows}
    assert by_unit[1].summary.startswith("normal to the hill") and by_unit[1].rate == "normal"
    assert by_unit[1].destination == "the hill" and "direction" in by_unit[1].defaulted
    assert (by_unit[2].status, by_unit[2].summary, by_unit[2].rate) == ("cancelled",
                                                                        "cancelled", "")
    assert (by_unit[4].status, by_unit[4].order_id, by_unit[4].summary) == ("none", None, "")
    sides = {r.side for r in rows}
    one = sorted(sides)[0]
    assert tuple(call(any_store, order_table, battle_id=info.battle_id, side=one)) \
        == tuple(r for r in rows if r.side == one)
