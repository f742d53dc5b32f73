"""The seed of a bound, committed to before play and revealed at the close (issue 22).

:func:`seed_commitment` is what every packet prints while the bound is open;
:func:`revealed_seed` gives the seed and the list of the bound's rolls once it is
closed (refused while it is open: the players would know the next draws). The list
is enough, with the seed, for :func:`desk.services.rolls.check_rolls` to recompute
every roll the desk made, with no access to the campaign file.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.rules.battles_of_waterloo import pool as bow
from desk.services.battles.aftermath import recovery_rolls
from desk.services.common import current_battle, get_bound
from desk.services.condition.reinforcements import arrival_rolls
from desk.services.couriers.write import capture_purpose, loss_purpose
from desk.services.errors import ServiceError
from desk.services.rolls import (
    RollRecord,
    activation_purpose,
    commitment,
    first_bound_seed,
    lim_draw_purpose,
)
from desk.store.tables.bounds import Bound
from desk.store.tables.campaign import Battle
from desk.store.tables.couriers import Dispatch
from desk.store.tables.lim import LimPool


class SeedNotRevealed(ServiceError):
    """The bound is still open: its seed stays secret until the close."""


@dataclass(frozen=True)
class SeedReveal:
    """A closed bound's seed, its commitment, and every roll made in it."""

    battle: str
    bound: int
    seed: str
    commitment: str
    rolls: tuple[RollRecord, ...]


def _seed(battle: Battle, bound: Bound) -> str:
    return bound.seed or first_bound_seed(battle.seed)


def seed_commitment(*, session: Session, bound: int | None = None,
                    battle: str | None = None) -> tuple[int, str]:
    """The bound's number and the SHA-256 commitment to its seed (default: open bound)."""
    _campaign, row = current_battle(session, battle)
    number = row.current_bound if bound is None else bound
    return number, commitment(_seed(row, get_bound(session, row.id or 0, number)))


def revealed_seed(*, session: Session, bound: int, battle: str | None = None) -> SeedReveal:
    """The seed of a closed bound and its rolls; an open bound is refused in one sentence."""
    _campaign, row = current_battle(session, battle)
    bound_row = get_bound(session, row.id or 0, bound)
    if bound_row.status == "open":
        raise SeedNotRevealed(_("bound {n} is still open: its seed is revealed when it "
                                "closes").format(n=bound))
    seed = _seed(row, bound_row)
    rolls = (bound_rolls(session, bound_row)
             + arrival_rolls(session=session, battle=row, bound=bound_row)
             + recovery_rolls(session=session, bound=bound_row))
    return SeedReveal(battle=row.name, bound=bound, seed=seed, commitment=commitment(seed),
                      rolls=rolls)


def bound_rolls(session: Session, bound: Bound) -> tuple[RollRecord, ...]:
    """The rolls of the bound's play: LIM draws, activation rolls, courier fates (the
    close's reinforcement rolls and an ending's recovery rolls are listed by their
    own modules)."""
    records: list[RollRecord] = []
    pool = session.exec(select(LimPool).where(LimPool.bound_id == bound.id)).first()
    if pool is not None and pool.state:
        state = bow.PoolState.from_dict(pool.state)
        drawn: set[str] = set()
        for draw in state.draws:
            # The cup as it stood before this draw, in the pool's own order.
            among = tuple(c.name for c in state.chits if c.name not in drawn)
            records.append(RollRecord(
                purpose=lim_draw_purpose(draw.seq), result=draw.lim,
                rolled_by="desk" if draw.source == "desk" else "typed",
                among=among, what=f"LIM {draw.seq}"))
            drawn.add(draw.lim)
        for attempt, act in enumerate(state.activations, start=1):
            records.append(RollRecord(
                purpose=activation_purpose(attempt, act.command), result=str(act.roll),
                rolled_by=act.rolled_by, sides=state.die_sides,
                what=f"activation of {act.command}"))
    for dispatch in session.exec(select(Dispatch).where(Dispatch.bound_id == bound.id)
                                 .order_by(col(Dispatch.seq))):
        rolls = dispatch.rolls or {}
        for key, purpose in (("loss", loss_purpose(dispatch.seq)),
                             ("capture", capture_purpose(dispatch.seq))):
            if key in rolls:
                records.append(RollRecord(purpose=purpose, result=str(rolls[key]), sides=100,
                                          what=f"dispatch {bound.number}.{dispatch.seq} {key}"))
    return tuple(records)
