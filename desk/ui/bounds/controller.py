"""Closing a bound (a summary first, then the close in the background), reopening the last,
and the record of a closed bound (what every unit did)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from desk.ui.background import Progress
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.operations import Operations
from desk.ui.orders.draft_keeper import DraftKeeper
from desk.ui.plural import Counted

if TYPE_CHECKING:  # built when first shown
    from desk.ui.bounds.record_dialog import BoundRecordDialog


class BoundController(Controller):
    """Close and reopen bounds; refusals are one dialog, a conflict offers Reload."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget,
                 drafts: DraftKeeper) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.drafts = drafts
        self.record_dialog: BoundRecordDialog | None = None
        ops.close_finished.connect(self._close_finished)

    def close_bound(self) -> None:
        """Show what is missing, then close the bound behind a progress dialog."""
        summary = self.guard(self.ops.close_summary)
        if summary is None or not self.dialogs.confirm_close(
                summary, unsaved=self.drafts.unsaved_names()):
            return
        self.ops.close_bound(progress=Progress(
            parent=self.parent,
            title=QCoreApplication.translate("BoundController", "Closing the bound"),
            label=Counted().closing(bound=summary.bound, units=summary.units)))

    def _close_finished(self, result: object) -> None:
        if isinstance(result, BaseException) and self.dialogs.show_error(result):
            self.ops.reload()

    def show_record(self) -> None:
        """Bound ▸ Record of a closed bound: what every unit did, the last closed first."""
        from desk.services.bounds.record import bound_record
        from desk.ui.bounds.record_dialog import BoundRecordDialog

        battle = self.ops.battle_id
        self.record_dialog = BoundRecordDialog(
            closed=self.ops.context.current_bound - 1,
            record=lambda n: self.ops.read(bound_record, battle_id=battle, bound=n),
            parent=self.parent)
        self.record_dialog.open()

    def reopen_bound(self) -> None:
        """Confirm, then undo the last close exactly."""
        ctx = self.ops.context
        if ctx.current_bound <= 1:
            return
        summary = self.guard(self.ops.close_summary) if ctx.bound_open else None
        done = 0 if summary is None else summary.units - len(summary.without_order)
        work = Counted().orders_done(bound=ctx.current_bound, n=done) if done else ""
        if not self.dialogs.confirm_reopen(bound=ctx.current_bound - 1, work=work):
            return
        self.guard(lambda: self.ops.reopen_bound(discard_next=True))
