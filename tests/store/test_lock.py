"""The single-writer lock, read-only opens, and what a read-only desk may not do."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlmodel import select
from store_helpers import add_little_oob

from desk.store import CampaignLockedError, CampaignStore, ReadOnlyError, open_campaign
from desk.store.lock import lock_path
from desk.store.tables.oob import Unit

_HOLDER = """
import sys, time
from desk.store import open_campaign
store = open_campaign(sys.argv[1])
print("open", flush=True)
time.sleep(60)
"""


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    path = tmp_path / "plancenoit.sqlite"
    with open_campaign(path, create=True, backup_dir=tmp_path / "b") as store:
        add_little_oob(store)
    return path


def test_second_writer_in_this_process_is_offered_read_only(campaign: Path) -> None:
    with open_campaign(campaign), pytest.raises(CampaignLockedError) as locked:
        open_campaign(campaign)
    assert f"process {os.getpid()}" in locked.value.holder
    assert "read-only" in str(locked.value)


def test_read_only_opens_beside_the_writer_and_sees_its_data(campaign: Path) -> None:
    with open_campaign(campaign) as writer, open_campaign(campaign, read_only=True) as reader:
        with writer.session() as session:
            unit = session.exec(select(Unit).where(Unit.name == "1/5e Ligne")).one()
            unit.strength = 21
        with reader.session() as session:
            assert session.exec(select(Unit.strength).where(Unit.name == "1/5e Ligne")).one() == 21
        assert reader.read_only and not writer.read_only


def test_read_only_refuses_orm_writes_and_keeps_the_data(campaign: Path) -> None:
    with open_campaign(campaign, read_only=True) as reader:
        with pytest.raises(ReadOnlyError, match="read-only"), reader.session() as session:
            unit = session.exec(select(Unit).where(Unit.name == "1/5e Ligne")).one()
            unit.strength = 1
        with reader.session() as session:
            assert session.exec(select(Unit.strength).where(Unit.name == "1/5e Ligne")).one() == 24


def test_read_only_refuses_raw_sql_writes(campaign: Path) -> None:
    with (
        open_campaign(campaign, read_only=True) as reader,
        pytest.raises(ReadOnlyError),
        reader.session() as session,
    ):
        session.exec(text("UPDATE unit SET strength = 0"))  # type: ignore[call-overload]


def test_close_releases_the_lock(campaign: Path) -> None:
    open_campaign(campaign).close()
    open_campaign(campaign).close()


def _start_holder(campaign: Path) -> subprocess.Popen[str]:
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(campaign)],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "open"
    return holder


def test_another_desk_holds_the_lock_until_it_crashes(campaign: Path) -> None:
    holder = _start_holder(campaign)
    try:
        with pytest.raises(CampaignLockedError) as locked:
            open_campaign(campaign)
        assert f"process {holder.pid}" in locked.value.holder
        with open_campaign(campaign, read_only=True) as reader:
            assert isinstance(reader, CampaignStore)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    # The OS dropped the crashed desk's lock: no stale lock to break by hand.
    with open_campaign(campaign) as store, store.session() as session:
        assert len(session.exec(select(Unit)).all()) == 2


def _sidecars(campaign: Path) -> set[str]:
    return {p.name.removeprefix(campaign.name) for p in campaign.parent.iterdir()
            if p.name.startswith(campaign.name + "-")}


def test_reading_leaves_no_wal_files_behind_when_no_desk_writes(campaign: Path) -> None:
    with open_campaign(campaign, read_only=True) as reader, reader.session() as session:
        assert session.exec(select(Unit)).all()
        assert _sidecars(campaign) == {"-wal", "-shm"}  # SQLite's, while it reads
    assert _sidecars(campaign) == set()
    with open_campaign(campaign) as store, store.session() as session:  # still whole, writable
        assert len(session.exec(select(Unit)).all()) == 2


def test_a_reader_closing_leaves_the_writers_files_and_data_alone(campaign: Path) -> None:
    with open_campaign(campaign) as writer:
        with open_campaign(campaign, read_only=True) as reader, reader.session() as session:
            assert session.exec(select(Unit)).all()
        assert _sidecars(campaign) == {"-wal", "-shm"}
        with writer.session() as session:
            unit = session.exec(select(Unit).where(Unit.name == "1/5e Ligne")).one()
            unit.strength = 20
    with open_campaign(campaign, read_only=True) as reader, reader.session() as session:
        assert session.exec(select(Unit.strength).where(Unit.name == "1/5e Ligne")).one() == 20
    assert _sidecars(campaign) == set()


def test_tidying_never_makes_a_file_for_a_campaign_renamed_while_read(campaign: Path) -> None:
    reader = open_campaign(campaign, read_only=True)
    with reader.session() as session:
        assert session.exec(select(Unit)).all()
    moved = campaign.with_name("moved.desk")
    campaign.rename(moved)
    reader.close()
    assert not campaign.exists()  # no empty file in its place
    with open_campaign(moved, read_only=True) as again, again.session() as session:
        assert len(session.exec(select(Unit)).all()) == 2


def test_reading_a_mailed_campaign_leaves_no_lock_file(campaign: Path, tmp_path: Path) -> None:
    mailed = tmp_path / "mailed" / "campaign.desk"
    mailed.parent.mkdir()
    mailed.write_bytes(campaign.read_bytes())  # as it comes out of a mail: the file alone
    with open_campaign(mailed, read_only=True) as reader, reader.session() as session:
        assert session.exec(select(Unit)).all()
    assert not lock_path(mailed).exists()
