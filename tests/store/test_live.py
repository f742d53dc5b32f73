"""Live notices on a PostgreSQL campaign (issue 33): a change committed by one desk reaches
another's listener within 2 s, naming its umpire, tables and units and no game text; a
change rolled back sends nothing; a SQLite file sends nothing; a garbled notice is ignored.
Real server (tests/pg.py), real connections."""

from __future__ import annotations

import queue
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from pg_umpires import demo_with_umpires
from sqlalchemy import text

from desk.services.campaign.scenarios import load_scenario
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.queries import order_table
from desk.store import CampaignStore, open_campaign
from desk.store.live import CHANNEL, RESYNC, Announcement, ChangeListener, parse

WITHIN = 2.0  # seconds: the bound on seeing another umpire's change


@pytest.fixture
def campaign(pg_campaign: str) -> str:
    """A Belle Alliance demo campaign on the server, with two named umpires."""
    return demo_with_umpires(pg_campaign)


@pytest.fixture
def heard(campaign: str) -> Iterator[queue.Queue[Announcement]]:
    """What a listener on the campaign hears, in order."""
    from sqlalchemy.engine import make_url

    found: queue.Queue[Announcement] = queue.Queue()
    listener = ChangeListener(make_url(campaign), on_change=found.put, on_status=lambda _: None)
    listener.start()
    assert listener.listening.wait(10)
    yield found
    listener.stop()


def _first_unit(store: CampaignStore) -> tuple[int, int, str]:
    with store.session() as session:
        battle_id = int(session.execute(text("SELECT id FROM battle ORDER BY id")).scalar_one())
        row = order_table(session=session, battle_id=battle_id)[0]
    return battle_id, row.unit_id, row.unit


def test_an_order_saved_by_one_umpire_is_heard_by_another_desk_within_2_s(
        campaign: str, heard: queue.Queue[Announcement]) -> None:
    with open_campaign(campaign, umpire="Bruno") as store:
        battle_id, unit_id, _name = _first_unit(store)
        started = time.monotonic()
        with store.session() as session:
            write_order(session=session, battle_id=battle_id, unit_id=unit_id,
                        fields={}, verbatim="Advance on Plancenoit church", seen_version=None)
        notice = heard.get(timeout=WITHIN)
        assert time.monotonic() - started < WITHIN
        assert notice.desk == store.desk_id
    assert notice.umpire == "Bruno"
    assert "unit_order" in notice.tables and "journal" in notice.tables
    assert notice.units == {unit_id}
    assert "Plancenoit" not in notice.to_payload()  # ids and table names, no game text
    assert heard.empty()  # one notice per committed transaction


def test_a_change_rolled_back_sends_nothing(campaign: str,
                                            heard: queue.Queue[Announcement]) -> None:
    with open_campaign(campaign, umpire="Anne") as store:
        battle_id, unit_id, _name = _first_unit(store)
        with pytest.raises(RuntimeError), store.session() as session:
            write_order(session=session, battle_id=battle_id, unit_id=unit_id,
                        fields={}, verbatim="Hold", seen_version=None)
            raise RuntimeError("the umpire's machine fails mid-use-case")
        with store.session() as session:  # a read sends nothing either
            order_table(session=session, battle_id=battle_id)
    with pytest.raises(queue.Empty):
        heard.get(timeout=1.0)


def test_a_garbled_notice_on_the_channel_is_ignored(campaign: str,
                                                    heard: queue.Queue[Announcement]) -> None:
    with psycopg.connect(campaign.replace("+psycopg", ""), autocommit=True) as conn:
        for garbage in ("", "not json", "[1, 2]", '{"desk": 3}'):
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, garbage))
        good = Announcement(desk="x", umpire="Anne", tables=frozenset({"claim"}),
                            units=frozenset())
        conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, good.to_payload()))
    assert heard.get(timeout=WITHIN) == good
    assert parse("{") is None and parse(RESYNC.to_payload()) == RESYNC


def test_a_sqlite_campaign_sends_no_notice(tmp_path: Path) -> None:
    path = tmp_path / "c.desk"
    with open_campaign(path, create=True) as store, store.session() as session:
        create_campaign_from_scenario(session=session,
                                      data=load_scenario(rules_system="belle-alliance"))
    with open_campaign(path) as store:
        battle_id, unit_id, _name = _first_unit(store)
        with store.session() as session:
            write_order(session=session, battle_id=battle_id, unit_id=unit_id, fields={},
                        verbatim="Hold", seen_version=None)
            assert "desk.instance" not in session.info
