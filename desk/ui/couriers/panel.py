"""The courier ledger: a dock listing every dispatch with its state, and a line to write one.

Each dispatch is written through the operations layer (one transaction, one
change notice) and pushed on the undo stack: undo takes the writing back (and
the order it made at once, within reach), redo writes it again (new rolls'
numbers under the same seed). Deliveries happen at the close; undoing the
close (reopen) takes them back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desk.services.couriers import DispatchView, ledger, remove_dispatch, write_dispatch
from desk.services.couriers.names import Correspondent, address_book
from desk.services.errors import ServiceError
from desk.ui.changes import Change
from desk.ui.undo import DoneOnPush
from desk.ui.widgets import FittingCombo, compact_combo, fit_popup

if TYPE_CHECKING:
    from desk.ui.dialogs import Dialogs
    from desk.ui.operations import Operations

Index = QModelIndex | QPersistentModelIndex
translate = QCoreApplication.translate


class LedgerModel(QAbstractTableModel):
    """The dispatches as rows: number, bound, time, from, to, text, state."""

    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._rows: tuple[DispatchView, ...] = ()

    def columns(self) -> tuple[str, ...]:
        """The column titles, in the window's language."""
        return (translate("LedgerModel", "No."), translate("LedgerModel", "Bound"),
                translate("LedgerModel", "Time"), translate("LedgerModel", "From"),
                translate("LedgerModel", "To"), translate("LedgerModel", "Text"),
                translate("LedgerModel", "State"))

    def set_rows(self, rows: Sequence[DispatchView]) -> None:
        """Replace the rows."""
        self.beginResetModel()
        self._rows = tuple(rows)
        self.endResetModel()

    def rows(self) -> tuple[DispatchView, ...]:
        """The dispatches shown."""
        return self._rows

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else 7

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        v = self._rows[index.row()]
        via = f" ({', '.join(v.via)})" if v.via else ""
        state = v.state + (f" — {v.override_reason}" if v.override_reason else "")
        return (str(v.id), str(v.bound), v.game_time, v.writer, v.recipient + via, v.text,
                state)[index.column()]

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < 7):
            return self.columns()[section]
        return None


@dataclass(frozen=True)
class DispatchLine:
    """The dispatch the umpire wrote on the line: what the first writing and its redo send."""

    writer_id: int
    to_unit_id: int | None
    to_command_id: int | None
    text: str
    route: str
    delay: int | None

    def write(self, ops: Operations) -> DispatchView:
        """Write it in the open bound, one transaction, one change notice."""
        return ops.write(lambda s: write_dispatch(
            session=s, battle_id=ops.battle_id, seen_bound=ops.context.current_bound,
            writer_id=self.writer_id, to_unit_id=self.to_unit_id,
            to_command_id=self.to_command_id, text=self.text, route=self.route,
            delay=self.delay), Change.ORDER)


class DispatchCommand(DoneOnPush):
    """Writing one dispatch: undo takes it back, redo writes it again."""

    def __init__(self, *, text: str, panel: CourierPanel, line: DispatchLine,
                 view: DispatchView) -> None:
        super().__init__(text, on_error=panel.ops.failed.emit)
        self.panel, self.line, self.view = panel, line, view

    def take_back(self) -> None:
        self.panel.ops.write(lambda s: remove_dispatch(session=s, dispatch_id=self.view.id,
                                                       seen_version=self.view.version),
                             Change.ORDER)

    def apply_again(self) -> None:
        self.view = self.line.write(self.panel.ops)


