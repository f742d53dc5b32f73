"""A unit's history across bounds as a table: state at each bound's start, order, journal.

Where the campaign names its umpires, each order and journal line says who wrote it
("advance — Anne", issue 33). A cell whose value differs from the bound before is
highlighted, so what the
close carried (a formation taken, disorder gained, figures lost) stands out.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont

from desk import i18n
from desk.services.dto import HistoryEntry
from desk.services.journal_text import shown
from desk.ui.palette import DeskPalette

Index = QModelIndex | QPersistentModelIndex

COLUMNS = (QT_TRANSLATE_NOOP("HistoryModel", "Bound"),
           QT_TRANSLATE_NOOP("HistoryModel", "Time"),
           QT_TRANSLATE_NOOP("HistoryModel", "Formation"),
           QT_TRANSLATE_NOOP("HistoryModel", "Disorder"),
           QT_TRANSLATE_NOOP("HistoryModel", "Strength"),
           QT_TRANSLATE_NOOP("HistoryModel", "Order"),
           QT_TRANSLATE_NOOP("HistoryModel", "Journal"))


def _by(text: str, umpire: str) -> str:
    """An order or a journal line with the umpire who wrote it (issue 33); as it was where
    no umpire is named (a campaign of one umpire, or rows from before)."""
    if not umpire:
        return text
    return QCoreApplication.translate("HistoryModel", "{text} — {umpire}").format(
        text=text, umpire=umpire)


def _cells(entry: HistoryEntry) -> tuple[str, ...]:
    state = entry.state
    journal = " · ".join(_by(shown(line.message), line.umpire)  # the reader's language
                         for line in entry.journal)
    order = _by(entry.order, entry.order_umpire) if entry.order else ""
    return (str(entry.bound), entry.game_time, i18n.term(state.formation),
            i18n.term(state.disorder), str(state.strength), order, journal)


class HistoryModel(QAbstractTableModel):
    """Read-only, one row per bound (oldest first); the shown bound's row is bold."""

    def __init__(self, parent: object | None = None, *,
                 palette: DeskPalette | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._palette = palette or DeskPalette(parent=self)  # asked at data() time
        self._cells: list[tuple[str, ...]] = []
        self._bounds: list[int] = []
        self._shown = 0

    def set_history(self, history: tuple[HistoryEntry, ...], *, shown_bound: int) -> None:
        """Show a unit's history, marking ``shown_bound``."""
        self.beginResetModel()
        self._cells = [_cells(e) for e in history]
        self._bounds = [e.bound for e in history]
        self._shown = shown_bound
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._cells)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def changed(self, row: int, column: int) -> bool:
        """True if a state cell differs from the same cell a bound earlier."""
        return 2 <= column <= 4 and row > 0 and self._cells[row][column] != \
            self._cells[row - 1][column]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._cells):
            return None
        row, column = index.row(), index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            text = self._cells[row][column]
            return text if role == Qt.ItemDataRole.DisplayRole or text else None
        if role == Qt.ItemDataRole.BackgroundRole and self.changed(row, column):
            return self._palette.brush("changed")
        if role == Qt.ItemDataRole.ForegroundRole and self.changed(row, column):
            return self._palette.brush("text")  # the scheme's text on its highlight
        if role == Qt.ItemDataRole.FontRole and self._bounds[row] == self._shown:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(COLUMNS)):
            return QCoreApplication.translate("HistoryModel", str(COLUMNS[section]))
        return None
