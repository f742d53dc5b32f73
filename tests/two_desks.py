"""Two umpires' desks as two real processes on one PostgreSQL campaign (issue 33): the
set-up, the processes (tests/services/umpire_process.py) and the checks, shared by
tests/services/test_two_umpires_pg.py and tests/benchmarks/test_two_umpires_bench.py.

Each desk connects as its own database role, set up as docs/two-umpires.md says: a group
role with the rights on the campaign's tables, one login role per umpire, and the
campaign's umpire rows naming those roles.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

import psycopg
from sqlalchemy import make_url

import desk
from desk.services.campaign.scenarios import load_scenario
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.queries import order_table
from desk.services.versions import state_version
from desk.store import open_campaign
from desk.store.tables.umpires import Umpire

DRIVER = Path(__file__).parent / "services" / "umpire_process.py"
UMPIRES = (("Anne", "chief", "anne"), ("Bertrand", "sector", "bertrand"))
GROUP = "desk_umpires"  # the group role holding the umpires' rights (docs/two-umpires.md)
# The desk's own refusal of a write another umpire overtook (desk/services/versions.py).
CONFLICT = re.compile(r"^conflict .+ was (changed|written|removed) by someone else meanwhile: "
                      r"reload to see it$")
RAW = re.compile(r"traceback|sqlalchemy|psycopg|operationalerror|integrityerror|deadlock",
                 re.IGNORECASE)


@dataclass(frozen=True)
class Campaign:
    """The shared campaign: its URL as the superuser, its battle, who owns which unit."""

    url: str
    battle: int
    shared: int
    units: dict[str, list[int]]  # umpire name → the units whose orders only they write


@dataclass
class Outcome:
    """What one desk process said: its order and event lines, its conflicts, its streams."""

    umpire: str
    orders: list[tuple[int, int, str]] = field(default_factory=list)  # unit, version, text
    events: list[tuple[int, int]] = field(default_factory=list)  # event id, state version
    conflicts: list[str] = field(default_factory=list)
    after: int | None = None  # how many writes it had made when told the other was killed
    done: int | None = None
    stdout: str = ""
    stderr: str = ""


def as_role(url: str, role: str) -> str:
    """``url`` as the login role ``role``."""
    return make_url(url).set(username=role).render_as_string(hide_password=False)


def grant_umpires(url: str) -> None:
    """docs/two-umpires.md's set-up: one group role with the rights, one login per umpire."""
    where = make_url(url)
    with psycopg.connect(host=where.host, port=where.port, user="postgres",
                         dbname=where.database, autocommit=True) as conn:
        for role in (GROUP, *(r for _n, _p, r in UMPIRES)):
            login = "NOLOGIN" if role == GROUP else f"LOGIN IN ROLE {GROUP}"
            exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
            if exists is None:  # roles belong to the server, which other tests share
                conn.execute(f"CREATE ROLE {role} {login}")
            elif role != GROUP:  # made by another test: in the group all the same
                conn.execute(f"GRANT {GROUP} TO {role}")
        conn.execute(f'GRANT CONNECT ON DATABASE "{where.database}" TO {GROUP}')
        conn.execute(f"GRANT USAGE ON SCHEMA public TO {GROUP}")
        conn.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public "
                     f"TO {GROUP}")
        conn.execute(f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {GROUP}")


def shared_campaign(pg_campaign: str) -> Campaign:
    """The Belle Alliance demo on the server, its two umpires named, the rights granted."""
    with open_campaign(pg_campaign) as store:
        with store.session() as session:
            info = create_campaign_from_scenario(
                session=session, data=load_scenario(rules_system="belle-alliance"))
            units = [row.unit_id for row in order_table(session=session,
                                                         battle_id=info.battle_id)]
        with store.session() as session:
            for name, role, db_role in UMPIRES:
                session.add(Umpire(campaign_id=info.id, name=name, role=role, db_role=db_role))
    grant_umpires(pg_campaign)
    rest = units[1:]
    return Campaign(url=pg_campaign, battle=info.battle_id, shared=units[0],
                    units={"Anne": rest[0::2], "Bertrand": rest[1::2]})


class Desk:
    """One umpire's desk process, started on a plan; its output goes to files."""

    def __init__(self, campaign: Campaign, folder: Path, *, name: str, role: str,
                 writes: int, after_writes: int = 0) -> None:
        self.name = name
        self.out, self.err = folder / f"{name}.out", folder / f"{name}.err"
        plan = {"url": as_role(campaign.url, role), "battle": campaign.battle,
                "units": campaign.units[name], "shared": campaign.shared, "tag": name,
                "writes": writes, "go": str(folder / "go"), "after": str(folder / "after"),
                "after_writes": after_writes}
        plan_file = folder / f"{name}.json"
        plan_file.write_text(json.dumps(plan), encoding="utf-8")
        # The child imports the same desk as this test (a checkout or an install alike).
        source = str(Path(desk.__file__).resolve().parents[1])
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [source, *filter(None, [os.environ.get("PYTHONPATH")])])}
        env.pop("DESK_UMPIRE", None)  # the umpire is found from the database role
        with self.out.open("wb") as out, self.err.open("wb") as err:
            self.process = subprocess.Popen([sys.executable, str(DRIVER), str(plan_file)],
                                            stdout=out, stderr=err, env=env)

    def lines(self) -> list[str]:
        """The whole lines it has printed so far (a line cut by a kill is left out)."""
        text = self.out.read_text(encoding="utf-8")
        return text.split("\n")[:-1]

    def wait_for(self, prefix: str, count: int = 1, timeout: float = 60) -> None:
        """Until ``count`` of its lines start with ``prefix``."""
        deadline = time.monotonic() + timeout
        while sum(line.startswith(prefix) for line in self.lines()) < count:
            assert self.process.poll() is None, self.err.read_text(encoding="utf-8")
            assert time.monotonic() < deadline, f"{self.name} never printed {prefix!r}"
            time.sleep(0.02)

    def finish(self, timeout: float = 300) -> Outcome:
        """Wait for it to end; what it said."""
        self.process.wait(timeout=timeout)
        return self.outcome()

    def outcome(self) -> Outcome:
        """Its lines, parsed."""
        result = Outcome(umpire=self.name, stdout=self.out.read_text(encoding="utf-8"),
                         stderr=self.err.read_text(encoding="utf-8"))
        written = 0
        for line in self.lines():
            kind, _, rest = line.partition(" ")
            if kind == "order":
                unit, version, text = rest.split(" ", 2)
                result.orders.append((int(unit), int(version), text))
                written += 1
            elif kind == "event":
                event_id, version = rest.split(" ")
                result.events.append((int(event_id), int(version)))
                written += 1
            elif kind == "conflict":
                result.conflicts.append(line)
            elif kind == "after":
                result.after = written
            elif kind == "done":
                result.done = int(rest)
            else:
                assert line == f"umpire {self.name}", line  # it writes as its role's umpire
        return result

    def kill(self) -> None:
        """kill -9: no handler, no rollback of its own, its socket simply closes."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)


@contextmanager
def desk_processes() -> Iterator[list[Desk]]:
    """The processes a test starts, killed at its end if still running."""
    started: list[Desk] = []
    try:
        yield started
    finally:
        for process in started:
            if process.process.poll() is None:
                process.kill()


def start(desks: list[Desk], campaign: Campaign, folder: Path, *, writes: int,
           after_writes: int = 0) -> None:
    """Both desks started, and let go together once each has opened the campaign."""
    for (name, _role, db_role) in UMPIRES:
        desks.append(Desk(campaign, folder, name=name, role=db_role, writes=writes,
                          after_writes=after_writes))
    for each in desks:
        each.wait_for("umpire")
    (folder / "go").touch()


def no_raw_errors(outcome: Outcome) -> None:
    """Only the desk's own conflict sentences: no traceback, no driver's text, no stderr."""
    assert outcome.stderr == "", outcome.stderr
    assert not RAW.search(outcome.stdout), RAW.search(outcome.stdout)
    for line in outcome.conflicts:
        assert CONFLICT.match(line), line


def rows(url: str, sql: str, *args: object) -> list[tuple[object, ...]]:
    """``sql``'s rows, read as the superuser."""
    where = make_url(url)
    with psycopg.connect(host=where.host, port=where.port, user="postgres",
                         dbname=where.database) as conn:
        return list(conn.execute(sql, args).fetchall())


