"""Undo commands for the desk's edits: an order, an event, a casualties grid, a step of the
LIM pool.

Each command holds plain values (snapshots, ids), never ORM rows, and does its
work through callables the operations layer gives it, so the undo stack never
touches the database itself. The change has already been made when the
command is pushed (the service may refuse it, and a refused change must not
reach the stack), so the first ``redo()`` that ``QUndoStack.push`` calls does
nothing.

An undo or redo that the services refuse (another umpire changed the same
order, unit state or pool meanwhile: the version check of
:mod:`desk.services.versions`) must not raise into Qt: the command marks
itself obsolete, so the stack drops it, and hands the error to ``on_error``
(the operations layer's ``failed`` signal, which the window shows in one dialog).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence, QUndoCommand

if TYPE_CHECKING:  # the services' snapshots: imported where an undo is first pushed
    from desk.services.lim.undo import LimSnapshot
    from desk.services.orders.undo import OrderSnapshot

ErrorSink = Callable[[BaseException], None]
DESK_UNDO_KEYS = (QKeySequence("Ctrl+Z"), QKeySequence("Ctrl+Shift+Z"))  # Edit > Undo, Redo


class DeskUndoKeys(QObject):
    """An event filter that leaves Ctrl+Z and Ctrl+Shift+Z to the window's Undo and Redo.

    A text box claims both keys for its own undo (a keystroke at a time, and gone
    once the order is saved), so in the order text, where Ctrl+Enter leaves the
    cursor, they did nothing for the desk. Installed on a text box, this filter
    refuses the box's claim (the ShortcutOverride) on those two keys only; the box
    keeps every other key, and its own undo stays in its context menu.

    ``also``: more of the window's keys the box must leave alone (the order form's
    Ctrl+U and Ctrl+H, which a text box on X11 reads as "delete the line").
    """

    def __init__(self, parent: QObject | None = None, *,
                 also: tuple[QKeySequence, ...] = ()) -> None:
        super().__init__(parent)
        self.keys = DESK_UNDO_KEYS + also

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            pressed = QKeySequence(event.keyCombination())
            if any(pressed.matches(key) == QKeySequence.SequenceMatch.ExactMatch
                   for key in self.keys):
                event.ignore()  # not the box's: the shortcut map finds the window's action
                return True
        return super().eventFilter(watched, event)


class DoneOnPush(QUndoCommand):
    """A command whose change was made before it was pushed."""

    def __init__(self, text: str, on_error: ErrorSink | None = None) -> None:
        super().__init__(text)
        self._pushed = False
        self._on_error = on_error

    def redo(self) -> None:
        if not self._pushed:
            self._pushed = True  # the change is already in the database
            return
        self._guarded(self.apply_again)

    def undo(self) -> None:
        self._guarded(self.take_back)

    def _guarded(self, work: Callable[[], None]) -> None:
        try:
            work()
        except Exception as exc:  # a refusal must not unwind through Qt's C++ frames
            self.setObsolete(True)  # the stack drops a command it cannot apply
            if self._on_error is None:
                raise
            self._on_error(exc)

    def take_back(self) -> None:
        """Undo the change."""
        raise NotImplementedError

    def apply_again(self) -> None:
        """Make the change again (redo after an undo)."""
        raise NotImplementedError


class OrderCommand(DoneOnPush):
    """A unit's order changed from ``before`` to ``after`` (snapshots; None = no order).

    ``restore(unit_id, snapshot, expect)`` puts ``snapshot`` back; the service
    refuses it when another umpire wrote the order after this desk's last write.
    """

    def __init__(self, *, text: str, unit_id: int, before: OrderSnapshot | None,
                 after: OrderSnapshot | None,
                 restore: Callable[[int, OrderSnapshot | None, OrderSnapshot | None], None],
                 on_error: ErrorSink | None = None) -> None:
        super().__init__(text, on_error)
        self.unit_id = unit_id
        self.before = before
        self.after = after
        self._restore = restore

    def take_back(self) -> None:
        self._restore(self.unit_id, self.before, self.after)

    def apply_again(self) -> None:
        self._restore(self.unit_id, self.after, self.before)


class EventCommand(DoneOnPush):
    """An in-bound event recorded against a unit; undo strikes it out, redo records it again."""

    def __init__(self, *, text: str, event_id: int, record: Callable[[], int],
                 strike: Callable[[int], None], on_error: ErrorSink | None = None) -> None:
        super().__init__(text, on_error)
        self.event_id = event_id
        self._record = record
        self._strike = strike

    def take_back(self) -> None:
        self._strike(self.event_id)

    def apply_again(self) -> None:
        self.event_id = self._record()  # a new row, so a new id


class GridCommand(DoneOnPush):
    """The events of a casualties grid, one undo step: undo strikes them all out in one
    transaction, redo records the grid again (new ids)."""

    def __init__(self, *, text: str, events: tuple[tuple[int, int], ...],
                 record: Callable[[], tuple[tuple[int, int], ...]],
                 strike: Callable[[tuple[tuple[int, int], ...]], None],
                 on_error: ErrorSink | None = None) -> None:
        super().__init__(text, on_error)
        self.events = events  # (unit id, event id), in the order recorded
        self._record = record
        self._strike = strike

    def take_back(self) -> None:
        self._strike(self.events)

    def apply_again(self) -> None:
        self.events = self._record()


class LimCommand(DoneOnPush):
    """A step of the LIM pool (Battles of Waterloo): the pool ``before`` and ``after`` it.

    ``restore(snapshot, expect, reason)`` puts the pool back as ``snapshot`` if it
    is still ``expect`` (desk.services.lim.undo.restore_lim_pool).
    """

    def __init__(self, *, text: str, before: LimSnapshot, after: LimSnapshot,
                 restore: Callable[[LimSnapshot, LimSnapshot, str], None],
                 on_error: ErrorSink | None = None) -> None:
        super().__init__(text, on_error)
        self.before = before
        self.after = after
        self._restore = restore

    def take_back(self) -> None:
        self._restore(self.before, self.after, "undo")

    def apply_again(self) -> None:
        self._restore(self.after, self.before, "redo")
