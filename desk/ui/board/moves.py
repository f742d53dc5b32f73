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

from collections.abc import Callable
from typing import TYPE_CHECKING

from desk.services.positions.leaders import LeaderPositionView
from desk.services.positions.views import PositionView
from desk.ui.changes import Change
from desk.ui.undo import DoneOnPush

if TYPE_CHECKING:
    from desk.ui.operations import Operations


def known_key(kind: str, ident: int) -> tuple[str, int]:
    """The ``ops.known`` entry a move's guard version is kept under: a unit's position
    write raises its state version (as an event does), a leader's his own row's."""
    return ("leader", ident) if kind == "leader" else ("state", ident)


class MoveCommand(DoneOnPush):
    """One unit's (or leader's) position recorded on the board, by a drag or the keyboard."""

    def __init__(self, *, text: str, ops: Operations, battle_id: int,
                 position: PositionView | LeaderPositionView) -> None:
        super().__init__(text, ops.failed.emit)
        self.ops = ops
        self.battle_id = battle_id
        self.position = position

    def _key(self) -> tuple[str, int]:
        if isinstance(self.position, LeaderPositionView):
            return known_key("leader", self.position.leader_id)
        return known_key("unit", self.position.unit_id)

    def take_back(self) -> None:
        from desk.services.positions.leaders import remove_leader_position
        from desk.services.positions.record import remove_position

        known = self.ops.known
        remove: Callable[..., int] = remove_leader_position if isinstance(
            self.position, LeaderPositionView) else remove_position
        known[self._key()] = self.ops.write(
            lambda s: remove(session=s, battle_id=self.battle_id, position=self.position,
                             seen_version=known.get(self._key())), Change.EVENT)

    def apply_again(self) -> None:
        from desk.services.positions.leaders import restore_leader_position
        from desk.services.positions.record import restore_position

        known = self.ops.known
        restore: Callable[..., int] = restore_leader_position if isinstance(
            self.position, LeaderPositionView) else restore_position
        known[self._key()] = self.ops.write(
            lambda s: restore(session=s, battle_id=self.battle_id, position=self.position,
                              seen_version=known.get(self._key())), Change.EVENT)
