"""The LIM panel's own widgets: the table of units under an activation, the cup's list.

Both are laid out for a narrow column: nothing scrolls sideways, long names
and long lists of movement types wrap onto a second line.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QListWidget, QPushButton, QTableView

from desk.ui.lim.models import ActivationModel


def action_button(text: str, tip: str, key: str) -> QPushButton:
    """A button with its shortcut, named at the end of its tooltip: "… (Ctrl+Shift+D)"."""
    button = QPushButton(text)
    button.setShortcut(key)
    button.setToolTip(f"{tip} ({key})")
    return button


def cup_list() -> QListWidget:
    """The cup's list: one line a chit, wrapped, never wider than its column."""
    view = QListWidget()
    view.setObjectName("lim_pool_list")
    view.setWordWrap(True)
    view.setTextElideMode(Qt.TextElideMode.ElideNone)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setResizeMode(QListWidget.ResizeMode.Adjust)
    return view


class ActivationTable(QTableView):
    """The units under the activation: every column inside the table's width, "May now" the
    widest, rows as tall as their wrapped text."""

    def __init__(self, model: ActivationModel) -> None:
        super().__init__()
        self.setObjectName("lim_activation_table")
        self.setModel(model)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().hide()
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.horizontalHeader()
        header.setStretchLastSection(False)
        for column, mode in ((ActivationModel.UNIT, QHeaderView.ResizeMode.Fixed),
                             (ActivationModel.MAY, QHeaderView.ResizeMode.Stretch),
                             (ActivationModel.CLAUSE, QHeaderView.ResizeMode.ResizeToContents),
                             (ActivationModel.MOVED, QHeaderView.ResizeMode.Fixed)):
            header.setSectionResizeMode(column, mode)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def fit_columns(self) -> None:
        """Unit a third, Moved a fifth, the clause as wide as it needs, the rest "May now"."""
        header = self.horizontalHeader()
        width = self.viewport().width()
        header.resizeSection(ActivationModel.UNIT, int(width * 0.3))
        header.resizeSection(ActivationModel.MOVED, int(width * 0.22))
        self.resizeRowsToContents()
