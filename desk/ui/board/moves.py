"""A move on the board as an undo step: undo takes the position back, redo puts it again.

Like the window's other commands (:mod:`desk.ui.undo`) it holds plain values
(the recorded :class:`~desk.services.positions.views.PositionView` and the
battle's id) and the move has been recorded before it is pushed. Undo calls
:func:`~desk.services.positions.record.remove_position`, redo
:func:`~desk.services.positions.record.restore_position` (the same row again),
each passing the unit's state version this desk last wrote (``ops.known``), so
either is refused when another umpire moved the unit, or recorded an event
against it, meanwhile: the command is then dropped and the refusal shown in
one dialog. Each write announces ``Change.EVENT``, on which the board reads
itself again, so the marker stands where the database says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from desk.services.positions.views import PositionView
from desk.ui.changes import Change
from desk.ui.undo import _DoneOnPush

if TYPE_CHECKING:
    from desk.ui.operations import Operations


class MoveCommand(_DoneOnPush):
    """One unit's position recorded on the board (by a drag or from the keyboard)."""

    def __init__(self, *, text: str, ops: Operations, battle_id: int,
                 position: PositionView) -> None:
        super().__init__(text, ops.failed.emit)
        self.ops = ops
        self.battle_id = battle_id
        self.position = position

    def _key(self) -> tuple[str, int]:
        # A position write raises the unit's state version, as an event does.
        return ("state", self.position.unit_id)

    def take_back(self) -> None:
        from desk.services.positions.record import remove_position

        known = self.ops.known
        known[self._key()] = self.ops.write(
            remove_position, Change.EVENT, battle_id=self.battle_id, position=self.position,
            seen_version=known.get(self._key()))

    def apply_again(self) -> None:
        from desk.services.positions.record import restore_position

        known = self.ops.known
        known[self._key()] = self.ops.write(
            restore_position, Change.EVENT, battle_id=self.battle_id, position=self.position,
            seen_version=known.get(self._key()))
