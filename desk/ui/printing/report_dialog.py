"""The small dialog before a bound report or a losses report: which battle, which bound.

Both come proposed as the last played (see :mod:`desk.services.printing.report_choice`);
Enter takes them. The bound box follows the battle chosen: its range is that battle's
bounds, and it is hidden for the losses report, which is of the whole battle.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from desk.services.printing.report_choice import Report, ReportBattle, ReportChoice
from desk.ui.widgets import FittingCombo


class ReportChoiceDialog(QDialog):
    """Battle and bound of a report, proposed as the last played (see the module text)."""

    def __init__(self, choice: ReportChoice, *, report: Report,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("report_choice")
        self.setMinimumWidth(380)  # the window title and a long battle name in full
        self.choice, self.report = choice, report
        self.setWindowTitle(self.tr("Bound report") if report is Report.BOUND
                            else self.tr("Losses report"))
        self.battle_box = FittingCombo()
        self.battle_box.setObjectName("report_battle")
        for battle in choice.battles:
            label = (self.tr("{name} (ended)") if battle.ended
                     else self.tr("{name} (being played)")).format(name=battle.name)
            self.battle_box.addItem(label, battle.id)
        self.bound_box = QSpinBox()
        self.bound_box.setObjectName("report_bound")
        self.hint = QLabel()
        self.hint.setObjectName("report_hint")
        form = QFormLayout(self)
        battle_label = QLabel(self.tr("&Battle:"))
        battle_label.setBuddy(self.battle_box)
        form.addRow(battle_label, self.battle_box)
        bound_label = QLabel(self.tr("B&ound:"))
        bound_label.setBuddy(self.bound_box)
        form.addRow(bound_label, self.bound_box)
        form.addRow(self.hint)
        bound_label.setVisible(report is Report.BOUND)
        self.bound_box.setVisible(report is Report.BOUND)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("&Write the PDF…"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.battle_box.currentIndexChanged.connect(self._battle_changed)
        at = self.battle_box.findData(choice.battle_id)
        self.battle_box.setCurrentIndex(max(0, at))
        self._battle_changed()
        self.bound_box.setValue(choice.bound)
        self.bound_box.valueChanged.connect(self._say)
        self._say()
        (self.bound_box if report is Report.BOUND else self.battle_box).setFocus()
        self.bound_box.selectAll()

    def _battle_changed(self) -> None:
        battle = self._battle()
        if battle is None:
            return
        self.bound_box.setRange(1, battle.bounds)
        self.bound_box.setValue(battle.played or 1)
        self._say()

    def _battle(self) -> ReportBattle | None:
        wanted = self.battle_box.currentData()
        return next((b for b in self.choice.battles if b.id == wanted), None)

    def _say(self) -> None:
        """Say what the bound chosen is: played, or still open."""
        battle = self._battle()
        if battle is None or self.report is Report.LOSSES:
            self.hint.setText(self.tr("Every bound of the battle, by side and command.")
                              if battle is not None else "")
            return
        bound = self.bound_box.value()
        self.hint.setText(self.tr("Bound {n} was played and closed.").format(n=bound)
                          if bound <= battle.played else
                          self.tr("Bound {n} is still open: its orders so far.").format(n=bound))

    def chosen(self) -> tuple[int, int]:
        """(battle id, bound) as set in the dialog."""
        return int(self.battle_box.currentData()), self.bound_box.value()
