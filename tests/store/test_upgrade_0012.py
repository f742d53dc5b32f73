"""Revision 0012: a file at 0010 keeps every row, positions included, and its position
table keeps only the indexes the desk reads by (issue 20's bytes per unit and bound)."""

from pathlib import Path

from sqlalchemy import text
from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows
from test_upgrade_0003 import _ROWS as ROWS_0003

from desk.services.lim.positions_link import drop_positions
from desk.services.positions.queries import history
from desk.store import open_campaign
from desk.store.engine import sqlite_engine
from desk.store.migrations import head_revision

# Positions as a 0010 desk wrote them (microseconds in the time, a fractional x), one
# under a LIM draw: the partial index must still find it.
_ROWS = ROWS_0003 + """;
INSERT INTO lim_pool (id, bound_id, seed, chits, first_lim, state, version_id)
  VALUES (1, 2, 7, '["VI Corps"]', '', '{}', 1);
INSERT INTO lim_draw (id, pool_id, seq, lim, command_id, orders_option, roll, rating, success,
  note) VALUES (1, 1, 1, 'VI Corps', 1, 'move-unit', NULL, NULL, NULL, '');
INSERT INTO position (id, unit_id, bound_id, lim_draw_id, hex, x, y, source, created_at)
  VALUES (1, 1, 1, NULL, '', 120.5, 80.25, 'scenario', '2026-01-01 00:00:00.000000'),
         (2, 2, 1, NULL, '2314', NULL, NULL, 'umpire', '2026-01-01 00:05:00.000000'),
         (3, 2, 2, 1, '2315', NULL, NULL, 'move', '2026-01-01 00:12:00.000000'),
         (4, 1, 2, NULL, '', 130.0, 90.0, 'umpire', '2026-01-01 00:13:00.000000')
"""
_POSITIONS = "SELECT id, unit_id, bound_id, lim_draw_id, hex, x, y, source, created_at " \
             "FROM position ORDER BY id"


def _positions(path: Path) -> list[tuple[object, ...]]:
    engine = sqlite_engine(path)
    with engine.connect() as conn:
        found = [tuple(r) for r in conn.execute(text(_POSITIONS))]
    engine.dispose()
    return found


def test_a_0010_file_upgraded_keeps_every_row_and_position(tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0010", rows_sql=_ROWS)
    before = play_rows(path)
    assert all(before[t] for t in PLAY_TABLES)
    columns = play_columns(path)
    positions = _positions(path)
    assert len(positions) == 4

    with open_campaign(path, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()
        engine = store.engine
        with engine.connect() as conn:
            indexes: dict[str, str] = dict(conn.execute(text(
                "SELECT name, sql FROM sqlite_master WHERE type = 'index' "
                "AND tbl_name = 'position'")).all())
            # The move under draw 1 is found through the partial index.
            plan = " ".join(str(r[-1]) for r in conn.execute(text(
                "EXPLAIN QUERY PLAN SELECT id FROM position WHERE lim_draw_id IN (1)")))
        with store.session() as session:  # times written with microseconds read as before
            steps = history(session=session, unit_id=2)
            assert [(p.hex, p.created_at.minute) for p in steps] == [("2314", 5), ("2315", 12)]
        with store.session() as session:  # an undone draw still takes its move along
            drop_positions(session, draw_ids=[1])
    assert play_rows(path, columns=columns) == before
    assert _positions(path) == [p for p in positions if p[0] != 3]
    assert set(indexes) == {"ix_position_bound_unit", "ix_position_lim_draw_id"}
    assert "WHERE lim_draw_id IS NOT NULL" in indexes["ix_position_lim_draw_id"]
    assert "ix_position_lim_draw_id" in plan
