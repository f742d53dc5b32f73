"""The one Print dialog for order sheets: which sides, per command or whole side, which sheet.

The umpire picks the sides (all, or one), whether each command gets its own
PDF (at the level of command chosen: 1 = the commands directly under the
side) or each side one PDF, blank / filled / the umpire's copy, fillable or
not, the bound, the paper and the folder. The dialog lists the files it will
write before anything is written. What it answers is a frozen
:class:`PrintChoice`; :func:`sheet_jobs` turns that and the order of battle
into one :class:`SheetJob` per PDF (the controller renders them).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from desk.services.campaign.info import CommandNode, SideNode
from desk.services.printing.viewmodels import Paper, SheetMode
from desk.ui.plural import numerus
from desk.ui.widgets import FittingCombo

W = TypeVar("W", bound=QWidget)
WHOLE_SIDE = 0  # the level that means "one PDF per side"
_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f]+')


@dataclass(frozen=True)
class PrintChoice:
    """What the umpire chose in the Print dialog."""

    sides: tuple[str, ...]
    level: int  # WHOLE_SIDE, or the depth of command that gets its own PDF (1: top)
    mode: SheetMode
    fillable: bool
    bound: int
    paper: Paper
    folder: Path
    open_folder: bool = False


@dataclass(frozen=True)
class SheetJob:
    """One PDF to write: a side, a command of it (None: the whole side), its file."""

    side: str
    command: str | None
    path: Path


def _named(widget: W, name: str) -> W:
    widget.setObjectName(name)  # tests and the soak find the dialog's parts by name
    return widget


def file_name(text: str) -> str:
    """A name any file system takes ("I/II Corps" → "I-II Corps")."""
    return _UNSAFE.sub("-", text).strip(" .") or "sheet"


def _at_level(command: CommandNode, depth: int, level: int) -> list[CommandNode]:
    # A command with units of its own is printed whole: split, its own units
    # (a corps' staff) would be on no sheet.
    if depth == level or not command.commands or command.units:
        return [command]
    return [c for sub in command.commands for c in _at_level(sub, depth + 1, level)]


def sheet_jobs(tree: Sequence[SideNode], choice: PrintChoice,
               labels: Mapping[int, str]) -> list[SheetJob]:
    """The PDFs a choice makes: ``<folder>/<side> - <command>.pdf`` or ``<side>.pdf``.

    ``labels``: command id → the name the services know it by (a path where the
    side repeats a name).
    """
    jobs: list[SheetJob] = []
    for side in tree:
        if side.name not in choice.sides:
            continue
        if choice.level == WHOLE_SIDE:
            jobs.append(SheetJob(side.name, None, choice.folder / f"{file_name(side.name)}.pdf"))
            continue
        for top in side.commands:
            for command in _at_level(top, 1, choice.level):
                label = labels.get(command.id, command.name)
                name = file_name(f"{side.name} - {label}")
                jobs.append(SheetJob(side.name, label, choice.folder / f"{name}.pdf"))
    return jobs


def depth_of(tree: Sequence[SideNode]) -> int:
    """How many levels of command the deepest side has."""

    def depth(command: CommandNode) -> int:
        return 1 + max((depth(c) for c in command.commands), default=0)

    return max((depth(c) for s in tree for c in s.commands), default=1)


class PrintDialog(QDialog):
    """Order sheets: the choices of the module text, and the files they make."""

    def __init__(self, *, tree: Sequence[SideNode], labels: Mapping[int, str],
                 choice: PrintChoice, current_bound: int, open_bound: int | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("print_dialog")
        self.setWindowTitle(self.tr("Print order sheets"))
        self.tree, self.labels, self.open_bound = tuple(tree), labels, open_bound
        last = max(current_bound, 1)
        form = QFormLayout(self)
        self.side_box = _named(FittingCombo(), "print_sides")
        self.side_box.addItem(self.tr("All sides"), None)
        for side in self.tree:
            self.side_box.addItem(side.name, side.name)
        if len(choice.sides) == 1:
            self.side_box.setCurrentIndex(max(self.side_box.findData(choice.sides[0]), 0))
        form.addRow(self.tr("&Sides:"), self.side_box)
        self.level_box = _named(FittingCombo(), "print_level")
        self.level_box.addItem(self.tr("One PDF per side"), WHOLE_SIDE)
        for level in range(1, depth_of(self.tree) + 1):
            text = (self.tr("One PDF per command directly under the side") if level == 1
                    else self.tr("One PDF per command {n} levels down").format(n=level))
            self.level_box.addItem(text, level)
        self.level_box.setCurrentIndex(max(self.level_box.findData(choice.level), 0))
        form.addRow(self.tr("Spli&t:"), self.level_box)
        self.mode_box = _named(FittingCombo(), "print_mode")
        for text, mode in ((self.tr("Blank, for the players to write on"), SheetMode.BLANK),
                           (self.tr("Filled with the orders entered (players' copy)"),
                            SheetMode.FILLED),
                           (self.tr("The umpire's copy (findings, status, reasons)"),
                            SheetMode.UMPIRE)):
            self.mode_box.addItem(text, mode.value)
        self.mode_box.setCurrentIndex(max(self.mode_box.findData(choice.mode.value), 0))
        form.addRow(self.tr("S&heet:"), self.mode_box)
        self.fillable_check = _named(
            QCheckBox(self.tr("&Fillable PDF form (for the open bound only)")), "print_fillable")
        self.fillable_check.setChecked(choice.fillable)
        form.addRow("", self.fillable_check)
        self.bound_box = _named(QSpinBox(), "print_bound")
        self.bound_box.setRange(1, last)
        self.bound_box.setValue(min(max(choice.bound, 1), last))
        form.addRow(self.tr("&Bound:"), self.bound_box)
        self.paper_box = _named(FittingCombo(), "print_paper")
        self.paper_box.addItem(self.tr("A4"), Paper.A4.value)
        self.paper_box.addItem(self.tr("Letter"), Paper.LETTER.value)
        self.paper_box.setCurrentIndex(max(self.paper_box.findData(choice.paper.value), 0))
        form.addRow(self.tr("P&aper:"), self.paper_box)
        self.folder_edit = _named(QLineEdit(str(choice.folder)), "print_folder")
        browse = QPushButton(self.tr("Ch&oose…"))
        browse.setAutoDefault(False)  # Enter prints, wherever the focus is; Space chooses
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.folder_edit, 1)
        row.addWidget(browse)
        folder_label = QLabel(self.tr("Fo&lder:"))
        folder_label.setBuddy(self.folder_edit)  # a row of two: the label needs its buddy
        form.addRow(folder_label, row)
        self.open_check = _named(
            QCheckBox(self.tr("Open the folder when the sheets are &written")), "print_open")
        self.open_check.setChecked(choice.open_folder)
        form.addRow("", self.open_check)
        self.files_label = _named(QLabel(), "print_files")
        self.files_label.setWordWrap(True)
        form.addRow(self.tr("Writes:"), self.files_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.print_button = self.buttons.addButton(self.tr("&Print"),
                                                   QDialogButtonBox.ButtonRole.AcceptRole)
        self.print_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        changed: Callable[..., None] = self._update
        for box in (self.side_box, self.level_box, self.mode_box, self.paper_box):
            box.currentIndexChanged.connect(changed)
        self.bound_box.valueChanged.connect(changed)
        self.folder_edit.textChanged.connect(changed)
        self.fillable_check.toggled.connect(changed)
        self._update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Enter prints wherever the focus is (the button box's own default button can
        # change as the focus moves); Esc still cancels, Space still presses a button.
        if (event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier):
            self.print_button.click()
            return
        super().keyPressEvent(event)

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Folder for the sheets"),
                                                  self.folder_edit.text())
        if folder:
            self.folder_edit.setText(folder)

    def choice(self) -> PrintChoice:
        """The choices as the dialog shows them."""
        side = self.side_box.currentData()
        return PrintChoice(
            sides=(side,) if side else tuple(s.name for s in self.tree),
            level=int(self.level_box.currentData()),
            mode=SheetMode(self.mode_box.currentData()),
            fillable=self.fillable_check.isEnabled() and self.fillable_check.isChecked(),
            bound=self.bound_box.value(), paper=Paper(self.paper_box.currentData()),
            folder=Path(self.folder_edit.text().strip()).expanduser(),
            open_folder=self.open_check.isChecked())

    def _update(self, *_: object) -> None:
        # A fillable sheet is made for the open bound only (the services refuse others).
        self.fillable_check.setEnabled(self.bound_box.value() == self.open_bound)
        jobs = sheet_jobs(self.tree, self.choice(), self.labels)
        names = [job.path.name for job in jobs]
        shown = ", ".join(names[:6]) + (" …" if len(names) > 6 else "")
        self.files_label.setText(numerus(self.tr("%n PDF(s) in {folder}: {names}", "",
                                                 len(names)), len(names)).format(
            folder=self.folder_edit.text(), names=shown))
        self.print_button.setEnabled(bool(jobs) and bool(self.folder_edit.text().strip()))
