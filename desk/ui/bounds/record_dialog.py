"""Bound ▸ Record of a closed bound: what every unit did, one row per unit (issue 30).

Read-only: the table shows :func:`desk.services.bounds.record.bound_record` for the
bound chosen (the last closed, at first); an open bound's refusal is its heading.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desk.services.bounds.views import BoundRecord
from desk.services.errors import ServiceError
from desk.ui.campaign.view import read_only_table


class BoundRecordDialog(QDialog):
    """The record of one closed bound; the spin box picks another."""

    def __init__(self, *, closed: int, record: Callable[[int], BoundRecord],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bound_record_dialog")
        self.setWindowTitle(self.tr("The bound's record"))
        self.record = record
        self.bound_box = QSpinBox()
        self.bound_box.setRange(1, max(1, closed))
        self.bound_box.setValue(max(1, closed))
        self.bound_box.setAccessibleName(self.tr("Bound"))
        self.bound_box.valueChanged.connect(lambda _v: self.refresh())
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.table = read_only_table("record_table", self.tr("What every unit did"), [
            self.tr("Unit"), self.tr("Side"), self.tr("What it did"),
            self.tr("Moves and events"), self.tr("State before → after")])
        row = QHBoxLayout()
        label = QLabel(self.tr("&Bound:"))
        label.setBuddy(self.bound_box)
        row.addWidget(label)
        row.addWidget(self.bound_box)
        row.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.heading)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        # Every column in sight at 1,100 pixels: what it did wraps in its share, the state
        # before → after takes the rest (it was behind a horizontal scroll bar).
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(2, 360)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.table.setWordWrap(True)
        self.resize(1100, 600)
        self.refresh()

    def refresh(self) -> None:
        """Show the record of the bound chosen (or why there is none)."""
        try:
            found = self.record(self.bound_box.value())
        except ServiceError as exc:  # an open bound: its one sentence, an empty table
            self.heading.setText(str(exc))
            self.table.setRowCount(0)
            return
        self.heading.setText(self.tr("{battle}, bound {bound} ({time}): {n} units")
                             .format(battle=found.battle, bound=found.bound,
                                     time=found.game_time, n=len(found.units)))
        self.table.setRowCount(len(found.units))
        for index, unit in enumerate(found.units):
            did = "\n".join((unit.did, *unit.journal))
            moved = "\n".join((*unit.moves, *unit.events)) or "—"
            state = (f"{unit.before}\n→ {unit.after}" if unit.changed
                     else self.tr("{state} (unchanged)").format(state=unit.before))
            for column, text in enumerate((unit.unit, unit.side, did, moved, state)):
                self.table.setItem(index, column, QTableWidgetItem(text))
        self.table.resizeRowsToContents()
