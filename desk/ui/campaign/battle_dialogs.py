"""The battle dialogs: a new battle (name, commands, date, clock, seed), the aftermath review,
the bound diff.

The aftermath review shows the close summary of the open bound first (ending a
battle closes it), the recovery rules (a preset, then any number over it) and a
row per unit: started with, ended with, lost, returning, and the strength it
carries on, which the umpire may change with a reason in the next cell. A changed
result without a reason is refused in the dialog's own line, and nothing is ended.
Enter commits a cell and never ends the battle: only the End the battle button does,
and the dialog says which backup brings the campaign back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt, QTime
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidgetItem,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from desk.services.battles import BattleRefused
from desk.services.battles.aftermath import Aftermath
from desk.services.battles.diff import BoundDiff
from desk.services.battles.recovery import METHODS, PRESETS, RecoveryRules, recovery_rules
from desk.ui.campaign.view import read_only_table
from desk.ui.widgets import FittingCombo


@dataclass(frozen=True)
class NewBattle:
    """What the New battle dialog asks, as ``desk new-battle`` takes it."""

    name: str
    commands: tuple[str, ...]  # none: all of them
    date: str
    start_time: str  # HH:MM, the game clock of bound 1
    minutes_per_bound: int
    seed: int


class NewBattleDialog(QDialog):
    """A new battle: its name, the commands taking part (none ticked: all of them), its
    date, the game clock of bound 1, the minutes a bound and the seed of its draws (the
    command line's ``desk new-battle`` options, with the same defaults)."""

    def __init__(self, commands: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("new_battle_dialog")
        self.setWindowTitle(self.tr("New battle"))
        self.name_edit = QLineEdit()
        self.name_edit.setAccessibleName(self.tr("Battle name"))
        self.commands = QListWidget()
        self.commands.setAccessibleName(self.tr("Commands taking part"))
        for name in commands:
            item = QListWidgetItem(name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.commands.addItem(item)
        self.date_edit = QLineEdit()
        self.date_edit.setPlaceholderText("1815-06-18")
        self.date_edit.setAccessibleName(self.tr("Date of the battle"))
        self.start_edit = QTimeEdit(QTime(8, 0))
        self.start_edit.setDisplayFormat("HH:mm")
        self.start_edit.setAccessibleName(self.tr("Game clock of bound 1"))
        self.minutes_box = QSpinBox()
        self.minutes_box.setRange(1, 24 * 60)
        self.minutes_box.setValue(15)
        self.minutes_box.setSuffix(self.tr(" min"))
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, 2**31 - 1)
        self.seed_box.setAccessibleName(self.tr("Seed of the battle's random draws"))
        form = QFormLayout(self)
        form.addRow(self.tr("&Name:"), self.name_edit)
        form.addRow(self.tr("&Commands (none ticked: all):"), self.commands)
        form.addRow(self.tr("&Date:"), self.date_edit)
        form.addRow(self.tr("Bound 1 &starts at:"), self.start_edit)
        form.addRow(self.tr("&Minutes a bound:"), self.minutes_box)
        form.addRow(self.tr("S&eed of its draws:"), self.seed_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def chosen(self) -> NewBattle:
        """The battle as the umpire set it."""
        ticked = tuple(self.commands.item(i).text() for i in range(self.commands.count())
                       if self.commands.item(i).checkState() == Qt.CheckState.Checked)
        return NewBattle(name=self.name_edit.text().strip(), commands=ticked,
                         date=self.date_edit.text().strip(),
                         start_time=self.start_edit.time().toString("HH:mm"),
                         minutes_per_bound=self.minutes_box.value(), seed=self.seed_box.value())


class AftermathReview(QDialog):
    """Review each unit's result before the battle ends (see the module text)."""

    AFTER, REASON = 6, 7  # the editable columns

    def __init__(self, *, summary: str, rules: RecoveryRules,
                 preview: Callable[[RecoveryRules], Aftermath],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aftermath_review")
        self.setWindowTitle(self.tr("End the battle: aftermath"))
        self.preview = preview
        self.aftermath: Aftermath | None = None
        lead = QLabel(self.tr("Ending the battle closes its open bound first:"))
        note = QPlainTextEdit(summary)
        note.setReadOnly(True)
        note.setObjectName("close_summary")
        note.setAccessibleName(self.tr("Close summary"))
        note.setMaximumHeight(110)
        note.setTabChangesFocus(True)
        self.preset_box = FittingCombo()
        self.preset_box.setAccessibleName(self.tr("Recovery preset"))
        for name in PRESETS:
            self.preset_box.addItem(name, name)
        self.share_box = QDoubleSpinBox()
        self.share_box.setRange(-1000.0, 1000.0)  # out of 0–100 is refused by the rules
        self.share_box.setSuffix(" %")
        self.share_box.setAccessibleName(self.tr("Share of losses that return"))
        self.method_box = FittingCombo()
        self.method_box.setAccessibleName(self.tr("How it is rolled"))
        for method in METHODS:
            self.method_box.addItem(method, method)
        self._show_rules(rules)
        rules_row = QHBoxLayout()
        for label, widget in ((self.tr("&Preset:"), self.preset_box),
                              (self.tr("&Share:"), self.share_box),
                              (self.tr("&Method:"), self.method_box)):
            text = QLabel(label)
            text.setBuddy(widget)
            rules_row.addWidget(text)
            rules_row.addWidget(widget)
        self.table = read_only_table("aftermath_table", self.tr("Each unit's result"), [
            self.tr("Unit"), self.tr("Side"), self.tr("Started"), self.tr("Ended"),
            self.tr("Lost"), self.tr("Return"), self.tr("Carries on"), self.tr("Reason")])
        self.table.setEditTriggers(self.table.EditTrigger.AllEditTriggers)
        self.problem = QLabel()
        self.problem.setObjectName("aftermath_problem")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        # Not the box's accept button: the box makes its first accept button the default
        # one when shown, and the default button is what Enter clicks.
        self.commit_button = buttons.addButton(self.tr("&End the battle"),
                                               QDialogButtonBox.ButtonRole.ActionRole)
        self.commit_button.setObjectName("commit_aftermath")
        for button in buttons.findChildren(QPushButton):
            # Enter commits the cell being edited: no button is the default, so only a
            # click (or Alt+E) on "End the battle" ends it, never the Enter after a value.
            button.setAutoDefault(False)
            button.setDefault(False)
        self.backup_note = QLabel(self.tr(
            "Ending takes a backup of the campaign first: File > Backups… or desk restore "
            "brings it back."))
        self.backup_note.setObjectName("aftermath_backup")
        self.backup_note.setWordWrap(True)
        self.commit_button.clicked.connect(self._accept)
        buttons.rejected.connect(self.reject)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout = QVBoxLayout(self)
        layout.addWidget(lead)
        layout.addWidget(note)
        layout.addLayout(rules_row)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.backup_note)
        layout.addWidget(buttons)
        self.resize(940, 600)
        self.preset_box.currentIndexChanged.connect(self._preset_chosen)
        # Rolled recovery comes from the seed of the bound open at the battle's end (shown
        # in 'desk seed'), so there is no seed to set here.
        self.share_box.editingFinished.connect(self.recompute)
        self.method_box.currentIndexChanged.connect(lambda _i: self.recompute())
        self.recompute()

    def _show_rules(self, rules: RecoveryRules) -> None:
        for box in (self.preset_box, self.share_box, self.method_box):
            box.blockSignals(True)
        self.preset_box.setCurrentIndex(self.preset_box.findData(rules.preset))
        self.share_box.setValue(rules.share)
        self.method_box.setCurrentIndex(self.method_box.findData(rules.method))
        for box in (self.preset_box, self.share_box, self.method_box):
            box.blockSignals(False)

    def _preset_chosen(self, _index: int) -> None:
        self._show_rules(recovery_rules(preset=self.preset_box.currentData()))
        self.recompute()

    def rules(self) -> RecoveryRules:
        """The rules as set in the dialog (refused when out of bounds)."""
        return recovery_rules(preset=self.preset_box.currentData(), share=self.share_box.value(),
                              method=self.method_box.currentData())

    def recompute(self) -> None:
        """Preview again with the rules as set; a refusal is shown in the dialog's line."""
        try:
            self.aftermath = self.preview(self.rules())
        except BattleRefused as exc:
            self.problem.setText(str(exc))
            self.commit_button.setEnabled(False)
            return
        self.problem.setText("")
        self.commit_button.setEnabled(True)
        rows = self.aftermath.rows
        self.table.setRowCount(len(rows))
        for row, r in enumerate(rows):
            cells = (r.unit, r.side, r.start, r.end, r.losses, r.returned, r.after, "")
            for column, value in enumerate(cells):
                item = QTableWidgetItem(str(value))
                if column not in (self.AFTER, self.REASON):
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                item.setToolTip(r.how)
                self.table.setItem(row, column, item)

    def _cell(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text().strip() if item is not None else ""

    def adjustments(self) -> dict[int, tuple[int, str]]:
        """The results the umpire changed: {unit id: (strength carried on, reason)}."""
        if self.aftermath is None:
            return {}
        found: dict[int, tuple[int, str]] = {}
        for row, r in enumerate(self.aftermath.rows):
            text, reason = self._cell(row, self.AFTER), self._cell(row, self.REASON)
            if text == str(r.after) and not reason:
                continue
            if not text.isdigit():
                raise BattleRefused(self.tr("{unit}: the strength carried on must be a whole "
                                            "number, not {text!r}").format(unit=r.unit,
                                                                             text=text))
            if not reason:
                raise BattleRefused(self.tr("{unit}: a changed result needs a reason").format(
                    unit=r.unit))
            found[r.unit_id] = (int(text), reason)
        return found

    def _accept(self) -> None:
        try:
            self.adjustments()
            self.rules()
        except BattleRefused as exc:
            self.problem.setText(str(exc))
            return
        self.accept()


class BoundDiffDialog(QDialog):
    """What changed for which unit between two bounds of a battle."""

    def __init__(self, *, bounds: int, diff: Callable[[int, int], BoundDiff],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bound_diff_dialog")
        self.setWindowTitle(self.tr("Bound diff"))
        self.diff = diff
        self.a_box, self.b_box = QSpinBox(), QSpinBox()
        for box, name, value in ((self.a_box, self.tr("From bound"), 1),
                                 (self.b_box, self.tr("To bound"), bounds)):
            box.setRange(1, max(1, bounds))
            box.setValue(value)
            box.setAccessibleName(name)
            box.valueChanged.connect(lambda _v: self.refresh())
        self.heading = QLabel()
        self.table = read_only_table("diff_table", self.tr("Changes"), [
            self.tr("Unit"), self.tr("Side"), self.tr("What changed")])
        row = QHBoxLayout()
        for label, box in ((self.tr("&From bound:"), self.a_box),
                           (self.tr("&To bound:"), self.b_box)):
            text = QLabel(label)
            text.setBuddy(box)
            row.addWidget(text)
            row.addWidget(box)
        row.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.heading)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(860, 520)
        self.refresh()

    def refresh(self) -> None:
        """Compare the two bounds chosen."""
        found = self.diff(self.a_box.value(), self.b_box.value())
        self.heading.setText(self.tr("{battle}, bound {a} → bound {b}: {n} units changed")
                             .format(battle=found.battle, a=found.a, b=found.b,
                                     n=len(found.units)))
        self.table.setRowCount(len(found.units))
        for row, unit in enumerate(found.units):
            said = "; ".join(f"{key} {'—' if old in (None, '') else old} → "
                             f"{'—' if new in (None, '') else new}"
                             for key, old, new in unit.changes)
            for column, text in enumerate((unit.unit, unit.side, said)):
                self.table.setItem(row, column, QTableWidgetItem(text))
