"""The soak child's instruments: memory, Qt's warnings, the PDF viewer, the scripted dialogs."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QtMsgType, QUrl, Slot, qInstallMessageHandler

# The evening runs in a process of its own: the window tests' ScriptedDialogs
# (tests/ui/scripted_dialogs.py) is imported by name as under pytest, its folder on the path.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "ui"))
from scripted_dialogs import ScriptedDialogs

# The offscreen platform cannot size native windows; harmless, and only there
# (pyproject.toml's qt_log_ignore says the same to pytest-qt).
IGNORED = ("This plugin does not support propagateSizeHints",)


def record_qt_warnings() -> list[str]:
    """Install a Qt message handler; the list it returns fills with warnings and worse."""
    warnings: list[str] = []

    def on_message(kind: QtMsgType, _context: Any, message: str) -> None:
        if kind not in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg) and not message.startswith(
                IGNORED):
            warnings.append(f"{kind.name}: {message}")

    qInstallMessageHandler(on_message)
    return warnings


def rss_kib() -> int:
    """Resident memory of this process (VmRSS), in KiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Opened(QObject):
    """Stands in for the PDF viewer: QDesktopServices hands file URLs to it."""

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[Path] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.paths.append(Path(url.toLocalFile()))


def load_dialogs() -> ScriptedDialogs:
    """tests/ui/scripted_dialogs.py's ScriptedDialogs: the answers the window tests give."""
    return ScriptedDialogs()


