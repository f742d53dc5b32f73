"""The campaign view: the battles of the campaign and each unit's strength across them.

A dialog (Ctrl+Shift+C, Campaign ▸ Campaign view…): the battles with their status
on top, then every unit of the campaign order of battle with its campaign
strength now and, per battle, the strength it started with → what it carried on,
with what it lost and got back ("26 → 24 (lost 3, returned 1)"; "—": it sat that
battle out; "24 → …": the battle is being played).
Below, the totals: each side, then its commands, a command counting the commands
under it (indented), in the same cells. Its buttons start a new battle, end the current
one (with the aftermath review) and compare two bounds; what they do is the
:class:`~desk.ui.campaign.battles.BattleController`'s, passed in as callables.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont
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
    """"26 → 24 (lost 3, returned 1)": started with → carried on, with what the battle cost,
    what its aftermath gave back and what the umpire adjusted beyond it ("25 → 3 (adjusted
    -22)"); "24 → …" while it is played; "—": it sat it out."""
    if cell is None:
        return "—"
    if cell.after is None or cell.lost is None:
        return f"{cell.start} → …"
    parts = [text.format(n=n) for text, n in (
        (QCoreApplication.translate("CampaignView", "lost {n}"), cell.lost),
        (QCoreApplication.translate("CampaignView", "returned {n}"), cell.returned or 0),
        (QCoreApplication.translate("CampaignView", "adjusted {n:+d}"), cell.adjusted)) if n]
    return f"{cell.start} → {cell.after}" + (f" ({', '.join(parts)})" if parts else "")


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
        self.totals = read_only_table("totals_table", self.tr("Totals by side and command"),
                                      [])
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
        layout.addWidget(self.strengths, 3)
        self.totals_label = QLabel(self.tr("&Totals (a command counts the commands under it):"))
        self.totals_label.setBuddy(self.totals)
        layout.addWidget(self.totals_label)
        layout.addWidget(self.totals, 2)
        layout.addWidget(buttons)
        self.resize(1000, 680)  # fits a 1366×768 screen with the window's frame
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
        self.totals.setColumnCount(2 + len(names))
        self.totals.setHorizontalHeaderLabels([self.tr("Side or command"), self.tr("Now"),
                                               *names])
        self.totals.setRowCount(len(oob.totals))
        bold = QFont(self.totals.font())
        bold.setBold(True)
        for row, total in enumerate(oob.totals):
            # Indented under the command above; a side's own row in bold.
            cells = ["    " * max(0, total.depth) + total.name, str(total.strength),
                     *(strength_cell(c) for c in total.battles)]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if total.depth < 0:
                    item.setFont(bold)
                self.totals.setItem(row, column, item)
