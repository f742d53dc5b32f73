"""The LIM pool of Battles of Waterloo, persisted so that a turn can be replayed.

The rules module (``battles_of_waterloo.pool``) owns the pool's logic as pure
functions over a frozen ``PoolState``; this module loads that state from
``lim_pool.state``, applies one operation, and writes it back with one
``lim_draw`` row per draw or activation roll. The desk records each draw and
each roll the umpire enters and never invents one (BOW reading).

Every step takes ``seen_version``: the version of the open bound's ``lim_pool``
row as the caller saw it (``LimPoolView.version``; None: no pool yet). The
pool row stands for "the LIM state I saw": every step rewrites its ``state``,
which raises its version. A guarded UPDATE on that row (or, for the first
pool of a bound, its unique bound constraint) refuses a step over another
umpire's with ConcurrentChangeError, on SQLite and PostgreSQL alike (see
:mod:`desk.services.versions`). Building again over an undrawn pool rewrites
the same row, so its version keeps rising. The row's plumbing (claim, apply,
mirror into ``lim_draw``) is :mod:`desk.services.lim.pool_store`.
"""

from __future__ import annotations

from dataclasses import replace

from sqlmodel import Session, select

from desk.rules.battles_of_waterloo import pool as bow
from desk.rules.battles_of_waterloo.pool_spec import CommandSpec, PoolError, PoolSpec
from desk.services.common import (
    add_journal,
    get_battle,
    get_bound,
    get_campaign,
    open_bound,
)
from desk.services.dto import LimDrawView, LimPoolView
from desk.services.errors import LimError, NotFound
from desk.services.lim.pool_store import (
    apply_to_pool,
    claimed_pool,
    pool_row,
    pool_view,
    require_lim_pool,
    sides_and_commands,
    stored_extra_lims,
)
from desk.services.rolls import first_bound_seed, lim_draw_purpose, rng_for
from desk.services.versions import inserted
from desk.store.tables.bounds import Bound
from desk.store.tables.campaign import Battle
from desk.store.tables.lim import LimPool
from desk.store.tables.oob import Command, Leader


def build_pool(*, session: Session, battle_id: int,
               extra_lims: tuple[str, ...] | None = None,
               seen_version: int | None) -> LimPoolView:
    """The open bound's pool (every chit in, none drawn); replaces an undrawn pool.

    ``seen_version``: the pool's version as the caller saw it (None: no pool).
    """
    battle = get_battle(session, battle_id)
    require_lim_pool(session, battle)
    bound = open_bound(session, battle)
    old = claimed_pool(session, bound, seen_version)
    if old is not None:
        if old.state.get("draws") or old.state.get("activations"):
            raise LimError(f"bound {bound.number}'s pool has been drawn from: it stays as it is")
        if extra_lims is None:
            extra_lims = stored_extra_lims(old.state)
    extras = tuple(extra_lims or ())
    sides, commands = sides_and_commands(session, battle)
    side_names = {s.id: s.name for s in sides}
    spec = PoolSpec(sides=tuple(s.name for s in sides), extra_lims=extras,
                    commands=tuple(CommandSpec(name=c.name, side=side_names[c.side_id],
                                               lim_eligible=c.lim_eligible,
                                               imperial_guard=c.imperial_guard)
                                   for c in commands))
    campaign = get_campaign(session, battle.campaign_id)
    try:
        from desk.services.lim.table import movement_table

        state = bow.build_pool(spec, turn=bound.number, seed=battle.seed,
                               table=movement_table(campaign.house_rules))
    except (PoolError, ValueError) as exc:
        raise LimError(str(exc)) from exc
    row = old or LimPool(bound_id=bound.id or 0)  # rebuilt in place: its version keeps rising
    row.seed, row.chits = battle.seed, [c.name for c in state.chits]
    row.state = {**state.to_dict(), "extra_lims": list(extras)}
    session.add(row)
    with inserted(f"bound {bound.number}'s LIM pool"):  # two desks building the first pool
        session.flush()
    return pool_view(session, row, bound.number)


def extra_lims_of(*, session: Session, battle_id: int) -> tuple[str, ...]:
    """The battle's extra LIMs (BOW-F4) as its current pool records them."""
    battle = get_battle(session, battle_id)
    bound = get_bound(session, battle_id, battle.current_bound)
    row = session.exec(select(LimPool).where(LimPool.bound_id == bound.id)).first()
    return stored_extra_lims(row.state) if row else ()


def lim_pool(*, session: Session, battle_id: int, bound: int | None = None) -> LimPoolView:
    """A turn's pool with its draws and rolls (the open bound's when ``bound`` is None)."""
    battle = get_battle(session, battle_id)
    require_lim_pool(session, battle)
    row_bound = get_bound(session, battle_id, battle.current_bound if bound is None else bound)
    return pool_view(session, pool_row(session, row_bound), row_bound.number)


