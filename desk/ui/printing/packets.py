"""Bound → Prepare packets (issue 22): the packets of the bound shown, one folder per
side or player, written in the background into ``<campaign> bound N packets`` inside
the folder the umpire picks. The models are read on the GUI thread (one session);
rendering and writing happen off it; a folder that is not empty is refused in one
sentence before anything is written."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from desk.ui.background import run_in_background
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.operations import Operations

if TYPE_CHECKING:  # imported where first used: the window's first paint needs none of it
    from desk.services.packets.deadlines import TurnInBoard

translate = QCoreApplication.translate


class PacketController(Controller):
    """Prepare the packets of a bound for the players far away."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget,
                 shown_bound: Callable[[], int], show_status: Callable[[str], None]) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.shown_bound = shown_bound
        self.show_status = show_status
        # Where the packets go: asks the umpire (a test gives its own folder).
        self.choose_folder: Callable[[], Path | None] = self._ask_folder
        self.written: list[Path] = []
        self.dialog: QWidget | None = None  # the turn-in board, while open

    def _ask_folder(self) -> Path | None:
        chosen = QFileDialog.getExistingDirectory(
            self.parent, translate("PacketController", "Where to put the packets"),
            self.dialogs.start_folder())
        return Path(chosen) if chosen else None

    def prepare_packets(self) -> None:
        """Ask where, then write every packet of the bound shown."""
        from desk.services.packets.plan import packet_models
        from desk.sheets.packets import check_folder, write_packets
        from desk.ui.printing.dialog import file_name

        base = self.choose_folder()
        if base is None:
            return
        bound = self.shown_bound()
        folder = base / file_name(f"{self.ops.context.campaign} bound {bound} packets")
        def usable() -> bool:
            check_folder(folder)
            return True

        if self.guard(usable) is None:
            return  # refused in one dialog: nothing written
        models = self.guard(lambda: self.ops.read(lambda s: packet_models(session=s, bound=bound)))
        if models is None:
            return

        def work() -> list[Path]:
            return [p.folder for p in write_packets(models, folder)]

        def finished(result: object) -> None:
            if isinstance(result, BaseException):
                self.dialogs.show_error(result)
                return
            assert isinstance(result, list)
            self.written = result
            self.show_status(translate(
                "PacketController", "{n} packet(s) of bound {bound} written in {folder}").format(
                    n=len(result), bound=bound, folder=folder))

        self.written = []
        run_in_background(owner=self.parent, work=work, done=finished)

    def turn_in_board(self) -> None:
        """Bound → Turn-in board: who has answered; reminders to the late as drafts."""
        from desk.services.packets.deadlines import turn_in_board
        from desk.ui.printing.turn_in_dialog import TurnInDialog

        board = self.guard(lambda: self.ops.read(lambda s: turn_in_board(session=s,
                                                                         bound=self.shown_bound())))
        if board is None:
            return
        dialog = TurnInDialog(board, self.parent)
        dialog.reminders_button.clicked.connect(lambda: self._reminders(board))
        self.dialog = dialog
        dialog.open()

    def _reminders(self, board: TurnInBoard) -> None:
        from desk.sheets.reminders import write_reminders
        from desk.ui.printing.dialog import file_name

        base = self.choose_folder()
        if base is None:
            return
        folder = base / file_name(f"{self.ops.context.campaign} bound {board.bound} reminders")
        written = self.guard(lambda: write_reminders(board, folder,
                                                     campaign=self.ops.context.campaign))
        if written is not None:
            self.show_status(translate(
                "PacketController", "{n} reminder(s) written in {folder}").format(
                    n=len(written), folder=folder))
