"""Live notices between the desks on one PostgreSQL campaign (issue 33): sent with each
change, in its own transaction, and heard off the window's thread.

**Sending.** On a server campaign every statement that writes is noted by table (the
``INSERT INTO``/``UPDATE``/``DELETE FROM`` it starts with); when a session that wrote
commits, one ``pg_notify`` on :data:`CHANNEL` goes with it, inside the same transaction,
so PostgreSQL delivers it only if the change commits, and never before. The payload is
an :class:`Announcement`: which desk (a random id per open store), which umpire, which
tables, which units (ids): no game text. A SQLite file sends nothing.

**Hearing.** :class:`ChangeListener` keeps a connection of its own in autocommit that
``LISTEN``\\ s, on a thread of its own, and hands each announcement to a callback (the
window turns it into its change notice, on its own thread). When the server goes away it
says so once through ``on_status``, retries every :data:`RETRY_SECONDS`, and on coming back
hands over :data:`RESYNC` (notices sent meanwhile were lost: read everything again).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.engine import URL
from sqlalchemy.orm import Session

CHANNEL = "desk_changes"
RETRY_SECONDS = 1.0
_WRITTEN = "desk.written"
_UNITS = "desk.units"
_DESK = "desk.instance"
# The units a notice names at most: a close touches every unit and says so by naming none.
_MOST_UNITS = 200
_WRITE = re.compile(r'\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)', re.IGNORECASE)


@dataclass(frozen=True)
class Announcement:
    """One committed change, as another desk hears of it."""

    desk: str  # the sending store's random id ("" for RESYNC)
    umpire: str
    tables: frozenset[str]  # the tables written; {"*"}: anything may have changed
    units: frozenset[int]  # the units whose rows were written (empty: not named)

    def to_payload(self) -> str:
        """The notice's text: JSON of ids and table names, well under NOTIFY's 8,000 bytes."""
        units = sorted(self.units) if len(self.units) <= _MOST_UNITS else []
        return json.dumps({"desk": self.desk, "umpire": self.umpire[:100],
                           "tables": sorted(self.tables), "units": units},
                          separators=(",", ":"))


RESYNC = Announcement(desk="", umpire="", tables=frozenset({"*"}), units=frozenset())


def parse(payload: str) -> Announcement | None:
    """An announcement from a notice's text; None for anything that is not one."""
    try:
        data = json.loads(payload)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    desk, umpire = data.get("desk"), data.get("umpire")
    tables, units = data.get("tables"), data.get("units")
    if not (isinstance(desk, str) and isinstance(umpire, str) and isinstance(tables, list)
            and isinstance(units, list)):
        return None
    return Announcement(desk=desk, umpire=umpire,
                        tables=frozenset(t for t in tables if isinstance(t, str)),
                        units=frozenset(u for u in units if isinstance(u, int)))


def watch_writes(engine: Engine) -> None:
    """Note, per connection and transaction, the tables its statements write."""

    @event.listens_for(engine, "begin")
    def _fresh(conn: Any) -> None:
        conn.info[_WRITTEN] = set()

    @event.listens_for(engine, "after_cursor_execute")
    def _note(conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        found = _WRITE.match(statement)
        if found:
            conn.info.setdefault(_WRITTEN, set()).add(found.group(1).lower())


def mark_session(session: Session, *, desk: str) -> None:
    """Make ``session`` announce its commits as the desk ``desk``."""
    session.info[_DESK] = desk


def note_units(session: Session, _context: Any) -> None:
    """``after_flush``: the units whose rows this flush wrote (their ``unit_id``)."""
    if _DESK not in session.info:
        return
    units: set[int] = session.info.setdefault(_UNITS, set())
    for row in (*session.new, *session.dirty, *session.deleted):
        unit_id = getattr(row, "unit_id", None)
        if isinstance(unit_id, int):
            units.add(unit_id)


def announce(session: Session) -> None:
    """``before_commit``: one ``pg_notify`` with what this transaction wrote, if anything."""
    desk = session.info.get(_DESK)
    if not isinstance(desk, str) or session.get_transaction() is None:
        return
    session.flush()  # the commit's own flush comes after this event: its writes count too
    conn = session.connection()
    if conn.dialect.name != "postgresql":
        return
    written: set[str] = conn.info.get(_WRITTEN) or set()
    units: set[int] = session.info.pop(_UNITS, set())
    if not written:
        return
    from desk.store.who import umpire_of

    notice = Announcement(desk=desk, umpire=umpire_of(session), tables=frozenset(written),
                          units=frozenset(units))
    conn.exec_driver_sql("SELECT pg_notify(%(channel)s, %(payload)s)",
                         {"channel": CHANNEL, "payload": notice.to_payload()})
    written.clear()


class ChangeListener:
    """Hears the campaign's notices on a thread of its own (see the module text).

    ``on_change`` and ``on_status`` are called on that thread: the window passes
    callables that only emit a Qt signal. ``on_status(text)`` says the server went away
    (a sentence), ``on_status(None)`` that it is back.
    """

    def __init__(self, url: URL, *, on_change: Callable[[Announcement], None],
                 on_status: Callable[[str | None], None]) -> None:
        self._conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._where = f"{url.host or 'localhost'}:{url.port or 5432}"
        self._on_change = on_change
        self._on_status = on_status
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="desk-live", daemon=True)
        self.listening = threading.Event()  # set while LISTEN is in force (for the tests)

    def start(self) -> None:
        """Begin listening."""
        self._thread.start()

    def stop(self, timeout: float = 3.0) -> None:
        """Stop listening and wait (at most ``timeout`` seconds) for the thread to end."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def _run(self) -> None:
        import psycopg

        lost = False
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True,
                                     connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if lost:
                        lost = False
                        self._on_status(None)
                        self._on_change(RESYNC)
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=0.5):
                            found = parse(notice.payload)
                            if found is not None:
                                self._on_change(found)
            except psycopg.Error:
                self.listening.clear()
                if not lost:
                    lost = True
                    self._on_status(
                        f"The campaign's server ({self._where}) cannot be reached: what you "
                        "type is kept; the desk retries.")
                self._stop.wait(RETRY_SECONDS)
        self.listening.clear()