def orders(campaign: Campaign) -> dict[int, tuple[str, str, str, str, int]]:
    """Each unit's order in the open bound: text, destination, status, umpire, version."""
    found = rows(campaign.url, """
        SELECT o.unit_id, o.verbatim, o.fields->>'destination', o.status, o.umpire,
               o.version_id
          FROM unit_order o JOIN bound b ON b.id = o.bound_id
         WHERE b.battle_id = %s AND b.status = 'open'""", campaign.battle)
    return {int(str(r[0])): (str(r[1]), str(r[2]), str(r[3]), str(r[4]), int(str(r[5])))
            for r in found}


def events(campaign: Campaign) -> list[tuple[int, str, str]]:
    """The shared unit's events, in the order they were committed: id, kind, umpire."""
    found = rows(campaign.url, "SELECT id, kind, umpire FROM bound_event WHERE unit_id = %s "
                 "ORDER BY id", campaign.shared)
    return [(int(str(r[0])), str(r[1]), str(r[2])) for r in found]


def state_version_of(campaign: Campaign) -> int:
    """The shared unit's state version now."""
    with open_campaign(campaign.url) as store, store.session() as session:
        found = state_version(session=session, battle_id=campaign.battle,
                              unit_id=campaign.shared)
    assert found is not None
    return found