class CourierPanel(QWidget):
    """Write a dispatch (from, to, text, route, delay) and read the ledger below."""

    def __init__(self, ops: Operations, dialogs: Dialogs, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("courier_panel")
        self.ops, self.dialogs = ops, dialogs
        self.book: tuple[Correspondent, ...] = ()
        self.writer_box = compact_combo(chars=14)
        self.writer_box.setAccessibleName(self.tr("Dispatch from"))
        self.recipient_box = compact_combo(chars=14)
        self.recipient_box.setAccessibleName(self.tr("Dispatch to"))
        self.text_edit = QLineEdit()
        self.text_edit.setPlaceholderText(self.tr("The dispatch as written"))
        self.text_edit.setAccessibleName(self.tr("Dispatch text"))
        self.route_box = FittingCombo()
        self.route_box.addItem(self.tr("direct"), "direct")
        self.route_box.addItem(self.tr("down the chain"), "chain")
        self.route_box.setAccessibleName(self.tr("Route"))
        self.delay_spin = QSpinBox()
        self.delay_spin.setRange(0, 99)
        self.delay_spin.setSpecialValueText(self.tr("delay: by distance"))
        self.delay_spin.setSuffix(self.tr(" bounds"))
        self.delay_spin.setAccessibleName(self.tr("Delay in bounds (0: by distance)"))
        self.write_button = QPushButton(self.tr("&Write dispatch"))
        self.write_button.setToolTip(self.tr("Write the dispatch in the open bound (Enter in "
                                             "the text)"))
        self.model = LedgerModel(self)
        self.table = QTableView()
        self.table.setObjectName("ledger_table")
        self.table.setModel(self.model)
        self.table.setAccessibleName(self.tr("Courier ledger"))
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        line = QHBoxLayout()
        line.addWidget(self.writer_box)
        line.addWidget(self.recipient_box)
        line.addWidget(self.text_edit, 1)
        line.addWidget(self.route_box)
        line.addWidget(self.delay_spin)
        line.addWidget(self.write_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(line)
        layout.addWidget(self.table, 1)
        self.writer_box.currentIndexChanged.connect(self._fill_recipients)
        self.write_button.clicked.connect(self.write)
        self.text_edit.returnPressed.connect(self.write)
        ops.campaign_changed.connect(self.refresh)
        self.refresh(Change.RELOAD)

    def sizeHint(self) -> QSize:
        # A strip under the table: the order form above keeps its room on a laptop.
        return QSize(900, 170)

    def refresh(self, kind: Change = Change.RELOAD) -> None:
        """Read the ledger again (and the leaders after a reload or new units)."""
        if kind in (Change.RELOAD, Change.OOB) or not self.book:
            self.book = self.ops.read(
                lambda s: address_book(session=s, campaign_id=self.ops.context.campaign_id))
            chosen = self.writer_box.currentData()
            self.writer_box.blockSignals(True)
            self.writer_box.clear()
            for person in self.book:
                self.writer_box.addItem(person.name, person.leader_id)
            at = self.writer_box.findData(chosen)
            self.writer_box.setCurrentIndex(max(at, 0))
            self.writer_box.blockSignals(False)
            fit_popup(self.writer_box)
            self._fill_recipients()
        if kind in (Change.PHASE, Change.SHOWN):
            return
        self.model.set_rows(self.ops.read(lambda s: ledger(session=s,
                                                           battle_id=self.ops.battle_id)))
        live = self.ops.context.bound_open and not self.ops.read_only
        self.write_button.setEnabled(live)

    def _fill_recipients(self) -> None:
        leader = self.writer_box.currentData()
        person = next((p for p in self.book if p.leader_id == leader), None)
        self.recipient_box.clear()
        for unit_id, command_id, name in person.recipients if person else ():
            self.recipient_box.addItem(name, (unit_id, command_id))
        fit_popup(self.recipient_box)

    def write(self) -> None:
        """Write the dispatch the line describes; a refusal is shown in one sentence."""
        target = self.recipient_box.currentData()
        if self.writer_box.currentData() is None or not target:
            return
        delay = self.delay_spin.value() or None
        line = DispatchLine(writer_id=self.writer_box.currentData(), to_unit_id=target[0],
                            to_command_id=target[1], text=self.text_edit.text(),
                            route=self.route_box.currentData(), delay=delay)
        try:
            view = line.write(self.ops)
        except ServiceError as exc:  # a refusal: one sentence, nothing written
            if self.dialogs.show_error(exc):
                self.ops.reload()
            return
        self.ops.push(DispatchCommand(
            text=self.tr("Dispatch to {to}").format(to=view.recipient), panel=self,
            line=line, view=view))
        self.text_edit.clear()

