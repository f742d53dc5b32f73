"""Revision 0006: a campaign file written at 0003 keeps every row and can take reinforcements."""

from pathlib import Path

from sqlmodel import select
from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows
from test_upgrade_0003 import _ROWS

from desk.store import list_backups, open_campaign
from desk.store.migrations import head_revision
from desk.store.tables.reinforcements import Reinforcement

_AT_0003 = _ROWS + """;
UPDATE campaign SET no_order = 'hold' WHERE id = 2;
"""


def test_a_0003_file_upgraded_keeps_every_row_and_takes_a_reinforcement(tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0003", rows_sql=_AT_0003)
    before = play_rows(path)
    columns = play_columns(path)  # later revisions may add columns (0004: bound.seed)
    assert all(before[t] for t in PLAY_TABLES)
    columns = play_columns(path)  # those of 0003: later revisions may add more

    with open_campaign(path, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()
        with store.session() as session:  # the new table is there and takes a row
            session.add(Reinforcement(battle_id=1, unit_id=2, due_bound=3, note="by the road"))
    # orders, states, events, journal: every row as it was
    assert play_rows(path, columns=columns) == before
    with open_campaign(path, backup_dir=tmp_path / "backups") as store, \
            store.session() as session:
        (row,) = session.exec(select(Reinforcement)).all()
        assert (row.unit_id, row.due_bound, row.on_roll, row.arrived_bound) == (2, 3, False, None)
    backups = list_backups(campaign_path=path, backup_dir=tmp_path / "backups")
    assert [b.reason for b in backups] == [f"before-upgrade-0003-to-{head_revision()}"]
