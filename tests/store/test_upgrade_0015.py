"""Revision 0015 (issue 32): a file at 0014 keeps every row, its players and their links;
each campaign then refuses orders sent from a page after the deadline, as before, until
the umpire sets it to flag them late."""

from pathlib import Path

from sqlalchemy import text
from sqlmodel import select
from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows
from test_upgrade_0014 import _ROWS as ROWS_0014

from desk.services.campaign.settings import set_late_orders
from desk.store import list_backups, open_campaign
from desk.store.engine import sqlite_engine
from desk.store.migrations import head_revision
from desk.store.tables.campaign import Campaign

# A French player's link and one sending from their page (0014).
_ROWS = ROWS_0014 + """;
INSERT INTO player_link (id, player_id, token_hash, created_at, revoked_at)
  VALUES (1, 1, '""" + "cd" * 32 + """', '2026-01-01 00:02:00', NULL);
INSERT INTO player_submission (id, player_id, bound_id, unit_ids, created_at)
  VALUES (1, 1, 2, '[2]', '2026-01-01 00:12:00')
"""
_LINKS = "SELECT player_id, token_hash, created_at, revoked_at FROM player_link ORDER BY id"
_SENT = "SELECT player_id, bound_id, unit_ids, created_at FROM player_submission ORDER BY id"


def _rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    engine = sqlite_engine(path)
    with engine.connect() as conn:
        found = [tuple(r) for r in conn.execute(text(sql))]
    engine.dispose()
    return found


def test_a_0014_file_upgraded_keeps_every_row_and_refuses_late_orders(tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0014", rows_sql=_ROWS)
    columns = play_columns(path)
    before = play_rows(path)
    assert all(before[t] for t in PLAY_TABLES)
    links, sent = _rows(path, _LINKS), _rows(path, _SENT)
    assert len(links) == 1 and len(sent) == 1

    with open_campaign(path, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()
        with store.session() as session:
            assert [c.late_orders for c in session.exec(select(Campaign))] == [
                "refuse", "refuse"]
    assert play_rows(path, columns=columns) == before
    assert _rows(path, _LINKS) == links
    assert _rows(path, _SENT) == sent
    with open_campaign(path) as store, store.session() as session:
        assert set_late_orders(session=session, policy="flag", campaign_id=2) == "refuse"
    assert _rows(path, "SELECT id, late_orders FROM campaign ORDER BY id") == [
        (1, "refuse"), (2, "flag")]
    (backup,) = list_backups(campaign_path=path, backup_dir=tmp_path / "backups")
    assert backup.reason == "before-upgrade-0014-to-" + head_revision()
