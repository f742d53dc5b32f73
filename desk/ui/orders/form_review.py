"""The drafts an import of filled forms wrote, listed for the umpire to review.

One row per order written (unit, the order as read, its status and worst
finding), then the units whose sheet came back blank, the typed orders the
import left alone and the units whose orders went by courier. The orders
themselves are reviewed in the order table: each is a draft until the umpire
saves it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desk.rules.base import Severity
from desk.services.printing.form_import import FormImport, ImportedOrder
from desk.ui.plural import numerus


def status_text(order: ImportedOrder) -> str:
    """"draft" and the worst finding's clause and words, if any."""
    worst = next((f for f in order.findings if f.severity is Severity.ERROR),
                 order.findings[0] if order.findings else None)
    draft = QCoreApplication.translate("FormReviewDialog", "draft")
    return f"{draft} · {worst.clause}: {worst.message}" if worst else draft


class FormReviewDialog(QDialog):
    """What an import of filled forms did (see the module text)."""

    def __init__(self, result: FormImport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("form_review")
        self.setWindowTitle(self.tr("Filled forms imported"))
        self.resize(720, 420)
        layout = QVBoxLayout(self)
        n = len(result.imported)
        layout.addWidget(QLabel(numerus(self.tr(
            "%n draft order(s) written for bound {bound}. Review them in the order table: "
            "each is a draft until you save it.", "", n), n).format(bound=result.bound)))
        self.table = QTableWidget(len(result.imported), 3, self)
        self.table.setObjectName("form_review_table")
        self.table.setHorizontalHeaderLabels([self.tr("Unit"), self.tr("Order"),
                                              self.tr("Status")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        for row, order in enumerate(result.imported):
            for column, text in enumerate((order.unit, order.summary, status_text(order))):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(row, column, item)
        self.table.resizeColumnsToContents()
        layout.addWidget(self.table, 1)
        notes = []
        if result.blank:
            notes.append(self.tr("Left blank: {units}").format(units=", ".join(result.blank)))
        if result.kept:
            notes.append(self.tr("Kept as typed at the desk: {units}").format(
                units=", ".join(result.kept)))
        if result.dispatched:
            notes.append(self.tr("Sent by courier: {units}").format(
                units=", ".join(result.dispatched)))
        self.notes = QLabel("\n".join(notes))
        self.notes.setObjectName("form_review_notes")
        self.notes.setWordWrap(True)
        self.notes.setVisible(bool(notes))
        layout.addWidget(self.notes)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)

    def rows(self) -> list[tuple[str, str, str]]:
        """The rows shown (unit, order, status)."""
        def text(row: int, column: int) -> str:
            item = self.table.item(row, column)
            return item.text() if item is not None else ""

        return [(text(r, 0), text(r, 1), text(r, 2)) for r in range(self.table.rowCount())]
