"""Backups: consistent copies of a live campaign, listing, the retention rule, restore."""

import os
import sqlite3
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlmodel import select
from store_helpers import add_little_oob

from desk.store import (
    CampaignLockedError,
    CampaignStore,
    NotACampaignError,
    backup_sqlite,
    list_backups,
    open_campaign,
    prune_backups,
    restore_backup,
    take_backup,
)
from desk.store.backups import STALE_PART_SECONDS, _prefix
from desk.store.tables.oob import Unit


@pytest.fixture
def live(tmp_path: Path) -> CampaignStore:
    store = open_campaign(tmp_path / "live.sqlite", create=True, backup_dir=tmp_path / "b")
    add_little_oob(store)
    return store


def _strengths(path: Path) -> list[int]:
    with open_campaign(path, read_only=True) as store, store.session() as session:
        return sorted(session.exec(select(Unit.strength)).all())


def test_backup_of_an_open_campaign_holds_its_latest_commit(live: CampaignStore,
                                                            tmp_path: Path) -> None:
    with live.session() as session:
        unit = session.exec(select(Unit).where(Unit.strength == 24)).one()
        unit.strength = 17  # committed to the -wal file, not yet to the main file
    dest = backup_sqlite(store_or_path=live, dest=tmp_path / "copy.sqlite")
    live.close()
    assert _strengths(dest) == [4, 17]


