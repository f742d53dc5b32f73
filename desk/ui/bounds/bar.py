"""The bound bar: current bound and game time, the bound shown, Close and Reopen.

Every earlier bound can be shown, read-only; the buttons are the window's own
actions (the same as in the Bound menu, with their shortcuts).
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QAction, QResizeEvent, QTextDocument
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from desk.services.screens.startup import DeskContext
from desk.ui.palette import DeskPalette
from desk.ui.widgets import compact_combo, fit_popup


class BoundBar(QWidget):
    """Says where the battle is; ``shown_bound_changed(number)`` when the umpire looks back."""

    shown_bound_changed = Signal(int)

    def __init__(self, *, close_action: QAction, reopen_action: QAction,
                 palette: DeskPalette | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.palette_ = palette or DeskPalette(parent=self)
        self._shown_context: tuple[DeskContext, int] | None = None
        self.palette_.changed.connect(self._recolour)
        self.setObjectName("bound_bar")
        self.label = QLabel("")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.bound_box = compact_combo(chars=18, text_tip=False)
        self.bound_box.setObjectName("shown_bound")
        self.bound_box.setToolTip(self.tr("The bound shown: choose an earlier one to look back, "
                                          "read-only (Alt+Left / Alt+Right)"))
        self.bound_box.currentIndexChanged.connect(self._shown)
        self.close_button = QToolButton()
        self.close_button.setDefaultAction(close_action)
        self.close_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.reopen_button = QToolButton()
        self.reopen_button.setDefaultAction(reopen_action)
        self.reopen_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        # One row when there is room; on a narrow window the label goes on a row of its
        # own above the controls, rather than making the window wider than the screen.
        self._label_row = QHBoxLayout()
        self._controls = QHBoxLayout()
        self._controls.addWidget(self.label, 1)
        self._controls.addStretch(0)  # takes the room when the label has moved up
        self._controls.addWidget(self.bound_box)
        self._controls.addWidget(self.close_button)
        self._controls.addWidget(self.reopen_button)
        layout = self._outer = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        layout.addLayout(self._label_row)
        layout.addLayout(self._controls)
        self._one_row = True
        self._updating = False

    def minimumSizeHint(self) -> QSize:
        # The controls set the bar's least width, never the label: beside them it can
        # always move up, and up there it wraps (a long battle name, "showing bound 11").
        hint = super().minimumSizeHint()
        margins = self._outer.contentsMargins()
        hint.setWidth(self._controls.minimumSize().width() + margins.left() + margins.right()
                      - (self.label.minimumSizeHint().width() + self._controls.spacing()
                         if self._one_row else 0))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_label()

    def _label_width(self) -> int:
        """The label's width on one line. Not its size hint: once moved up it wraps, and a
        wrapped label's hint is narrower, which would bring it back down, then up again."""
        doc = QTextDocument()
        doc.setDefaultFont(self.label.font())
        doc.setDocumentMargin(0)
        doc.setHtml(self.label.text())
        return int(doc.idealWidth()) + 2 * self.label.margin() + 2

    def _place_label(self) -> None:
        spacing = self._controls.spacing()
        items = [self._controls.itemAt(i) for i in range(self._controls.count())]
        controls = sum(item.sizeHint().width() + spacing for item in items
                       if item is not None and item.widget() is not None
                       and item.widget() is not self.label)
        one_row = self.width() >= controls + self._label_width() + 8
        if one_row == self._one_row:
            return
        self._one_row = one_row
        if one_row:
            self._label_row.removeWidget(self.label)
            self.label.setWordWrap(False)
            self._controls.insertWidget(0, self.label, 1)
        else:
            self._controls.removeWidget(self.label)
            self.label.setWordWrap(True)
            self._label_row.addWidget(self.label)
        self._outer.invalidate()  # the outer layout keeps its sizes until told
        self.updateGeometry()

    def show_context(self, context: DeskContext, *, shown: int) -> None:
        """Show the battle's bounds; ``shown`` is the bound on screen."""
        self._shown_context = (context, shown)
        self._updating = True
        try:
            self.bound_box.clear()
            for bound in context.bounds:
                text = (self.tr("Bound {n} · {time} (current)")
                        if bound.number == context.current_bound
                        else self.tr("Bound {n} · {time}"))
                self.bound_box.addItem(text.format(n=bound.number, time=bound.game_time),
                                       bound.number)
            self.bound_box.setCurrentIndex(max(self.bound_box.findData(shown), 0))
            fit_popup(self.bound_box)
        finally:
            self._updating = False
        status = self.tr("open") if context.bound_open else self.tr("closed")
        red = self.palette_.hex("error")
        looking = "" if shown == context.current_bound else (
            f" · <span style='color:{red}'>"
            + self.tr("showing bound {n}, read-only").format(n=shown) + "</span>")
        self.label.setText(self.tr(
            "<b>{battle}</b> · bound <b>{bound}</b> ({status}) · game time <b>{time}</b>").format(
                battle=context.battle, bound=context.current_bound, status=status,
                time=context.game_time or "—") + looking)
        self._place_label()  # a longer text may no longer fit beside the controls

    def _recolour(self) -> None:
        if self._shown_context is not None:
            context, shown = self._shown_context
            self.show_context(context, shown=shown)

    def step(self, delta: int) -> None:
        """Show the bound before (−1) or after (+1)."""
        index = self.bound_box.currentIndex() + delta
        if 0 <= index < self.bound_box.count():
            self.bound_box.setCurrentIndex(index)

    def _shown(self, index: int) -> None:
        if not self._updating and index >= 0:
            self.shown_bound_changed.emit(int(self.bound_box.itemData(index)))
