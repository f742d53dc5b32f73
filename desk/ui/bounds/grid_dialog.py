"""The casualties grid: a melee's figures typed down a column, checked row by row.

One row per unit of the side or command chosen: unit, strength now, casualties
(typed), new state (a choice of the rules system's disorder and morale events),
and the row's refusal in the desk's words. Enter or Down leaves the cell for the
next row's same cell, as in a spreadsheet; Ctrl+Enter (or OK) records every row
at once, which the window undoes as one step. Empty rows are skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QIntValidator, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desk import i18n
from desk.rules.base import EventKind
from desk.services.bounds.grid import GridRow, GridUnit
from desk.ui.widgets import FittingCombo

UNIT, STRENGTH, CASUALTIES, STATE, CHECK = range(5)
_DOWN_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
Index = QModelIndex | QPersistentModelIndex
Checker = Callable[[tuple[GridRow, ...], str], Mapping[int, str]]
Recorder = Callable[[tuple[GridRow, ...], str], Mapping[int, str] | None]


@dataclass(frozen=True)
class Scope:
    """A choice of units for the grid: all, a side, or a command."""

    label: str
    side: str = ""
    command_id: int | None = None

    def holds(self, unit: GridUnit) -> bool:
        """True when ``unit`` is in this scope."""
        if self.command_id is not None:
            return unit.command_id == self.command_id
        return not self.side or unit.side == self.side


class _DownDelegate(QStyledItemDelegate):
    """Cell editors that leave for the next row's same cell on Enter (and Down in a number)."""

    def __init__(self, table: GridTable, states: tuple[EventKind, ...]) -> None:
        super().__init__(table)
        self.table = table
        self.states = states

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index
                     ) -> QWidget:
        if index.column() == STATE:
            combo = FittingCombo(parent)
            combo.addItem("", "")
            for kind in self.states:
                combo.addItem(i18n._(kind.label), kind.code)
            return combo
        editor = QLineEdit(parent)
        editor.setValidator(QIntValidator(0, 999_999, editor))
        return editor

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(index.data(Qt.ItemDataRole.UserRole)
                                                          or "")))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData() or "", Qt.ItemDataRole.UserRole)
            model.setData(index, editor.currentText(), Qt.ItemDataRole.DisplayRole)
        else:
            super().setModelData(editor, model, index)

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) \
                and isinstance(editor, QWidget) and not event.modifiers() \
                & Qt.KeyboardModifier.ControlModifier:
            down = event.key() in _DOWN_KEYS or (event.key() == Qt.Key.Key_Down
                                                  and isinstance(editor, QLineEdit))
            if down:
                self.commitData.emit(editor)
                self.closeEditor.emit(editor, QAbstractItemDelegate.EndEditHint.NoHint)
                self.table.setFocus()  # the view, not the closed editor, takes the next key
                self.table.next_row()
                return True
        return super().eventFilter(editor, event)


class GridTable(QTableWidget):
    """The grid's table: Enter on a cell not being edited goes down too."""

    def next_row(self) -> None:
        """The next row's same cell (the last row stays)."""
        row, column = self.currentRow(), self.currentColumn()
        if row + 1 < self.rowCount():
            self.setCurrentCell(row + 1, column)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in _DOWN_KEYS and not event.modifiers() \
                & Qt.KeyboardModifier.ControlModifier:
            self.next_row()
            event.accept()
            return
        super().keyPressEvent(event)


