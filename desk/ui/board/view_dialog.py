"""Save map view: whose view (a side's, or the umpire's), which bound, PDF or PNG, paper.

The dialog only chooses; the controller
(:mod:`desk.ui.board.tools`) asks where to save, builds the view
model through the services (fog of war is theirs) and writes the file in the
background.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desk.services.printing.viewmodels import Paper
from desk.ui.widgets import FittingCombo


@dataclass(frozen=True)
class ViewChoice:
    """What to save: ``side`` None is the umpire's view of every unit."""

    side: str | None
    bound: int
    png: bool
    paper: Paper


class ViewDialog(QDialog):
    """Whose view of which bound, as a PDF page or a PNG picture."""

    def __init__(self, *, sides: Sequence[str], bound: int, last_bound: int,
                 side: str | None = None, paper: Paper = Paper.A4,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("view_dialog")
        self.setWindowTitle(self.tr("Save a view of the map"))
        self.who = FittingCombo()
        self.who.setObjectName("view_side")
        self.who.addItem(self.tr("The umpire (every unit)"), None)
        for name in sides:
            self.who.addItem(self.tr("The {side}").format(side=name), name)
        self.who.setCurrentIndex(max(0, self.who.findData(side)) if side else 0)
        self.who.setAccessibleName(self.tr("Whose view"))
        self.who.setAccessibleDescription(self.tr(
            "A side sees its own units and only the enemy units marked seen"))
        self.bound = QSpinBox()
        self.bound.setObjectName("view_bound")
        self.bound.setRange(1, max(1, last_bound))
        self.bound.setValue(min(max(1, bound), max(1, last_bound)))
        self.bound.setAccessibleName(self.tr("Bound"))
        self.bound.setAccessibleDescription(self.tr("The units as they stood in this bound"))
        self.pdf = QRadioButton(self.tr("&PDF page"))
        self.pdf.setObjectName("view_pdf")
        self.png = QRadioButton(self.tr("P&NG picture"))
        self.png.setObjectName("view_png")
        self.pdf.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.pdf)
        group.addButton(self.png)
        kinds = QHBoxLayout()
        kinds.addWidget(self.pdf)
        kinds.addWidget(self.png)
        kinds.addStretch(1)
        self.paper = FittingCombo()
        self.paper.setObjectName("view_paper")
        self.paper.addItem(self.tr("A4"), Paper.A4)
        self.paper.addItem(self.tr("Letter"), Paper.LETTER)
        self.paper.setCurrentIndex(max(0, self.paper.findData(paper)))
        self.paper.setAccessibleName(self.tr("Paper size"))
        self.paper.setAccessibleDescription(self.tr("The PDF's paper (landscape)"))
        self.png.toggled.connect(lambda on: self.paper.setEnabled(not on))
        note = QLabel(self.tr("A side's view shows its own units and, of the enemy, only the "
                              "units marked seen (where they were last seen, strength "
                              "rounded). A PNG is at most 4096 pixels on its longer side."))
        note.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("&View of"), self.who)
        form.addRow(self.tr("&Bound"), self.bound)
        form.addRow(self.tr("Format"), kinds)
        form.addRow(self.tr("P&aper"), self.paper)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.setObjectName("view_buttons")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.setMinimumWidth(440)
        self.who.setFocus()

    def choice(self) -> ViewChoice:
        """The choices made."""
        side = self.who.currentData()
        return ViewChoice(side=str(side) if side else None, bound=self.bound.value(),
                          png=self.png.isChecked(), paper=Paper(self.paper.currentData()))