def test_take_backup_names_lists_and_reads_back(live: CampaignStore, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    info = take_backup(store_or_path=live, backup_dir=folder, reason="bound 3 closed")
    assert info.reason == "bound-3-closed"
    assert list_backups(campaign_path=live.path, backup_dir=folder) == [info]  # type: ignore[arg-type]
    assert not list(folder.glob("*.part"))
    live.close()
    assert _strengths(info.path) == [4, 24]


def test_retention_keeps_last_twenty_and_one_per_older_day(tmp_path: Path) -> None:
    campaign = tmp_path / "c.sqlite"
    folder = tmp_path / "backups"
    folder.mkdir()
    start = datetime(1815, 6, 1, 9, 0)
    names = []
    for day in range(10):  # three backups a day for ten days
        for hour in range(3):
            stamp = start + timedelta(days=day, hours=hour)
            name = f"{_prefix(campaign)}-{stamp:%Y%m%d-%H%M%S}-000-bound.sqlite"
            (folder / name).write_bytes(b"")
            names.append(name)
    (folder / "other-0123abcd-18150601-090000-000-bound.sqlite").write_bytes(b"")
    removed = prune_backups(campaign_path=campaign, backup_dir=folder, keep_last=20)
    kept = {b.path.name for b in list_backups(campaign_path=campaign, backup_dir=folder)}
    newest_twenty = set(names[-20:])
    older_days = {names[d * 3 + 2] for d in range(4)}  # 1–4 June: the newest of each day
    assert kept == newest_twenty | older_days
    assert len(removed) == 30 - len(kept)
    assert (folder / "other-0123abcd-18150601-090000-000-bound.sqlite").exists()


def test_retention_never_removes_a_backup_in_use_and_keeps_no_fewer_others(
        tmp_path: Path) -> None:
    campaign = tmp_path / "c.sqlite"
    folder = tmp_path / "backups"
    folder.mkdir()
    start = datetime(1815, 6, 18, 9, 0)
    names = [f"{_prefix(campaign)}-{start + timedelta(minutes=m):%Y%m%d-%H%M%S}-000-b.sqlite"
             for m in range(22)]
    for name in names:
        (folder / name).write_bytes(b"")
    in_use = folder / names[0]  # the oldest: the first to go without protection
    removed = prune_backups(campaign_path=campaign, backup_dir=folder, keep_last=20,
                            keep=[in_use])
    assert removed == [folder / names[1]]  # 21 others, the newest 20 of them kept
    assert in_use.exists()


def test_restoring_the_oldest_of_twenty_keeps_it(live: CampaignStore, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    path = live.path
    assert path is not None
    live.close()
    taken = [take_backup(store_or_path=path, backup_dir=folder) for _ in range(20)]
    assert len(list_backups(campaign_path=path, backup_dir=folder)) == 20
    safety = restore_backup(backup=taken[0].path, campaign_path=path, backup_dir=folder)
    assert safety is not None and taken[0].path.exists()
    listed = {b.path for b in list_backups(campaign_path=path, backup_dir=folder)}
    assert listed == {b.path for b in taken} | {safety.path}  # nothing pushed out
    assert _strengths(path) == [4, 24]


_KILLED_BACKUP = """
import os, signal, sys
from pathlib import Path
from desk.store import backups
# The process dies the moment the backup is written, before its rename.
backups.os.replace = lambda *_: os.kill(os.getpid(), signal.SIGKILL)
backups.take_backup(store_or_path=Path(sys.argv[1]), backup_dir=Path(sys.argv[2]))
"""


def test_the_part_a_killed_backup_left_goes_at_the_next_backup(live: CampaignStore,
                                                                tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    path = live.path
    assert path is not None
    live.close()
    child = subprocess.run([sys.executable, "-c", _KILLED_BACKUP, str(path), str(folder)],
                           capture_output=True, timeout=60)
    assert child.returncode == -9, child.stderr
    (killed,) = folder.glob("*.sqlite.part")
    old = time.time() - STALE_PART_SECONDS - 60
    os.utime(killed, (old, old))
    # Another desk's backup being written at this moment: young, left alone.
    writing = folder / f"{_prefix(path)}-20261201-000000-000-before-close-3.sqlite.part"
    writing.write_bytes(b"SQLite format 3\x00")
    other = folder / "other-0123abcd-18150601-090000-000-bound.sqlite.part"
    other.write_bytes(b"")
    os.utime(other, (old, old))  # another campaign's: not this campaign's backup to tidy

    info = take_backup(store_or_path=path, backup_dir=folder)
    assert not killed.exists()
    assert writing.exists() and other.exists()
    assert list_backups(campaign_path=path, backup_dir=folder) == [info]


def test_restore_puts_the_backup_back_and_saves_the_current_state(live: CampaignStore,
                                                                  tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    before = take_backup(store_or_path=live, backup_dir=folder, reason="before-charge")
    with live.session() as session:
        for unit in session.exec(select(Unit)).all():
            unit.strength = 0
    path = live.path
    assert path is not None
    with pytest.raises(CampaignLockedError):
        restore_backup(backup=before.path, campaign_path=path, backup_dir=folder)
    live.close()
    safety = restore_backup(backup=before.path, campaign_path=path, backup_dir=folder)
    assert safety is not None and safety.reason == "before-restore"
    assert _strengths(path) == [4, 24]
    assert _strengths(safety.path) == [0, 0]


def test_backups_are_written_atomically(live: CampaignStore, tmp_path: Path) -> None:
    dest = tmp_path / "x" / "copy.sqlite"
    backup_sqlite(store_or_path=live, dest=dest)
    assert dest.exists() and not dest.with_name("copy.sqlite.part").exists()
    assert os.path.getsize(dest) > 0
    live.close()


def test_a_damaged_backup_is_refused_and_the_campaign_kept(live: CampaignStore,
                                                           tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    backup = take_backup(store_or_path=live, backup_dir=folder).path
    path = live.path
    assert path is not None
    live.close()
    with sqlite3.connect(backup) as db:
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'unit'").fetchone()[0]
    data = bytearray(backup.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    # The unit table's page scrambled: the schema still reads, the rows do not.
    data[(root - 1) * page_size: root * page_size] = b"\xff" * page_size
    backup.write_bytes(bytes(data))
    before = path.read_bytes()
    with pytest.raises(NotACampaignError, match="damaged"):
        restore_backup(backup=backup, campaign_path=path, backup_dir=folder)
    assert path.read_bytes() == before
