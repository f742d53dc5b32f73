"""Looking back: a unit's history over the bounds, the journal, crossings in progress.

Like :mod:`desk.services.queries`, read-only and in bulk: a unit's history over
200 bounds is four queries (the unit and its rules; each bound with its state and
order; the journal; the positions), joined in Python.

A unit's moves on the map are not journal lines (issue 20: a line per move cost
more bytes than the move): its ``position`` rows, append-only with their source
and time, are merged into each bound's lines in time order, worded as the
journal once wrote them ("1/5e Ligne in hex 2314 (umpire)."). The per-move lines
older files hold are left out in their favour, so no move shows twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import and_, bindparam
from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from desk.services.common import (
    STATE_COLUMNS,
    core_rows,
    get_battle,
    get_bound,
    get_unit,
    rules_from,
)
from desk.services.dto import CrossingView, HistoryEntry, JournalLine, UnitStateView
from desk.services.errors import NotFound
from desk.services.positions.views import map_px, where_words
from desk.store.tables.bounds import Bound, Journal, Order, UnitState
from desk.store.tables.campaign import Battle, Campaign
from desk.store.tables.oob import Unit
from desk.store.tables.positions import Position
from desk.store.tables.terrain import Crossing, TerrainFeature


def _line(j: Journal, *, bound: int | None, unit: str) -> JournalLine:
    return JournalLine(id=j.id or 0, bound=bound, unit_id=j.unit_id, unit=unit, kind=j.kind,
                       message=j.message, reason=j.reason, clause=j.clause,
                       created_at=j.created_at, umpire=j.umpire)


# Built once, run with the battle's and the unit's ids as parameters: building a
# statement costs as much as running it, and a unit's history over 200 bounds has
# 10 ms in all (issue 28). Three statements whatever the number of bounds.
_HEAD = (sql_select(col(Campaign.rules_system), col(Campaign.house_rules), col(Unit.name),
                    col(Unit.arm))
         .select_from(Battle)
         .join(Campaign, col(Campaign.id) == col(Battle.campaign_id))
         .join(Unit, col(Unit.id) == bindparam("unit_id"))
         .where(col(Battle.id) == bindparam("battle_id")))
# Each bound the unit has a state in, with that state and its order (if any), in order.
_BOUNDS = (sql_select(col(Bound.id), col(Bound.number), col(Bound.game_time),
                      *map(col, STATE_COLUMNS), col(Order.status), col(Order.completed),
                      col(Order.umpire))
           .select_from(Bound)
           .join(UnitState, and_(col(UnitState.bound_id) == col(Bound.id),
                                 col(UnitState.unit_id) == bindparam("unit_id")))
           .outerjoin(Order, and_(col(Order.bound_id) == col(Bound.id),
                                  col(Order.unit_id) == bindparam("unit_id")))
           .where(col(Bound.battle_id) == bindparam("battle_id"))
           .order_by(col(Bound.number)))
_JOURNAL = (sql_select(col(Journal.id), col(Journal.bound_id), col(Journal.kind),
                       col(Journal.message), col(Journal.reason), col(Journal.clause),
                       col(Journal.created_at), col(Journal.umpire))
            .where(col(Journal.battle_id) == bindparam("battle_id"),
                   col(Journal.unit_id) == bindparam("unit_id"))
            .order_by(col(Journal.id)))
_POSITIONS = (sql_select(col(Position.id), col(Position.bound_id), col(Position.hex),
                         col(Position.x), col(Position.y), col(Position.source),
                         col(Position.created_at))
              .join(Bound, col(Bound.id) == col(Position.bound_id))
              .where(col(Bound.battle_id) == bindparam("battle_id"),
                     col(Position.unit_id) == bindparam("unit_id"))
              .order_by(col(Position.id)))


def unit_history(*, session: Session, battle_id: int, unit_id: int) -> tuple[HistoryEntry, ...]:
    """The unit bound by bound: state at the start, its order, and that bound's journal.

    Only the bounds the unit has a state in (those it took part in) have an entry.
    """
    ids = {"battle_id": battle_id, "unit_id": unit_id}
    head = core_rows(session, _HEAD, ids).first()
    if head is None:  # which one is missing: their own errors say it
        get_battle(session, battle_id)
        get_unit(session, unit_id)
        raise NotFound(f"there is no unit number {unit_id} in this campaign")
    rules_system, house_rules, name, arm = head
    system = rules_from(rules_system, house_rules)
    bounds = core_rows(session, _BOUNDS, ids).all()
    numbers = {row[0]: row[1] for row in bounds}
    journal: dict[int, list[JournalLine]] = {}
    for jid, bound_id, kind, message, reason, clause, created, umpire in core_rows(
            session, _JOURNAL, ids):
        if bound_id not in numbers:  # a line of no bound, or of one the unit was not in
            continue
        if kind == "position" and not reason:  # an older file's line per move: see below
            continue
        journal.setdefault(bound_id, []).append(JournalLine(
            id=jid, bound=numbers[bound_id], unit_id=unit_id, unit=name, kind=kind,
            message=message, reason=reason, clause=clause, created_at=created,
            umpire=umpire or ""))
    _merge_positions(core_rows(session, _POSITIONS, ids), journal, numbers=numbers,
                     unit_id=unit_id, unit=name)
    entries = []
    for bound_id, number, clock, formation, disorder, strength, data, status, completed, \
            umpire in bounds:
        summary = ""
        if status is not None:
            summary = ("cancelled" if status == "cancelled"
                       else system.summarize(completed, arm=arm))
        entries.append(HistoryEntry(
            bound=number, game_time=clock,
            # The state's columns and data as stored; its rules lines (describe_state,
            # two thirds of the time here) are the unit panel's, for the bound shown.
            state=UnitStateView(unit_id=unit_id, unit=name, bound=number,
                                formation=formation or "", disorder=disorder or "",
                                strength=strength or 0, data=data),
            order=summary, journal=tuple(journal.get(bound_id, ())),
            order_umpire=(umpire or "") if status is not None else "",
        ))
    return tuple(entries)


def _merge_positions(rows: Iterable[Any], journal: dict[int, list[JournalLine]], *,
                     numbers: dict[int, int], unit_id: int, unit: str) -> None:
    """The unit's positions (``rows`` of :data:`_POSITIONS`) in the bounds it has a state
    in, as lines of their bound's journal (kind ``position``; the id is minus the
    position's id, as no journal row is behind it), each bound's lines then in time order.
    Times are to the second: within one second the moves come first (an undo's line
    follows the move it takes back), and the journal's and the positions' own orders are
    kept (a stable sort)."""
    touched = set()
    for pid, bound_id, hex_number, x, y, source, created in rows:
        if bound_id not in numbers:
            continue
        where = where_words(hex_number, map_px(x), map_px(y))
        journal.setdefault(bound_id, []).append(JournalLine(
            id=-pid, bound=numbers[bound_id], unit_id=unit_id, unit=unit, kind="position",
            message=f"{unit} in {where} ({source}).", reason="", clause="",
            created_at=created))
        touched.add(bound_id)
    for bound_id in touched:
        journal[bound_id].sort(key=lambda line: (line.created_at, line.id > 0))


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
    features = {f.id: f.name for f in session.exec(
        select(TerrainFeature).where(TerrainFeature.battle_id == battle_id))}
    rows = session.exec(select(Crossing).where(col(Crossing.feature_id).in_(list(features)))
                        .order_by(col(Crossing.id))).all() if features else []
    # Two columns, not 200 Bound objects: the unit panel asks this for every unit chosen.
    numbers: dict[int | None, int] = dict(session.exec(
        select(col(Bound.id), col(Bound.number)).where(Bound.battle_id == battle_id)).all()
    ) if rows else {}
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
