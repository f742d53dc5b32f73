"""The LIM panel's two views of a turn (Battles of Waterloo): the pool and the current activation.

:class:`ActivationModel` is the table under the activation: one row per unit
the LIM just drawn lets move (what the Movement & Command table allows it,
and the row's own clause: BOW-2 for a C/D LIM, BOW-1 for strategic movement,
BOW-3 for the Orders LIM's one unit …) and per unit with a move recorded under
it, with that move. :func:`fill_pool_list` lists the pool as at the table: the
chits drawn, in order, then those still in the cup (the umpire chooses among
those the one pulled out).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from desk.services.lim.views import IN_CUP, REMOVED, CupItem

Index = QModelIndex | QPersistentModelIndex
translate = QCoreApplication.translate  # lupdate reads translate("LimPanel", "...")
CHIT_ROLE = Qt.ItemDataRole.UserRole  # a chit still in the cup: its name


@dataclass(frozen=True)
class ActivationRow:
    """A unit under the current activation: what it may do, under which clause, what it did."""

    unit_id: int
    unit: str
    command: str
    may: str  # the movement types allowed, in words ("tactical, reduced"), or why none
    clause: str  # the table row's own clause (BOW-1 … BOW-12)
    moved: str = ""  # the moves recorded under this activation ("tactical to 2314")
    error: bool = False  # a move recorded against a finding (overruled)
    note: str = ""  # the move's findings and any reason to overrule them (its tooltip)
    codes: tuple[str, ...] = ()  # the movement type ids allowed ("tactical" …), in ``may``'s order


class ActivationModel(QAbstractTableModel):
    """Unit, what it may do now, the clause, and its moves under this activation."""

    COLUMNS = (QT_TRANSLATE_NOOP("ActivationModel", "Unit"),
               QT_TRANSLATE_NOOP("ActivationModel", "May now"),
               QT_TRANSLATE_NOOP("ActivationModel", "Clause"),
               QT_TRANSLATE_NOOP("ActivationModel", "Moved"))
    UNIT, MAY, CLAUSE, MOVED = range(4)

    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._rows: tuple[ActivationRow, ...] = ()

    def set_rows(self, rows: Sequence[ActivationRow]) -> None:
        """Replace the rows."""
        self.beginResetModel()
        self._rows = tuple(rows)
        self.endResetModel()

    def rows(self) -> tuple[ActivationRow, ...]:
        """The rows shown."""
        return self._rows

    def unit_name(self, unit_id: int) -> str:
        """The name of a unit shown (its number when not shown)."""
        return next((r.unit for r in self._rows if r.unit_id == unit_id), str(unit_id))

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == self.MOVED and row.note:
            return f"{row.moved}\n{row.note}"
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return (row.unit, row.may, row.clause, row.moved)[index.column()]
        if role == Qt.ItemDataRole.UserRole:
            return row.unit_id
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(self.COLUMNS)):
            return QCoreApplication.translate("ActivationModel", str(self.COLUMNS[section]))
        return None


def _heading(text: str) -> QListWidgetItem:
    item = QListWidgetItem(text)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled)  # a heading: never chosen
    font = QFont(item.font())
    font.setBold(True)
    item.setFont(font)
    return item


def fill_pool_list(view: QListWidget, *, drawn: Sequence[str], cup: Sequence[CupItem]) -> None:
    """Show the drawn chits (``drawn``: each line already numbered), the cup's chits, and
    those the rules or the scenario left out, each with its clause.

    The chit chosen in the cup stays chosen across a refresh when it is still there.
    """
    current = view.currentItem()
    chosen = current.data(CHIT_ROLE) if current is not None else None
    view.clear()
    view.addItem(_heading(translate("LimPanel", "Drawn, in order") if drawn
                          else translate("LimPanel", "Drawn: none yet")))
    for line in drawn:
        item = QListWidgetItem(line)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        view.addItem(item)
    inside = [c for c in cup if c.status == IN_CUP]
    view.addItem(_heading(translate("LimPanel", "In the cup ({n})").format(n=len(inside))))
    items = []
    for chit in inside:
        item = QListWidgetItem(f"{chit.chit} · {chit.clause}" if chit.clause else chit.chit)
        item.setData(CHIT_ROLE, chit.chit)
        item.setToolTip(f"{chit.why} ({chit.clause})" if chit.clause else chit.why)
        view.addItem(item)
        items.append(item)
    out = [c for c in cup if c.status == REMOVED]
    if out:
        view.addItem(_heading(translate("LimPanel", "Left out of the cup")))
    for chit in out:
        item = QListWidgetItem(f"{chit.chit} · {chit.clause}")
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        item.setToolTip(chit.why)
        view.addItem(item)
    if items:  # the chit chosen before, else the cup's first
        view.setCurrentItem(next((i for i in items if i.data(CHIT_ROLE) == chosen), items[0]))
