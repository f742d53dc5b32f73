"""Files the desk must refuse, each with its message, and each left byte-for-byte unchanged."""

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text
from store_helpers import add_little_oob, sha256

from desk.store import (
    CampaignExistsError,
    CampaignNotFoundError,
    NewerSchemaError,
    NotACampaignError,
    open_campaign,
)


def _campaign(path: Path, backup_dir: Path) -> None:
    with open_campaign(path, create=True, backup_dir=backup_dir) as store:
        add_little_oob(store)


def _newer(path: Path, backup_dir: Path) -> Path:
    _campaign(path, backup_dir)
    con = sqlite3.connect(path)
    con.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    con.commit()
    con.close()
    return path


def _text_file(path: Path, _backup_dir: Path) -> Path:
    path.write_text("Orders for VI Corps: attack Plancenoit at 16:30.\n" * 40, encoding="utf-8")
    return path


def _truncated(path: Path, backup_dir: Path) -> Path:
    _campaign(path, backup_dir)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    return path


def _last_page_cut(path: Path, backup_dir: Path) -> Path:
    # Only the last page missing: the schema still reads, so only the length
    # check (the file shorter than its header says) can tell.
    _campaign(path, backup_dir)
    data = path.read_bytes()
    page_size = int.from_bytes(data[16:18], "big")
    path.write_bytes(data[:-page_size])
    return path


def _foreign_sqlite(path: Path, _backup_dir: Path) -> Path:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE moz_bookmarks (id INTEGER PRIMARY KEY, title TEXT)")
    con.execute("INSERT INTO moz_bookmarks (title) VALUES ('Waterloo')")
    con.commit()
    con.close()
    return path


def _foreign_with_alembic(path: Path, _backup_dir: Path) -> Path:
    # Another Alembic-managed program: it has alembic_version but not our tables.
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
    con.execute("INSERT INTO alembic_version VALUES ('0001')")
    con.execute("CREATE TABLE invoice (id INTEGER PRIMARY KEY)")
    con.commit()
    con.close()
    return path


CASES = [
    pytest.param(_newer, NewerSchemaError, "newer version of the desk", id="newer-schema"),
    pytest.param(_text_file, NotACampaignError, "not a SQLite database", id="text-file"),
    pytest.param(_truncated, NotACampaignError, "not an Umpire's Desk campaign", id="truncated"),
    pytest.param(_last_page_cut, NotACampaignError, "damaged", id="last-page-cut"),
    pytest.param(_foreign_sqlite, NotACampaignError, "another program's database",
                 id="other-program-sqlite"),
    pytest.param(_foreign_with_alembic, NotACampaignError, "lacks the campaign tables",
                 id="other-program-alembic"),
]


@pytest.mark.parametrize("read_only", [False, True], ids=["write", "read-only"])
@pytest.mark.parametrize(("make", "error", "message"), CASES)
def test_refused_file_is_left_unchanged(
    tmp_path: Path, make: object, error: type[Exception], message: str, read_only: bool
) -> None:
    path = make(tmp_path / "campaign.sqlite", tmp_path / "made")  # type: ignore[operator]
    before = sha256(path)
    siblings = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(error, match=message) as refused:
        open_campaign(path, read_only=read_only, backup_dir=tmp_path / "backups")
    assert "\n" not in str(refused.value)
    assert sha256(path) == before
    # Not even a lock, -wal or -shm file appears beside a refused file, and no backup is made.
    assert sorted(p.name for p in tmp_path.iterdir()) == siblings


def test_newer_schema_error_names_the_revision(tmp_path: Path) -> None:
    path = _newer(tmp_path / "c.sqlite", tmp_path / "made")
    with pytest.raises(NewerSchemaError) as refused:
        open_campaign(path)
    assert refused.value.revision == "9999_from_the_future"


def test_missing_file_is_not_created_without_create(tmp_path: Path) -> None:
    with pytest.raises(CampaignNotFoundError, match="no campaign file"):
        open_campaign(tmp_path / "nowhere.sqlite")
    assert not any(tmp_path.iterdir())


def test_create_refuses_an_existing_campaign(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    _campaign(path, tmp_path / "b")
    before = sha256(path)
    with pytest.raises(CampaignExistsError, match="already exists"):
        open_campaign(path, create=True)
    assert sha256(path) == before


def test_create_refuses_any_non_empty_file(tmp_path: Path) -> None:
    path = _text_file(tmp_path / "notes.txt", tmp_path)
    with pytest.raises(CampaignExistsError, match="already exists"):
        open_campaign(path, create=True)
    assert path.read_text(encoding="utf-8").startswith("Orders for VI Corps")


def test_newer_schema_on_postgresql_is_refused_untouched(pg_database: str, tmp_path: Path) -> None:
    with open_campaign(pg_database, create=True) as store:
        add_little_oob(store)
        with store.engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = '9999_future'"))
    with pytest.raises(NewerSchemaError, match="newer version"):
        open_campaign(pg_database)
    from sqlalchemy import create_engine

    engine = create_engine(pg_database)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == (
            "9999_future"
        )
        assert conn.execute(text("SELECT count(*) FROM unit")).scalar_one() == 2
    engine.dispose()


def test_empty_postgresql_database_is_not_a_campaign(pg_database: str) -> None:
    with pytest.raises(NotACampaignError, match="empty"):
        open_campaign(pg_database)
