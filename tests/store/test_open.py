"""Opening and creating campaigns: settings per connection, URLs, both databases."""

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlmodel import select
from store_helpers import add_little_oob

from desk.store import (
    CampaignExistsError,
    CampaignStore,
    ReadOnlyError,
    ServerUnreachableError,
    StoreError,
    current_revision,
    head_revision,
    open_campaign,
)
from desk.store.tables.campaign import Campaign
from desk.store.tables.oob import Unit


def test_new_campaign_is_at_head_and_empty(store: CampaignStore) -> None:
    assert current_revision(store) == head_revision() == store.revision
    with store.session() as session:
        assert session.exec(select(Campaign)).all() == []


def test_deleting_a_campaign_cascades_to_its_units(store: CampaignStore) -> None:
    # foreign_keys=ON on every SQLite connection (PostgreSQL always enforces them)
    ids = add_little_oob(store)
    with store.session() as session:
        session.delete(session.get(Campaign, ids["campaign"]))
    with store.session() as session:
        assert session.exec(select(Unit)).all() == []


def test_create_twice_is_refused(store: CampaignStore, target: str) -> None:
    with pytest.raises(CampaignExistsError):
        open_campaign(target, create=True)


def test_read_only_store_cannot_write(store: CampaignStore, target: str) -> None:
    add_little_oob(store)
    if store.path is not None:
        store.close()  # on SQLite the writer may stay open too: see test_lock.py
    with (
        open_campaign(target, read_only=True) as reader,
        pytest.raises(ReadOnlyError),
        reader.session() as session,
    ):
        session.add(Campaign(name="Ligny", rules_system="battles-of-waterloo"))


def test_sqlite_connection_settings(tmp_path: Path) -> None:
    with open_campaign(tmp_path / "c.sqlite", create=True) as store, store.engine.connect() as c:
        pragma = {name: c.execute(text(f"PRAGMA {name}")).scalar_one()
                  for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")}
    assert pragma == {"journal_mode": "wal", "synchronous": 2, "foreign_keys": 1,
                      "busy_timeout": 10_000}


def test_write_transactions_take_the_write_lock_at_begin(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    with open_campaign(path, create=True) as store, store.session() as session:
        session.exec(select(Campaign)).all()  # a read, yet the transaction is IMMEDIATE
        other = sqlite3.connect(path, timeout=0, isolation_level=None)
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("BEGIN IMMEDIATE")
        other.close()


@pytest.mark.parametrize("form", ["url", "path-string", "path"])
def test_sqlite_target_forms(tmp_path: Path, form: str) -> None:
    path = tmp_path / "c.sqlite"
    targets: dict[str, str | Path] = {"url": f"sqlite:///{path}", "path-string": str(path),
                                      "path": path}
    target = targets[form]
    with open_campaign(target, create=True) as store:
        assert store.path == path.resolve()


@pytest.mark.parametrize(
    ("target", "message"),
    [("mysql://u@h/db", "cannot keep a campaign in a mysql"),
     ("sqlite://", "in-memory"),
     ("sqlite:///:memory:", "in-memory")],
)
def test_unusable_targets_are_refused(target: str, message: str) -> None:
    with pytest.raises(StoreError, match=message):
        open_campaign(target, create=True)


def test_create_read_only_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="read-only"):
        open_campaign(tmp_path / "c.sqlite", create=True, read_only=True)
    assert not (tmp_path / "c.sqlite").exists()


def test_unreachable_server_is_one_clear_line() -> None:
    with pytest.raises(ServerUnreachableError) as failed:
        open_campaign("postgresql+psycopg://nobody@127.0.0.1:1/none")
    assert str(failed.value) == ("The campaign's server cannot be reached (127.0.0.1:1): the "
                                 "campaign was not opened; try again once the server is back.")


def test_read_only_store_refuses_raw_sql(store: CampaignStore, target: str) -> None:
    add_little_oob(store)
    store.close()
    with (
        open_campaign(target, read_only=True) as reader,
        pytest.raises(ReadOnlyError),
        reader.session() as session,
    ):
        session.exec(text("DELETE FROM unit"))  # type: ignore[call-overload]
    with open_campaign(target, read_only=True) as reader, reader.session() as session:
        assert len(session.exec(select(Unit)).all()) == 2


def test_a_failed_new_campaign_leaves_neither_file_nor_folder(tmp_path: Path) -> None:
    from desk.store import new_campaign_file

    path = tmp_path / "club" / "2026" / "ligny.desk"
    with pytest.raises(RuntimeError), new_campaign_file(path):
        open_campaign(path, create=True).close()
        assert path.exists()
        raise RuntimeError("the import failed")
    assert not (tmp_path / "club").exists()
    taken = tmp_path / "taken.desk"
    taken.write_text("the umpire's notes", encoding="utf-8")
    with pytest.raises(CampaignExistsError), new_campaign_file(taken):
        pass
    assert taken.read_text(encoding="utf-8") == "the umpire's notes"
