"""A sending of orders interrupted by ``kill -9`` of ``desk serve`` (issue 32): stored whole
or not at all, and no player told "received" for one that was not stored.

Real processes on a real file: ``desk serve`` runs as a subprocess on a copy of the demo
with seven players, one small command each. The test reads each page (its form token and
the units' inputs) and then holds the file's write lock itself (``BEGIN IMMEDIATE`` on
its own connection), so that every sending posted next, one per player from threads,
waits inside the server at its transaction's start. What happens then varies by run:
the server is killed while every sending waits; or the lock is let go and the server is
killed as the first "received" (the 303 back to the page) arrives, or a set delay after
(with a seeded jitter), while the sendings commit one after another.

Then the campaign is opened again and each sending is judged by what the file holds: its
two units' drafts (each carrying the sending's own words), its ``player_submission`` row,
its journal line and its units' import lines are all there or none is, and the player's
page says "Received" exactly when they are; a sending answered 303 is all there.
"""

from __future__ import annotations

import http.client
import random
import re
import signal
import sqlite3
import threading
import time
import urllib.parse
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest
from desk_served import start_serve
from sqlmodel import col, select

from desk.services.packets.players import add_player
from desk.services.pages.links import reissue_link
from desk.services.pages.page import player_page
from desk.store import open_campaign
from desk.store.tables.bounds import Journal, Order
from desk.store.tables.oob import Command, Unit
from desk.store.tables.players import Player, PlayerSubmission

# One leaf command each (no subordinate whose order would go by courier), none overlapping.
PLAYERS = (("Pelet", "French", "Old Guard detachment"),
           ("Domon", "French", "3e Division de cavalerie"),
           ("Subervie", "French", "5e Division de cavalerie"),
           ("Losthin", "Prussian", "15. Brigade"),
           ("Hiller", "Prussian", "16. Brigade"),
           ("Ryssel", "Prussian", "14. Brigade"),
           ("Wilhelm", "Prussian", "Reserve cavalry of IV Corps"))
# When the server dies: while every sending waits on the lock, as the first is answered,
# or this many seconds after the lock is let go.
TIMINGS = ("waiting", "first-received", 0.05, 0.12, 0.25)


@dataclass(frozen=True)
class Sending:
    """One player's sending: their link's token, the page's form token, two units."""

    player: str
    token: str
    csrf: str
    units: tuple[int, int]

    def words(self, unit: int) -> str:
        """What the sending orders ``unit`` in the player's words (unique to it)."""
        return f"{self.player} orders unit {unit}: hold the hedge"

    def body(self) -> bytes:
        form = {"csrf": self.csrf, "bound": "1",
                **{f"u{u}-verbatim": self.words(u) for u in self.units}}
        return urllib.parse.urlencode(form).encode()


def _get(port: int, path: str) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, answer.read().decode()
    finally:
        conn.close()


def _players(campaign: Path) -> dict[str, tuple[str, tuple[int, ...]]]:
    """The seven players added, each with a link: name → (token, their command's units)."""
    made = {}
    with open_campaign(campaign) as store, store.session() as session:
        commands = {c.name: c.id for c in session.exec(select(Command))}
        for name, side, command in PLAYERS:
            add_player(session=session, name=name, address=f"{name.lower()}@example.org",
                       side=side, command=command)
            units = tuple(u.id or 0 for u in session.exec(
                select(Unit).where(Unit.command_id == commands[command])
                .order_by(col(Unit.id))))
            made[name] = (reissue_link(session=session, who=name).token, units)
    return made


def _sendings(port: int, players: dict[str, tuple[str, tuple[int, ...]]]) -> list[Sending]:
    """Each player's page read as their browser would, and their sending made from it."""
    out = []
    for name, (token, units) in players.items():
        status, page = _get(port, f"/p/{token}")
        assert status == 200, page
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
        assert csrf is not None
        offered = [u for u in units if f'name="u{u}-verbatim"' in page]
        assert len(offered) >= 2, (name, units)
        out.append(Sending(name, token, csrf.group(1), (offered[0], offered[1])))
    return out