def last_written(outcome: Outcome) -> dict[int, tuple[int, str]]:
    """Each unit's last order write that this desk reported: version, text."""
    last: dict[int, tuple[int, str]] = {}
    for unit, version, text in outcome.orders:
        last[unit] = (version, text)
    return last


def interleave(campaign: Campaign, folder: Path, desks: list[Desk], *, writes: int) -> str:
    """Both desks make ``writes`` writes at once; every one they report is checked in the
    database (none lost, versions consecutive, each row its umpire's), and neither printed
    a raw error. What it measured, in a line."""
    first_state = state_version_of(campaign)
    started = time.monotonic()
    start(desks, campaign, folder, writes=writes)
    outcomes = [each.finish() for each in desks]
    elapsed = time.monotonic() - started
    for outcome in outcomes:
        no_raw_errors(outcome)
        assert outcome.done == writes
        assert len(outcome.orders) + len(outcome.events) == writes
    stored = orders(campaign)
    for outcome in outcomes:  # every order write that a desk reported is in the database
        for unit, (version, text) in last_written(outcome).items():
            assert stored[unit] == (text, text, "accepted", outcome.umpire, version)
        for unit in campaign.units[outcome.umpire]:  # versions 1, 2, 3 … one per write
            versions = [v for u, v, _t in outcome.orders if u == unit]
            assert versions == list(range(1, len(versions) + 1)), (unit, versions)
    committed = events(campaign)
    reported = {event_id: outcome.umpire for outcome in outcomes
                for event_id, _v in outcome.events}
    assert {e[0]: e[2] for e in committed} == reported  # none lost, none extra, each its umpire
    assert {e[1] for e in committed} == {"rate-changed"}
    # Each event raised the shared state's version by one: no two landed on the same version.
    state_versions = sorted(v for outcome in outcomes for _e, v in outcome.events)
    assert state_versions == list(range(first_state + 1, first_state + len(committed) + 1))
    assert state_version_of(campaign) == first_state + len(committed)
    switches = sum(a[2] != b[2] for a, b in pairwise(committed))
    assert switches >= 10, "the two desks' writes did not interleave"
    conflicts = sum(len(outcome.conflicts) for outcome in outcomes)
    return (f"2 × {writes} writes in {elapsed:.1f} s; {conflicts} conflicts retried; "
            f"the shared unit's events changed hands {switches} times")


