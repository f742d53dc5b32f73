"""Battles of Waterloo: the LIM panel — the cup, the current activation, the moves under it.

The desk records each chit and roll as the umpire makes it at the table (or
draws and rolls itself, seeded, when asked) and never invents one. Left, the
pool in full: the chits drawn, in order, with each activation's result, then
those still in the cup, among which the umpire chooses the one pulled out
(Enter). Right, the current activation (its LIM, command, option and roll),
and a table of the units it lets move, each with the Movement & Command
table's answer and that row's own clause, and the moves recorded under it.

The panel is laid out for a 1366×768 screen below the order table: nothing
scrolls sideways; long names wrap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QModelIndex, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desk import i18n
from desk.services.errors import LimError
from desk.services.lim.views import CupView
from desk.ui.changes import Change
from desk.ui.lim import view as lim_view
from desk.ui.lim.controller import LimController
from desk.ui.lim.models import CHIT_ROLE, ActivationModel, ActivationRow, fill_pool_list
from desk.ui.lim.widgets import ActivationTable, action_button, cup_list
from desk.ui.widgets import compact_combo, fit_popup

if TYPE_CHECKING:
    from desk.ui.dialogs import Dialogs
    from desk.ui.operations import Operations

# Marked here, translated where shown (the window's language is known only then).
PHASES = (("operations", QT_TRANSLATE_NOOP("LimPanel", "Operations phase")),
          ("no-lim", QT_TRANSLATE_NOOP("LimPanel", "No LIM phase")),
          ("out-of-command", QT_TRANSLATE_NOOP("LimPanel", "Out of Command phase")))
OPTIONS = (("move-unit", QT_TRANSLATE_NOOP("LimPanel", "move one unit (BOW-3)")),
           ("activate-command", QT_TRANSLATE_NOOP("LimPanel", "activate one command (BOW-4/5)")),
           ("move-leaders", QT_TRANSLATE_NOOP("LimPanel", "move leaders (BOW-11)")))


class LimPanel(QWidget):
    """The turn's LIM pool and current activation; every step goes through the operations layer."""

    def __init__(self, ops: Operations, dialogs: Dialogs, parent: QWidget | None = None, *,
                 choose_unit: Callable[[int], None] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lim_panel")
        self.ops, self.dialogs = ops, dialogs
        # The window's one chosen unit (the form's): a row chosen in the activation table
        # chooses it there, and the window tells the panel of every other choice.
        self._choose_unit = choose_unit
        self.form_unit: int | None = None
        self._placing = False  # the panel itself moves the table's current row
        self.cup: CupView | None = None  # as last shown: its version guards each step
        self._shown_seq = -1  # the draw whose command the roll box last took
        self._drawn: list[str] = []
        self._cup_phase = "operations"  # the cup's phase as last shown
        self._movements = next((tuple(c for c in f.choices if c != "none")
                                for f in ops.system.order_fields() if f.name == "movement"), ())
        self.controller = LimController(ops=ops, dialogs=dialogs, panel=self)
        act = self.controller
        self.title = QLabel("")
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.phase_box = compact_combo(chars=14)
        for code, label in PHASES:
            self.phase_box.addItem(QCoreApplication.translate("LimPanel", str(label)), code)
        self.phase_box.currentIndexChanged.connect(self._phase_chosen)
        self.build_button = action_button(self.tr("Build pool"), self.tr(
            "Put every LIM of the turn into the pool"), "Ctrl+Shift+L")
        self.build_button.clicked.connect(act.build)

        # The pool: drawn then in the cup; Enter on a chit records it as pulled from the cup.
        self.pool_list = cup_list()
        self.pool_list.itemActivated.connect(lambda _item: act.record_pulled())
        self.cup_button = QPushButton(self.tr("&Pulled from cup"))
        self.cup_button.setToolTip(self.tr(
            "Record the chit chosen in the cup as the one pulled out at the table; "
            "the key goes to the cup, Enter there records the chit (Ctrl+L)"))
        self.cup_button.clicked.connect(act.record_pulled)
        # Ctrl+L only goes to the cup, Enter records: a chit is never recorded before the
        # umpire has seen which one is chosen, nor twice by Ctrl+L then Enter.
        self.cup_key = QShortcut(QKeySequence("Ctrl+L"), self.pool_list)
        self.cup_key.setContext(Qt.ShortcutContext.WindowShortcut)
        self.cup_key.activated.connect(self.go_to_cup)
        self.first_button = action_button(self.tr("Initiative's choice"), self.tr(
            "Record the chit chosen in the cup as the initiative winner's first choice"),
            "Ctrl+Shift+F")
        self.first_button.clicked.connect(act.first_choice)
        self.draw_button = action_button(self.tr("Desk draws"), self.tr(
            "Let the desk draw the next LIM from the pool (seeded)"), "Ctrl+Shift+G")
        self.draw_button.clicked.connect(act.draw)

        # The current activation: what was drawn, the roll, the option, the idle.
        self.activation_label = QLabel("")
        self.activation_label.setObjectName("lim_activation")
        self.activation_label.setWordWrap(True)
        self.activation_label.setTextFormat(Qt.TextFormat.RichText)
        self.command_box = compact_combo(chars=10)
        self.roll_box = QSpinBox()
        self.roll_box.setRange(1, 10)
        self.roll_button = action_button(self.tr("Record roll"), self.tr(
            "Record the d10 activation roll typed for the command (BOW-F1)"), "Ctrl+Shift+D")
        self.roll_button.clicked.connect(act.record_roll)
        self.desk_roll_button = action_button(self.tr("Desk rolls"), self.tr(
            "Let the desk roll the command's activation d10 (seeded, BOW-F1)"), "Ctrl+Shift+T")
        self.desk_roll_button.clicked.connect(act.desk_roll)
        self.option_box = compact_combo(chars=10)
        for code, label in OPTIONS:
            self.option_box.addItem(QCoreApplication.translate("LimPanel", str(label)), code)
        self.option_button = action_button(self.tr("Take option"), self.tr(
            "Record the option taken for the Orders LIM (BOW-11)"), "Ctrl+Shift+O")
        self.option_button.clicked.connect(act.take_option)
        self.idle_button = action_button(self.tr("Idle command"), self.tr(
            "The command does nothing more this turn (BOW-F3)"), "Ctrl+Shift+I")
        self.idle_button.clicked.connect(act.idle)
        self._fill_commands()
        for box in (self.phase_box, self.option_box):
            fit_popup(box)

        # The units under the activation, and a move recorded for the one chosen.
        self.allowed_model = ActivationModel(self)
        self.allowed = ActivationTable(self.allowed_model)
        self.allowed.selectionModel().currentRowChanged.connect(lambda *_: self._row_chosen())
        self.stay_label = QLabel("")
        self.stay_label.setObjectName("lim_stay")
        self.stay_label.setWordWrap(True)
        self.movement_box = compact_combo(chars=9)
        self.hex_edit = QLineEdit()
        self.hex_edit.setPlaceholderText(self.tr("hex"))
        self.hex_edit.setMaxLength(8)
        self.hex_edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("0000000") + 16)
        self.hex_edit.returnPressed.connect(act.record_move)
        self.move_button = action_button(self.tr("Record move"), self.tr(
            "Record the chosen unit's move under this activation"), "Ctrl+Shift+M")
        self.move_button.clicked.connect(act.record_move)
        self._lay_out()
        ops.campaign_changed.connect(self.refresh)
        self.refresh()

    def _lay_out(self) -> None:
        # The cup goes in the window's left column (below the order of battle), the
        # activation below the order table: each has the width its lines need.
        self.cup_part = QWidget()
        self.cup_part.setObjectName("lim_cup")
        head = QHBoxLayout()
        head.addWidget(self.phase_box, 1)
        head.addWidget(self.build_button)
        pulled = QHBoxLayout()
        pulled.addWidget(self.cup_button)
        pulled.addWidget(self.first_button)
        cup = QVBoxLayout(self.cup_part)
        cup.setContentsMargins(4, 2, 4, 2)
        cup.addWidget(self.title)
        cup.addLayout(head)
        cup.addWidget(self.pool_list, 1)
        cup.addLayout(pulled)
        cup.addWidget(self.draw_button)
        steps = QGridLayout()
        steps.addWidget(self.command_box, 0, 0)
        steps.addWidget(self.roll_box, 0, 1)
        steps.addWidget(self.roll_button, 0, 2)
        steps.addWidget(self.desk_roll_button, 0, 3)
        steps.addWidget(self.option_box, 1, 0, 1, 2)
        steps.addWidget(self.option_button, 1, 2)
        steps.addWidget(self.idle_button, 1, 3)
        steps.setColumnStretch(0, 1)
        move = QHBoxLayout()
        move.addWidget(QLabel(self.tr("Move:")))
        move.addWidget(self.movement_box, 1)
        move.addWidget(self.hex_edit)
        move.addWidget(self.move_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.activation_label)
        layout.addLayout(steps)
        layout.addWidget(self.allowed, 1)
        layout.addWidget(self.stay_label)
        layout.addLayout(move)

    def seen_version(self) -> int | None:
        """The version of the pool as shown (None: none shown): each step passes it on."""
        return self.cup.version if self.cup is not None else None

    def draw(self) -> None:
        """The desk draws the next LIM (as Ctrl+Shift+G)."""
        self.controller.draw()

    def idle(self) -> None:
        """Idle the chosen command, asking why (as Ctrl+Shift+I)."""
        self.controller.idle()

    def go_to_cup(self) -> None:
        """Ctrl+L: the focus to the cup's chits (Enter there records the one chosen)."""
        if self.cup_button.isEnabled():
            self.pool_list.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def drawn_lines(self) -> list[str]:
        """The drawn list as shown, one line a draw, in order."""
        return list(self._drawn)

    def chosen_chit(self) -> str | None:
        """The chit chosen in the cup (None: none, or a drawn one)."""
        item = self.pool_list.currentItem()
        chit = item.data(CHIT_ROLE) if item is not None else None
        return str(chit) if chit else None

    def chosen_unit(self) -> int | None:
        """The unit a move is recorded for: the window's chosen unit, the one the form shows
        (None: none chosen). A panel without a window takes the activation table's row."""
        if self._choose_unit is not None:
            return self.form_unit
        index = self.allowed.currentIndex()
        unit = self.allowed_model.data(index, Qt.ItemDataRole.UserRole)
        return int(unit) if isinstance(unit, int) else None

    def unit_name(self, unit_id: int) -> str:
        """The unit's name, as the activation table or the order table gives it."""
        name = self.allowed_model.unit_name(unit_id)
        if name == str(unit_id):
            return next((r.unit for r in self.ops.order_rows() if r.unit_id == unit_id), name)
        return name

    def show_unit(self, unit_id: int | None) -> None:
        """The window chose ``unit_id`` (None: none): its row becomes the table's current
        one, or none when it is not under this activation, and the move's choices follow."""
        self.form_unit = unit_id
        self._place_row()
        self._unit_chosen()

    def _place_row(self) -> None:
        rows = self.allowed_model.rows()
        at = next((n for n, r in enumerate(rows) if r.unit_id == self.chosen_unit()), -1)
        self._placing = True
        try:
            index = self.allowed_model.index(at, 0) if at >= 0 else QModelIndex()
            self.allowed.setCurrentIndex(index)
            if at < 0:
                self.allowed.clearSelection()
        finally:
            self._placing = False

    def _row_chosen(self) -> None:
        """A row chosen in the activation table: its unit becomes the window's chosen one."""
        if not self._placing and self._choose_unit is not None:
            index = self.allowed.currentIndex()
            unit = self.allowed_model.data(index, Qt.ItemDataRole.UserRole)
            if isinstance(unit, int) and unit != self.form_unit:
                self._choose_unit(unit)  # the window tells the panel back (show_unit)
        self._unit_chosen()

    def _phase_chosen(self) -> None:
        """The phase the umpire says the turn is in; the No LIM phase waits for an empty cup."""
        phase = str(self.phase_box.currentData())
        left = len(self.cup.in_cup) if self.cup is not None else 0
        if phase == "no-lim" and left:
            self.dialogs.show_error(LimError(self.tr(
                "{n} LIMs are still in the cup: the No LIM phase begins only when every LIM "
                "of the turn is drawn (BOW-6).").format(n=left)))
            self.phase_box.setCurrentIndex(max(self.phase_box.findData(self.ops.lim.phase), 0))
            return
        self.ops.lim.set_phase(phase)

    def _unit_chosen(self) -> None:
        """Offer the movement types the chosen unit's row allows first, then the others
        (a move the table refuses may still be recorded, overruled with a reason)."""
        rows = self.allowed_model.rows()
        found = next((r for r in rows if r.unit_id == self.chosen_unit()), None)
        allowed = list(found.codes) if found is not None else []
        box, chosen = self.movement_box, self.movement_box.currentData()
        box.clear()
        for code in allowed + [c for c in self._movements if c not in allowed]:
            box.addItem(i18n.term(code), code)
            if code not in allowed:
                box.setItemData(box.count() - 1, self.tr("Not allowed now: overrule with a "
                                                         "reason"), Qt.ItemDataRole.ToolTipRole)
        box.setCurrentIndex(max(box.findData(chosen) if chosen in allowed else 0, 0))
        fit_popup(box)

    def _fill_commands(self) -> None:
        chosen = self.command_box.currentData()
        self.command_box.clear()
        for label, command_id in lim_view.command_items(self.ops):
            self.command_box.addItem(label, command_id)
        self.command_box.setCurrentIndex(max(self.command_box.findData(chosen), 0))
        fit_popup(self.command_box)

    def refresh(self, kind: str = "") -> None:
        """Show the cup, the current activation and the units under it."""
        if kind == Change.ORDER and (self.cup is None or self.cup.current is None):
            return  # an order changes no chit; only the units an activation lists
        if kind in (Change.OOB, Change.RELOAD):  # commands may have come (an import, another
            self._fill_commands()  # umpire)
        cup = self.cup = self.ops.lim.cup()
        live = self.ops.context.bound_open and not self.ops.read_only
        current = cup.current if cup is not None else None
        left = bool(cup and cup.in_cup)
        commands = self.command_box.count() > 0
        self.build_button.setEnabled(live and not (cup and cup.activations))
        for button in (self.cup_button, self.draw_button):
            button.setEnabled(live and left)
        self.first_button.setEnabled(live and left and not (cup and cup.activations))
        self.option_button.setEnabled(live and current is not None and current.kind == "orders"
                                      and not current.orders_option)
        for button in (self.roll_button, self.desk_roll_button, self.idle_button):
            button.setEnabled(live and cup is not None and commands)
        self._follow(cup)
        self.title.setText(lim_view.title_html(cup))
        self.activation_label.setText(lim_view.activation_html(cup))
        self._drawn = [lim_view.draw_line(a) for a in cup.activations] if cup else []
        fill_pool_list(self.pool_list, drawn=self._drawn, cup=cup.items if cup else ())
        rows: list[ActivationRow] = []
        stay = ""
        if current is not None:
            rows, stay = lim_view.activation_rows(self.ops)
            rows = lim_view.with_moves(rows, moves=current.moves,
                                       pending=self.ops.lim.pending_moves() if live else ())
        self.allowed_model.set_rows(rows)
        self.allowed.fit_columns()
        self.stay_label.setText(stay)
        if self._choose_unit is None and rows and self.chosen_unit() is None:
            self.allowed.setCurrentIndex(self.allowed_model.index(0, 0))  # no window: the first
        self._place_row()  # the chosen unit's row, or none: never another unit's
        self._unit_chosen()
        for widget in (self.move_button, self.movement_box, self.hex_edit):
            widget.setEnabled(live and bool(rows))

    def focus_next_step(self) -> None:
        """After a draw, an option or a roll, the keyboard goes to the umpire's next decision,
        so a turn is played from the keys alone: an Orders LIM's option (BOW-11), then for
        "activate one command" the command and its roll, then the units it lets move."""
        self.refresh()
        current = self.cup.current if self.cup is not None else None
        if current is None:
            return
        reason = Qt.FocusReason.OtherFocusReason
        if current.kind == "orders" and not current.orders_option:
            self.option_box.setFocus(reason)
        elif current.kind == "orders" and current.orders_option == "activate-command" \
                and current.roll is None:
            self.command_box.setFocus(reason)
        elif self.allowed_model.rowCount() > 0:
            self.allowed.setFocus(reason)
            if not self.allowed.currentIndex().isValid():
                self.allowed.setCurrentIndex(self.allowed_model.index(0, 0))
        else:
            self.pool_list.setFocus(reason)

    def _follow(self, cup: CupView | None) -> None:
        """A new activation: its command takes the roll box; an emptied cup, the No LIM phase."""
        current = cup.current if cup is not None else None
        seq = current.seq if current is not None else 0
        if seq != self._shown_seq and current is not None and current.command:
            found = self.command_box.findText(current.command, Qt.MatchFlag.MatchStartsWith)
            if found >= 0:
                self.command_box.setCurrentIndex(found)
        elif seq != self._shown_seq and current is not None and current.side:
            # An Orders LIM names no command: offer its own side's first, not the other's.
            found = self.command_box.findText(f"({current.side})", Qt.MatchFlag.MatchEndsWith)
            if found >= 0:
                self.command_box.setCurrentIndex(found)
        self._shown_seq = seq
        phase = cup.phase if cup is not None else "operations"
        if phase != self._cup_phase:  # the cup emptied (or an undo refilled it)
            self._cup_phase = phase
            at = self.phase_box.findData(phase)
            if at >= 0 and at != self.phase_box.currentIndex():
                self.phase_box.setCurrentIndex(at)  # tells the form, through set_phase

