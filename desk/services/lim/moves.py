"""Moves under each activation (Battles of Waterloo): what happened, LIM by LIM.

The orders written for the turn are the players' intent; the moves recorded
here are what the units did. Each move names its activation (the draw's number
in the bound, ``seq``) and is checked against *that* activation's LIM and the
Movement & Command row it selects (BOW-1 … BOW-12), never against a later
draw. A move the table refuses is kept only with the umpire's reason
(``override_reason``), like an order; a unit may move under several LIMs.

:func:`pending_moves` lists the units an activation moves whose written order
moves them and that have no move recorded under it yet: the window asks before
the next draw. Each write takes ``seen_version``, the pool row's version, and
raises it (the pool row stands for "the LIM record I saw").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.rules.base import Finding, Severity
from desk.rules.battles_of_waterloo import pool as bow
from desk.rules.battles_of_waterloo.activation import NO_LIM_KIND, activation
from desk.rules.battles_of_waterloo.data import LimKind, MovementType, OrdersOption
from desk.rules.battles_of_waterloo.model import unit_facts
from desk.rules.battles_of_waterloo.pool_spec import PoolError
from desk.rules.battles_of_waterloo.table import evaluate
from desk.services.bounds.events import state_now
from desk.services.common import (
    add_journal,
    findings_of,
    get_battle,
    get_campaign,
    open_bound,
    rules_of,
    unit_info,
)
from desk.services.errors import LimError, NotFound
from desk.services.lim.positions_link import checked_hex, drop_positions, write_position
from desk.services.lim.table import movement_table
from desk.services.lim.units import activation_findings, move_situation
from desk.services.lim.views import MoveView, PendingUnit
from desk.services.umpires.guard import refuse_if_claimed
from desk.services.versions import claim
from desk.store.tables.bounds import Bound, Order
from desk.store.tables.campaign import Battle
from desk.store.tables.lim import LimDraw, LimMove, LimPool
from desk.store.tables.oob import Command, Side, Unit


class MoveExists(LimError):
    """The unit already has a move under this activation: undo it, or replace it explicitly."""

    def __init__(self, *, unit: str, seq: int, movement: str, destination_hex: str) -> None:
        self.unit, self.seq = unit, seq
        where = f" → {destination_hex}" if destination_hex else ""
        super().__init__(_("{unit} already has a move under LIM {seq} ({movement}{where}): "
                           "undo it, or record the new one as its replacement.").format(
                               unit=unit, seq=seq, movement=movement, where=where))


class MoveRefused(LimError):
    """A move with error findings and no reason from the umpire; ``findings`` holds them all."""

    def __init__(self, *, unit: str, findings: Iterable[Finding]) -> None:
        self.findings: tuple[Finding, ...] = tuple(findings)
        first = next(f for f in self.findings if f.severity is Severity.ERROR)
        super().__init__(_("Move of {unit} refused: {message} Give a reason to overrule "
                           "it.").format(unit=unit, message=first.message))


def move_views(session: Session, *, draw_ids: Sequence[int]) -> tuple[MoveView, ...]:
    """The moves recorded under these ``lim_draw`` rows, in activation then record order."""
    if not draw_ids:
        return ()
    seqs = {d.id: d.seq for d in session.exec(select(LimDraw).where(
        col(LimDraw.id).in_(list(draw_ids))))}
    rows = session.exec(select(LimMove, Unit, Command).where(
        col(LimMove.draw_id).in_(list(draw_ids)), LimMove.unit_id == Unit.id,
        Unit.command_id == Command.id)).all()
    labels = movement_table({}).labels
    views = [MoveView(id=m.id or 0, seq=seqs[m.draw_id], unit_id=m.unit_id, unit=u.name,
                      command=c.name, movement=m.movement,
                      movement_label=labels.get(MovementType(m.movement), m.movement)
                      if m.movement in {t.value for t in MovementType} else m.movement,
                      destination_hex=m.destination_hex, path_hexes=tuple(m.path_hexes),
                      row=m.row, findings=findings_of(m.findings), status=m.status,
                      override_reason=m.override_reason)
             for m, u, c in rows]
    return tuple(sorted(views, key=lambda v: (v.seq, v.id)))


def _commands_under(session: Session, battle: Battle, name: str) -> set[int]:
    """The command called ``name`` and every command below it (a corps' divisions)."""
    sides = [s.id for s in session.exec(select(Side).where(Side.campaign_id == battle.campaign_id))]
    commands = list(session.exec(select(Command).where(col(Command.side_id).in_(sides))))
    found = {c.id or 0 for c in commands if c.name == name}
    grew = True
    while grew:
        more = {c.id or 0 for c in commands if c.parent_id in found} - found
        found |= more
        grew = bool(more)
    return found


def _activated(session: Session, battle: Battle, state: bow.PoolState,
               seq: int) -> list[tuple[Unit, str]]:
    """The units an activation moves as a body (C/D, Strategic, a successful roll)."""
    act = activation(state, seq)
    command = act.command(state)
    kind = act.kind(state)
    units: list[tuple[Unit, str]] = []
    if kind == LimKind.STRATEGIC.value and act.draw is not None:
        side = state.chit(act.draw.lim).side
        rows = session.exec(select(Unit, Command, Side).where(
            Unit.command_id == Command.id, Unit.side_id == Side.id,
            Side.campaign_id == battle.campaign_id, Side.name == side)).all()
        return [(u, c.name) for u, c, _s in rows if c.name not in state.idle]
    if act.roll is not None and not act.roll.success:
        return []
    if kind == LimKind.ORDERS.value and (act.draw is None or act.draw.orders_option
                                         is not OrdersOption.ACTIVATE_COMMAND):
        return []
    if command is None or (kind != NO_LIM_KIND and kind not in (LimKind.CD.value,
                                                                 LimKind.ORDERS.value)):
        return []
    if kind == LimKind.CD.value and command in state.idle:
        return []
    ids = _commands_under(session, battle, command)
    for unit, cmd in session.exec(select(Unit, Command).where(
            Unit.command_id == Command.id, col(Unit.command_id).in_(list(ids)))).all():
        units.append((unit, cmd.name))
    return units


def pending_in(session: Session, *, battle: Battle, bound: Bound, pool: LimPool,
               state: bow.PoolState, seq: int) -> tuple[PendingUnit, ...]:
    """Units of activation ``seq`` whose written order moves them, with no move under it."""
    units = _activated(session, battle, state, seq)
    if not units:
        return ()
    draw = session.exec(select(LimDraw).where(LimDraw.pool_id == pool.id,
                                              LimDraw.seq == seq)).first()
    moved = {m.unit_id for m in session.exec(select(LimMove).where(
        LimMove.draw_id == (draw.id if draw else -1)))}
    orders = {o.unit_id: o for o in session.exec(select(Order).where(
        Order.bound_id == bound.id, col(Order.unit_id).in_([u.id for u, _c in units])))}
    campaign = get_campaign(session, battle.campaign_id)
    table = movement_table(campaign.house_rules)
    eligible = _eligibility(session, battle)
    pending = []
    for unit, command in units:
        order = orders.get(unit.id or 0)
        ordered = str(order.completed.get("movement") or "none") if order and \
            order.status != "cancelled" else "none"
        if ordered == MovementType.NONE.value or unit.id in moved:
            continue
        # Only a unit whose written movement this activation's row allows is waiting for
        # a move: a tactical order does not wait on the Strategic Movement LIM (BOW-1).
        sit = move_situation(state, seq, command=command,
                             lim_eligible=eligible.get(command, True), bound=bound.number)
        facts = unit_facts(command=command, side="", arm=unit.arm,
                           imperial_guard=unit.imperial_guard, state={}, situation=sit,
                           attrs=unit.attrs)
        found = evaluate(facts, sit.get("phase"), sit, table=table)
        if found.row is not None and ordered in {m.value for m in found.movement_types}:
            pending.append(PendingUnit(unit_id=unit.id or 0, unit=unit.name, command=command,
                                       ordered=ordered))
    return tuple(pending)


def _eligibility(session: Session, battle: Battle) -> dict[str, bool]:
    sides = [s.id for s in session.exec(select(Side).where(Side.campaign_id == battle.campaign_id))]
    return {c.name: c.lim_eligible for c in session.exec(
        select(Command).where(col(Command.side_id).in_(sides)))}


def _pool(session: Session, bound: Bound) -> LimPool:
    row = session.exec(select(LimPool).where(LimPool.bound_id == bound.id)).first()
    if row is None:
        raise NotFound(f"bound {bound.number} has no LIM pool")
    return row


def pending_moves(*, session: Session, battle_id: int,
                  seq: int | None = None) -> tuple[PendingUnit, ...]:
    """The units of activation ``seq`` (default: the current one) still to move."""
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    row = _pool(session, bound)
    state = bow.PoolState.from_dict(row.state)
    from desk.rules.battles_of_waterloo.activation import activations

    acts = activations(state)
    if not acts:
        return ()
    return pending_in(session, battle=battle, bound=bound, pool=row, state=state,
                      seq=acts[-1].seq if seq is None else seq)


def _hexes(session: Session, battle_id: int, destination_hex: str,
           path_hexes: Sequence[str]) -> tuple[str, tuple[str, ...]]:
    dest = destination_hex.strip()
    path = tuple(checked_hex(session, battle_id=battle_id, text=h, what=_("Path"))
                 for h in path_hexes if h.strip())
    if dest:
        dest = checked_hex(session, battle_id=battle_id, text=dest, what=_("Destination hex"))
    return dest, path


def record_move(*, session: Session, battle_id: int, seq: int, unit_id: int, movement: str,
                destination_hex: str = "", path_hexes: Sequence[str] = (),
                override_reason: str = "", replace: bool = False,
                seen_version: int | None) -> MoveView:
    """Record ``unit_id``'s move under activation ``seq``, checked against that activation.

    Refused (:class:`MoveRefused`, with every finding) when the table does not
    allow it and no ``override_reason`` is given. A unit moves once under one
    activation: a second move is refused (:class:`MoveExists`) unless ``replace``
    says the umpire means it to take the first one's place (the journal says so).
    """
    battle = get_battle(session, battle_id)
    system = rules_of(get_campaign(session, battle.campaign_id))
    if not system.has_lim_pool:
        raise LimError("only a Battles of Waterloo campaign has a LIM pool")
    bound = open_bound(session, battle)
    # A move is a LIM step and a write to the unit: the cup's claim and the unit's refuse it.
    refuse_if_claimed(session=session, battle_id=battle_id, unit_id=unit_id, lim=True)
    row = _pool(session, bound)
    claim(session, LimPool, row_id=row.id or 0, seen=seen_version,
          what=f"bound {bound.number}'s LIM pool", bump=True)
    state = bow.PoolState.from_dict(row.state)
    try:
        act = activation(state, seq)
    except PoolError as exc:
        raise LimError(_("there is no activation {seq} in bound {bound} yet").format(
            seq=seq, bound=bound.number)) from exc
    unit = session.get(Unit, unit_id)
    command = session.get(Command, unit.command_id) if unit else None
    side = session.get(Side, unit.side_id) if unit else None
    if unit is None or command is None or side is None:
        raise NotFound(f"there is no unit number {unit_id}")
    dest, path = _hexes(session, battle_id, destination_hex, path_hexes)
    draw = session.exec(select(LimDraw).where(LimDraw.pool_id == row.id,
                                              LimDraw.seq == seq)).one()
    earlier = session.exec(select(LimMove).where(LimMove.draw_id == draw.id,
                                                 LimMove.unit_id == unit_id)).first()
    if earlier is not None and not replace:
        raise MoveExists(unit=unit.name, seq=seq, movement=earlier.movement,
                         destination_hex=earlier.destination_hex)
    info = unit_info(unit, side=side.name, command=command.name)
    now = state_now(session, system=system, info=info, bound=bound)
    sit = move_situation(state, seq, command=command.name, lim_eligible=command.lim_eligible,
                         bound=bound.number)
    findings = list(system.check(unit=info, state=now, fields={"movement": movement},
                                 situation=sit))
    others = session.exec(select(LimMove).where(LimMove.draw_id == draw.id,
                                                LimMove.unit_id != unit_id)).first()
    extra = activation_findings(state, act, command=command.name,
                                another_moved=others is not None)
    # Another command's No LIM roll moves nobody of this one: that is the whole answer.
    findings = extra if any(f.code == "BOW_NOT_ACTIVATED" for f in extra) else findings + extra
    errors = [f for f in findings if f.severity is Severity.ERROR]
    reason = override_reason.strip()
    if errors and not reason:
        raise MoveRefused(unit=unit.name, findings=findings)
    facts = unit_facts(command=info.command, side=info.side, arm=info.arm,
                       imperial_guard=info.imperial_guard, state=now, situation=sit,
                       attrs=info.attrs)
    campaign = get_campaign(session, battle.campaign_id)
    evaluation = None if errors else evaluate(facts, sit.get("phase"), sit,
                                              table=movement_table(campaign.house_rules))
    move = earlier or LimMove(draw_id=draw.id or 0, unit_id=unit_id, movement=movement)
    move.movement, move.destination_hex, move.path_hexes = movement, dest, list(path)
    move.row = (evaluation.row or "") if evaluation is not None else ""
    move.findings = [f.to_dict() for f in findings]
    move.status = "overruled" if errors else "accepted"
    move.override_reason = reason if errors else ""
    session.add(move)
    session.flush()
    # One positions model for the whole desk: the move is also the unit's new position.
    drop_positions(session, draw_ids=[draw.id or 0], unit_id=unit_id)
    write_position(session, battle_id=battle_id, bound_id=bound.id or 0, unit_id=unit_id,
                   draw_id=draw.id or 0, hex_number=dest)
    where = f" → {dest}" if dest else ""
    if earlier is not None:
        where += " " + _("(replaces the move recorded before)")
    add_journal(session, battle_id=battle_id, bound_id=bound.id, unit_id=unit_id,
                kind="override" if errors else "lim", reason=reason if errors else "",
                clause=", ".join(f.clause for f in errors) or move.row,
                message=_("{unit} moves under LIM {seq} ({lim}): {movement}{where}.").format(
                    unit=unit.name, seq=seq, lim=draw.lim, movement=movement, where=where))
    return next(v for v in move_views(session, draw_ids=[draw.id or 0]) if v.unit_id == unit_id)
