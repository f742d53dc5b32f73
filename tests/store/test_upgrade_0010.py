"""Revision 0010: a campaign file written at 0003 keeps every row and gains the players
and deadlines tables."""

from datetime import UTC, datetime
from pathlib import Path

from sqlmodel import select
from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows
from test_upgrade_0003 import _ROWS

from desk.store import open_campaign
from desk.store.migrations import head_revision
from desk.store.tables.players import BoundDeadline, Player


def test_a_0003_file_upgraded_keeps_every_row_and_holds_players(tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0003", rows_sql=_ROWS)
    before = play_rows(path)
    assert all(before[t] for t in PLAY_TABLES)
    columns = play_columns(path)

    with open_campaign(path, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()
        with store.session() as session:
            session.add(Player(campaign_id=1, side_id=1, name="Anne", address="anne@example.org"))
            session.add(BoundDeadline(bound_id=2, deadline=datetime(2026, 12, 3, 18, tzinfo=UTC)))
        with store.session() as session:
            assert session.exec(select(Player.address)).one() == "anne@example.org"
            assert session.exec(select(BoundDeadline)).one().deadline.hour == 18
    assert play_rows(path, columns=columns) == before
