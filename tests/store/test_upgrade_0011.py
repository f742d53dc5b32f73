"""Revision 0011: a campaign at 0010 with orders, states, journal and positions keeps every
row, its positions gain a null facing, and leaders' positions and sightings can be stored.

On a SQLite file (the desk's upgrade on open, foreign keys off) and on the PostgreSQL
server fixture (the same upgrade under the advisory lock).
"""

from pathlib import Path

import pytest
from sqlalchemy import Connection, create_engine, text
from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows
from test_upgrade_0003 import _ROWS as ROWS_0002

from desk.store import CampaignStore, list_backups, open_campaign
from desk.store.engine import sqlite_engine
from desk.store.migrations import head_revision, upgrade
from desk.store.tables.leaders import LeaderPosition, LeaderSeen

# The 0002 rows, a second side with its leader, two positions of bound 1 and 2, and a map's
# sighting: what a 0010 file of a battle on the board holds.
_ROWS = ROWS_0002 + """
INSERT INTO side (id, campaign_id, name, version_id) VALUES (2, 1, 'Prussian', 1);
INSERT INTO leader (id, side_id, name, rank, rating, command_range, version_id)
  VALUES (1, 1, 'Lobau', 'Général de division', 4, 60, 1),
         (2, 2, 'Losthin', 'Generalmajor', 3, 40, 1);
INSERT INTO position (id, unit_id, bound_id, lim_draw_id, hex, x, y, source, created_at)
  VALUES (1, 2, 1, NULL, '', 400.0, 300.0, 'scenario', '2026-01-01 00:00:00'),
         (2, 2, 2, NULL, '', 420.0, 310.0, 'umpire', '2026-01-01 00:12:00');
"""
_PLAY = (*PLAY_TABLES, "position", "leader")
# PostgreSQL's booleans are not integers: the same rows with TRUE and FALSE.
_ROWS_PG = _ROWS.replace("'corps', NULL, 1, 0,", "'corps', NULL, TRUE, FALSE,").replace(
    "NULL, NULL, 0,", "NULL, NULL, FALSE,")


def _rows(conn: Connection, columns: dict[str, list[str]] | None = None,
          ) -> dict[str, list[tuple[object, ...]]]:
    found = {}
    for table in _PLAY:
        picked = ", ".join(f'"{c}"' for c in columns[table]) if columns else "*"
        found[table] = [tuple(r) for r in conn.execute(
            text(f'SELECT {picked} FROM "{table}" ORDER BY id'))]
    return found


def _columns(conn: Connection) -> dict[str, list[str]]:
    from sqlalchemy import inspect

    return {t: [c["name"] for c in inspect(conn).get_columns(t)] for t in _PLAY}


def _use_the_new_tables(store: CampaignStore) -> None:
    with store.session() as session:
        session.add(LeaderPosition(leader_id=1, bound_id=2, x=500.0, y=320.0, facing=90))
        session.add(LeaderSeen(leader_id=2, side_id=1, bound_id=2))


def test_a_0010_file_upgraded_keeps_every_row_and_places_leaders(tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0010", rows_sql=_ROWS)
    columns = play_columns(path)
    before = play_rows(path)
    assert all(before[t] for t in PLAY_TABLES)
    engine = sqlite_engine(path)
    with engine.connect() as conn:
        old_columns = _columns(conn)
        old = _rows(conn)
    engine.dispose()

    with open_campaign(path, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()
        _use_the_new_tables(store)
    assert play_rows(path, columns=columns) == before  # every row of recorded play as it was
    engine = sqlite_engine(path)
    with engine.connect() as conn:
        assert _rows(conn, old_columns) == old  # the positions and leaders too
        assert conn.execute(text("SELECT id, facing FROM position ORDER BY id")).all() == \
            [(1, None), (2, None)]
        assert conn.execute(text("SELECT leader_id, bound_id, x, facing, source "
                                 "FROM leader_position")).all() == [(1, 2, 500.0, 90, "umpire")]
        assert conn.execute(text("SELECT leader_id, side_id FROM leader_seen")).all() == [(2, 1)]
    engine.dispose()
    (backup,) = list_backups(campaign_path=path, backup_dir=tmp_path / "backups")
    assert backup.reason == "before-upgrade-0010-to-" + head_revision()


@pytest.mark.postgres
def test_a_0010_database_on_the_server_upgraded_keeps_every_row(pg_database: str,
                                                                tmp_path: Path) -> None:
    engine = create_engine(pg_database)
    with engine.begin() as conn:
        upgrade(conn, target="0010")
        for statement in _ROWS_PG.split(";"):
            if statement.strip():
                conn.execute(text(statement))
    with engine.connect() as conn:
        old_columns = _columns(conn)
        old = _rows(conn)
    assert all(old[t] for t in _PLAY)

    with open_campaign(pg_database, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()
        _use_the_new_tables(store)
    with engine.connect() as conn:
        assert _rows(conn, old_columns) == old
        assert conn.execute(text("SELECT facing FROM position ORDER BY id")).all() == \
            [(None,), (None,)]
        assert conn.execute(text("SELECT leader_id, facing FROM leader_position")).all() == \
            [(1, 90)]
        assert conn.execute(text("SELECT count(*) FROM leader_seen")).scalar() == 1
    engine.dispose()
