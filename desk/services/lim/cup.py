"""The LIM cup as at the table (Battles of Waterloo): its composition, draws and rolls.

The umpire either records the chit pulled from the physical cup
(:func:`record_draw` with ``chit``) or lets the desk draw it (no ``chit``: the
bound's seed chooses, :mod:`desk.services.rolls`); the initiative winner's
first choice is :func:`choose_first`. An activation roll is typed from real
dice (``value``) or rolled by the desk from the same seed (no ``value``); the
pool records which. Drawing the next LIM while the current activation still
has units whose written orders move them, with no move recorded, is refused
with :class:`PendingMoves` unless the umpire says ``draw_anyway``.

Every step takes ``seen_version`` (the pool row's version, see
:mod:`desk.services.lim.draws`) and runs in the caller's one transaction.
"""

from __future__ import annotations

from dataclasses import replace

from sqlmodel import Session, select

from desk.i18n import _
from desk.rules.battles_of_waterloo import pool as bow
from desk.rules.battles_of_waterloo.activation import activation, activations
from desk.rules.battles_of_waterloo.data import LimKind, OrdersOption
from desk.rules.battles_of_waterloo.pool_spec import CommandSpec, PoolError, PoolSpec, pool_entries
from desk.services.common import add_journal, get_battle, get_bound, get_campaign, open_bound
from desk.services.errors import LimError, NotFound
from desk.services.lim import draws, pool_store
from desk.services.lim.draws import desk_draw, seed_of
from desk.services.lim.moves import move_views, pending_in
from desk.services.lim.table import movement_table
from desk.services.lim.views import (
    DRAWN,
    IN_CUP,
    NO_LIM,
    OPERATIONS,
    REMOVED,
    ActivationView,
    CupItem,
    CupView,
    PendingUnit,
)
from desk.services.rolls import activation_purpose, rng_for
from desk.store.tables.bounds import Bound
from desk.store.tables.campaign import Battle
from desk.store.tables.lim import LimDraw, LimPool
from desk.store.tables.oob import Command, Leader


class PendingMoves(LimError):
    """The current activation has units still to move: draw only with ``draw_anyway``."""

    def __init__(self, pending: tuple[PendingUnit, ...], seq: int, lim: str) -> None:
        self.pending = pending
        names = ", ".join(p.unit for p in pending[:3]) + (" …" if len(pending) > 3 else "")
        super().__init__(_("{n} units ordered to move have no move recorded under LIM {seq} "
                           "({lim}): {names}. Record their moves, or draw anyway.").format(
                               n=len(pending), seq=seq, lim=lim, names=names))


def bound_seed(*, session: Session, battle_id: int, bound: int | None = None) -> str:
    """A bound's seed, 32 hex digits: every roll the desk made in it can be recomputed."""
    battle = get_battle(session, battle_id)
    row = get_bound(session, battle_id, battle.current_bound if bound is None else bound)
    return seed_of(battle, row)


def _spec(session: Session, battle: Battle, extras: tuple[str, ...]) -> PoolSpec:
    sides, commands = pool_store.sides_and_commands(session, battle)
    names = {s.id: s.name for s in sides}
    return PoolSpec(sides=tuple(s.name for s in sides), extra_lims=extras,
                    commands=tuple(CommandSpec(name=c.name, side=names[c.side_id],
                                               lim_eligible=c.lim_eligible,
                                               imperial_guard=c.imperial_guard)
                                   for c in commands))


def _activation_views(session: Session, row: LimPool, state: bow.PoolState,
                      ) -> tuple[ActivationView, ...]:
    rows = {d.seq: d for d in session.exec(select(LimDraw).where(LimDraw.pool_id == row.id))}
    moves = move_views(session, draw_ids=[d.id or 0 for d in rows.values()])
    out = []
    for act in activations(state):
        stored = rows.get(act.seq)
        roll = act.roll
        out.append(ActivationView(
            draw_id=stored.id or 0 if stored else 0, seq=act.seq,
            lim=act.draw.lim if act.draw else pool_store.NO_LIM, kind=act.kind(state),
            side=state.chit(act.draw.lim).side if act.draw else None,
            command=act.command(state), source=act.draw.source if act.draw else "",
            orders_option=act.draw.orders_option.value if act.draw and act.draw.orders_option
            else "", rating=roll.rating if roll else None, roll=roll.roll if roll else None,
            success=roll.success if roll else None, rolled_by=roll.rolled_by if roll else "",
            note=stored.note if stored else "",
            moves=tuple(m for m in moves if stored and m.seq == stored.seq),
            clause=roll.clause if roll else ""))
    return tuple(out)


