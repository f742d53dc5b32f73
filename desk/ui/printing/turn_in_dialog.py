"""Bound → Turn-in board (issue 22): which commands have returned orders for the bound,
the deadline, what the campaign does with the units of the late, and a button that
writes reminder mail drafts to them. Read-only: the board is rebuilt each time."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desk.services.packets.deadlines import TurnInBoard


class TurnInDialog(QDialog):
    """The turn-in board of one bound; ``reminders_button`` asks for the drafts."""

    def __init__(self, board: TurnInBoard, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Turn-in board — bound {n}").format(n=board.bound))
        due = board.deadline.strftime("%Y-%m-%d %H:%M %Z") if board.deadline \
            else self.tr("no deadline set")
        # Before the deadline (or with none) nobody is late yet, as `desk turn-in` says.
        summary = self.tr(
            "Deadline: {due}. Late: {late} of {n} commands; their units follow the "
            "campaign's setting: {setting}.") if board.passed else self.tr(
            "Deadline: {due}. Not returned yet: {late} of {n} commands; at the close their "
            "units follow the campaign's setting: {setting}.")
        self.summary = QLabel(summary.format(due=due, late=len(board.late), n=len(board.rows),
                                             setting=board.no_order))
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName(self.tr("Turn-in summary"))
        self.table = QTableWidget(len(board.rows), 5)
        self.table.setAccessibleName(self.tr("Turn-in board"))
        self.table.setAccessibleDescription(self.tr(
            "One row per command: orders returned, and who plays it"))
        self.table.setHorizontalHeaderLabels([
            self.tr("Side"), self.tr("Command"), self.tr("Orders back"), self.tr("State"),
            self.tr("Player")])
        for r, row in enumerate(board.rows):
            state = {"returned": self.tr("returned"), "late": self.tr("late"),
                     "waiting": self.tr("not returned yet")}[board.standing(row)]
            for c, text in enumerate((row.side, row.command, f"{row.returned}/{row.units}",
                                      state, ", ".join(row.addresses))):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.reminders_button = QPushButton(self.tr("Write &reminders…"))
        self.reminders_button.setAccessibleName(self.tr("Write reminders"))
        self.reminders_button.setEnabled(any(r.addresses for r in board.late))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.reminders_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(760, 480)  # well inside 1366 x 768
