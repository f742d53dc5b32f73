"""Battles of Waterloo: each LIM drawn (or each No LIM roll) opens an activation.

A turn's activations are numbered as the store numbers its ``lim_draw`` rows:
draws 1 … n in draw order, then the No LIM phase's rolls n + 1 …. A move is
checked against the situation of *its* activation, built here from the pool
state: that chit, that Orders option, that roll, and an idleness that only a
roll failed *before* it causes (BOW-F3): never a later draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from desk.rules.battles_of_waterloo.data import LimKind, OrdersOption
from desk.rules.battles_of_waterloo.pool import ActivationRecord, Draw, PoolState
from desk.rules.battles_of_waterloo.pool_spec import PoolError
from desk.rules.records import SituationRecord

NO_LIM_KIND = "no-lim"


@dataclass(frozen=True)
class Activation:
    """One activation of the turn: its number, its draw (None in the No LIM phase), its roll."""

    seq: int
    draw: Draw | None
    roll: ActivationRecord | None

    def kind(self, pool: PoolState) -> str:
        """The chit's kind, or ``no-lim``."""
        return pool.chit(self.draw.lim).kind.value if self.draw else NO_LIM_KIND

    def command(self, pool: PoolState) -> str | None:
        """The command it activates: a C/D chit's, the Orders roll's, the No LIM roll's."""
        if self.roll is not None:
            return self.roll.command
        if self.draw is not None:
            return pool.chit(self.draw.lim).command
        return None


def activations(pool: PoolState) -> tuple[Activation, ...]:
    """Every activation of the turn so far, in order."""
    found = [Activation(seq=d.seq, draw=d,
                        roll=next((a for a in pool.activations if a.draw_seq == d.seq), None))
             for d in pool.draws]
    no_lim = [a for a in pool.activations if a.draw_seq is None]
    found += [Activation(seq=len(pool.draws) + i + 1, draw=None, roll=a)
              for i, a in enumerate(no_lim)]
    return tuple(found)


def activation(pool: PoolState, seq: int) -> Activation:
    """Activation ``seq`` (PoolError when the turn has none of that number)."""
    for found in activations(pool):
        if found.seq == seq:
            return found
    raise PoolError(f"there is no activation {seq} in this turn yet")


def _idle_before(pool: PoolState, command: str, act: Activation) -> bool:
    if command not in pool.idle:
        return False
    failed = [a.seq for a in activations(pool)
              if a.roll is not None and a.roll.command == command and not a.roll.success]
    if not failed:
        return True  # idled by the umpire (BOW-F3), with no time of its own: it counts
    return min(failed) < act.seq  # a failure idles the command from the next activation on


def situation_at(pool: PoolState, seq: int, *, command: str) -> SituationRecord:
    """The rules' situation for a unit of ``command`` moving under activation ``seq``."""
    act = activation(pool, seq)
    sit: SituationRecord = {"idle": _idle_before(pool, command, act)}
    mine = act.roll is not None and act.roll.command == command
    if act.draw is not None:
        chit = pool.chit(act.draw.lim)
        sit["phase"] = "operations"
        sit.update(chit.situation())
        if act.draw.orders_option is not None:
            sit["orders_option"] = act.draw.orders_option.value
            if act.draw.orders_option is OrdersOption.ACTIVATE_COMMAND and act.roll is not None:
                sit["lim_command"] = act.roll.command
        if chit.kind is LimKind.ORDERS and mine and act.roll is not None:
            sit["activation"] = {"roll": act.roll.roll, "rating": act.roll.rating,
                                 "success": act.roll.success}
            sit["attempts"] = 1
        return sit
    sit["phase"] = "no-lim"
    if mine and act.roll is not None:
        sit["activation"] = {"roll": act.roll.roll, "rating": act.roll.rating,
                             "success": act.roll.success}
        sit["attempts"] = 1
    sit["attempted_in_orders_phase"] = any(a.command == command and a.draw_seq is not None
                                           for a in pool.activations)
    return sit
