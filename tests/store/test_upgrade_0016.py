"""Revision 0016 (issue 33): a file at 0015 keeps every row (orders, states, events, journal,
players and their links); its orders, events and journal lines then say no umpire (""), the
new tables are empty, and a named umpire's writes carry the name."""

from pathlib import Path

from sqlmodel import select
from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows
from test_upgrade_0015 import _LINKS, _SENT, _rows
from test_upgrade_0015 import _ROWS as ROWS_0015

from desk.services.common import add_journal
from desk.store import list_backups, open_campaign
from desk.store.migrations import head_revision
from desk.store.tables.bounds import Journal
from desk.store.tables.umpires import Umpire


def test_a_0015_file_upgraded_keeps_every_row_and_stamps_who_writes(tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0015", rows_sql=ROWS_0015)
    columns = play_columns(path)
    before = play_rows(path)
    assert all(before[t] for t in PLAY_TABLES)
    links, sent = _rows(path, _LINKS), _rows(path, _SENT)
    assert links and sent

    with open_campaign(path, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()
        assert store.identity.name == ""  # a campaign naming no umpire: one nameless chief
    assert play_rows(path, columns=columns) == before
    assert _rows(path, _LINKS) == links
    assert _rows(path, _SENT) == sent
    for table in ("unit_order", "bound_event", "journal"):
        assert {r[0] for r in _rows(path, f"SELECT umpire FROM {table}")} == {""}, table
    for table in ("umpire", "claim", "secret_note"):
        assert _rows(path, f"SELECT count(*) FROM {table}") == [(0,)], table
    (backup,) = list_backups(campaign_path=path, backup_dir=tmp_path / "backups")
    assert backup.reason == "before-upgrade-0015-to-" + head_revision()

    # Name the chief; the next open writes as her, and her journal line says so.
    with open_campaign(path) as store, store.session() as session:
        session.add(Umpire(campaign_id=1, name="Anne", role="chief"))
    with open_campaign(path) as store, store.session() as session:
        assert store.identity.name == "Anne"
        battle_id = session.exec(select(Journal.battle_id)).first()
        assert battle_id is not None
        add_journal(session, battle_id=battle_id, kind="note", message="Anne was here.")
    assert _rows(path, "SELECT umpire FROM journal WHERE message = 'Anne was here.'") == [
        ("Anne",)]
