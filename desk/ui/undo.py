"""Undo commands for the desk's edits: an order written, amended or cancelled; an event recorded.

Each command holds plain values (snapshots, ids), never ORM rows, and does its
work through callables the operations layer gives it, so the undo stack never
touches the database itself. The change has already been made when the
command is pushed (the service may refuse it, and a refused change must not
reach the stack), so the first ``redo()`` that ``QUndoStack.push`` calls does
nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand


class _DoneOnPush(QUndoCommand):
    """A command whose change was made before it was pushed."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._pushed = False

    def redo(self) -> None:
        if not self._pushed:
            self._pushed = True  # the change is already in the database
            return
        self.apply_again()

    def apply_again(self) -> None:
        """Make the change again (redo after an undo)."""
        raise NotImplementedError


class OrderCommand(_DoneOnPush):
    """A unit's order changed from ``before`` to ``after`` (snapshots; None = no order)."""

    def __init__(self, *, text: str, unit_id: int, before: Any, after: Any,
                 restore: Callable[[int, Any], None]) -> None:
        super().__init__(text)
        self.unit_id = unit_id
        self.before = before
        self.after = after
        self._restore = restore

    def undo(self) -> None:
        self._restore(self.unit_id, self.before)

    def apply_again(self) -> None:
        self._restore(self.unit_id, self.after)


class EventCommand(_DoneOnPush):
    """An in-bound event recorded against a unit; undo strikes it out, redo records it again."""

    def __init__(self, *, text: str, event_id: int, record: Callable[[], int],
                 strike: Callable[[int], None]) -> None:
        super().__init__(text)
        self.event_id = event_id
        self._record = record
        self._strike = strike

    def undo(self) -> None:
        self._strike(self.event_id)

    def apply_again(self) -> None:
        self.event_id = self._record()  # a new row, so a new id
