"""A reopen that discards work done in the next bound backs the campaign up first."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from scenario import belle_alliance
from service_helpers import all_rows, call, script

from desk.services.bounds.close import close_bound
from desk.services.bounds.events import record_event
from desk.services.bounds.reopen import reopen_bound
from desk.services.campaign.backups import campaign_backups
from desk.services.errors import BackupError
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.queries import bounds_of, order_table
from desk.store import CampaignStore, open_campaign


def _bound_2_with_work(store: CampaignStore) -> tuple[int, dict[str, int]]:
    """Bound 1 closed, then an order and an event recorded in bound 2."""
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    ids = {r.unit: r.unit_id for r in call(store, order_table, battle_id=info.battle_id)}
    call(store, close_bound, battle_id=info.battle_id, backup=False)
    script(store, write_order, battle_id=info.battle_id, unit_id=ids["1/5e Ligne"],
         fields={"destination": "Plancenoit church"})
    script(store, record_event, battle_id=info.battle_id, unit_id=ids["2/5e Ligne"],
         kind="crossing-begun", data={"feature": "Mill ford", "kind": "ford"})
    return info.battle_id, ids


def test_discarding_the_next_bound_takes_a_backup_that_holds_its_work(
        store: CampaignStore, tmp_path: Path) -> None:
    battle_id, _ = _bound_2_with_work(store)
    folder = tmp_path / "my-backups"
    report = call(store, reopen_bound, battle_id=battle_id, discard_next=True,
                  backup_dir=folder)
    assert store.path is not None
    (backup,) = campaign_backups(campaign_path=store.path, backup_dir=folder)
    assert backup.label == "before-reopen-1" and report.backup == backup.path
    with sqlite3.connect(backup.path) as db:  # the discarded play is all in the backup
        bounds = db.execute("SELECT number, status FROM bound ORDER BY number").fetchall()
        orders = db.execute("SELECT o.verbatim, o.fields FROM unit_order o JOIN bound b "
                            "ON b.id = o.bound_id WHERE b.number = 2").fetchall()
        events = db.execute("SELECT e.kind FROM bound_event e JOIN bound b "
                            "ON b.id = e.bound_id WHERE b.number = 2").fetchall()
    assert bounds == [(1, "closed"), (2, "open")]
    assert len(orders) == 1 and "Plancenoit church" in orders[0][1]
    assert events == [("crossing-begun",)]


def test_a_reopen_that_discards_nothing_takes_no_backup(store: CampaignStore,
                                                        tmp_path: Path) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    call(store, close_bound, battle_id=info.battle_id, backup=False)
    folder = tmp_path / "my-backups"
    report = call(store, reopen_bound, battle_id=info.battle_id, discard_next=True,
                  backup_dir=folder)
    assert report.backup is None and not folder.exists()


def test_no_backup_no_discard(store: CampaignStore, tmp_path: Path) -> None:
    battle_id, _ = _bound_2_with_work(store)
    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("")
    before = all_rows(store)
    with pytest.raises(BackupError, match=r"^no backup could be made before reopening bound 1 "
                       r"\(discarding bound 2's 1 order, 1 event\), so nothing was discarded"):
        call(store, reopen_bound, battle_id=battle_id, discard_next=True, backup_dir=blocked)
    assert all_rows(store) == before


@pytest.mark.postgres
def test_on_postgresql_the_reopen_discards_without_a_file_backup(pg_database: str,
                                                                  tmp_path: Path) -> None:
    # The server's own backups (pg_dump) are the PostgreSQL story: no file is written.
    folder = tmp_path / "backups"
    with open_campaign(pg_database, create=True, backup_dir=folder) as store:
        battle_id, _ = _bound_2_with_work(store)
        report = call(store, reopen_bound, battle_id=battle_id, discard_next=True,
                      backup_dir=folder)
        assert report.reopened_bound == 1 and report.backup is None
        assert call(store, bounds_of, battle_id=battle_id) == ((1, "10:00", "open"),)
    assert not folder.exists()