class CasualtiesGridDialog(QDialog):
    """A column of casualties (and new states) for the units of a side or command."""

    def __init__(self, *, units: tuple[GridUnit, ...], states: tuple[EventKind, ...],
                 scopes: tuple[Scope, ...], scope: int, check: Checker, record: Recorder,
                 error: QColor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Casualties grid"))
        self.units = units
        self.scopes = scopes
        self._check = check
        self._record = record
        self._error = error
        self.typed: dict[int, tuple[str, str, str]] = {}  # unit id: casualties, code, label
        self._filling = False
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.scope_box = FittingCombo(self)
        self.scope_box.setObjectName("grid_scope")
        for each in scopes:
            self.scope_box.addItem(each.label)
        form.addRow(self.tr("&Units of"), self.scope_box)
        self.cause = QLineEdit(self)
        self.cause.setObjectName("grid_cause")
        self.cause.setPlaceholderText(self.tr("melee, fire … (optional)"))
        form.addRow(self.tr("C&ause"), self.cause)
        layout.addLayout(form)
        self.table = GridTable(0, 5, self)
        self.table.setObjectName("casualties_grid")
        self.table.setHorizontalHeaderLabels([
            self.tr("Unit"), self.tr("Strength now"), self.tr("Casualties"),
            self.tr("New state"), self.tr("Check")])
        header = self.table.horizontalHeader()
        for column in (UNIT, STRENGTH, CASUALTIES):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(CHECK, QHeaderView.ResizeMode.Stretch)
        self.table.setItemDelegate(_DownDelegate(self.table, states))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.AnyKeyPressed
                                   | QAbstractItemView.EditTrigger.DoubleClicked
                                   | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setTabKeyNavigation(False)  # Tab leaves for the buttons; Enter goes down
        self.table.itemChanged.connect(self._changed)
        layout.addWidget(self.table)
        self.refusals = QLabel(self)  # every refused row's sentence in full, unit first
        self.refusals.setObjectName("grid_refusals")
        self.refusals.setWordWrap(True)
        layout.addWidget(self.refusals)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setAutoDefault(False)
        self.ok.setDefault(False)  # Enter goes down the column; Ctrl+Enter records
        self.ok.setToolTip(self.tr("Record every row at once (Ctrl+Enter)"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.scope_box.currentIndexChanged.connect(self._fill)
        self.scope_box.setCurrentIndex(scope)
        self._fill()
        self.resize(900, 520)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Ctrl+Enter records from anywhere in the grid (a cell's editor, the cause, the
        # scope): each leaves the key to its parent, so it arrives here.
        if event.key() in _DOWN_KEYS and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            event.accept()
            self.accept()
            return
        super().keyPressEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.table.setFocus()  # the figures go straight into the first row's casualties

    # --- rows -------------------------------------------------------------------------
    def _fill(self) -> None:
        scope = self.scopes[self.scope_box.currentIndex()] if self.scopes else Scope("")
        shown = [u for u in self.units if scope.holds(u)]
        self._filling = True
        self.table.setRowCount(len(shown))
        for row, unit in enumerate(shown):
            name = QTableWidgetItem(unit.name)
            name.setData(Qt.ItemDataRole.UserRole, unit.unit_id)
            strength = QTableWidgetItem(str(unit.strength))
            strength.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            casualties, code, label = self.typed.get(unit.unit_id, ("", "", ""))
            lost = QTableWidgetItem(casualties)
            lost.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            state = QTableWidgetItem(label)
            state.setData(Qt.ItemDataRole.UserRole, code)
            check = QTableWidgetItem("")
            for item in (name, strength, check):
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            for column, item in enumerate((name, strength, lost, state, check)):
                self.table.setItem(row, column, item)
        self._filling = False
        for row in range(len(shown)):
            self._show_check(row)
        if shown:
            self.table.setCurrentCell(0, CASUALTIES)
        self.table.setFocus()

    def _cell(self, row: int, column: int) -> QTableWidgetItem:
        item = self.table.item(row, column)
        assert item is not None  # _fill sets every cell
        return item

    def _unit_of(self, row: int) -> GridUnit:
        unit_id = self._cell(row, UNIT).data(Qt.ItemDataRole.UserRole)
        return next(u for u in self.units if u.unit_id == unit_id)

    def _row(self, row: int) -> GridRow:
        unit = self._unit_of(row)
        text = self._cell(row, CASUALTIES).text().strip()
        code = self._cell(row, STATE).data(Qt.ItemDataRole.UserRole) or ""
        return GridRow(unit_id=unit.unit_id, casualties=int(text) if text else None,
                       state=str(code), seen_version=unit.version)

    def rows(self) -> tuple[GridRow, ...]:
        """Every typed row of every scope (empty rows skipped)."""
        out = []
        for unit in self.units:
            casualties, code, _label = self.typed.get(unit.unit_id, ("", "", ""))
            row = GridRow(unit_id=unit.unit_id,
                          casualties=int(casualties) if casualties else None, state=code,
                          seen_version=unit.version)
            if not row.empty:
                out.append(row)
        return tuple(out)

    def _changed(self, item: QTableWidgetItem) -> None:
        if self._filling or item.column() not in (CASUALTIES, STATE):
            return
        row = item.row()
        self.typed[self._unit_of(row).unit_id] = (
            self._cell(row, CASUALTIES).text().strip(),
            str(self._cell(row, STATE).data(Qt.ItemDataRole.UserRole) or ""),
            self._cell(row, STATE).text())
        self._show_check(row)

    def _show_check(self, row: int, refusal: str | None = None) -> None:
        grid_row = self._row(row)
        if refusal is None:
            refusal = "" if grid_row.empty else self._check(
                (grid_row,), self.cause.text().strip()).get(grid_row.unit_id, "")
        self._filling = True
        cell = self._cell(row, CHECK)
        name = self._unit_of(row).name
        # the row names the unit: the cell says the rest, the line below says it all
        cell.setText(refusal.removeprefix(f"{name}: "))
        cell.setToolTip(refusal)
        cell.setForeground(self._error)
        self._filling = False
        self._list_refusals()

    def _list_refusals(self) -> None:
        lines = [self._cell(r, CHECK).toolTip() for r in range(self.table.rowCount())]
        self.refusals.setText("\n".join(line for line in lines if line))
        self.refusals.setStyleSheet(f"color: {self._error.name()}")

    # --- recording --------------------------------------------------------------------
    def accept(self) -> None:
        """Record every row at once; a refused row is shown in its row and nothing is written."""
        editor = self.table.indexWidget(self.table.currentIndex())
        if editor is not None:  # a figure still in its editor counts
            self.table.commitData(editor)
        rows = self.rows()
        if not rows:
            super().accept()
            return
        refusals = self._record(rows, self.cause.text().strip())
        if refusals is None:
            return  # the window showed why (another umpire's change …)
        if refusals:
            for row in range(self.table.rowCount()):
                self._show_check(row, refusals.get(self._unit_of(row).unit_id, ""))
            return
        super().accept()
