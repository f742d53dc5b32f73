"""What the LIM panel's buttons do (Battles of Waterloo): the cup, the rolls, the moves.

Each step goes through ``ops.lim`` (:class:`~desk.ui.lim.operations.LimOperations`),
one transaction with its undo, passing the pool's version as the panel showed
it; a refusal is one dialog and changes nothing. Drawing the next LIM (from the
cup or by the desk) while the current activation has units ordered to move
with no move recorded asks first, naming them; No changes nothing. A move the
table refuses asks for the umpire's reason to overrule it, as an order does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QCoreApplication

from desk.services.errors import LimError, ServiceError
from desk.store import StoreError
from desk.ui.controller import Controller

if TYPE_CHECKING:
    from desk.ui.dialogs import Dialogs
    from desk.ui.lim.panel import LimPanel
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

    def _may_draw(self) -> bool | None:
        """Whether to draw over units still to move: False (none), True (asked, Yes), None (No)."""
        pending = self.guard(self.ops.lim.pending_moves) or ()
        if not pending:
            return False
        current = self.panel.cup.current if self.panel.cup is not None else None
        lim = current.lim if current is not None else ""
        units = [p.unit for p in pending]
        return True if self.dialogs.confirm_draw_pending(lim=lim, units=units) else None

    def _draw(self, chit: str | None) -> None:
        anyway = self._may_draw()
        if anyway is None:
            return  # the umpire records the moves first
        if self._step(lambda seen: self.ops.lim.record_draw(chit=chit, draw_anyway=anyway,
                                                            seen_version=seen)) is not None:
            self.panel.focus_next_step()

    def draw(self) -> None:
        """The desk draws the next LIM (seeded)."""
        self._draw(None)

    def record_pulled(self) -> None:
        """The chit chosen in the cup is the one pulled out at the table."""
        chit = self.panel.chosen_chit()
        if chit is None:
            self.panel.pool_list.setFocus()
            return
        self._draw(chit)

    def first_choice(self) -> None:
        """The chit chosen in the cup is the initiative winner's first choice."""
        chit = self.panel.chosen_chit()
        if chit is None:
            self.panel.pool_list.setFocus()
            return
        self._step(lambda seen: self.ops.lim.choose_first(chit=chit, seen_version=seen))

    def _roll(self, value: int | None) -> None:
        command_id = self.panel.command_box.currentData()
        if command_id is None:
            return
        anyway = False
        cup = self.panel.cup
        if cup is not None and not cup.in_cup:  # a No LIM roll opens an activation: ask first
            asked = self._may_draw()
            if asked is None:
                return
            anyway = asked
        if self._step(lambda seen: self.ops.lim.record_roll(
                command_id=int(command_id), value=value, draw_anyway=anyway,
                seen_version=seen)) is not None:
            self.panel.focus_next_step()

    def record_roll(self) -> None:
        """The d10 rolled at the table for the chosen command's activation."""
        self._roll(self.panel.roll_box.value())

    def desk_roll(self) -> None:
        """The desk rolls the chosen command's activation d10 (seeded)."""
        self._roll(None)

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
        if self._step(lambda seen: self.ops.lim.take_option(option=option,
                                                            seen_version=seen)) is not None:
            self.panel.focus_next_step()

    def record_move(self) -> bool:
        """Record the chosen unit's move under the current activation: the unit the form
        shows (chosen in the order table, on the map or in the activation table), never
        another. A refusal asks why; a unit that already moved under it asks to replace."""
        from desk.services.lim.moves import MoveExists, MoveRefused

        panel = self.panel
        current = panel.cup.current if panel.cup is not None else None
        unit_id, movement = panel.chosen_unit(), panel.movement_box.currentData()
        if current is None or not movement or self.ops.read_only:
            return False
        if unit_id is None:
            self.dialogs.show_error(LimError(QCoreApplication.translate(
                "LimPanel", "Choose the unit to move first: in the order table, on the map "
                "or in the activation table.")))
            return False
        where = panel.hex_edit.text().strip()
        reason, replace = "", False
        unit = panel.unit_name(unit_id)
        while True:
            try:
                self.ops.lim.record_move(
                    seq=current.seq, unit_id=unit_id, movement=str(movement),
                    destination_hex=where, override_reason=reason, replace=replace,
                    seen_version=panel.seen_version())
                break
            except MoveExists as exists:  # the umpire says whether this one replaces it
                if replace or not self.dialogs.confirm_replace_move(unit=unit,
                                                                    refusal=str(exists)):
                    return False
                replace = True
            except MoveRefused as refused:  # the table refuses: overrule, with a why
                answer = self.dialogs.ask_override_reason(unit=unit, findings=refused.findings)
                if reason or not answer or not answer.strip():
                    return False
                reason = answer.strip()
            except (ServiceError, StoreError, ValueError) as exc:  # a bad hex, another umpire
                if self.dialogs.show_error(exc):
                    self.ops.reload()
                return False
        panel.hex_edit.clear()
        return True
