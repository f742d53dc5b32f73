"""Revision 0005: a file at 0003 keeps every row and gains empty position and hex-grid tables."""

from pathlib import Path

from sqlalchemy import text
from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows
from test_upgrade_0003 import _ROWS as ROWS_0002

from desk.store import list_backups, open_campaign
from desk.store.engine import sqlite_engine
from desk.store.migrations import head_revision
from desk.store.tables.positions import Position

# The 0002 rows are valid at 0003 too (the campaign rows take the no_order default).
_ROWS = ROWS_0002


def test_a_0003_file_upgraded_keeps_every_row_and_records_positions(tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0003", rows_sql=_ROWS)
    columns = play_columns(path)  # 0003's columns: later revisions (0004's seed) add some
    before = play_rows(path)
    columns = play_columns(path)  # later revisions may add columns: compare these
    assert all(before[t] for t in PLAY_TABLES)

    with open_campaign(path, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()
        with store.session() as session:  # the new table takes rows at once
            session.add(Position(unit_id=2, bound_id=2, hex="2314", source="umpire"))
    assert play_rows(path, columns=columns) == before  # every row of recorded play as it was
    engine = sqlite_engine(path)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT unit_id, bound_id, lim_draw_id, hex, source "
                                 "FROM position")).all() == [(2, 2, None, "2314", "umpire")]
        assert conn.execute(text("SELECT count(*) FROM hex_grid")).scalar() == 0
    engine.dispose()
    (backup,) = list_backups(campaign_path=path, backup_dir=tmp_path / "backups")
    assert backup.reason == "before-upgrade-0003-to-" + head_revision()
