"""The LIM pool's use cases (Battles of Waterloo) in the operations layer, each one undoable.

Built over :class:`~desk.ui.operations.Operations`, which holds it as ``ops.lim``
and whose store, undo stack and change notice it uses. Every step (build the
pool, draw, take the Orders LIM option, record an activation roll, idle a
command) runs in one transaction that also takes the pool's snapshot before
and after it (:mod:`desk.services.lim.undo`), then pushes a
:class:`~desk.ui.undo.LimCommand`: undo puts the pool and its draw rows back
exactly, redo puts the same draw back (the pool draws by seed).

Each step passes ``seen_version``, the pool's version as the LIM panel showed
it (None: no pool yet); an undo or redo passes the version of this desk's last
step. The services refuse the step when another umpire changed the pool since.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QCoreApplication

from desk.ui.changes import Change
from desk.ui.undo import LimCommand

if TYPE_CHECKING:  # the window's first paint needs none of the LIM views' classes
    from sqlmodel import Session

    from desk.services.dto import LimDrawView, LimPoolView
    from desk.services.lim.undo import LimSnapshot
    from desk.services.lim.views import ActivationView, CupView, MoveView, PendingUnit
    from desk.ui.operations import Operations

T = TypeVar("T")

translate = QCoreApplication.translate  # lupdate reads translate("LimOperations", "...")


class LimOperations:
    """The LIM pool panel's use cases, over the window's operations layer."""

    def __init__(self, ops: Operations) -> None:
        self.ops = ops
        self.phase = "operations"  # the phase of the turn the umpire is in

    @property
    def battle_id(self) -> int:
        """The battle shown (the operations layer's)."""
        return self.ops.battle_id

    def set_phase(self, phase: str) -> None:
        """The phase of the turn (operations, no-lim, out-of-command) the umpire is in."""
        self.phase = phase
        self.ops.notify(Change.PHASE)

    def _lim_step(self, text: Callable[[T], str], step: Callable[[Session], T], /) -> T:
        """Run one pool step in one transaction, with the pool's snapshot on either side."""
        from desk.services.lim.undo import lim_snapshot

        ops = self.ops
        with ops.store.session() as session:
            before = lim_snapshot(session=session, battle_id=self.battle_id)
            result = step(session)
            after = lim_snapshot(session=session, battle_id=self.battle_id)
        ops.known[("lim", 0)] = after.version
        ops.refresh_context()
        ops.push(LimCommand(text=text(result), before=before, after=after,
                            restore=self._restore_lim, on_error=ops.failed.emit))
        ops.notify(Change.LIM)
        return result

    def _restore_lim(self, snapshot: LimSnapshot, expect: LimSnapshot, reason: str) -> None:
        from desk.services.lim.undo import restore_lim_pool

        known = self.ops.known
        now = self.ops.write(lambda s: restore_lim_pool(session=s, battle_id=self.battle_id,
                                                        snapshot=snapshot, expect=expect,
                                                        reason=reason,
                                                        seen_version=known.get(("lim", 0))),
                             Change.LIM)
        known[("lim", 0)] = now.version

    def build_pool(self, *, seen_version: int | None) -> LimPoolView:
        """Build the open bound's LIM pool (``seen_version``: the pool shown, None: none)."""
        from desk.services.lim.draws import build_pool

        return self._lim_step(lambda p: translate(
            "LimOperations", "Build the LIM pool of turn {turn}").format(turn=p.bound),
            lambda s: build_pool(session=s, battle_id=self.battle_id, seen_version=seen_version))

    def draw_lim(self, *, first: str | None = None, seen_version: int | None) -> LimDrawView:
        """Draw the next LIM (``first``: the initiative winner's choice)."""
        from desk.services.lim.draws import draw_lim

        return self._lim_step(
            lambda d: translate("LimOperations", "Draw LIM {n}: {lim}").format(n=d.seq, lim=d.lim),
            lambda s: draw_lim(session=s, battle_id=self.battle_id, first=first,
                               seen_version=seen_version))

    def choose_orders_option(self, option: str, *, seen_version: int | None) -> LimPoolView:
        """The option taken for the Orders LIM just drawn (BOW-11)."""
        from desk.services.lim.draws import choose_orders_option

        return self._lim_step(lambda _p: translate(
            "LimOperations", "Orders LIM option: {option}").format(option=option),
            lambda s: choose_orders_option(session=s, battle_id=self.battle_id, option=option,
                                           seen_version=seen_version))

    def record_activation(self, *, command_id: int, roll: int,
                          seen_version: int | None) -> LimPoolView:
        """A d10 activation roll for a command."""
        from desk.services.lim.draws import record_activation

        return self._lim_step(
            lambda _p: translate("LimOperations", "Activation roll {roll}").format(roll=roll),
            lambda s: record_activation(session=s, battle_id=self.battle_id, command_id=command_id,
                                        roll=roll, seen_version=seen_version))

    def idle_command(self, *, command_id: int, reason: str,
                     seen_version: int | None) -> LimPoolView:
        """A command does nothing more this turn (BOW-F3), for the umpire's reason."""
        from desk.services.lim.draws import idle_command

        return self._lim_step(
            lambda _p: translate("LimOperations", "Idle a command"),
            lambda s: idle_command(session=s, battle_id=self.battle_id, command_id=command_id,
                                   reason=reason, seen_version=seen_version))

    # --- the cup as at the table (desk.services.lim.cup and .moves) ---------------------------
    def cup(self) -> CupView | None:
        """The open bound's cup (None: no pool built yet)."""
        from desk.services.errors import NotFound
        from desk.services.lim.cup import cup

        try:
            return self.ops.read(lambda s: cup(session=s, battle_id=self.battle_id))
        except NotFound:
            return None

    def pending_moves(self) -> tuple[PendingUnit, ...]:
        """The current activation's units whose order moves them, with no move recorded."""
        from desk.services.lim.moves import pending_moves

        return self.ops.read(lambda s: pending_moves(session=s, battle_id=self.battle_id))

    def record_draw(self, *, chit: str | None, draw_anyway: bool = False,
                    seen_version: int | None) -> ActivationView:
        """The chit pulled from the cup at the table (None: the desk draws, seeded)."""
        from desk.services.lim.cup import record_draw

        return self._lim_step(
            lambda a: translate("LimOperations", "Draw LIM {n}: {lim}").format(n=a.seq, lim=a.lim),
            lambda s: record_draw(session=s, battle_id=self.battle_id, chit=chit,
                                  draw_anyway=draw_anyway, seen_version=seen_version))

    def choose_first(self, *, chit: str, seen_version: int | None) -> ActivationView:
        """The initiative winner's choice of the turn's first LIM."""
        from desk.services.lim.cup import choose_first

        return self._lim_step(
            lambda a: translate("LimOperations", "Initiative's choice: {lim}").format(lim=a.lim),
            lambda s: choose_first(session=s, battle_id=self.battle_id, chit=chit,
                                   seen_version=seen_version))

    def record_roll(self, *, command_id: int, value: int | None, draw_anyway: bool = False,
                    seen_version: int | None) -> ActivationView:
        """An activation roll as rolled at the table (``value``) or by the desk (None)."""
        from desk.services.lim.cup import record_roll

        return self._lim_step(
            lambda a: translate("LimOperations", "Activation roll {roll}").format(roll=a.roll),
            lambda s: record_roll(session=s, battle_id=self.battle_id, command_id=command_id,
                                  value=value, draw_anyway=draw_anyway,
                                  seen_version=seen_version))

    def take_option(self, *, option: str, seen_version: int | None) -> ActivationView:
        """The option taken for the Orders LIM just drawn (BOW-11)."""
        from desk.services.lim.cup import take_option

        return self._lim_step(lambda _a: translate(
            "LimOperations", "Orders LIM option: {option}").format(option=option),
            lambda s: take_option(session=s, battle_id=self.battle_id, option=option,
                                  seen_version=seen_version))

    def record_move(self, *, seq: int, unit_id: int, movement: str, destination_hex: str,
                    override_reason: str = "", replace: bool = False,
                    seen_version: int | None) -> MoveView:
        """A unit's move under activation ``seq`` (refused with findings, unless overruled)."""
        from desk.services.lim.moves import record_move

        return self._lim_step(lambda m: translate(
            "LimOperations", "Move {unit} under LIM {n}").format(unit=m.unit, n=m.seq),
            lambda s: record_move(session=s, battle_id=self.battle_id, seq=seq, unit_id=unit_id,
                                  movement=movement, destination_hex=destination_hex,
                                  override_reason=override_reason, replace=replace,
                                  seen_version=seen_version))
