"""The soak child's instruments: memory, Qt's warnings, the PDF viewer, the scripted dialogs."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QtMsgType, QUrl, Slot, qInstallMessageHandler

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


def load_dialogs() -> Any:
    """tests/ui/conftest.py's ScriptedDialogs: the same answers the window tests give."""
    tests = Path(__file__).resolve().parent.parent
    if str(tests) not in sys.path:  # the conftest imports tests/demo_cache.py, as under pytest
        sys.path.insert(0, str(tests))
    path = tests / "ui" / "conftest.py"
    spec = importlib.util.spec_from_file_location("ui_conftest", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.ScriptedDialogs()


