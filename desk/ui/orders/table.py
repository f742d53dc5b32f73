"""The order table of the shown bound, as the umpire's sheet: one row per unit.

Columns: unit, command, the order as written, what the close applies (the rules
system's rate, destination and formation fields), the row's state to the close
(saved, draft, cancelled, no order, "continues order of bound 2", "moved under a
LIM"; for a closed bound, what happened), and its findings ("refused BA-21: …",
"overruled BA-12 — reason: '…'", "warning BA-9: …"). A defaulted field is shown
with its default label ("normal (default)"), a formation the order does not set
as the unit's own ("line (kept)").

The rows come from ONE service call (:func:`desk.services.queries.order_table`);
``data()`` only reads the table it was given, never the database. A row is built
when a cell of it is first asked for (the table of 20,000 units paints the forty
it shows); the roles every row is asked for (unit id, side, no order, the state's
tags, the state column's sort key) are read without building one. The side and the
"Show" choice are filtered by plain Qt proxies inside :class:`OrderFilterProxy`, on
those roles, so no Python runs per row but ``data()``. A draft order (imported from
a filled sheet or delivered by a dispatch, not saved) is set in italics, "draft" in
its state and a tooltip saying the close does not apply it: it must never pass for a
saved order.
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
    QEvent,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRegularExpression,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

from desk import i18n
from desk.rules.base import FieldSpec, Finding, Severity
from desk.rules.clauses import clause_text
from desk.rules.words import fold
from desk.services.dto import COLUMN_TITLES, OrderRow, table_keys
from desk.services.order_rows import STATES, OrderTable
from desk.ui.oob.model import MARKER_MIME
from desk.ui.palette import DeskPalette

Index = QModelIndex | QPersistentModelIndex

# Marked here, translated where shown (OrderTableModel's context).
COLUMNS = (QT_TRANSLATE_NOOP("OrderTableModel", "Unit"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Command"),
           QT_TRANSLATE_NOOP("OrderTableModel", "As written"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Rate"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Destination"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Formation"),
           QT_TRANSLATE_NOOP("OrderTableModel", "State"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Findings"))
(UNIT, COMMAND, WRITTEN, RATE, DESTINATION, FORMATION, STATE, FINDINGS) = range(len(COLUMNS))
# An order's status in words (the order form's header says it).
STATUS_TEXT = {"none": QT_TRANSLATE_NOOP("OrderTableModel", "no order"),
               "accepted": QT_TRANSLATE_NOOP("OrderTableModel", "accepted"),
               "overruled": QT_TRANSLATE_NOOP("OrderTableModel", "overruled"),
               "cancelled": QT_TRANSLATE_NOOP("OrderTableModel", "cancelled"),
               "draft": QT_TRANSLATE_NOOP("OrderTableModel", "draft, not saved")}
# The state column's words (desk.services.order_rows.STATES); a closed bound's in the past.
STATE_TEXT = {"none": QT_TRANSLATE_NOOP("OrderTableModel", "no order"),
              "saved": QT_TRANSLATE_NOOP("OrderTableModel", "saved"),
              "cancelled": QT_TRANSLATE_NOOP("OrderTableModel", "cancelled"),
              "draft": QT_TRANSLATE_NOOP("OrderTableModel", "draft, not saved"),
              "continued": QT_TRANSLATE_NOOP("OrderTableModel", "continues order of bound {n}"),
              "lim": QT_TRANSLATE_NOOP("OrderTableModel", "moved under a LIM")}
CLOSED_TEXT = {"continued": QT_TRANSLATE_NOOP("OrderTableModel", "continued order of bound {n}")}
STATE_TIP = {
    "none": QT_TRANSLATE_NOOP(
        "OrderTableModel", "No order this bound: the close does what the campaign's setting "
        "says for a unit without one."),
    "saved": QT_TRANSLATE_NOOP("OrderTableModel", "Saved: the close applies this order."),
    "cancelled": QT_TRANSLATE_NOOP(
        "OrderTableModel", "Cancelled: the close treats the unit as without an order."),
    "draft": QT_TRANSLATE_NOOP(
        "OrderTableModel", "A draft, not saved as an order: the close does not apply it (save "
        "it to make it the unit's order)."),
    "continued": QT_TRANSLATE_NOOP(
        "OrderTableModel", "No order this bound: the close continues the unit's order of "
        "bound {n} (the campaign's setting for a unit without an order)."),
    "lim": QT_TRANSLATE_NOOP(
        "OrderTableModel", "No written order: the close applies the last move recorded under "
        "the LIMs drawn this turn (BOW-2)."),
}
CLOSED_TIP = {
    "none": QT_TRANSLATE_NOOP("OrderTableModel", "No order this bound: the close did what the "
                              "campaign's setting said for a unit without one."),
    "draft": QT_TRANSLATE_NOOP("OrderTableModel", "A draft, never saved: the close did not "
                               "apply it."),
    "continued": QT_TRANSLATE_NOOP("OrderTableModel", "No order this bound: the close "
                                   "continued the unit's order of bound {n}."),
    "lim": QT_TRANSLATE_NOOP("OrderTableModel", "No written order: the close applied the last "
                             "move recorded under the LIMs drawn (BOW-2)."),
}
# A finding's word in the findings column's tooltip, one line each.
FINDING_WORDS = {"refused": QT_TRANSLATE_NOOP("OrderTableModel", "refused"),
                 "overruled": QT_TRANSLATE_NOOP("OrderTableModel", "overruled"),
                 "warning": QT_TRANSLATE_NOOP("OrderTableModel", "warning")}
# The "Show" choices: a label and the tag the rows must carry (desk.services.order_rows).
SHOW = ((QT_TRANSLATE_NOOP("OrderTableModel", "Show all"), None),
        (QT_TRANSLATE_NOOP("OrderTableModel", "No order"), "missing"),
        (QT_TRANSLATE_NOOP("OrderTableModel", "Refused"), "refused"),
        (QT_TRANSLATE_NOOP("OrderTableModel", "Overruled"), "overruled"),
        (QT_TRANSLATE_NOOP("OrderTableModel", "Warnings"), "warning"),
        (QT_TRANSLATE_NOOP("OrderTableModel", "Drafts"), "draft"),
        (QT_TRANSLATE_NOOP("OrderTableModel", "Saved"), "saved"))
# The services' column titles (desk.services.dto.COLUMN_TITLES), for the header.
_TITLES = (QT_TRANSLATE_NOOP("OrderTableModel", "Movement"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Road march"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Objective"),
           QT_TRANSLATE_NOOP("OrderTableModel", "Target"),
           QT_TRANSLATE_NOOP("OrderTableModel", "To hex"))
# Each column's share of the table's width: at 1366×768 (the table ~640 pixels wide) every
# column shows, the unit and the findings widest, the command (the tree shows it too)
# narrowest; a cut text is whole in its tooltip.
SHARES = (0.20, 0.05, 0.16, 0.08, 0.10, 0.09, 0.10, 0.22)


def _tr(text: str) -> str:
    return QCoreApplication.translate("OrderTableModel", text)


def _said(finding: Finding) -> str:
    """A finding's sentence without the clause id it ends with (the cell names it first)."""
    message = finding.message.rstrip(".")
    cite = f" ({finding.clause})"
    return message[:-len(cite)] if message.endswith(cite) else message


