"""Revision 0013 (issue 31): a file at 0012 keeps every row, its sightings and its
dispatches; each dispatch carries no news, and a sighting can then name who saw it."""

from pathlib import Path

from sqlalchemy import text
from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows
from test_upgrade_0003 import _ROWS as ROWS_0003

from desk.store import list_backups, open_campaign
from desk.store.engine import sqlite_engine
from desk.store.migrations import head_revision
from desk.store.tables.couriers import Dispatch
from desk.store.tables.maps import UnitSeenBy

# A Prussian side with one unit the French saw in bound 1, and a dispatch Lobau wrote.
_ROWS = ROWS_0003 + """;
INSERT INTO side (id, campaign_id, name, version_id) VALUES (2, 1, 'Prussians', 1);
INSERT INTO command (id, side_id, parent_id, name, level, leader_id, lim_eligible,
  imperial_guard, sort_key, version_id) VALUES (2, 2, NULL, 'IV Corps', 'corps', NULL, 1, 0, 2, 1);
INSERT INTO unit (id, side_id, command_id, name, arm, unit_type, strength, strength_unit,
  mother_unit_id, soutien_id, imperial_guard, sort_key, attrs, version_id)
  VALUES (3, 2, 2, '15th Brigade', 'infantry', 'line-infantry', 30, 'figures', NULL, NULL, 0, 3,
          '{}', 1);
INSERT INTO unit_seen (id, unit_id, side_id, bound_id, created_at)
  VALUES (1, 3, 1, 1, '2026-01-01 00:09:00');
INSERT INTO leader (id, side_id, name, rank, rating, command_range, version_id)
  VALUES (1, 1, 'Lobau', 'general', 2, 10, 1);
INSERT INTO dispatch (id, battle_id, bound_id, seq, writer_id, writer_command_id, to_command_id,
  to_unit_id, game_time, kind, text, fields, route, via, distance, delay_bounds, due_bound,
  fate, captor_side_id, rolls, delivered_bound, override_reason, created_at, version_id)
  VALUES (1, 1, 1, 1, 1, 1, NULL, 2, '16:30', 'order', 'Hold the wood', '{"action": "hold"}',
          'direct', '[]', 40.0, 1, 2, 'delivered', NULL, '{"loss": 55}', 2, '',
          '2026-01-01 00:05:00', 2)
"""
_SEEN = "SELECT id, unit_id, side_id, bound_id, created_at FROM unit_seen ORDER BY id"
_DISPATCH = ("SELECT id, seq, writer_id, to_unit_id, kind, text, fields, distance, fate, rolls,"
             " delivered_bound, version_id FROM dispatch ORDER BY id")


def _rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    engine = sqlite_engine(path)
    with engine.connect() as conn:
        found = [tuple(r) for r in conn.execute(text(sql))]
    engine.dispose()
    return found


def test_a_0012_file_upgraded_keeps_every_row_and_sightings_can_name_who_saw(
        tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0012", rows_sql=_ROWS)
    columns = play_columns(path)
    before = play_rows(path)
    assert all(before[t] for t in PLAY_TABLES)
    seen, dispatches = _rows(path, _SEEN), _rows(path, _DISPATCH)
    assert len(seen) == 1 and len(dispatches) == 1

    with open_campaign(path, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()
        with store.session() as session:
            dispatch = session.get(Dispatch, 1)
            assert dispatch is not None and dispatch.news == {}  # carries no news
            assert dispatch.fields == {"action": "hold"}
            session.add(UnitSeenBy(seen_id=1, unit_id=2))  # 1/5e Ligne saw the brigade
    assert play_rows(path, columns=columns) == before
    assert _rows(path, _SEEN) == seen
    assert _rows(path, _DISPATCH) == dispatches
    assert _rows(path, "SELECT seen_id, unit_id FROM unit_seen_by") == [(1, 2)]
    (backup,) = list_backups(campaign_path=path, backup_dir=tmp_path / "backups")
    assert backup.reason == "before-upgrade-0012-to-" + head_revision()
