"""Battles of Waterloo: the LIM pool panel — build, draw, Orders option, activation rolls.

The desk records each draw and roll the umpire makes and never invents one.
Below the pool, a table says what each unit may do now under the LIM just
drawn (the Movement & Command table's answer, BOW-1 … BOW-12); the order form
checks each order exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import (
    QGridLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desk import i18n
from desk.services.campaign.info import CommandNode
from desk.services.dto import LimPoolView
from desk.services.screens.lim_panel import units_now
from desk.services.screens.startup import oob_nodes
from desk.ui.widgets import compact_combo, fit_popup

if TYPE_CHECKING:
    from desk.ui.dialogs import Dialogs
    from desk.ui.operations import Operations

Index = QModelIndex | QPersistentModelIndex
# Marked here, translated where shown (the window's language is known only then).
PHASES = (("operations", QT_TRANSLATE_NOOP("LimPanel", "Operations phase")),
          ("no-lim", QT_TRANSLATE_NOOP("LimPanel", "No LIM phase")),
          ("out-of-command", QT_TRANSLATE_NOOP("LimPanel", "Out of Command phase")))
OPTIONS = (("move-unit", QT_TRANSLATE_NOOP("LimPanel", "move one unit (BOW-3)")),
           ("activate-command", QT_TRANSLATE_NOOP("LimPanel", "activate one command (BOW-4/5)")),
           ("move-leaders", QT_TRANSLATE_NOOP("LimPanel", "move leaders (BOW-11)")))


class AllowedModel(QAbstractTableModel):
    """Unit, command and what the table allows it now, as plain strings."""

    COLUMNS = (QT_TRANSLATE_NOOP("AllowedModel", "Unit"),
               QT_TRANSLATE_NOOP("AllowedModel", "Command"),
               QT_TRANSLATE_NOOP("AllowedModel", "May now"))

    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._rows: tuple[tuple[str, str, str], ...] = ()

    def set_rows(self, rows: Sequence[tuple[str, str, str]]) -> None:
        """Replace the rows."""
        self.beginResetModel()
        self._rows = tuple(rows)
        self.endResetModel()

    def rows(self) -> tuple[tuple[str, str, str], ...]:
        """The rows shown."""
        return self._rows

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else 3

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self._rows[index.row()][index.column()]
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < 3):
            return QCoreApplication.translate("AllowedModel", str(self.COLUMNS[section]))
        return None


def _commands(nodes: Sequence[CommandNode]) -> list[CommandNode]:
    found: list[CommandNode] = []
    for node in nodes:
        found.append(node)
        found.extend(_commands(node.commands))
    return found


class LimPanel(QWidget):
    """The turn's LIM pool; every button goes through the operations layer."""

    def __init__(self, ops: Operations, dialogs: Dialogs, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lim_panel")
        self.ops, self.dialogs = ops, dialogs
        self.pool: LimPoolView | None = None  # as last shown: its version guards each step
        self.phase_box = compact_combo()
        for code, label in PHASES:
            self.phase_box.addItem(QCoreApplication.translate("LimPanel", str(label)), code)
        self.phase_box.currentIndexChanged.connect(
            lambda: ops.lim.set_phase(str(self.phase_box.currentData())))
        self.build_button = QPushButton(self.tr("Build pool"))
        self.build_button.setToolTip(
            self.tr("Put every LIM of the turn into the pool (Ctrl+Shift+L)"))
        self.build_button.setShortcut("Ctrl+Shift+L")
        self.build_button.clicked.connect(lambda: self._do(
            lambda: ops.lim.build_pool(seen_version=self.seen_version())))
        self.draw_button = QPushButton(self.tr("&Draw next LIM"))
        self.draw_button.setToolTip(self.tr("Draw the next LIM from the pool (Ctrl+L)"))
        self.draw_button.setShortcut("Ctrl+L")
        self.draw_button.clicked.connect(self.draw)
        self.option_box = compact_combo()
        for code, label in OPTIONS:
            self.option_box.addItem(QCoreApplication.translate("LimPanel", str(label)), code)
        self.option_button = QPushButton(self.tr("Take option"))
        self.option_button.setToolTip(self.tr("Record the option taken for the Orders LIM "
                                              "(BOW-11) (Ctrl+Shift+O)"))
        self.option_button.setShortcut("Ctrl+Shift+O")
        self.option_button.clicked.connect(lambda: self._do(
            lambda: ops.lim.choose_orders_option(str(self.option_box.currentData()),
                                             seen_version=self.seen_version())))
        self.command_box = compact_combo(chars=12)
        self._fill_commands()
        for box in (self.phase_box, self.option_box):
            fit_popup(box)
        self.roll_box = QSpinBox()
        self.roll_box.setRange(1, 10)
        self.roll_button = QPushButton(self.tr("Record roll"))
        self.roll_button.setToolTip(self.tr("Record a d10 activation roll for the command "
                                            "(BOW-F1) (Ctrl+Shift+D)"))
        self.roll_button.setShortcut("Ctrl+Shift+D")
        self.roll_button.clicked.connect(lambda: self._do(lambda: ops.lim.record_activation(
            command_id=int(self.command_box.currentData()), roll=self.roll_box.value(),
            seen_version=self.seen_version())))
        self.idle_button = QPushButton(self.tr("Idle command"))
        self.idle_button.setToolTip(self.tr("The command does nothing more this turn (BOW-F3) "
                                            "(Ctrl+Shift+I)"))
        self.idle_button.setShortcut("Ctrl+Shift+I")
        self.idle_button.clicked.connect(self.idle)
        self.pool_label = QLabel("")
        self.pool_label.setObjectName("pool_state")
        self.pool_label.setWordWrap(True)
        self.pool_label.setTextFormat(Qt.TextFormat.RichText)
        self.allowed_model = AllowedModel(self)
        self.allowed = QTableView()
        self.allowed.setModel(self.allowed_model)
        self.allowed.verticalHeader().hide()
        self.allowed.verticalHeader().setDefaultSectionSize(22)
        self.allowed.setWordWrap(False)
        self.allowed.horizontalHeader().setStretchLastSection(True)
        self.allowed.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)

        grid = QGridLayout()
        grid.addWidget(QLabel(self.tr("<b>LIM pool</b>")), 0, 0)
        grid.addWidget(self.phase_box, 0, 1, 1, 2)
        grid.addWidget(self.build_button, 1, 0)
        grid.addWidget(self.draw_button, 1, 1, 1, 2)
        grid.addWidget(self.option_box, 2, 0, 1, 2)
        grid.addWidget(self.option_button, 2, 2)
        grid.addWidget(self.command_box, 3, 0)
        grid.addWidget(self.roll_box, 3, 1)
        grid.addWidget(self.roll_button, 3, 2)
        grid.addWidget(self.idle_button, 4, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(grid)
        layout.addWidget(self.pool_label)
        layout.addWidget(self.allowed, 1)
        ops.campaign_changed.connect(self.refresh)
        self.refresh()

    def seen_version(self) -> int | None:
        """The version of the pool as shown (None: none shown): each step passes it on."""
        return self.pool.version if self.pool is not None else None

    def _do(self, work: Any) -> None:
        try:
            work()
        except Exception as exc:  # a refused draw or roll: one dialog (the window's)
            if self.dialogs.show_error(exc):
                self.ops.reload()

    def draw(self) -> None:
        """Draw the next LIM."""
        self._do(lambda: self.ops.lim.draw_lim(seen_version=self.seen_version()))

    def idle(self) -> None:
        """Idle the chosen command for the rest of the turn, with the umpire's reason."""
        if self.command_box.currentData() is None:  # a battle without commands yet
            return
        command_id = int(self.command_box.currentData())
        command = self.command_box.currentText()
        reason = self.dialogs.idle_reason(command=command)
        if reason is not None:
            self._do(lambda: self.ops.lim.idle_command(command_id=command_id, reason=reason,
                                                   seen_version=self.seen_version()))

    def _fill_commands(self) -> None:
        chosen = self.command_box.currentData()
        self.command_box.clear()
        for side in self.ops.read(oob_nodes, campaign_id=self.ops.context.campaign_id):
            for command in _commands(side.commands):
                self.command_box.addItem(f"{command.name} ({side.name})", command.id)
        self.command_box.setCurrentIndex(max(self.command_box.findData(chosen), 0))
        fit_popup(self.command_box)

    def refresh(self, kind: str = "") -> None:
        """Show the pool and what each unit may do now."""
        if kind in ("oob", "reload"):  # commands may have come (an import, another umpire)
            self._fill_commands()
        pool = self.pool = self.ops.lim_pool()
        live = self.ops.context.bound_open and not self.ops.read_only
        self.build_button.setEnabled(live and (pool is None or not pool.draws))
        self.draw_button.setEnabled(live and pool is not None and bool(pool.remaining))
        last = pool.draws[-1] if pool and pool.draws else None
        self.option_button.setEnabled(live and last is not None and last.lim.endswith("Orders")
                                      and not last.orders_option)
        self.roll_button.setEnabled(live and pool is not None and self.command_box.count() > 0)
        self.idle_button.setEnabled(live and pool is not None and self.command_box.count() > 0)
        if pool is None:
            self.pool_label.setText(self.tr("No pool for this bound yet: build it."))
            self.allowed_model.set_rows(())
            return
        drawn = "".join(
            f"<li>{d.lim}" + (f" — {d.orders_option}" if d.orders_option else "")
            + (" — " + (self.tr("roll {roll} vs {rating}: activated") if d.success
                        else self.tr("roll {roll} vs {rating}: failed")).format(
                            roll=d.roll, rating=d.rating)
               if d.roll is not None else "") + (f" <i>{d.note}</i>" if d.note else "")
            + "</li>" for d in pool.draws)
        idle = ("<br>" + self.tr("Idle: {commands}").format(
            commands=", ".join(pool.idle_commands))) if pool.idle_commands else ""
        left = self.tr("Turn {turn}: {left} of {total} LIMs left in the pool.").format(
            turn=pool.bound, left=len(pool.remaining), total=len(pool.chits))
        self.pool_label.setText(f"{left}{idle}"
                                f"<ol style='margin:0'>{drawn}</ol>")  # the list numbers the draws
        self.allowed_model.set_rows(self._allowed_rows())

    def _allowed_rows(self) -> list[tuple[str, str, str]]:
        # the movement table's own question, asked only of the system that has one
        evaluate = getattr(self.ops.system, "evaluate", None)
        if evaluate is None:
            return []
        rows = []
        for now in self.ops.read(units_now, battle_id=self.ops.battle_id):
            found = evaluate(unit=now.unit, state=now.state,
                                    situation={**now.situation, "phase": self.ops.lim.phase})
            names = ", ".join(i18n.term(m) for m in found.movement_types)
            rows.append((now.unit.name, now.unit.command,
                         f"{names} ({found.row})" if found.row and names else self.tr("stays")))
        return rows
