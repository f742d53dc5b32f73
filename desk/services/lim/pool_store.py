"""The LIM pool's row in the store: loading, locking, applying one step, mirroring draws.

The plumbing under :mod:`desk.services.lim.draws` and :mod:`desk.services.lim.cup`:
the open bound's ``lim_pool`` row claimed at the version the caller saw (see
:mod:`desk.services.versions`), one operation of the rules' pure pool applied to
its state and written back, and the draws and rolls mirrored into ``lim_draw``
(one row per seq). Also the pool's view for the window and the command line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from sqlmodel import Session, col, select

from desk.rules.battles_of_waterloo import pool as bow
from desk.rules.battles_of_waterloo.pool_spec import PoolError
from desk.rules.coerce import as_list
from desk.services.common import get_battle, get_campaign, open_bound, rules_of
from desk.services.dto import LimDrawView, LimPoolView
from desk.services.errors import LimError, NotFound
from desk.services.umpires.guard import refuse_if_claimed
from desk.services.versions import claim, refuse_unseen
from desk.store.tables.bounds import Bound
from desk.store.tables.campaign import Battle
from desk.store.tables.lim import LimDraw, LimPool
from desk.store.tables.oob import Command, Side

NO_LIM = "No LIM"  # the lim_draw label of an activation rolled once the pool is empty



def stored_extra_lims(state: Mapping[str, object]) -> tuple[str, ...]:
    """The battle's extra LIMs a stored pool was built with (they go into the next pool)."""
    return tuple(str(lim) for lim in as_list(state.get("extra_lims")))

def require_lim_pool(session: Session, battle: Battle) -> None:
    if not rules_of(get_campaign(session, battle.campaign_id)).has_lim_pool:
        raise LimError("only a Battles of Waterloo campaign has a LIM pool")


def sides_and_commands(session: Session, battle: Battle) -> tuple[list[Side], list[Command]]:
    sides = list(session.exec(select(Side).where(Side.campaign_id == battle.campaign_id)
                              .order_by(col(Side.id))).all())
    commands = list(session.exec(select(Command).where(col(Command.side_id).in_(
        [s.id for s in sides])).order_by(col(Command.sort_key), col(Command.id))).all())
    return sides, commands


def pool_row(session: Session, bound: Bound) -> LimPool:
    pool = session.exec(select(LimPool).where(LimPool.bound_id == bound.id)).first()
    if pool is None:
        raise NotFound(f"bound {bound.number} has no LIM pool")
    return pool


def claimed_pool(session: Session, bound: Bound, seen: int | None) -> LimPool | None:
    """The open bound's pool, locked if its version is still ``seen`` (None: no pool seen).

    Building the pool and every step on it (draw, option, roll, idle) come through here, so
    this is where another umpire's claim on the LIM cup refuses them."""
    refuse_if_claimed(session=session, battle_id=bound.battle_id, lim=True)
    pool = session.exec(select(LimPool).where(LimPool.bound_id == bound.id)).first()
    what = f"bound {bound.number}'s LIM pool"
    refuse_unseen(pool, seen=seen, what=what)
    if pool is not None:
        claim(session, LimPool, row_id=pool.id or 0, seen=seen, what=what)
    return pool


def pool_view(session: Session, row: LimPool, number: int) -> LimPoolView:
    state = bow.PoolState.from_dict(row.state)
    draws = session.exec(select(LimDraw).where(LimDraw.pool_id == row.id)
                         .order_by(col(LimDraw.seq))).all()
    return LimPoolView(
        bound=number, seed=row.seed, chits=tuple(row.chits),
        remaining=tuple(c.name for c in state.remaining),
        draws=tuple(LimDrawView(seq=d.seq, lim=d.lim, command_id=d.command_id,
                                orders_option=d.orders_option, roll=d.roll, rating=d.rating,
                                success=d.success, note=d.note,
                                pool_version=row.version_id or 0) for d in draws),
        idle_commands=tuple(sorted(state.idle)), version=row.version_id or 0,
    )


def apply_to_pool(session: Session, battle_id: int,
           change: Callable[[bow.PoolState], bow.PoolState], seen: int | None,
           ) -> tuple[LimPool, Bound, bow.PoolState, bow.PoolState]:
    """Lock the open bound's pool if still at version ``seen``, apply ``change``, store it."""
    battle = get_battle(session, battle_id)
    require_lim_pool(session, battle)
    bound = open_bound(session, battle)
    row = claimed_pool(session, bound, seen) or pool_row(session, bound)
    before = bow.PoolState.from_dict(row.state)
    try:
        after = change(before)
    except PoolError as exc:
        raise LimError(str(exc)) from exc
    row.state = {**after.to_dict(), "extra_lims": row.state.get("extra_lims", [])}
    session.add(row)
    _sync_rows(session, battle, row, after)
    return row, bound, before, after


def _sync_rows(session: Session, battle: Battle, row: LimPool, state: bow.PoolState) -> None:
    """Mirror the pool's draws and rolls into lim_draw (one row per seq, updated in place)."""
    _, commands = sides_and_commands(session, battle)
    ids = {c.name: c.id for c in commands}
    rows = bow.draw_rows(state)
    no_lim = [a for a in state.activations if a.draw_seq is None]
    rows += [{"seq": len(state.draws) + i + 1, "lim": NO_LIM, "command": a.command,
              "orders_option": "", "roll": a.roll, "rating": a.rating, "success": a.success}
             for i, a in enumerate(no_lim)]
    existing = {d.seq: d for d in session.exec(select(LimDraw).where(LimDraw.pool_id == row.id))}
    for r in rows:
        draw = existing.get(r["seq"]) or LimDraw(pool_id=row.id or 0, seq=r["seq"], lim=r["lim"])
        draw.lim, draw.orders_option = r["lim"], r["orders_option"]
        draw.command_id = ids.get(r["command"]) if r["command"] else None
        draw.roll, draw.rating, draw.success = r["roll"], r["rating"], r["success"]
        draw.note = "idle for the rest of the turn (BOW-F3)" if (
            r["command"] in state.idle and r["lim"] != NO_LIM and r["success"] is None) else ""
        session.add(draw)
    session.flush()
