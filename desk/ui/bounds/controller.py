"""Closing a bound (a summary first, then the close in the background), reopening the last,
the record of a closed bound (what every unit did) and the casualties grid (a column of
losses recorded as one undo step)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from desk.ui.background import Progress
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.operations import Operations
from desk.ui.orders.draft_keeper import DraftKeeper
from desk.ui.palette import DeskPalette
from desk.ui.plural import Counted

if TYPE_CHECKING:  # built when first shown
    from desk.services.bounds.grid import GridRow, GridUnit
    from desk.ui.bounds.grid_dialog import CasualtiesGridDialog, Scope
    from desk.ui.bounds.record_dialog import BoundRecordDialog


class BoundController(Controller):
    """Close and reopen bounds; refusals are one dialog, a conflict offers Reload."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget,
                 drafts: DraftKeeper, palette: DeskPalette,
                 selected_unit: Callable[[], int | None] = lambda: None) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.drafts = drafts
        self.record_dialog: BoundRecordDialog | None = None
        self.palette = palette
        self.selected_unit = selected_unit
        self.last_grid: CasualtiesGridDialog | None = None  # the tests' handle on the grid
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
            record=lambda n: self.ops.read(lambda s: bound_record(session=s, battle_id=battle,
                                                                  bound=n)),
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

    def casualties_grid(self) -> None:
        """A column of casualties and new states for a side or command, recorded at once."""
        # Loaded when first shown: the grid's modules cost every start-up (issue 28).
        from desk.services.bounds.grid import state_kinds
        from desk.ui.bounds.grid_dialog import CasualtiesGridDialog

        if not self.ops.context.bound_open or self.ops.read_only:
            return
        units = self.guard(self.ops.grid_units)
        if units is None:
            return
        scopes, chosen = grid_scopes(units, selected=self.selected_unit())

        def record(rows: tuple[GridRow, ...], cause: str) -> Mapping[int, str] | None:
            done = self.guard(lambda: self.ops.record_grid(rows, cause))
            return None if done is None else dict(done.refusals or {})

        dialog = CasualtiesGridDialog(
            units=units, states=state_kinds(self.ops.system), scopes=scopes, scope=chosen,
            check=lambda rows, cause: self.ops.check_grid(rows, cause), record=record,
            error=self.palette.color("error"), parent=self.parent)
        self.last_grid = dialog
        dialog.exec()


def grid_scopes(units: tuple[GridUnit, ...], *, selected: int | None
                ) -> tuple[tuple[Scope, ...], int]:
    """All units, each side, each command; and the one to show first: the selected
    unit's command, else all units."""
    from desk.ui.bounds.grid_dialog import Scope  # loaded with the grid, when first shown

    translate = QCoreApplication.translate  # lupdate reads translate("BoundController", …)
    scopes = [Scope(translate("BoundController", "All units"))]
    sides = dict.fromkeys(u.side for u in units)
    scopes += [Scope(translate("BoundController", "Side: {side}").format(side=s), side=s)
               for s in sides]
    commands = {u.command_id: u for u in units}
    scopes += [Scope(translate("BoundController", "Command: {command} ({side})").format(
        command=u.command, side=u.side), command_id=c) for c, u in commands.items()]
    unit = next((u for u in units if u.unit_id == selected), None)
    chosen = 0 if unit is None else next(
        i for i, s in enumerate(scopes) if s.command_id == unit.command_id)
    return tuple(scopes), chosen
