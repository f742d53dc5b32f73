"""Closing is atomic, reopening restores the database exactly, backups come first."""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario import belle_alliance
from service_helpers import all_rows, call, script

from desk.services.bounds.close import close_bound
from desk.services.bounds.events import record_event
from desk.services.bounds.reopen import reopen_bound
from desk.services.campaign.backups import campaign_backups
from desk.services.errors import BoundClosedError, ReopenRefused
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.queries import bounds_of, order_table
from desk.store import CampaignStore

# The battle's id and its units' ids by name.
BattleIds = tuple[int, dict[str, int]]


@pytest.fixture
def battle(any_store: CampaignStore) -> BattleIds:
    info = call(any_store, create_campaign_from_scenario, data=belle_alliance())
    return info.battle_id, {r.unit: r.unit_id for r in call(any_store, order_table,
                                                             battle_id=info.battle_id)}


def _busy_bound(store: CampaignStore, battle_id: int, ids: dict[str, int]) -> None:
    """Orders, a charge and a crossing begun: a close with something to undo."""
    script(store, write_order, battle_id=battle_id, unit_id=ids["1/5e Ligne"],
         fields={"rate": "charge", "destination": "1/15. IR", "attack": True})
    script(store, write_order, battle_id=battle_id, unit_id=ids["2/5e Ligne"],
         fields={"destination": "far bank", "crossing": "Mill ford"})
    script(store, record_event, battle_id=battle_id, unit_id=ids["2/5e Ligne"],
         kind="crossing-begun", data={"feature": "Mill ford", "kind": "ford"})


def test_close_then_reopen_restores_every_row(any_store: CampaignStore, battle: BattleIds) -> None:
    battle_id, ids = battle
    _busy_bound(any_store, battle_id, ids)
    call(any_store, close_bound, battle_id=battle_id, backup=False)
    # Bound 2 completes the crossing that bound 1 began: its reopen must undo that too.
    script(any_store, record_event, battle_id=battle_id, unit_id=ids["2/5e Ligne"],
         kind="crossing-completed", data={"feature": "Mill ford"})
    before_second = all_rows(any_store)
    call(any_store, close_bound, battle_id=battle_id, backup=False)
    after = all_rows(any_store)
    assert after != before_second
    report = call(any_store, reopen_bound, battle_id=battle_id)
    assert report.reopened_bound == 2 and report.removed_states == 4
    assert all_rows(any_store) == before_second

    # And bound 1, once bound 2's event is struck (it is work done in bound 2).
    with pytest.raises(ReopenRefused, match="1 event"):
        call(any_store, reopen_bound, battle_id=battle_id)
    call(any_store, reopen_bound, battle_id=battle_id, discard_next=True)
    assert call(any_store, bounds_of, battle_id=battle_id) == ((1, "10:00", "open"),)


def test_reopen_restores_exactly_after_a_plain_close(any_store: CampaignStore,
                                                     battle: BattleIds) -> None:
    battle_id, ids = battle
    _busy_bound(any_store, battle_id, ids)
    before = all_rows(any_store)
    call(any_store, close_bound, battle_id=battle_id, backup=False)
    call(any_store, reopen_bound, battle_id=battle_id)
    assert all_rows(any_store) == before
    # The bound can be closed again after the reopen.
    assert call(any_store, close_bound, battle_id=battle_id, backup=False).opened_bound == 2


def test_earlier_bounds_reopen_only_after_the_later_ones(any_store: CampaignStore,
                                                        battle: BattleIds) -> None:
    battle_id, _ = battle
    with pytest.raises(ReopenRefused, match="no bound"):
        call(any_store, reopen_bound, battle_id=battle_id)
    for _ in range(3):
        call(any_store, close_bound, battle_id=battle_id, backup=False)
    with pytest.raises(ReopenRefused, match="only the last closed bound, 3"):
        call(any_store, reopen_bound, battle_id=battle_id, bound=1)
    with pytest.raises(ReopenRefused, match="not closed"):
        call(any_store, reopen_bound, battle_id=battle_id, bound=4)
    for expected in (3, 2, 1):
        assert call(any_store, reopen_bound, battle_id=battle_id).reopened_bound == expected


def test_a_failure_half_way_through_a_close_writes_nothing(any_store: CampaignStore,
                                                          battle: BattleIds) -> None:
    battle_id, ids = battle
    _busy_bound(any_store, battle_id, ids)
    before = all_rows(any_store)
    seen: list[int] = []

    def power_cut(unit_id: int) -> None:
        seen.append(unit_id)
        if len(seen) == 2:
            raise OSError("power cut")

    with pytest.raises(OSError, match="power cut"):
        call(any_store, close_bound, battle_id=battle_id, backup=False, _after_unit=power_cut)
    assert len(seen) == 2
    assert all_rows(any_store) == before  # bound 1 still open, no unit_state row for bound 2
    assert call(any_store, bounds_of, battle_id=battle_id) == ((1, "10:00", "open"),)
    assert call(any_store, close_bound, battle_id=battle_id, backup=False).closed_bound == 1


def test_a_second_close_of_the_same_bound_is_refused(store: CampaignStore) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    assert call(store, close_bound, battle_id=info.battle_id, bound=1,
                backup=False).opened_bound == 2
    with pytest.raises(BoundClosedError, match="bound 1 is not the open bound: bound 2 is"):
        call(store, close_bound, battle_id=info.battle_id, bound=1, backup=False)
    assert [b[0] for b in call(store, bounds_of, battle_id=info.battle_id)] == [1, 2]


def test_a_backup_is_taken_before_every_close(store: CampaignStore, tmp_path: Path) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    folder = tmp_path / "my-backups"
    reports = [call(store, close_bound, battle_id=info.battle_id, backup_dir=folder)
               for _ in range(3)]
    assert store.path is not None
    backups = campaign_backups(campaign_path=store.path, backup_dir=folder)
    assert len(backups) == 3
    assert {b.label for b in backups} == {"before-close-1", "before-close-2", "before-close-3"}
    assert all(r.backup is not None and r.backup.exists() for r in reports)
    # The backup before closing bound 3 holds bound 3 open.
    import sqlite3

    oldest_first = sorted(backups, key=lambda b: b.label)
    with sqlite3.connect(oldest_first[-1].path) as conn:
        rows = conn.execute("SELECT number, status FROM bound ORDER BY number").fetchall()
    assert rows == [(1, "closed"), (2, "closed"), (3, "open")]
