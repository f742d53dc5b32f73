"""The campaign view: the battles of the campaign and each unit's strength across them.

A dialog (Ctrl+Shift+C, Campaign ▸ Campaign view…): the battles with their status
on top, then every unit of the campaign order of battle with its campaign
strength now and, per battle, the strength it started with → what it carried on
("24 → 23"; "—": it sat that battle out; "24 → …": the battle is being played).
Its buttons start a new battle, end the current one (with the aftermath review)
and compare two bounds; what they do is the :class:`~desk.ui.campaign.battles.
BattleController`'s, passed in as callables.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desk.services.battles.roster import BattleStrength, CampaignOrderOfBattle
from desk.ui.plural import numerus


def read_only_table(name: str, accessible: str, columns: list[str]) -> QTableWidget:
    """A table of text cells the keyboard can move through and leave (Tab moves on)."""
    table = QTableWidget(0, len(columns))
    table.setObjectName(name)
    table.setAccessibleName(accessible)
    table.setHorizontalHeaderLabels(columns)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setTabKeyNavigation(False)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return table


def strength_cell(cell: BattleStrength | None) -> str:
    """"24 → 23" (started with → carried on), "24 → …" (being played), "—" (sat it out)."""
    if cell is None:
        return "—"
    return f"{cell.start} → {'…' if cell.after is None else cell.after}"


class CampaignView(QDialog):
    """Battles and strengths across them, with the battle actions (see the module text)."""

    def __init__(self, *, read: Callable[[], CampaignOrderOfBattle],
                 new_battle: Callable[[], None], end_battle: Callable[[], None],
                 diff: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("campaign_view")
        self.setWindowTitle(self.tr("Campaign: battles and strengths"))
        self.read = read
        self.heading = QLabel()
        self.battles = read_only_table("battles_table", self.tr("Battles"), [
            self.tr("Battle"), self.tr("Status"), self.tr("Units")])
        self.battles.setMaximumHeight(150)
        self.battles.horizontalHeader().setStretchLastSection(True)
        self.strengths = read_only_table("strengths_table", self.tr("Strengths across the "
                                                                     "battles"), [])
        self.new_button = QPushButton(self.tr("&New battle…"))
        self.end_button = QPushButton(self.tr("&End battle…"))
        self.diff_button = QPushButton(self.tr("Bound &diff…"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        for button, slot, name in ((self.new_button, new_battle, "new_battle"),
                                   (self.end_button, end_battle, "end_battle"),
                                   (self.diff_button, diff, "bound_diff")):
            button.setObjectName(name)
            button.setAccessibleName(button.text().replace("&", "").rstrip("…"))
            button.setAutoDefault(False)
            button.clicked.connect(lambda _checked=False, s=slot: s())
            buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.battles)
        layout.addWidget(self.strengths, 1)
        layout.addWidget(buttons)
        self.resize(900, 600)  # fits a 1366×768 screen with the window's frame
        self.refresh()

    def refresh(self) -> None:
        """Read the campaign order of battle again and show it."""
        oob = self.read()
        open_battle = next((b for b in oob.battles if b.status == "open"), None)
        n = len(oob.battles)
        self.heading.setText(numerus(self.tr("{campaign}: %n battle(s); now: {current}", "", n),
                                     n).format(
            campaign=oob.campaign,
            current=open_battle.name if open_battle else self.tr("between battles")))
        self.end_button.setEnabled(open_battle is not None)
        self.battles.setRowCount(len(oob.battles))
        for row, b in enumerate(oob.battles):
            status = (self.tr("open, bound {n}").format(n=b.current_bound) if b.status == "open"
                      else self.tr("ended after bound {n}").format(n=b.current_bound - 1))
            for column, text in enumerate((b.name, status, str(b.units))):
                self.battles.setItem(row, column, QTableWidgetItem(text))
        names = [b.name for b in oob.battles]
        self.strengths.setColumnCount(3 + len(names))
        self.strengths.setHorizontalHeaderLabels(
            [self.tr("Unit"), self.tr("Side"), self.tr("Now"), *names])
        self.strengths.setRowCount(len(oob.units))
        for row, unit in enumerate(oob.units):
            cells = [unit.unit, unit.side, str(unit.strength),
                     *(strength_cell(c) for c in unit.battles)]
            for column, text in enumerate(cells):
                self.strengths.setItem(row, column, QTableWidgetItem(text))