def draw_lim(*, session: Session, battle_id: int, first: str | None = None,
             seen_version: int | None) -> LimDrawView:
    """Draw the next LIM of the open bound; ``first`` is the initiative winner's choice.

    ``seen_version``: the pool's version as the caller saw it.
    """
    battle = get_battle(session, battle_id)
    seed = seed_of(battle, open_bound(session, battle))
    row, bound, _, after = apply_to_pool(session, battle_id,
                                  lambda p: desk_draw(p, seed=seed) if first is None
                                  else bow.draw(p, first=first)[0], seen_version)
    last = after.draws[-1]
    chit = after.chit(last.lim)
    idle = chit.command is not None and chit.command in after.idle
    add_journal(session, battle_id=battle_id, bound_id=bound.id, kind="lim",
                message=f"LIM {last.seq} of bound {bound.number}: {last.lim}"
                + (" (chosen by the initiative winner)" if first else "")
                + ("; its command is idle and does nothing (BOW-F3)" if idle else "") + ".",
                clause="BOW-F3" if idle else "")
    return pool_view(session, row, bound.number).draws[last.seq - 1]


def seed_of(battle: Battle, bound: Bound) -> str:
    """The bound's seed (a file from before revision 0004's bound 1: the scenario's)."""
    return bound.seed or first_bound_seed(battle.seed)


def desk_draw(pool: bow.PoolState, *, seed: str) -> bow.PoolState:
    """The desk draws the next chit from the bound's seed (desk/services/rolls.py): the
    chit at the rolled index among those still in the cup, in the pool's order."""
    left = pool.remaining
    if not left:
        return bow.draw(pool)[0]  # refused: the pool is empty
    pick = left[rng_for(seed=seed, purpose=lim_draw_purpose(len(pool.draws) + 1))
                .below(len(left))]
    after = bow.draw(pool, chit=pick.name)[0]
    return replace(after, draws=(*after.draws[:-1], replace(after.draws[-1], source="desk")))


def choose_orders_option(*, session: Session, battle_id: int, option: str,
                         seen_version: int | None) -> LimPoolView:
    """The one option taken for the Orders LIM just drawn (BOW-11); ``seen_version`` as above."""
    row, bound, _, after = apply_to_pool(session, battle_id,
                                  lambda p: bow.choose_orders_option(p, option=option),
                                  seen_version)
    add_journal(session, battle_id=battle_id, bound_id=bound.id, kind="lim", clause="BOW-11",
                message=f"Orders LIM {after.draws[-1].seq}: option {option}.")
    return pool_view(session, row, bound.number)


def record_activation(*, session: Session, battle_id: int, command_id: int, roll: int,
                      rating: int | None = None, seen_version: int | None) -> LimPoolView:
    """One d10 activation roll (Orders option ii, or the No LIM phase); a failure idles it.

    ``rating`` defaults to the command leader's rating as the scenario gave it.
    """
    command = session.get(Command, command_id)
    if command is None:
        raise NotFound(f"there is no command number {command_id}")
    if rating is None:
        leader = session.get(Leader, command.leader_id) if command.leader_id else None
        rating = leader.rating if leader else 0
    row, bound, _, after = apply_to_pool(session, battle_id,
                                  lambda p: bow.record_activation(p, command=command.name,
                                                                  roll=roll, rating=rating),
                                  seen_version)
    record = after.activations[-1]
    phase = "Orders LIM" if record.draw_seq is not None else "No LIM phase"
    add_journal(session, battle_id=battle_id, bound_id=bound.id, kind="lim", clause=record.clause,
                message=f"{command.name} rolls {roll} against {rating} ({phase}): "
                + ("activated." if record.success else "fails, idle for the rest of the turn."))
    return pool_view(session, row, bound.number)


def idle_command(*, session: Session, battle_id: int, command_id: int,
                 reason: str, seen_version: int | None) -> LimPoolView:
    """Mark a command idle for the rest of the open bound's turn (BOW-F3), with a reason."""
    command = session.get(Command, command_id)
    if command is None:
        raise NotFound(f"there is no command number {command_id}")
    row, bound, _, _ = apply_to_pool(session, battle_id,
                              lambda p: bow.idle(p, command=command.name), seen_version)
    add_journal(session, battle_id=battle_id, bound_id=bound.id, kind="lim", clause="BOW-F3",
                reason=reason,
                message=f"{command.name} is idle for the rest of bound {bound.number}.")
    return pool_view(session, row, bound.number)


def lim_situation(session: Session, *, bound: Bound, command: str) -> dict[str, object]:
    """What the open pool says about one command now, as the rules' situation keys.

    The phase, the LIM just drawn (``lim_drawn``, ``lim_kind`` …), the Orders option taken,
    the command's activation roll, whether it tried in the Orders phase, and
    whether it is idle (BOW-F3). Empty when the bound has no pool.
    """
    row = session.exec(select(LimPool).where(LimPool.bound_id == bound.id)).first()
    if row is None:
        return {}
    state = bow.PoolState.from_dict(row.state)
    # While chits remain the turn is in its Operations phase; once the pool is
    # empty the No LIM phase follows (the Out of Command phase is the umpire's word).
    situation: dict[str, object] = {"idle": command in state.idle,
                                 "phase": "no-lim" if state.exhausted else "operations"}
    if state.draws and not state.exhausted:
        last = state.draws[-1]
        situation.update(state.chit(last.lim).situation())
        if last.orders_option is not None:
            situation["orders_option"] = last.orders_option.value
    mine = [a for a in state.activations if a.command == command]
    if mine:
        situation["activation"] = {"roll": mine[-1].roll, "rating": mine[-1].rating,
                                   "success": mine[-1].success}
        situation["attempts"] = len(mine)
        situation["attempted_in_orders_phase"] = any(a.draw_seq is not None for a in mine)
    return situation
