"""Another umpire's change, seen as it happens (issue 33): the window's side of
:mod:`desk.store.live`.

:class:`LiveChanges` runs the store's :class:`~desk.store.live.ChangeListener` (a thread
of its own, PostgreSQL campaigns only) and brings each announcement to the window's
thread through a queued signal. There an announcement from another desk becomes the
same change notices the window's own writes send (:func:`changes_of`: which views its
tables touch), through :meth:`Operations.hear`; the window knows they are another
umpire's by ``ops.remote`` while it redraws, and leaves a form being typed in as it is
(see ``MainWindow.refresh``). A notice of this desk's own is dropped: its views were told
already. When the server goes away the status line says so in one sentence, until it is
back; then everything is read again, since notices sent meanwhile were lost.

A campaign file announces nothing: :class:`FileChanges` asks it once a second whether
another program committed to it (:class:`desk.store.file_changes.FileWatch`: the players'
pages, a command line, a second window beside the writer) and, if so, tells the window the
same way, as a change of the orders, states and players (and of the bound, when the
campaign's bounds moved), with the desk :data:`FILE`; the status line says the file
changed outside the window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from desk.services.errors import ServiceError
from desk.services.screens import startup
from desk.store.errors import StoreError
from desk.store.file_changes import FileWatch
from desk.store.live import Announcement, ChangeListener
from desk.ui.changes import Change

if TYPE_CHECKING:
    from desk.ui.operations import Operations

# Which views a written table touches. The journal is written with everything else and
# touches no view by itself; a table not listed here reads everything again.
_VIEWS: dict[str, Change] = {
    "unit_order": Change.ORDER, "claim": Change.ORDER, "dispatch": Change.ORDER,
    "position": Change.ORDER, "leader_position": Change.ORDER, "unit_seen": Change.ORDER,
    "unit_seen_by": Change.ORDER,
    "bound_event": Change.EVENT, "unit_state": Change.EVENT, "secret_note": Change.NOTE,
    "crossing": Change.EVENT, "reinforcement": Change.EVENT,
    "lim_pool": Change.LIM, "lim_draw": Change.LIM, "lim_move": Change.LIM,
    "bound": Change.BOUND, "battle": Change.BOUND,
    "unit": Change.OOB, "command": Change.OOB, "side": Change.OOB, "leader": Change.OOB,
    "battle_unit": Change.OOB,
    "player": Change.PLAYERS, "player_link": Change.PLAYERS,
    "player_submission": Change.ORDER, "bound_deadline": Change.PLAYERS,
}
_QUIET = frozenset({"journal", "umpire"})


def changes_of(tables: frozenset[str]) -> tuple[Change, ...]:
    """The change notices that tell the window's views of these tables' writes, in the
    order they are sent (a bound's change first: it moves the shown bound)."""
    if "*" in tables or any(t not in _VIEWS and t not in _QUIET for t in tables):
        return (Change.RELOAD,)
    found = {_VIEWS[t] for t in tables if t in _VIEWS}
    order = (Change.BOUND, Change.OOB, Change.ORDER, Change.EVENT, Change.LIM, Change.PLAYERS,
             Change.NOTE)
    return tuple(c for c in order if c in found)


class LiveChanges(QObject):
    """Hears the campaign's notices and hands them to the window (see the module text)."""

    # Emitted on the listener's thread, delivered on the window's (queued: the receivers
    # live there).
    arrived = Signal(object)  # Announcement
    server = Signal(object)  # a sentence: the server went away; None: it is back

    def __init__(self, *, ops: Operations, show_server: Callable[[str], None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self._show_server = show_server
        self.heard = 0  # announcements from other desks taken in (for the tests)
        self.arrived.connect(self._arrived)
        self.server.connect(self._server)
        self._listener = ChangeListener(ops.store.url, on_change=self.arrived.emit,
                                        on_status=self.server.emit)

    @property
    def listening(self) -> bool:
        """True while the listener's LISTEN is in force."""
        return self._listener.listening.is_set()

    def start(self) -> None:
        """Begin hearing the campaign."""
        self._listener.start()

    def stop(self) -> None:
        """Stop hearing it (the window closes)."""
        self._listener.stop()

    def _arrived(self, notice: Announcement) -> None:
        if notice.desk == self.ops.store.desk_id:
            return  # this desk's own change: its views were told when it wrote
        changes = changes_of(notice.tables)
        if not changes:
            return
        self.heard += 1
        self.ops.hear(notice, changes)

    def _server(self, sentence: str | None) -> None:
        # The store's sentence names the server; the window says it in the desk's language.
        self._show_server(self.tr(
            "The campaign's server cannot be reached: what you type is kept, and the desk "
            "keeps trying.") if sentence else "")


FILE = "file"  # the desk of a change another program made to the campaign file
FILE_WATCH_MS = 1000
# What another program writes into a file the window has open: players' sendings, orders
# and events from a command line or a second window. No unit is named: the file says not
# which (a form being typed is kept all the same, and its own order's version compared).
_FILE_TABLES = frozenset({"unit_order", "unit_state", "bound_event", "player_submission",
                          "player_link", "dispatch", "position"})


class FileChanges(QObject):
    """Another program's commits to the campaign file, brought to the window (SQLite; see
    the module text)."""

    def __init__(self, *, ops: Operations, interval_ms: int = FILE_WATCH_MS,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        assert ops.store.path is not None  # a file campaign's window only
        self.ops = ops
        self.heard = 0  # changes taken in (for the tests)
        self._pending = False  # a change seen and not yet read (the file was busy)
        self._watch = FileWatch(engine=ops.store.engine, path=ops.store.path)
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._look)

    @property
    def listening(self) -> bool:
        """True while the file is watched."""
        return self._timer.isActive()

    def start(self) -> None:
        """Begin watching the file."""
        self._timer.start()

    def stop(self) -> None:
        """Stop watching it (the window closes)."""
        self._timer.stop()
        self._watch.close()

    def _look(self) -> None:
        self._pending = self._watch.changed() or self._pending
        if not self._pending:
            return
        before = self.ops.context
        tables = set(_FILE_TABLES)
        try:
            after = self.ops.read(lambda s: startup.desk_context(session=s))
        except (ServiceError, StoreError):  # the file busy a moment: read at the next look
            return
        self._pending = False
        if (after.current_bound, after.bound_open, after.bounds) != (
                before.current_bound, before.bound_open, before.bounds):
            tables.add("bound")  # a close or a reopen from the command line
        self.heard += 1
        self.ops.hear(Announcement(desk=FILE, umpire="", tables=frozenset(tables),
                                   units=frozenset()), changes_of(frozenset(tables)))