class OrderTableModel(QAbstractTableModel):
    """A read-only table over an :class:`OrderTable` (replace it with :meth:`set_rows`)."""

    UnitIdRole = Qt.ItemDataRole.UserRole + 1
    SortRole = Qt.ItemDataRole.UserRole + 2
    SideRole = Qt.ItemDataRole.UserRole + 3
    MissingRole = Qt.ItemDataRole.UserRole + 4  # True: no order (or a cancelled one)
    TagsRole = Qt.ItemDataRole.UserRole + 5  # "|saved|warning|": what the Show box filters on
    SearchRole = Qt.ItemDataRole.UserRole + 6  # every column's text folded: what Ctrl+F finds

    def __init__(self, fields: tuple[FieldSpec, ...] = (), parent: object | None = None, *,
                 palette: DeskPalette | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._palette = palette or DeskPalette(parent=self)  # asked at data() time
        self._rows = OrderTable()
        self._defaults = {f.name: f.default_label for f in fields if f.default_label}
        self._row_of: dict[int, int] = {}
        self._drafts: frozenset[int] = frozenset()  # units with an unsaved draft
        self._search: dict[int, str] = {}  # row → its folded text, made when first filtered
        # The rate, destination and formation columns show the rules system's own fields,
        # under their own names (Movement, Road march …), as the service picks them.
        rate, destination, formation = table_keys(f.name for f in fields)
        self._rate_key = rate or "rate"
        self._destination_key = destination or "destination"
        self._formation_key = formation
        self._headers = list(COLUMNS)
        self._headers[RATE] = COLUMN_TITLES[self._rate_key]
        self._headers[DESTINATION] = COLUMN_TITLES[self._destination_key]
        self._headers = [_tr(str(title)) for title in self._headers]

    def set_rows(self, rows: OrderTable) -> None:
        """Show new rows (after any change: one reset is cheaper than diffing 2,000 rows)."""
        self.beginResetModel()
        self._rows = rows
        self._row_of = dict(zip(rows.unit_ids, range(len(rows)), strict=True))
        self._search.clear()
        self.endResetModel()

    def set_drafts(self, unit_ids: frozenset[int]) -> None:
        """Mark the units whose order has an unsaved draft (in the state column)."""
        changed = self._drafts ^ unit_ids
        self._drafts = frozenset(unit_ids)
        for unit_id in changed:
            row = self._row_of.get(unit_id)
            if row is not None:
                self._search.pop(row, None)  # its unit and state say "draft" now, or no more
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

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
            return i18n.term(value) if key != self._destination_key else value  # rules words
        label = i18n._(self._defaults.get(key, ""))  # the rules' words: their catalogue
        if row.order_id is None or row.status == "cancelled" or not label:
            return value
        return QCoreApplication.translate("OrderTableModel", "{label} (default)").format(
            label=label)

    def _formation(self, row: OrderRow) -> str:
        if row.order_id is None or row.status == "cancelled":
            return ""
        key = self._formation_key
        if key is not None and row.formation and key not in row.defaulted:
            return i18n.term(row.formation)
        if row.current_formation:  # the order sets none: the unit keeps its own
            return QCoreApplication.translate("OrderTableModel", "{formation} (kept)").format(
                formation=i18n.term(row.current_formation))
        return self._defaulted(row, key, "") if key is not None else ""

    def _state(self, number: int) -> str:
        state = self._rows.state(number)
        closed = self._rows.closed
        text = _tr(str((CLOSED_TEXT if closed else {}).get(state, STATE_TEXT[state])))
        if state == "continued":
            text = text.format(n=self._rows.continued_from(number))
        if self._rows.unit_ids[number] in self._drafts:  # half-typed on the form, not saved
            draft = QCoreApplication.translate("OrderTableModel", "✎ {status} · unsaved draft")
            return draft.format(status=text)
        return text

    def _findings(self, row: OrderRow) -> str:
        if row.status == "cancelled" or not row.findings:
            return ""
        errors = [f for f in row.findings if f.severity is Severity.ERROR]
        warnings = [f for f in row.findings if f.severity is not Severity.ERROR]
        if errors and row.status == "overruled":
            return QCoreApplication.translate(
                "OrderTableModel", "overruled {clauses} — reason: '{reason}'").format(
                    clauses=", ".join(dict.fromkeys(f.clause for f in errors)),
                    reason=row.override_reason)
        first, kind = ((errors[0], QT_TRANSLATE_NOOP("OrderTableModel", "refused {clause}: "
                                                     "{message}")) if errors else
                       (warnings[0], QT_TRANSLATE_NOOP("OrderTableModel", "warning {clause}: "
                                                       "{message}")))
        text = _tr(str(kind)).format(clause=first.clause, message=_said(first))
        more = len(row.findings) - 1
        if more:
            text += " " + QCoreApplication.translate("OrderTableModel", "(+{n} more)").format(
                n=more)
        return text

    def _findings_tip(self, row: OrderRow) -> str | None:
        if not self._findings(row):
            return None
        lines = []
        for finding in row.findings:
            word = ("overruled" if row.status == "overruled" else "refused"
                    ) if finding.severity is Severity.ERROR else "warning"
            lines.append(f"{_tr(str(FINDING_WORDS[word]))} {finding.clause}: {finding.message}")
        if row.status == "overruled" and row.override_reason:
            lines.append(QCoreApplication.translate(
                "OrderTableModel", "The umpire's reason: '{reason}'").format(
                    reason=row.override_reason))
        worst = row.worst
        if worst is not None and clause_text(worst.clause):
            lines.append(f"{worst.clause}: {clause_text(worst.clause)}")
        return "\n".join(lines)

    def _state_tip(self, number: int) -> str:
        state = self._rows.state(number)
        tips = CLOSED_TIP if self._rows.closed else STATE_TIP
        text = _tr(str(tips.get(state, STATE_TIP[state])))
        bound = self._rows.continued_from(number)
        if state == "continued":
            return text.format(n=bound)
        if bound and state in ("draft", "cancelled"):  # what the close does instead
            text += " " + QCoreApplication.translate(
                "OrderTableModel", "The close continues its order of bound {n}.").format(n=bound)
        return text

    def _text(self, row: OrderRow, column: int, number: int) -> str:
        if column == UNIT:  # the pencil: an order half-typed and not saved (a draft)
            return f"✎ {row.unit}" if row.unit_id in self._drafts else row.unit
        if column == COMMAND:
            return row.command
        if column == WRITTEN:
            if row.status == "cancelled":
                return _tr("cancelled")
            return " / ".join(row.verbatim.split("\n")) if row.verbatim.strip() else row.summary
        if column == RATE:
            return self._defaulted(row, self._rate_key, row.rate)
        if column == DESTINATION:
            key = self._destination_key
            if row.order_id is not None and not row.destination and key not in self._defaults:
                return ""
            return self._defaulted(row, key, row.destination)
        if column == FORMATION:
            return self._formation(row)
        if column == STATE:
            return self._state(number)
        return self._findings(row)

    def _search_text(self, number: int) -> str:
        """The row's columns as shown, folded (no case, no accents: "bulow" finds "Bülow"),
        one per line: a filter typed on one line never matches across two columns."""
        found = self._search.get(number)
        if found is None:
            row = self._rows[number]
            found = self._search[number] = "\n".join(
                fold(self._text(row, column, number)) for column in range(len(COLUMNS)))
        return found

    def _sort_key(self, number: int, column: int) -> object:
        if column == UNIT:
            return number  # the order of battle's order
        if column == STATE:  # read without building the row: no order first, saved last
            state = self._rows.state(number)
            return STATES.index(state) * 10_000 + self._rows.continued_from(number)
        row = self._rows[number]
        text = self._text(row, column, number).casefold()
        if column == FINDINGS:  # refused first, then overruled, warnings, none
            tags = self._rows.tags(number)
            rank = next((i for i, tag in enumerate(("|refused|", "|overruled|", "|warning|"))
                         if tag in tags), 3)
            return f"{rank}{text}"
        return text

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role not in _ROLES or not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None  # first: a painted cell is asked for a dozen roles, most unused here
        number, column = index.row(), index.column()
        # What every row is asked for (to list a side or a state, to find the next unit
        # without an order, to sort by state) is read without building the row.
        if role == self.UnitIdRole:
            return self._rows.unit_ids[number]
        if role == self.SideRole:
            return self._rows.side(number)
        if role == self.TagsRole:
            tags = self._rows.tags(number)
            return tags + "draft|" if self._rows.unit_ids[number] in self._drafts else tags
        if role == self.MissingRole:  # what the close treats as no order (a draft too)
            return self._rows.status(number) in ("none", "cancelled", "draft")
        if role == Qt.ItemDataRole.FontRole:
            if self._rows.status(number) != "draft":
                return None
            font = QFont()
            font.setItalic(True)
            return font
        if role == self.SortRole:
            return self._sort_key(number, column)
        if role == self.SearchRole:
            return self._search_text(number)
        row = self._rows[number]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column, number)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == FINDINGS:
                return self._findings_tip(row)
            if column == STATE:
                return self._state_tip(number)
            draft = _tr(str(STATE_TIP["draft"])) if row.status == "draft" else ""
            if column == WRITTEN and row.order_id is not None and row.status != "cancelled":
                said = QCoreApplication.translate(
                    "OrderTableModel", "Written: {written}\nApplied: {applied}").format(
                        written=row.verbatim.strip() or "—", applied=row.summary)
                return f"{draft}\n{said}" if draft else said
            if draft:
                return draft
            return self._text(row, column, number) or None
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._foreground(row, column, number)
        return None

    def _foreground(self, row: OrderRow, column: int, number: int) -> object:
        if column == FINDINGS and row.findings and row.status != "cancelled":
            tags = self._rows.tags(number)
            return self._palette.brush("error" if "|refused|" in tags else "warning")
        if column in (UNIT, STATE) and (row.unit_id in self._drafts or row.status == "draft"):
            return self._palette.brush("draft")
        if column == STATE and row.state == "none":
            return self._palette.brush("missing")
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if (orientation == Qt.Orientation.Horizontal and 0 <= section < len(COLUMNS)
                and role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)):
            return self._headers[section]  # the tooltip: the whole title of a narrow column
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
    OrderTableModel.SideRole, OrderTableModel.MissingRole, OrderTableModel.TagsRole,
    OrderTableModel.SearchRole))


