"""Keys typed ahead of a question are not its answer.

An umpire who saves with Ctrl+Enter often goes on typing the next unit's order before
the window answers. When the save asks a question (the rules refuse: overrule? the
words and the fields disagree: which?), the keys already on their way reach the
question the moment it shows: the next order's words became the overrule reason kept
in the journal, and a "w" typed ahead chose the words. A :class:`TypedAheadGuard` on
the question drops the keys that reach it in its first quarter of a second, before
anyone can have read it; keys pressed after that answer it as usual (browsers hold
their security prompts' buttons off for a moment for the same reason).
"""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

SETTLE_MS = 250  # no one reads a question and starts to answer it sooner
_KEYS = (QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.ShortcutOverride)


class TypedAheadGuard(QObject):
    """Drops key events for :data:`SETTLE_MS` after ``question`` is shown (module text)."""

    def __init__(self, question: QWidget, *, settle_ms: int = SETTLE_MS) -> None:
        super().__init__()
        self.question, self.settle_ms = question, settle_ms
        self.dropped = 0  # key presses dropped, for the tests
        self._shown = QElapsedTimer()
        self.setParent(question)  # after the fields: the parent's events may come at once
        question.installEventFilter(self)

    def settled(self) -> bool:
        """True once the question takes keys (shown, and its first moment past)."""
        return self._shown.isValid() and self._shown.hasExpired(self.settle_ms)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self.question and kind == QEvent.Type.Show and not self._shown.isValid():
            self._shown.start()
            # The keys go to the question's focus widget: each of its widgets is watched
            # for that first moment (not the whole application: nothing outlives the box).
            widgets = self.question.findChildren(QWidget)
            for widget in widgets:
                widget.installEventFilter(self)
            QTimer.singleShot(self.settle_ms, self, lambda: self._release(widgets))
            return False
        if kind in _KEYS and self._shown.isValid() and not self.settled():
            self.dropped += kind == QEvent.Type.KeyPress
            return True
        return False

    def _release(self, widgets: list[QWidget]) -> None:
        for widget in (self.question, *widgets):
            widget.removeEventFilter(self)