def _post(port: int, sending: Sending, answers: dict[str, object],
          answered: threading.Event) -> None:
    """POST the sending; its status (or the error the dying server gave) in ``answers``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("POST", f"/p/{sending.token}/orders", body=sending.body(),
                     headers={"Content-Type": "application/x-www-form-urlencoded"})
        answer = conn.getresponse()
        answer.read()
        answers[sending.player] = answer.status
        if answer.status == 303:
            answered.set()
    except (OSError, http.client.HTTPException) as exc:
        answers[sending.player] = type(exc).__name__
    finally:
        conn.close()


@dataclass(frozen=True)
class Stored:
    """What the file holds of one sending."""

    drafts: int  # of its two units, how many carry its words as a draft
    submissions: int
    journal: int  # its "Orders from …" lines
    imports: int  # its units' "imported … as a draft" lines
    received: bool  # the player's page, opened again, says "Received at …"


def _stored(campaign: Path, sendings: list[Sending]) -> dict[str, Stored]:
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        ids = {p.name: p.id for p in session.exec(select(Player))}
        lines = list(session.exec(select(Journal)))
        out = {}
        for s in sendings:
            drafts = [o for o in session.exec(select(Order).where(
                col(Order.unit_id).in_(s.units))) if o.verbatim == s.words(o.unit_id)]
            assert all(o.status == "draft" and o.source == "form" for o in drafts)
            out[s.player] = Stored(
                drafts=len(drafts),
                submissions=len(session.exec(select(PlayerSubmission).where(
                    PlayerSubmission.player_id == ids[s.player])).all()),
                journal=sum(j.kind == "player-orders"
                            and j.message.startswith(f"Orders from {s.player} ") for j in lines),
                imports=sum(j.kind == "import" and j.unit_id in s.units for j in lines),
                received=player_page(session=session,
                                     player_id=ids[s.player] or 0).received_at is not None)
    return out


@pytest.mark.parametrize("timing", TIMINGS, ids=[str(t) for t in TIMINGS])
def test_a_killed_sending_is_stored_whole_or_not_at_all(campaign: Path, tmp_path: Path,
                                                         timing: str | float) -> None:
    """issue 32: kill -9 of ``desk serve`` while seven sendings wait or commit: each is in
    the file whole (drafts, submission, journal) or not at all; each 303 is stored."""
    players = _players(campaign)
    server, port = start_serve(campaign, tmp_path / "serve.out")
    lock = sqlite3.connect(campaign, isolation_level=None, timeout=30)
    try:
        sendings = _sendings(port, players)
        lock.execute("BEGIN IMMEDIATE")  # every sending now waits at its transaction's start
        answers: dict[str, object] = {}
        answered = threading.Event()
        threads = [threading.Thread(target=_post, args=(port, s, answers, answered))
                   for s in sendings]
        for thread in threads:
            thread.start()
        time.sleep(0.5)  # time for all seven to reach the server and wait on the lock
        if timing != "waiting":
            lock.execute("COMMIT")
            if timing == "first-received":
                assert answered.wait(timeout=30), server.poll()
            else:
                assert isinstance(timing, float)
                time.sleep(timing + random.Random(str(timing)).uniform(0, 0.05))
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
        if lock.in_transaction:
            lock.execute("ROLLBACK")
        for thread in threads:
            thread.join(timeout=60)
    finally:
        lock.close()
        if server.poll() is None:
            server.kill()
            server.wait(timeout=30)
    stored = _stored(campaign, sendings)
    print(f"\nkill at {timing}: answers {answers}; stored "
          f"{[s.player for s in sendings if stored[s.player].submissions]}")
    for s in sendings:
        got = stored[s.player]
        whole, nothing = Stored(2, 1, 1, 2, True), Stored(0, 0, 0, 0, False)
        assert got in (whole, nothing), (s.player, got, answers)
        if answers.get(s.player) == 303:  # told "received": it is in the file
            assert got.submissions == 1, (s.player, answers)
        else:  # no 303 means the server died before it answered, at any point of the write
            assert answers.get(s.player) in (
                None, "RemoteDisconnected", "ConnectionResetError", "ConnectionRefusedError",
                "IncompleteRead", "BadStatusLine"), answers
    if timing == "waiting":  # killed before any could write: none stored, none received
        assert not any(stored[s.player].submissions for s in sendings)
    if timing == "first-received":
        assert sum(a == 303 for a in answers.values()) >= 1
    with closing(sqlite3.connect(campaign)) as check:  # the file is sound after the kill
        assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