class OrderFilterProxy(QSortFilterProxyModel):
    """Sorts by the model's sort role and filters on any column's text, case and accents
    forgiven (the model's search role; :func:`set_text`); shows one side or all, and the
    rows of one state (the "Show" box) or all.

    The side and the state are Qt's own filters on the model's side and tags roles, in
    proxies between the model and this one: an override of ``filterAcceptsRow`` would
    run Python for each of 20,000 rows whenever the table is listed anew, a side chosen
    or not. With no side or state chosen their filters ask the model nothing.
    """

    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self.setSortRole(OrderTableModel.SortRole)
        self.setFilterRole(OrderTableModel.SearchRole)  # the whole row, folded, in column 0
        self.setFilterKeyColumn(0)
        self._sides = QSortFilterProxyModel(self)
        self._sides.setFilterRole(OrderTableModel.SideRole)
        self._sides.setFilterKeyColumn(0)
        self._states = QSortFilterProxyModel(self)
        self._states.setFilterRole(OrderTableModel.TagsRole)
        self._states.setFilterKeyColumn(0)
        self._states.setSourceModel(self._sides)
        self._state: str | None = None

    def setSourceModel(self, model: QAbstractItemModel) -> None:
        """List ``model``'s rows (through the side and state filters)."""
        self._sides.setSourceModel(model)
        super().setSourceModel(self._states)

    def set_text(self, text: str) -> None:
        """List the rows holding ``text`` in any column, case and accents forgiven."""
        self.setFilterFixedString(fold(text))

    def set_side(self, side: str | None) -> None:
        """Show one side only (None: all)."""
        self._sides.setFilterRegularExpression(QRegularExpression(
            "" if side is None else QRegularExpression.anchoredPattern(
                QRegularExpression.escape(side))))

    def set_state(self, tag: str | None) -> None:
        """Show only the rows carrying ``tag`` (one of :data:`SHOW`'s: refused, draft …;
        None: all)."""
        self._state = tag
        self._states.setFilterRegularExpression(QRegularExpression(
            "" if tag is None else QRegularExpression.escape(f"|{tag}|")))

    def state(self) -> str | None:
        """The tag shown (None: all rows)."""
        return self._state

    def order_model(self) -> QAbstractItemModel:
        """The order table's own model under the side filter (the rows the window holds)."""
        return self._sides.sourceModel()

    def listed(self, row: int) -> QModelIndex:
        """The index listing the order table model's ``row`` (invalid when it is not listed)."""
        model = cast(OrderTableModel, self._sides.sourceModel())
        return self.mapFromSource(self._states.mapFromSource(
            self._sides.mapFromSource(model.index(row, 0))))


