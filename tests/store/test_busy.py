"""A write that waits past SQLite's busy timeout (issue 28, item 6): one sentence saying that
another desk or process holds the campaign and that nothing was lost, not the driver's
"database is locked"; the waiting step is rolled back whole."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlmodel import select
from store_helpers import add_little_oob

from desk.store import BusyError, CampaignStore, open_campaign
from desk.store.engine import sqlite_engine
from desk.store.tables.oob import Unit


def test_a_write_kept_waiting_is_one_sentence_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "c.desk"
    with open_campaign(path, create=True, backup_dir=tmp_path / "b") as store:
        ids = add_little_oob(store)
    other = sqlite3.connect(path, isolation_level=None)  # another process's writer
    other.execute("BEGIN IMMEDIATE")
    store = CampaignStore(engine=sqlite_engine(path, busy_timeout_ms=200),
                          url=make_url(f"sqlite:///{path}"), path=path, read_only=False,
                          lock=None)
    try:
        with pytest.raises(BusyError) as refused, store.session() as session:
            unit = session.get(Unit, ids["unit"])
            assert unit is not None
            unit.strength = 3
            session.add(unit)
        message = str(refused.value)
        assert "Another desk or process is writing to this campaign" in message
        assert "nothing was lost" in message and "locked" not in message
    finally:
        other.execute("ROLLBACK")
        other.close()
    with store.session() as session:
        strengths = [u.strength for u in session.exec(select(Unit))]
        session.execute(text("SELECT 1"))
    store.close()
    assert sorted(strengths) == [4, 24]

