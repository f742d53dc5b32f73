"""Two umpires' desks as two real processes on one PostgreSQL campaign (issue 33).

Each desk is its own Python process (tests/services/umpire_process.py, driven through
tests/two_desks.py) connecting as its own database role. They write at the same time
through the services, with the version each saw, retrying when refused as a window
reloads. The tests count what they say they wrote against what the database holds:

- 2 × ``DESK_PG_WRITES`` (the issue's 1,000; tests/benchmarks/test_two_umpires_bench.py
  prints its figures) interleaved writes: none lost, the versions add up, every row
  carries its umpire, and no raw database error in either process;
- ``kill -9`` of one desk in the middle of its writes: the other goes on writing, and the
  campaign holds every row the survivor wrote and no half-written order;
- the server stopped under an open campaign: a write says so in one sentence, and the next
  write after the server is back succeeds on the same open store.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_run import desk as run_desk
from cli_run import one_line_error
from pg import PgServer
from service_helpers import call
from two_desks import (
    RAW,
    Campaign,
    Desk,
    desk_processes,
    events,
    interleave,
    last_written,
    no_raw_errors,
    orders,
    rows,
    shared_campaign,
    start,
)

from desk.services.campaign.scenarios import load_scenario
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.queries import order_table
from desk.services.versions import order_version
from desk.store import ServerUnreachableError, open_campaign

pytestmark = pytest.mark.postgres

WRITES = int(os.environ.get("DESK_PG_WRITES", "1000"))  # per desk: 35 s on 2 busy cores


@pytest.fixture
def shared(pg_campaign: str) -> Campaign:
    """The Belle Alliance demo on the server, its two umpires named, the rights granted."""
    return shared_campaign(pg_campaign)


@pytest.fixture
def desks() -> Iterator[list[Desk]]:
    """The desk processes a test starts, killed at its end if still running."""
    with desk_processes() as started:
        yield started


def test_two_desks_interleave_their_writes_and_lose_none(
        shared: Campaign, tmp_path: Path, desks: list[Desk]) -> None:
    print("\n" + interleave(shared, tmp_path, desks, writes=WRITES))


def test_killing_one_desk_mid_writes_leaves_the_other_writing(
        shared: Campaign, tmp_path: Path, desks: list[Desk]) -> None:
    after_writes = 100
    start(desks, shared, tmp_path, writes=10**6, after_writes=after_writes)
    anne, bertrand = desks
    anne.wait_for("order", 60)
    anne.wait_for("event", 60)
    anne.kill()  # in the middle of its stream of writes, most often inside a transaction
    (tmp_path / "after").touch()
    survivor = bertrand.finish(timeout=120)
    killed = anne.outcome()
    no_raw_errors(survivor)
    assert anne.process.returncode == -signal.SIGKILL
    assert survivor.after is not None and survivor.done == survivor.after + after_writes
    stored, committed = orders(shared), events(shared)
    # The survivor: everything it wrote, before and after the kill, is there as it said.
    for unit, (version, text) in last_written(survivor).items():
        assert stored[unit] == (text, text, "accepted", "Bertrand", version)
    ids = {e[0]: e[2] for e in committed}
    assert all(ids.get(event_id) == "Bertrand" for event_id, _v in survivor.events)
    # The killed desk: what it reported is there; a last write it committed but did not
    # live to report may be there too, whole.
    for unit, (version, text) in last_written(killed).items():
        text_now, _d, _s, umpire, version_now = stored[unit]
        assert umpire == "Anne" and version_now in (version, version + 1)
        assert version_now != version or text_now == text
    assert all(ids.get(event_id) == "Anne" for event_id, _v in killed.events)
    assert len(committed) - len(killed.events) - len(survivor.events) in (0, 1)
    # No half-written order: each row whole, written by the umpire who owns its unit.
    owner = {unit: name for name, units in shared.units.items() for unit in units}
    for unit, (text, destination, status, umpire, version) in stored.items():
        assert text and destination == text and status == "accepted", (unit, text)
        assert umpire == owner[unit] and text.startswith(f"{umpire}-") and version >= 1
    info = run_desk("info", shared.url)
    assert info.returncode == 0 and "Plancenoit" in info.stdout, info.stderr


def test_a_server_gone_and_back_under_an_open_campaign(pg_server: PgServer) -> None:
    # Its own server (pg_server only skips where none can run): the session's stays up.
    server = PgServer().start()
    try:
        url = server.create_database()
        where = f"127.0.0.1:{server.port}"
        with open_campaign(url, create=True) as store:
            info = call(store, create_campaign_from_scenario,
                        data=load_scenario(rules_system="belle-alliance"))
            first, second = (r.unit_id for r in
                             call(store, order_table, battle_id=info.battle_id)[:2])

            def write(unit: int, text: str) -> int:
                seen = call(store, order_version, battle_id=info.battle_id, unit_id=unit)
                return call(store, write_order, battle_id=info.battle_id, unit_id=unit,
                            verbatim=text, fields={"destination": text},
                            seen_version=seen).version

            assert write(first, "before") == 1
            # The server goes away in the middle of a write (its session ended by the
            # shutdown), then stays away for the next one (its connection refused).
            with pytest.raises(ServerUnreachableError) as mid, store.session() as session:
                seen = order_version(session=session, battle_id=info.battle_id, unit_id=first)
                server.pause()
                write_order(session=session, battle_id=info.battle_id, unit_id=first,
                            verbatim="lost", fields={"destination": "lost"}, seen_version=seen)
            with pytest.raises(ServerUnreachableError) as down:
                write(second, "refused")
            for refusal in (mid.value, down.value):
                sentence = str(refusal)
                assert sentence == (f"The campaign's server cannot be reached ({where}): "
                                    "nothing was written; try again once the server is back.")
            gone = one_line_error(run_desk("info", url))
            assert gone.startswith("desk: The campaign's server cannot be reached") \
                and where in gone and not RAW.search(gone)
            server.resume()
            # The same open store: its pooled connections are dead; pre-ping replaces them.
            assert write(second, "after") == 1
            assert write(first, "after") == 2
        orders = rows(url, "SELECT unit_id, verbatim, version_id FROM unit_order ORDER BY id")
        assert orders == [(first, "after", 2), (second, "after", 1)]
    finally:
        server.stop()