class ColumnFitter(QObject):
    """Shares the table's width among its columns (:data:`SHARES`) as the table is resized,
    until the umpire drags a column's edge: from then on the widths are the umpire's."""

    def __init__(self, table: QTableView) -> None:
        super().__init__(table)
        self.table = table
        self.umpires = False  # the umpire has sized a column
        self._fitting = False
        table.horizontalHeader().sectionResized.connect(self._resized)
        table.installEventFilter(self)

    def fit(self) -> None:
        """Give each column its share of the viewport's width."""
        width = self.table.viewport().width()
        if width <= 0 or self.umpires:
            return
        self._fitting = True
        try:
            for column, share in enumerate(SHARES[:-1]):  # the last one stretches
                self.table.horizontalHeader().resizeSection(column, max(int(width * share), 30))
        finally:
            self._fitting = False

    def _resized(self, column: int, *_: object) -> None:
        # The last column stretches by itself as the table is resized: not the umpire.
        last = self.table.horizontalHeader().count() - 1
        if not self._fitting and self.table.isVisible() and column != last:
            self.umpires = True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self.fit()
        return False


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
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    header = table.horizontalHeader()
    header.setStretchLastSection(True)
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    header.setMinimumSectionSize(30)
    header.setDefaultSectionSize(60)  # the stretched last column may be narrower than 100
    table.column_fitter = ColumnFitter(table)  # type: ignore[attr-defined]  # kept with it
    return table
