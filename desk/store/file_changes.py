"""Another program's commit to a campaign file, told apart from this store's own.

A PostgreSQL campaign announces each commit (:mod:`desk.store.live`); a SQLite file says
nothing, yet other programs write it while a window has it open: the players' pages
(``desk serve``, or served from the window on an engine of their own), a command line
(``desk event``, ``desk close``), a second window beside the writer. SQLite's
``PRAGMA data_version``, asked on one connection of its own, moves whenever another
connection has committed to the file; this store's own commits move it too, so the
store's engine counts the transactions that wrote (SQLite's ``total_changes`` moved).
:meth:`FileWatch.changed` is True when the file moved and this store wrote nothing in
between. A change committed in the same interval as one of this store's own is taken for
its own and seen with the next one: the version guards still refuse a write over it.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import Engine, event

from desk.store.engine import total_changes


class FileWatch:
    """Watches one campaign file for another program's commits (see the module text)."""

    def __init__(self, *, engine: Engine, path: Path) -> None:
        self._lock = threading.Lock()
        self._writes = 0  # this store's transactions that wrote, counted at their commit
        event.listen(engine, "begin", self._began)
        event.listen(engine, "commit", self._committed)
        self._engine = engine
        # Read-only and never in a transaction: it only asks the file's version.
        self._db = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True,
                                   isolation_level=None, check_same_thread=False)
        self._seen = (self._version(), self.writes)

    @property
    def writes(self) -> int:
        """How many transactions this store's engine committed that wrote."""
        with self._lock:
            return self._writes

    def _began(self, connection: Any) -> None:
        connection.info["desk.before"] = total_changes(connection)

    def _committed(self, connection: Any) -> None:
        if total_changes(connection) != connection.info.get("desk.before"):
            with self._lock:
                self._writes += 1

    def _version(self) -> int:
        return int(self._db.execute("PRAGMA data_version").fetchone()[0])

    def changed(self) -> bool:
        """True when another program committed to the file since the last call (and this
        store wrote nothing meanwhile); False else, or when the file cannot be read."""
        try:
            now = (self._version(), self.writes)
        except sqlite3.Error:  # the file gone or locked for a moment: asked again later
            return False
        before, self._seen = self._seen, now
        return now[0] != before[0] and now[1] == before[1]

    def close(self) -> None:
        """Stop counting and close the watch's own connection (again: nothing more)."""
        for name, listener in (("begin", self._began), ("commit", self._committed)):
            if event.contains(self._engine, name, listener):
                event.remove(self._engine, name, listener)
        self._db.close()
