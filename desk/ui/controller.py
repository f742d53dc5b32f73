"""What every controller has: the operations layer, the dialogs, the parent widget, a guard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from desk.services.errors import ServiceError
from desk.store import StoreError
from desk.ui.dialogs import Dialogs
from desk.ui.operations import Operations

T = TypeVar("T")


class Controller:
    """A group of the window's actions over one open campaign."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget) -> None:
        self.ops = ops
        self.dialogs = dialogs
        self.parent = parent

    def guard(self, work: Callable[[], T]) -> T | None:
        """Run ``work``; show a service's refusal in one dialog (offering reload on conflict)."""
        try:
            return work()
        except (ServiceError, StoreError, ValueError) as exc:
            if self.dialogs.show_error(exc):
                self.ops.reload()
            return None

    def write_file(self, path: Path, text: str) -> None:
        """Write a text file the umpire chose; a full disk or a foreign folder is one dialog."""
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            self.dialogs.show_error(OSError(QCoreApplication.translate(
                "Controller", "{file} could not be written: {why}").format(
                    file=path.name, why=exc.strerror or exc)))
