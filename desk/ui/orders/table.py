"""The order table of the shown bound: one row per unit, over the service's frozen rows.

The rows come from ONE service call (:func:`desk.services.queries.order_table`);
``data()`` only reads the table it was given, never the database. A row is built
when a cell of it is first asked for (the table of 20,000 units paints the forty
it shows); the roles every row is asked for (unit id, side, no order) are read
without building one. The side shown is filtered by a plain Qt proxy inside
:class:`OrderFilterProxy`, so no Python runs per row to list them all. A defaulted
rate or destination is shown with its default label ("normal (default)", "as
far as possible (default)"), the worst finding with its clause id. A draft order
(imported from a filled sheet or delivered by a dispatch, not saved) is set in
italics, "draft" in its status and a tooltip saying the close does not apply it:
it must never pass for a saved order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractItemModel,
    QAbstractTableModel,
    QByteArray,
    QCoreApplication,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    QRegularExpression,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

from desk import i18n
from desk.rules.base import FieldSpec, Severity
from desk.rules.clauses import clause_text
from desk.services.dto import (
    COLUMN_TITLES,
    DESTINATION_KEYS,
    RATE_KEYS,
    OrderRow,
    column_key,
)
from desk.services.order_rows import OrderTable
from desk.ui.oob.model import MARKER_MIME
from desk.ui.palette import DeskPalette

Index = QModelIndex | QPersistentModelIndex

# Marked here, translated where shown (OrderTableModel's context).
COLUMNS = (QT_TRANSLATE_NOOP("OrderTableModel", "Unit"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Command"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Order"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Rate"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Destination"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Status"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Finding"))
STATUS_TEXT = {"none": QT_TRANSLATE_NOOP("OrderTableModel", "no order"),
               "accepted": QT_TRANSLATE_NOOP("OrderTableModel", "accepted"),
               "overruled": QT_TRANSLATE_NOOP("OrderTableModel", "overruled"),
               "cancelled": QT_TRANSLATE_NOOP("OrderTableModel", "cancelled"),
               "draft": QT_TRANSLATE_NOOP("OrderTableModel", "draft, not saved")}
# The services' column titles (desk.services.dto.COLUMN_TITLES), for the header.
_TITLES = (QT_TRANSLATE_NOOP("OrderTableModel", "Movement"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Formation"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Objective"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Target"),
           QT_TRANSLATE_NOOP("OrderTableModel", "To hex"))


def _tr(text: str) -> str:
    return QCoreApplication.translate("OrderTableModel", text)


class OrderTableModel(QAbstractTableModel):
    """A read-only table over an :class:`OrderTable` (replace it with :meth:`set_rows`)."""

    UnitIdRole = Qt.ItemDataRole.UserRole + 1
    SortRole = Qt.ItemDataRole.UserRole + 2
    SideRole = Qt.ItemDataRole.UserRole + 3
    MissingRole = Qt.ItemDataRole.UserRole + 4  # True: no order (or a cancelled one)

    def __init__(self, fields: tuple[FieldSpec, ...] = (), parent: object | None = None, *,
                 palette: DeskPalette | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._palette = palette or DeskPalette(parent=self)  # asked at data() time
        self._rows = OrderTable()
        self._defaults = {f.name: f.default_label for f in fields if f.default_label}
        self._row_of: dict[int, int] = {}
        self._drafts: frozenset[int] = frozenset()  # units with an unsaved draft
        # The rate and destination columns show the rules system's own fields, under
        # their own names (Movement, Formation …), as the service picks them.
        names = [f.name for f in fields]
        self._rate_key = column_key(names, RATE_KEYS) or "rate"
        self._destination_key = column_key(names, DESTINATION_KEYS) or "destination"
        self._headers = list(COLUMNS)
        self._headers[3] = COLUMN_TITLES[self._rate_key]
        self._headers[4] = COLUMN_TITLES[self._destination_key]
        self._headers = [_tr(str(title)) for title in self._headers]

    def set_rows(self, rows: OrderTable) -> None:
        """Show new rows (after any change: one reset is cheaper than diffing 2,000 rows)."""
        self.beginResetModel()
        self._rows = rows
        self._row_of = dict(zip(rows.unit_ids, range(len(rows)), strict=True))
        self.endResetModel()

    def set_drafts(self, unit_ids: frozenset[int]) -> None:
        """Mark the units whose order has an unsaved draft (in the status column)."""
        changed = self._drafts ^ unit_ids
        self._drafts = frozenset(unit_ids)
        for unit_id in changed:
            row = self._row_of.get(unit_id)
            if row is not None:
                self.dataChanged.emit(self.index(row, 0), self.index(row, 5))

    def rows(self) -> OrderTable:
        """The rows shown."""
        return self._rows

    def row_of_unit(self, unit_id: int) -> int:
        """The row of a unit, or -1."""
        return self._row_of.get(unit_id, -1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def _defaulted(self, row: OrderRow, key: str, value: str) -> str:
        if value and key not in row.defaulted:
            return i18n.term(value) if key == self._rate_key else value  # a rate is a rules word
        label = i18n._(self._defaults.get(key, ""))  # the rules' words: their catalogue
        if row.order_id is None or row.status == "cancelled" or not label:
            return value
        return QCoreApplication.translate("OrderTableModel", "{label} (default)").format(
            label=label)

    def _text(self, row: OrderRow, column: int) -> str:
        if column == 0:  # the pencil: an order half-typed and not saved (a draft)
            return f"✎ {row.unit}" if row.unit_id in self._drafts else row.unit
        if column == 1:
            return row.command
        if column == 2:
            return _tr("cancelled") if row.status == "cancelled" else row.summary
        if column == 3:
            return self._defaulted(row, self._rate_key, row.rate)
        if column == 4:
            key = self._destination_key
            if row.order_id is not None and not row.destination and key not in self._defaults:
                return ""
            return self._defaulted(row, key, row.destination)
        if column == 5:
            status = _tr(str(STATUS_TEXT.get(row.status, row.status)))
            draft = QCoreApplication.translate("OrderTableModel", "✎ {status} · unsaved draft")
            return draft.format(status=status) if row.unit_id in self._drafts else status
        worst = row.worst
        return f"{worst.clause}: {worst.message}" if worst else ""

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role not in _ROLES or not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None  # first: a painted cell is asked for a dozen roles, most unused here
        number, column = index.row(), index.column()
        # What every row is asked for (to list a side, to find the next unit without an
        # order) is read without building the row.
        if role == self.UnitIdRole:
            return self._rows.unit_ids[number]
        if role == self.SideRole:
            return self._rows.side(number)
        if role == self.MissingRole:  # what the close treats as no order (a draft too)
            return self._rows.status(number) in ("none", "cancelled", "draft")
        if role == Qt.ItemDataRole.FontRole:
            if self._rows.status(number) != "draft":
                return None
            font = QFont()
            font.setItalic(True)
            return font
        row = self._rows[number]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == self.SortRole:
            return number if column == 0 else self._text(row, column).casefold()
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == 6 and row.worst is not None:
                return f"{row.worst.clause}: {clause_text(row.worst.clause) or row.worst.message}"
            if row.status == "draft":
                return QCoreApplication.translate(
                    "OrderTableModel", "A draft, not saved as an order: the close does not "
                    "apply it (save it to make it the unit's order).")
            return self._text(row, column) or None
        if role == Qt.ItemDataRole.ForegroundRole:
            if column == 6 and row.worst is not None:
                return self._palette.brush(
                    "error" if row.worst.severity is Severity.ERROR else "warning")
            if column in (0, 5) and (row.unit_id in self._drafts or row.status == "draft"):
                return self._palette.brush("draft")
            if column == 5 and row.status == "none":
                return self._palette.brush("missing")
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(COLUMNS)):
            return self._headers[section]
        return None

    # A row dragged over the Map tab, then onto the map, places its unit there.
    def flags(self, index: Index) -> Qt.ItemFlag:
        found = super().flags(index)
        return found | Qt.ItemFlag.ItemIsDragEnabled if index.isValid() else found

    def mimeTypes(self) -> list[str]:
        return [MARKER_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        data = QMimeData()
        rows = [i.row() for i in indexes if i.isValid() and 0 <= i.row() < len(self._rows)]
        if rows:
            data.setData(MARKER_MIME, QByteArray(f"unit:{self._rows[rows[0]].unit_id}".encode()))
        return data

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction


# The roles data() answers; the others a view asks for (size hint, alignment, decoration,
# check state ...) get None at once.
_ROLES = frozenset(int(role) for role in (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.ForegroundRole, OrderTableModel.UnitIdRole, OrderTableModel.SortRole,
    OrderTableModel.SideRole, OrderTableModel.MissingRole))


class OrderFilterProxy(QSortFilterProxyModel):
    """Sorts by the model's sort role and filters on any column's text, case-insensitive;
    shows one side or all.

    The side is Qt's own filter on the model's side role, in a proxy between the model
    and this one: an override of ``filterAcceptsRow`` would run Python for each of
    20,000 rows whenever the table is listed anew, a side chosen or not.
    """

    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self.setSortRole(OrderTableModel.SortRole)
        self.setFilterKeyColumn(-1)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._sides = QSortFilterProxyModel(self)
        self._sides.setFilterRole(OrderTableModel.SideRole)
        self._sides.setFilterKeyColumn(0)

    def setSourceModel(self, model: QAbstractItemModel) -> None:
        """List ``model``'s rows (through the side filter)."""
        self._sides.setSourceModel(model)
        super().setSourceModel(self._sides)

    def set_side(self, side: str | None) -> None:
        """Show one side only (None: all)."""
        self._sides.setFilterRegularExpression(QRegularExpression(
            "" if side is None else QRegularExpression.anchoredPattern(
                QRegularExpression.escape(side))))

    def order_model(self) -> QAbstractItemModel:
        """The order table's own model under the side filter (the rows the window holds)."""
        return self._sides.sourceModel()

    def listed(self, row: int) -> QModelIndex:
        """The index listing the order table model's ``row`` (invalid when it is not listed)."""
        model = cast(OrderTableModel, self._sides.sourceModel())
        return self.mapFromSource(self._sides.mapFromSource(model.index(row, 0)))


def order_table_view(proxy: OrderFilterProxy) -> QTableView:
    """The order table's view: whole rows chosen one at a time, read-only, sortable."""
    table = QTableView()
    table.setObjectName("order_table")
    table.setModel(proxy)
    table.setSortingEnabled(True)
    table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # OOB order until asked
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setDragEnabled(True)  # a row over the Map tab, then onto the map: placed there
    table.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(22)
    header = table.horizontalHeader()
    header.setStretchLastSection(True)
    for column, width in enumerate((170, 120, 170, 110, 130, 80)):
        header.resizeSection(column, width)
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    return table
