"""What the LIM panel's buttons do (Battles of Waterloo): the cup, the rolls, the moves.

Each step goes through ``ops.lim`` (:class:`~desk.ui.lim_operations.LimOperations`),
one transaction with its undo, passing the pool's version as the panel showed
it; a refusal is one dialog and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from desk.ui.controllers.base import Controller

if TYPE_CHECKING:
    from desk.ui.dialogs import Dialogs
    from desk.ui.lim_panel import LimPanel
    from desk.ui.operations import Operations

T = TypeVar("T")


class LimController(Controller):
    """The LIM panel's actions over one open campaign."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, panel: LimPanel) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=panel)
        self.panel = panel

    def _step(self, work: Callable[[int | None], T]) -> T | None:
        return self.guard(lambda: work(self.panel.seen_version()))

    def build(self) -> None:
        """Build the open bound's pool."""
        self._step(lambda seen: self.ops.lim.build_pool(seen_version=seen))

    def record_pulled(self) -> None:
        """The chit chosen in the cup is the one pulled out at the table."""
        chit = self.panel.chosen_chit()
        if chit is None:
            self.panel.pool_list.setFocus()
            return
        # TODO(i18-cup): record the chit through its service
        self._step(lambda seen: self.ops.lim.draw_lim(first=chit, seen_version=seen))

    def desk_roll(self) -> None:
        """The desk rolls the chosen command's activation d10."""

    def record_move(self) -> None:
        """Record the chosen unit's move under the current activation."""

    def draw(self) -> None:
        """The desk draws the next LIM (seeded)."""
        self._step(lambda seen: self.ops.lim.draw_lim(seen_version=seen))

    def first_choice(self) -> None:
        """The chit chosen in the cup is the initiative winner's first choice."""
        chit = self.panel.chosen_chit()
        if chit is None:
            self.panel.pool_list.setFocus()
            return
        self._step(lambda seen: self.ops.lim.draw_lim(first=chit, seen_version=seen))

    def record_roll(self) -> None:
        """The d10 typed for the chosen command's activation."""
        command_id = self.panel.command_box.currentData()
        if command_id is None:
            return
        roll = self.panel.roll_box.value()
        self._step(lambda seen: self.ops.lim.record_activation(
            command_id=int(command_id), roll=roll, seen_version=seen))

    def idle(self) -> None:
        """Idle the chosen command for the rest of the turn, with the umpire's reason."""
        box = self.panel.command_box
        if box.currentData() is None:  # a battle without commands yet
            return
        command_id, command = int(box.currentData()), box.currentText()
        reason = self.dialogs.idle_reason(command=command)
        if reason is not None:
            self._step(lambda seen: self.ops.lim.idle_command(
                command_id=command_id, reason=reason, seen_version=seen))

    def take_option(self) -> None:
        """The option taken for the Orders LIM just drawn (BOW-11)."""
        option = str(self.panel.option_box.currentData())
        self._step(lambda seen: self.ops.lim.choose_orders_option(option, seen_version=seen))
