"""The bound bar: current bound and game time, the bound shown, Close and Reopen.

Any earlier bound can be shown, read-only; the buttons are the window's own
actions (the same as in the Bound menu, with their shortcuts).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QToolButton, QWidget

from desk.services.ui_startup import DeskContext


class BoundBar(QWidget):
    """Says where the battle is; ``shown_bound_changed(number)`` when the umpire looks back."""

    shown_bound_changed = Signal(int)

    def __init__(self, *, close_action: QAction, reopen_action: QAction,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bound_bar")
        self.label = QLabel("")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.bound_box = QComboBox()
        self.bound_box.setObjectName("shown_bound")
        self.bound_box.setToolTip("Show an earlier bound, read-only (Alt+Left / Alt+Right)")
        self.bound_box.currentIndexChanged.connect(self._shown)
        self.close_button = QToolButton()
        self.close_button.setDefaultAction(close_action)
        self.close_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.reopen_button = QToolButton()
        self.reopen_button.setDefaultAction(reopen_action)
        self.reopen_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.label, 1)
        layout.addWidget(QLabel("Show:"))
        layout.addWidget(self.bound_box)
        layout.addWidget(self.close_button)
        layout.addWidget(self.reopen_button)
        self._updating = False

    def show_context(self, context: DeskContext, *, shown: int) -> None:
        """Show the battle's bounds; ``shown`` is the bound on screen."""
        self._updating = True
        try:
            self.bound_box.clear()
            for bound in context.bounds:
                mark = " (current)" if bound.number == context.current_bound else ""
                self.bound_box.addItem(f"Bound {bound.number} · {bound.game_time}{mark}",
                                       bound.number)
            self.bound_box.setCurrentIndex(max(self.bound_box.findData(shown), 0))
        finally:
            self._updating = False
        status = "open" if context.bound_open else "closed"
        looking = "" if shown == context.current_bound else \
            f" · <span style='color:#b3261e'>showing bound {shown}, read-only</span>"
        self.label.setText(f"<b>{context.battle}</b> · bound <b>{context.current_bound}</b> "
                           f"({status}) · game time <b>{context.game_time or '—'}</b>{looking}")

    def step(self, delta: int) -> None:
        """Show the bound before (−1) or after (+1)."""
        index = self.bound_box.currentIndex() + delta
        if 0 <= index < self.bound_box.count():
            self.bound_box.setCurrentIndex(index)

    def _shown(self, index: int) -> None:
        if not self._updating and index >= 0:
            self.shown_bound_changed.emit(int(self.bound_box.itemData(index)))
