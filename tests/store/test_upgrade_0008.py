"""Revision 0008: a campaign file written at 0003 keeps every row and gains the map tables."""

from pathlib import Path

from sqlmodel import select
from store_helpers import PLAY_TABLES, file_at_revision, play_columns, play_rows
from test_upgrade_0003 import _ROWS

from desk.store import list_backups, open_campaign
from desk.store.migrations import head_revision
from desk.store.tables.maps import BattleMap, BattleMapImage, UnitSeen


def test_a_0003_file_upgraded_keeps_every_row_and_can_hold_a_map(tmp_path: Path) -> None:
    path = tmp_path / "old.desk"
    file_at_revision(path, revision="0003", rows_sql=_ROWS)
    before = play_rows(path)
    assert all(before[t] for t in PLAY_TABLES)
    columns = play_columns(path)  # later revisions may add columns: compare these

    with open_campaign(path, backup_dir=tmp_path / "backups") as store:
        assert store.revision == head_revision()
        with store.session() as session:
            session.add(BattleMap(id=1, battle_id=1, image_format="png", width=1, height=1))
            session.flush()
            session.add(BattleMapImage(map_id=1, data=b"\x89PNG"))
            session.add(UnitSeen(unit_id=2, side_id=1, bound_id=2))
        with store.session() as session:
            stored = session.exec(select(BattleMap)).one()
            assert stored.calibration == {}
            assert session.exec(select(BattleMapImage.data)).one() == b"\x89PNG"
            assert len(session.exec(select(UnitSeen)).all()) == 1
    assert play_rows(path, columns=columns) == before
    backups = list_backups(campaign_path=path, backup_dir=tmp_path / "backups")
    assert [b.reason for b in backups] == ["before-upgrade-0003-to-" + head_revision()]
