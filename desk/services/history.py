"""Looking back: a unit's history over the bounds, the journal, crossings in progress.

Like :mod:`desk.services.queries`, read-only and in bulk: a unit's history over
200 bounds is four queries (bounds, states, orders, journal), joined in Python.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from desk.services.common import get_battle, get_bound, get_campaign, get_unit, rules_of
from desk.services.dto import CrossingView, HistoryEntry, JournalLine
from desk.services.queries import state_view
from desk.store.models import Bound, Crossing, Journal, Order, TerrainFeature, Unit, UnitState


def _line(j: Journal, *, bound: int | None, unit: str) -> JournalLine:
    return JournalLine(id=j.id or 0, bound=bound, unit_id=j.unit_id, unit=unit, kind=j.kind,
                       message=j.message, reason=j.reason, clause=j.clause,
                       created_at=j.created_at)


def unit_history(*, session: Session, battle_id: int, unit_id: int) -> tuple[HistoryEntry, ...]:
    """The unit bound by bound: state at the start, its order, and that bound's journal."""
    battle = get_battle(session, battle_id)
    system = rules_of(get_campaign(session, battle.campaign_id))
    unit = get_unit(session, unit_id)
    bounds = session.exec(select(Bound).where(Bound.battle_id == battle_id)
                          .order_by(col(Bound.number))).all()
    by_id = {b.id: b for b in bounds}
    states = {s.bound_id: s for s in session.exec(
        select(UnitState).where(UnitState.unit_id == unit_id,
                                col(UnitState.bound_id).in_(list(by_id))))}
    orders = {o.bound_id: o for o in session.exec(
        select(Order).where(Order.unit_id == unit_id, col(Order.bound_id).in_(list(by_id))))}
    journal: dict[int | None, list[JournalLine]] = {}
    for j in session.exec(select(Journal).where(Journal.battle_id == battle_id,
                                                Journal.unit_id == unit_id)
                          .order_by(col(Journal.id))):
        number = by_id[j.bound_id].number if j.bound_id in by_id else None
        journal.setdefault(j.bound_id, []).append(_line(j, bound=number, unit=unit.name))
    entries = []
    for b in bounds:
        state = states.get(b.id or 0)
        if state is None:
            continue
        order = orders.get(b.id or 0)
        summary = ""
        if order is not None:
            summary = ("cancelled" if order.status == "cancelled"
                       else system.summarize(order.completed))
        entries.append(HistoryEntry(
            bound=b.number, game_time=b.game_time,
            state=state_view(system, state, unit=unit.name, bound=b.number),
            order=summary, journal=tuple(journal.get(b.id, ())),
        ))
    return tuple(entries)


def journal(*, session: Session, battle_id: int, bound: int | None = None,
            unit_id: int | None = None, limit: int | None = None) -> tuple[JournalLine, ...]:
    """Journal lines of a battle, oldest first, optionally of one bound and/or one unit."""
    get_battle(session, battle_id)
    bounds = {b.id: b.number for b in session.exec(
        select(Bound).where(Bound.battle_id == battle_id))}
    query = select(Journal).where(Journal.battle_id == battle_id)
    if bound is not None:
        query = query.where(Journal.bound_id == get_bound(session, battle_id, bound).id)
    if unit_id is not None:
        query = query.where(Journal.unit_id == unit_id)
    query = query.order_by(col(Journal.id))
    lines = list(session.exec(query))
    if limit is not None:
        lines = lines[-limit:]
    unit_ids = {j.unit_id for j in lines if j.unit_id is not None}
    names = {u.id: u.name for u in session.exec(
        select(Unit).where(col(Unit.id).in_(list(unit_ids))))} if unit_ids else {}
    return tuple(_line(j, bound=bounds.get(j.bound_id), unit=names.get(j.unit_id, ""))
                 for j in lines)


def crossings_in_progress(*, session: Session, battle_id: int,
                          bound: int | None = None) -> tuple[CrossingView, ...]:
    """Crossings under way at the start of a bound (the current one when None).

    A crossing started in bound *s* and completed in bound *c* is in progress
    at the start of every bound from *s + 1* to *c*.
    """
    battle = get_battle(session, battle_id)
    number = battle.current_bound if bound is None else bound
    numbers = {b.id: b.number for b in session.exec(
        select(Bound).where(Bound.battle_id == battle_id))}
    features = {f.id: f.name for f in session.exec(
        select(TerrainFeature).where(TerrainFeature.battle_id == battle_id))}
    rows = session.exec(select(Crossing).where(col(Crossing.feature_id).in_(list(features)))
                        .order_by(col(Crossing.id))).all()
    names = {u.id: u.name for u in session.exec(
        select(Unit).where(col(Unit.id).in_([r.unit_id for r in rows])))} if rows else {}
    found = []
    for r in rows:
        started = numbers.get(r.started_bound_id, 0)
        completed = numbers.get(r.completed_bound_id) if r.completed_bound_id else None
        if started < number and (completed is None or completed >= number):
            found.append(CrossingView(id=r.id or 0, unit_id=r.unit_id,
                                      unit=names.get(r.unit_id, ""),
                                      feature=features.get(r.feature_id, ""),
                                      started_bound=started, completed_bound=completed,
                                      status=r.status))
    return tuple(found)
