"""Revision 0009: a file at 0003 keeps every row and gains empty dispatch and courier tables."""

from pathlib import Path

from sqlalchemy import text
from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows
from test_upgrade_0003 import _ROWS

from desk.store import list_backups, open_campaign
from desk.store.engine import sqlite_engine
from desk.store.migrations import head_revision
from desk.store.tables.couriers import Dispatch
from desk.store.tables.oob import Leader


def test_a_0003_file_upgraded_keeps_every_row_and_takes_dispatches(tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0003", rows_sql=_ROWS)
    columns = play_columns(path)  # 0003's columns: later revisions may add some
    before = play_rows(path)
    assert all(before[t] for t in PLAY_TABLES)

    with open_campaign(path, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()
        with store.session() as session:  # the new table takes rows at once
            lobau = Leader(side_id=1, name="Lobau")
            session.add(lobau)
            session.flush()
            session.add(Dispatch(battle_id=1, bound_id=2, seq=1, writer_id=lobau.id or 0,
                                 writer_command_id=1, to_unit_id=2, text="Advance",
                                 due_bound=3))
    assert play_rows(path, columns=columns) == before  # every row of recorded play kept
    engine = sqlite_engine(path)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT to_unit_id, due_bound, fate FROM dispatch")).all() \
            == [(2, 3, "in-transit")]
        assert conn.execute(text("SELECT count(*) FROM courier_settings")).scalar() == 0
    engine.dispose()
    (backup,) = list_backups(campaign_path=path, backup_dir=tmp_path / "backups")
    assert backup.reason == "before-upgrade-0003-to-" + head_revision()
