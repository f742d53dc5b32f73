"""``desk backups`` and ``desk restore`` on a real campaign file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from cli_run import desk
from demo_cache import DemoCache

from desk.store import take_backup


def campaign_name(path: Path) -> str:
    with sqlite3.connect(path) as db:
        return str(db.execute("SELECT name FROM campaign").fetchone()[0])


def test_list_then_restore_by_number_keeps_the_replaced_state(tmp_path: Path,
                                                              demo_cache: DemoCache) -> None:
    path = tmp_path / "plancenoit.desk"
    backups = tmp_path / "backups"
    demo_cache.copy(system="belle-alliance", dest=path)
    take_backup(store_or_path=path, backup_dir=backups, reason="manual")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE campaign SET name = 'Renamed by mistake'")
    listing = desk("backups", str(path), "--backup-dir", str(backups))
    assert listing.returncode == 0, listing.stderr
    assert "  1  " in listing.stdout and "manual" in listing.stdout

    restored = desk("restore", str(path), "1", "--backup-dir", str(backups))
    assert restored.returncode == 0, restored.stderr
    assert campaign_name(path) == "Plancenoit 1815"
    assert "The state it replaced is kept in" in restored.stdout
    kept = [p for p in backups.iterdir() if "before-restore" in p.name]
    assert len(kept) == 1 and campaign_name(kept[0]) == "Renamed by mistake"


def test_restore_refuses_a_number_that_is_not_there(demo_cache: DemoCache, tmp_path: Path) -> None:
    path = tmp_path / "c.desk"
    demo_cache.copy(system="la-bataille", dest=path)
    before = path.read_bytes()
    result = desk("restore", str(path), "7", "--backup-dir", str(tmp_path / "none"))
    assert result.returncode == 1
    assert result.stderr.strip() == (
        f"desk: there is no backup number 7 (0 backups; see 'desk backups {path}')")
    assert path.read_bytes() == before


def test_backups_of_a_missing_campaign_is_one_line(tmp_path: Path) -> None:
    result = desk("backups", str(tmp_path / "absent.desk"))
    assert result.returncode == 1
    assert result.stderr.strip() == f"desk: {tmp_path / 'absent.desk'} does not exist"


def test_restoring_the_oldest_of_twenty_backups_keeps_it_and_restores_it(
        tmp_path: Path, demo_cache: DemoCache) -> None:
    # Issue 14, defect 2: the safety backup before the restore made 21 backups, and
    # pruning removed exactly the one being restored ("unable to open database file").
    path = tmp_path / "plancenoit.desk"
    backups = tmp_path / "backups"
    demo_cache.copy(system="belle-alliance", dest=path)
    for n in range(20):
        with sqlite3.connect(path) as db:
            db.execute("UPDATE campaign SET name = ?", (f"State {n}",))
        take_backup(store_or_path=path, backup_dir=backups, reason=f"state-{n}")
    oldest = sorted(backups.iterdir())[0]
    assert campaign_name(oldest) == "State 0"
    with sqlite3.connect(path) as db:
        db.execute("UPDATE campaign SET name = 'Latest'")

    restored = desk("restore", str(path), "20", "--backup-dir", str(backups))
    assert restored.returncode == 0, restored.stderr
    assert campaign_name(path) == "State 0"
    assert oldest.exists() and campaign_name(oldest) == "State 0"  # the source survives
    kept = [p for p in backups.iterdir() if "before-restore" in p.name]
    assert len(kept) == 1 and campaign_name(kept[0]) == "Latest"
    listing = desk("backups", str(path), "--backup-dir", str(backups))
    assert str(oldest) in listing.stdout


def test_a_server_campaign_is_sent_to_the_servers_own_tools(tmp_path: Path) -> None:
    url = "postgresql://umpire@127.0.0.1:5432/plancenoit"
    for args in (("backups", url), ("restore", url, "1")):
        result = desk(*args, "--backup-dir", str(tmp_path))
        assert result.returncode == 1
        assert result.stderr.strip() == (
            "desk: a campaign on a database server is backed up and restored with the "
            "server's own tools (pg_dump, pg_restore), not by the desk")
    assert list(tmp_path.iterdir()) == []