def cup(*, session: Session, battle_id: int, bound: int | None = None) -> CupView:
    """A turn's cup: every chit considered (in, drawn, left out, with the clause), the
    activations in order with their rolls and moves, and the phase."""
    battle = get_battle(session, battle_id)
    pool_store.require_lim_pool(session, battle)
    row_bound = get_bound(session, battle_id, battle.current_bound if bound is None else bound)
    row = pool_store.pool_row(session, row_bound)
    state = bow.PoolState.from_dict(row.state)
    extras = pool_store.stored_extra_lims(row.state)
    table = movement_table(get_campaign(session, battle.campaign_id).house_rules)
    drawn = {d.lim: d.seq for d in state.draws}
    pooled = {c.name for c in state.chits}
    items = []
    try:
        entries = pool_entries(_spec(session, battle, extras), table)
    except PoolError:
        entries = ()
    listed = set()
    for entry in entries:
        name = entry.chit.name
        if entry.in_pool and name not in pooled:
            continue  # the commands changed since the pool was built: the pool is what counts
        listed.add(name)
        status = DRAWN if name in drawn else IN_CUP if name in pooled else REMOVED
        items.append(CupItem(chit=name, kind=entry.chit.kind.value, side=entry.chit.side,
                             command=entry.chit.command, status=status, clause=entry.clause,
                             why=entry.why, drawn_seq=drawn.get(name)))
    items += [CupItem(chit=c.name, kind=c.kind.value, side=c.side, command=c.command,
                      status=DRAWN if c.name in drawn else IN_CUP, clause="BOW-F4",
                      why=_("in the pool as built"), drawn_seq=drawn.get(c.name))
              for c in state.chits if c.name not in listed]
    return CupView(bound=row_bound.number, phase=NO_LIM if state.exhausted else OPERATIONS,
                   items=tuple(items), activations=_activation_views(session, row, state),
                   idle_commands=tuple(sorted(state.idle)), version=row.version_id or 0)


def _refuse_pending(session: Session, battle: Battle, bound: Bound, draw_anyway: bool) -> None:
    if draw_anyway:
        return
    row = session.exec(select(LimPool).where(LimPool.bound_id == bound.id)).first()
    if row is None:
        return
    state = bow.PoolState.from_dict(row.state)
    acts = activations(state)
    if not acts:
        return
    current = acts[-1]
    pending = pending_in(session, battle=battle, bound=bound, pool=row, state=state,
                         seq=current.seq)
    if pending:
        raise PendingMoves(pending, current.seq,
                           current.draw.lim if current.draw else pool_store.NO_LIM)


def _view_of(session: Session, battle_id: int, seq: int) -> ActivationView:
    view = cup(session=session, battle_id=battle_id)
    return next(a for a in view.activations if a.seq == seq)


def record_draw(*, session: Session, battle_id: int, chit: str | None = None,
                draw_anyway: bool = False, seen_version: int | None) -> ActivationView:
    """The next LIM: ``chit`` as pulled from the cup at the table, or (None) the desk's
    seeded draw. Refused with the clause when ``chit`` is not in the cup, and with
    :class:`PendingMoves` while the current activation has units to move (unless
    ``draw_anyway``)."""
    battle = get_battle(session, battle_id)
    pool_store.require_lim_pool(session, battle)
    bound = open_bound(session, battle)
    _refuse_pending(session, battle, bound, draw_anyway)
    seed = seed_of(battle, bound)

    def step(state: bow.PoolState) -> bow.PoolState:
        if chit is not None:
            return bow.draw(state, chit=chit)[0]
        return desk_draw(state, seed=seed)

    _row, row_bound, _before, after = pool_store.apply_to_pool(session, battle_id, step,
                                                               seen_version)
    last = after.draws[-1]
    drawn = after.chit(last.lim)
    idle = drawn.command is not None and drawn.command in after.idle
    how = _("pulled from the cup") if chit is not None else _("drawn by the desk")
    add_journal(session, battle_id=battle_id, bound_id=row_bound.id, kind="lim",
                clause="BOW-F3" if idle else "",
                message=_("LIM {seq} of bound {bound}: {lim} ({how}).").format(
                    seq=last.seq, bound=row_bound.number, lim=last.lim, how=how)
                + (" " + _("Its command is idle and does nothing (BOW-F3).") if idle else ""))
    return _view_of(session, battle_id, last.seq)


def choose_first(*, session: Session, battle_id: int, chit: str,
                 seen_version: int | None) -> ActivationView:
    """The initiative winner's choice of the turn's first LIM."""
    _row, row_bound, _before, after = pool_store.apply_to_pool(session, battle_id,
                                          lambda p: bow.draw(p, first=chit)[0], seen_version)
    last = after.draws[-1]
    add_journal(session, battle_id=battle_id, bound_id=row_bound.id, kind="lim",
                message=_("LIM 1 of bound {bound}: {lim} (chosen by the initiative winner)."
                          ).format(bound=row_bound.number, lim=last.lim))
    return _view_of(session, battle_id, last.seq)


