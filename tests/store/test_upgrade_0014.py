"""Revision 0014 (issue 32): a file at 0013 keeps every row, its players and deadlines;
a player can then be given a secret link and send orders from their page."""

from pathlib import Path

from sqlalchemy import text
from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows
from test_upgrade_0003 import _ROWS as ROWS_0003

from desk.store import list_backups, open_campaign
from desk.store.engine import sqlite_engine
from desk.store.migrations import head_revision
from desk.store.tables.players import PlayerLink, PlayerSubmission

# A French player, the bound's deadline, and a sighting that names who saw it (0013).
_ROWS = ROWS_0003 + """;
INSERT INTO player (id, campaign_id, side_id, command_id, name, address, created_at)
  VALUES (1, 1, 1, NULL, 'Anne', 'anne@example.org', '2026-01-01 00:01:00');
INSERT INTO bound_deadline (bound_id, deadline) VALUES (1, '2026-01-03 18:00:00');
INSERT INTO unit_seen (id, unit_id, side_id, bound_id, created_at)
  VALUES (1, 1, 1, 1, '2026-01-01 00:09:00');
INSERT INTO unit_seen_by (id, seen_id, unit_id) VALUES (1, 1, 2)
"""
_PLAYERS = "SELECT id, side_id, name, address, created_at FROM player ORDER BY id"
_DEADLINES = "SELECT bound_id, deadline FROM bound_deadline ORDER BY bound_id"
_SEEN_BY = "SELECT seen_id, unit_id FROM unit_seen_by ORDER BY id"


def _rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    engine = sqlite_engine(path)
    with engine.connect() as conn:
        found = [tuple(r) for r in conn.execute(text(sql))]
    engine.dispose()
    return found


def test_a_0013_file_upgraded_keeps_every_row_and_players_get_links(tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0013", rows_sql=_ROWS)
    columns = play_columns(path)
    before = play_rows(path)
    assert all(before[t] for t in PLAY_TABLES)
    players, deadlines, seen_by = (_rows(path, q) for q in (_PLAYERS, _DEADLINES, _SEEN_BY))
    assert len(players) == 1 and len(deadlines) == 1 and len(seen_by) == 1

    with open_campaign(path, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()
        with store.session() as session:
            session.add(PlayerLink(player_id=1, token_hash="ab" * 32))
            session.add(PlayerSubmission(player_id=1, bound_id=1, unit_ids=[1, 2]))
    assert play_rows(path, columns=columns) == before
    assert _rows(path, _PLAYERS) == players
    assert _rows(path, _DEADLINES) == deadlines
    assert _rows(path, _SEEN_BY) == seen_by
    assert _rows(path, "SELECT player_id, token_hash, revoked_at FROM player_link") == [
        (1, "ab" * 32, None)]
    assert _rows(path, "SELECT player_id, bound_id, unit_ids FROM player_submission") == [
        (1, 1, "[1, 2]")]
    (backup,) = list_backups(campaign_path=path, backup_dir=tmp_path / "backups")
    assert backup.reason == "before-upgrade-0013-to-" + head_revision()
