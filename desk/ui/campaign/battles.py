"""The Campaign menu: the campaign view, a new battle, ending the battle, the bound diff.

Each dialog is opened with ``open()`` (window-modal, no nested event loop) and
acted on when accepted. Starting or ending a battle is one service call through
the operations layer, which tells every view to read again (``Change.RELOAD``);
the undo stack is cleared, as after a close: an ended battle is not undone from
the stack (its backup, taken first, is the way back, and the status bar names it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from desk.ui.changes import Change
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.operations import Operations

if TYPE_CHECKING:  # imported where first used: the window's first paint needs none of it
    from desk.services.battles.aftermath import Aftermath
    from desk.services.battles.recovery import RecoveryRules
    from desk.ui.campaign.battle_dialogs import AftermathReview, BoundDiffDialog, NewBattleDialog
    from desk.ui.campaign.view import CampaignView

translate = QCoreApplication.translate


class BattleController(Controller):
    """The battles of the campaign at the desk (see the module text)."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget,
                 show_status: Callable[[str], None] = lambda _text: None) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.show_status = show_status
        self.view: CampaignView | None = None
        self.new_dialog: NewBattleDialog | None = None
        self.review: AftermathReview | None = None
        self.diff_dialog: BoundDiffDialog | None = None

    def show_campaign(self) -> None:
        """The campaign view: battles, strengths across them, the battle actions."""
        from desk.services.battles.roster import campaign_order_of_battle
        from desk.ui.campaign.view import CampaignView

        if self.view is None:
            self.view = CampaignView(read=lambda: self.ops.read(
                                         lambda s: campaign_order_of_battle(session=s)),
                                     new_battle=self.new_battle, end_battle=self.end_battle,
                                     diff=self.show_diff, parent=self.parent)
        self.view.refresh()
        self.view.open()

    def _changed(self) -> None:
        self.ops.undo_stack.clear()
        if self.view is not None:
            self.view.refresh()

    def new_battle(self) -> None:
        """Ask the name and the commands, then start the battle."""
        from desk.services.screens.startup import oob_nodes
        from desk.ui.campaign.battle_dialogs import NewBattleDialog

        ctx = self.ops.context
        tops = [c.name for side in self.ops.read(lambda s: oob_nodes(session=s,
                                                                     campaign_id=ctx.campaign_id))
                for c in side.commands]
        self.new_dialog = NewBattleDialog(tops, parent=self.parent)
        self.new_dialog.accepted.connect(self._start)
        self.new_dialog.open()

    def _start(self) -> None:
        from desk.services.battles.roster import start_battle

        assert self.new_dialog is not None
        new = self.new_dialog.chosen()
        if self.guard(lambda: self.ops.write(
                lambda s: start_battle(session=s, name=new.name,
                                       commands=list(new.commands) or None, date=new.date,
                                       start_time=new.start_time,
                                       minutes_per_bound=new.minutes_per_bound, seed=new.seed),
                Change.RELOAD)) is not None:
            self._changed()

    def end_battle(self) -> None:
        """The close summary and each unit's result to review, then the battle ended."""
        from desk.services.battles.aftermath import preview_aftermath
        from desk.services.battles.recovery import campaign_recovery
        from desk.ui.campaign.battle_dialogs import AftermathReview

        summary = self.guard(self.ops.close_summary)
        rules = self.guard(lambda: self.ops.read(lambda s: campaign_recovery(session=s)))
        if summary is None or rules is None:
            return

        def preview(chosen: RecoveryRules) -> Aftermath:
            return self.ops.read(lambda s: preview_aftermath(session=s,
                                                             battle_id=self.ops.battle_id,
                                                             rules=chosen))

        self.review = self.guard(lambda: AftermathReview(
            summary=self.dialogs.close_text(summary), rules=rules,
            preview=preview, parent=self.parent))
        if self.review is None:
            return
        self.review.accepted.connect(self._commit)
        self.review.open()

    def _commit(self) -> None:
        from desk.services.battles.aftermath import commit_aftermath

        review = self.review
        assert review is not None
        done = self.guard(lambda: self.ops.write(
            lambda s: commit_aftermath(session=s, battle_id=self.ops.battle_id,
                                       rules=review.rules(), adjustments=review.adjustments(),
                                       backup_dir=self.ops.backup_dir), Change.RELOAD))
        if done is None:
            return
        self._changed()
        if done.backup is not None:
            self.show_status(translate(
                "BattleController",
                "Battle {battle} ended. The backup taken before, {file}, brings it back: "
                "File > Backups… or desk restore.").format(battle=done.battle,
                                                          file=done.backup.path.name))
        else:
            self.show_status(translate("BattleController", "Battle {battle} ended.").format(
                battle=done.battle))

    def show_diff(self) -> None:
        """What changed for which unit between two bounds of the battle shown."""
        from desk.services.battles.diff import bound_diff
        from desk.ui.campaign.battle_dialogs import BoundDiffDialog

        battle = self.ops.battle_id
        self.diff_dialog = BoundDiffDialog(
            bounds=self.ops.context.current_bound,
            diff=lambda a, b: self.ops.read(lambda s: bound_diff(session=s, battle_id=battle, a=a,
                                                                 b=b)),
            parent=self.parent)
        self.diff_dialog.open()