def _refuse_out_of_place(session: Session, battle: Battle, state: bow.PoolState,
                         command: Command) -> None:
    """While chits remain, a roll belongs only to the Orders LIM just drawn and taken to
    activate one command of its side (BOW-4, BOW-11); the No LIM phase comes after (BOW-6)."""
    last = state.draws[-1] if state.draws else None
    chit = state.chit(last.lim) if last is not None else None
    if last is None or chit is None or chit.kind is not LimKind.ORDERS:
        raise LimError(_("The No LIM phase begins only when the cup is empty, and {n} LIMs "
                         "are still in it: until then a command rolls to activate only under "
                         "an Orders LIM taken to activate one command (BOW-6).").format(
                             n=len(state.remaining)))
    if last.orders_option is None:
        raise LimError(_("Take the {lim} LIM's option first: a command rolls only when it "
                         "is taken to activate one command (BOW-11).").format(lim=last.lim))
    if last.orders_option is not OrdersOption.ACTIVATE_COMMAND:
        raise LimError(_("The {lim} LIM was taken to {option}, so no command rolls under it "
                         "(BOW-11).").format(lim=last.lim, option=last.orders_option.value))
    if chit.side:
        sides = pool_store.sides_and_commands(session, battle)[0]
        owner = next((s.name for s in sides if s.id == command.side_id), "")
        if owner != chit.side:
            raise LimError(_("the {lim} LIM activates only a {side} command (BOW-11)").format(
                lim=last.lim, side=chit.side))


def record_roll(*, session: Session, battle_id: int, command_id: int, value: int | None = None,
                rating: int | None = None, draw_anyway: bool = False,
                seen_version: int | None) -> ActivationView:
    """A command's activation roll (Orders option ii, or the No LIM phase): ``value`` as
    rolled on real dice, or None for the desk's seeded d10. ``rating`` defaults to the
    command leader's. A No LIM roll opens an activation: refused while the current one
    has units to move, unless ``draw_anyway``."""
    battle = get_battle(session, battle_id)
    pool_store.require_lim_pool(session, battle)
    bound = open_bound(session, battle)
    command = session.get(Command, command_id)
    if command is None:
        raise NotFound(f"there is no command number {command_id}")
    if rating is None:
        leader = session.get(Leader, command.leader_id) if command.leader_id else None
        rating = leader.rating if leader else 0
    row = pool_store.pool_row(session, bound)
    state = bow.PoolState.from_dict(row.state)
    if state.exhausted:
        _refuse_pending(session, battle, bound, draw_anyway)
    else:
        _refuse_out_of_place(session, battle, state, command)
    rolled_by = "typed"
    if value is None:
        rolled_by = "desk"
        value = rng_for(seed=seed_of(battle, bound), purpose=activation_purpose(
            len(state.activations) + 1, command.name)).die(state.die_sides)
    draws.record_activation(session=session, battle_id=battle_id, command_id=command_id,
                            roll=value, rating=rating, seen_version=seen_version)
    row = pool_store.pool_row(session, bound)
    after = bow.PoolState.from_dict(row.state)
    record = replace(after.activations[-1], rolled_by=rolled_by)
    after = replace(after, activations=(*after.activations[:-1], record))
    row.state = {**after.to_dict(), "extra_lims": row.state.get("extra_lims", [])}
    session.add(row)
    session.flush()
    seq = next(a.seq for a in activations(after) if a.roll == record)
    return _view_of(session, battle_id, seq)


def take_option(*, session: Session, battle_id: int, option: str,
                seen_version: int | None) -> ActivationView:
    """The one option taken for the Orders LIM just drawn (BOW-11)."""
    view = draws.choose_orders_option(session=session, battle_id=battle_id, option=option,
                                      seen_version=seen_version)
    return _view_of(session, battle_id, view.draws[-1].seq)


def current_activation(*, session: Session, battle_id: int) -> ActivationView | None:
    """The activation now open in the current bound (None before the first draw)."""
    return cup(session=session, battle_id=battle_id).current


def activation_of(*, session: Session, battle_id: int, seq: int) -> ActivationView:
    """Activation ``seq`` of the current bound."""
    view = cup(session=session, battle_id=battle_id)
    found = next((a for a in view.activations if a.seq == seq), None)
    if found is None:
        raise LimError(_("there is no activation {seq} in bound {bound} yet").format(
            seq=seq, bound=view.bound))
    return found


__all__ = ["PendingMoves", "activation", "activation_of", "bound_seed", "choose_first", "cup",
           "current_activation", "record_draw", "record_roll", "seed_of", "take_option"]
