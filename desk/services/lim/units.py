"""The units under one activation (Battles of Waterloo): what the table lets each one do.

One gathering for the window's activation table, ``desk lim pending`` and
:func:`desk.services.lim.moves.record_move`: each unit is judged under *that*
activation's situation (:func:`move_situation`: its LIM, Orders option and
roll, the command's LIM eligibility, the bound), with its state now (start of
the bound plus its events), by the Movement & Command table. A unit the
activation lets move is listed with the movement types of its row (BOW-1 …
BOW-12); one it does not is listed with the sentence and clause saying why.

Worked example (BOW-4): the Prussian Orders LIM drawn, "activate one command"
taken, Röder's reserve cavalry rolls 4 against 4: its one unit may move under
BOW-4 (its C/D LIM is not in the pool); every other unit stays, "The Orders
LIM is activating Reserve cavalry … (BOW-4)".
"""

from __future__ import annotations

from collections import defaultdict

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.rules.base import (
    ERROR,
    Finding,
    RulesSystem,
    Severity,
    SituationRecord,
    StateRecord,
    UnitInfo,
    finding,
)
from desk.rules.battles_of_waterloo import pool as bow
from desk.rules.battles_of_waterloo.activation import (
    Activation,
    activation,
    activations,
    situation_at,
)
from desk.rules.battles_of_waterloo.data import MovementTable, OrdersOption
from desk.rules.battles_of_waterloo.model import unit_facts
from desk.rules.battles_of_waterloo.table import evaluate
from desk.services.bounds.events import replay
from desk.services.common import (
    campaign_units,
    get_battle,
    get_campaign,
    open_bound,
    rules_of,
    state_of,
    unit_info,
)
from desk.services.errors import LimError, NotFound
from desk.services.lim.table import movement_table
from desk.services.lim.views import ActivationUnit
from desk.store.tables.bounds import BoundEvent, UnitState
from desk.store.tables.lim import LimDraw, LimMove, LimPool
from desk.store.tables.oob import Command, Side


def move_situation(state: bow.PoolState, seq: int, *, command: str, lim_eligible: bool,
                   bound: int) -> SituationRecord:
    """The rules' situation of a unit of ``command`` moving under activation ``seq``."""
    return {**situation_at(state, seq, command=command), "lim_eligible": lim_eligible,
            "bound": bound}


def activation_findings(state: bow.PoolState, act: Activation, *, command: str,
                        another_moved: bool) -> list[Finding]:
    """What the activation itself refuses beyond the table: another command's No LIM roll
    (BOW-6), a second unit under the Orders LIM's first option (BOW-3)."""
    found = []
    if act.draw is None and act.command(state) != command:
        found.append(finding("BOW_NOT_ACTIVATED", ERROR, "BOW-6", _(
            "This No LIM activation is {other}'s roll; {command} has not rolled.").format(
                other=act.command(state) or "?", command=command)))
    if (act.draw is not None and act.draw.orders_option is OrdersOption.MOVE_UNIT
            and another_moved):
        found.append(finding("BOW_ONE_UNIT", ERROR, "BOW-3", _(
            "Only one unit moves with this Orders LIM, and one already has.")))
    return found


def _pool(session: Session, bound_id: int, number: int) -> LimPool:
    row = session.exec(select(LimPool).where(LimPool.bound_id == bound_id)).first()
    if row is None:
        raise NotFound(f"bound {number} has no LIM pool")
    return row


def activation_units(*, session: Session, battle_id: int,
                     seq: int | None = None) -> tuple[ActivationUnit, ...]:
    """Every unit of the open bound under activation ``seq`` (default: the current one),
    in the order of battle's order: what it may do, under which row, or why it stays.

    Empty before the first draw. Bulk: units, states, events and moves are read once each.
    """
    battle = get_battle(session, battle_id)
    campaign = get_campaign(session, battle.campaign_id)
    system = rules_of(campaign)
    if not system.has_lim_pool:
        raise LimError("only a Battles of Waterloo campaign has a LIM pool")
    bound = open_bound(session, battle)
    row = _pool(session, bound.id or 0, bound.number)
    state = bow.PoolState.from_dict(row.state)
    acts = activations(state)
    if not acts:
        return ()
    number = acts[-1].seq if seq is None else seq
    act = activation(state, number)
    draw = session.exec(select(LimDraw).where(LimDraw.pool_id == row.id,
                                              LimDraw.seq == number)).first()
    moved = {m.unit_id for m in session.exec(select(LimMove).where(
        LimMove.draw_id == (draw.id if draw else -1)))}
    sides = [s.id for s in session.exec(select(Side).where(Side.campaign_id == battle.campaign_id))]
    eligible = {c.name: c.lim_eligible for c in session.exec(
        select(Command).where(col(Command.side_id).in_(sides)))}
    states = {s.unit_id: state_of(s) for s in session.exec(
        select(UnitState).where(UnitState.bound_id == bound.id))}
    events: dict[int, list[BoundEvent]] = defaultdict(list)
    for event in session.exec(select(BoundEvent).where(BoundEvent.bound_id == bound.id)
                              .order_by(col(BoundEvent.id))):
        events[event.unit_id].append(event)
    table = movement_table(campaign.house_rules)
    situations: dict[str, SituationRecord] = {}
    out = []
    for unit, side, command in campaign_units(session, battle.campaign_id, bound_id=bound.id):
        info = unit_info(unit, side=side, command=command)
        now = replay(system, info=info, state=states.get(info.id) or StateRecord(),
                     events=events.get(info.id, []), bound=bound.number)
        if command not in situations:
            situations[command] = move_situation(state, number, command=command,
                                                 lim_eligible=eligible.get(command, True),
                                                 bound=bound.number)
        sit = situations[command]
        extra = activation_findings(state, act, command=command,
                                    another_moved=bool(moved - {info.id}))
        out.append(_judged(system, table, info, now, sit, extra))
    return tuple(out)


def _judged(system: RulesSystem, table: MovementTable, info: UnitInfo, now: StateRecord,
            sit: SituationRecord, extra: list[Finding]) -> ActivationUnit:
    def staying(why: Finding | None) -> ActivationUnit:
        return ActivationUnit(unit_id=info.id, unit=info.name, command=info.command,
                              movement_types=(), row="", finding=why)

    if extra:
        return staying(extra[0])
    facts = unit_facts(command=info.command, side=info.side, arm=info.arm,
                       imperial_guard=info.imperial_guard, state=now, situation=sit,
                       attrs=info.attrs)
    found = evaluate(facts, sit.get("phase"), sit, table=table)
    if not found.movement_types:
        if found.finding is not None:
            return staying(found.finding)
        return staying(finding("BOW_ROW_NO_MOVEMENT", ERROR, found.row or "BOW-1", _(
            "Row {row} of the Movement & Command table allows no movement.").format(
                row=found.row)))
    types = tuple(m.value for m in found.movement_types)
    # The whole check on the first type allowed: a unit destroyed or off the table stays.
    errors = [f for f in system.check(unit=info, state=now, fields={"movement": types[0]},
                                      situation=sit) if f.severity is Severity.ERROR]
    if errors:
        return staying(errors[0])
    return ActivationUnit(unit_id=info.id, unit=info.name, command=info.command,
                          movement_types=types, row=found.row or "", finding=None)
