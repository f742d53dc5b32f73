"""Help ▸ About: the versions the desk runs on, and where it keeps the campaign and its logs."""

from __future__ import annotations

import platform
import sqlite3
from html import escape
from pathlib import Path

import PySide6
from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from desk import __version__
from desk.ui.accessibility import HELP_DIALOGS, apply_accessibility


def about_facts(*, campaign: str, data_dir: Path) -> list[tuple[str, str]]:
    """(what, value) lines: versions, the campaign's file or URL, the data and log folders."""
    return [
        ("Umpire's Desk", __version__),
        ("Python", platform.python_version()),
        ("Qt", qVersion()),
        ("PySide6", PySide6.__version__),
        ("SQLite", sqlite3.sqlite_version),
        ("Campaign", campaign or "—"),
        ("Data folder", str(data_dir)),
        ("Log files", str(data_dir / "logs")),
    ]


class AboutDialog(QDialog):
    """The facts of :func:`about_facts`, selectable to paste into a bug report."""

    def __init__(self, *, campaign: str, data_dir: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("about_dialog")
        self.setWindowTitle(self.tr("About Umpire's Desk"))
        labels = {"Campaign": self.tr("Campaign"), "Data folder": self.tr("Data folder"),
                  "Log files": self.tr("Log files")}
        self.facts = about_facts(campaign=campaign, data_dir=data_dir)
        rows = "".join(f"<tr><td><b>{escape(labels.get(k, k))}</b></td>"
                       f"<td>{escape(v)}</td></tr>" for k, v in self.facts)
        self.label = QLabel(f"<table cellspacing='4'>{rows}</table>", self)
        self.label.setObjectName("about_text")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                           | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.label.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # a reader can walk the lines
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.setObjectName("about_buttons")
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(buttons)
        apply_accessibility(self, HELP_DIALOGS)
