"""In-bound events: what happened to a unit while the umpire adjudicated the bound.

Fast march stopped at 90 cm, charge stopped by terrain, unit became LD, forced
move, pass-through, crossing begun: each rules system lists its own
(``event_kinds()``). An event is stored as it was entered (kind and data); the
unit's state *now* is its state at the start of the bound with the bound's
events re-applied in order by the rules system, so nothing is stored twice and
the close hands the same events to ``advance()``.

Recording or striking an event takes ``seen_version``, the version of the
unit's ``unit_state`` row of the open bound as the caller saw it (the state
*now* is that row plus the events); each event write raises it by one with a
guarded UPDATE, and a changed version refuses the write with
ConcurrentChangeError (see :mod:`desk.services.versions`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.rules.base import EventOutcome, EventRecord, RulesSystem, Severity, StateRecord, UnitInfo
from desk.rules.records import event_values
from desk.services.common import (
    add_journal,
    get_battle,
    get_bound,
    get_campaign,
    get_unit,
    open_bound,
    rules_of,
    state_of,
    unit_info_of,
)
from desk.services.dto import EventView
from desk.services.errors import NotFound, ServiceError
from desk.services.umpires.guard import refuse_if_claimed
from desk.services.versions import claim
from desk.store.tables.bounds import Bound, BoundEvent, UnitState


def event_payload(event: BoundEvent) -> EventRecord:
    """An event as ``advance()`` receives it: ``{"event", "kind", "data"}``."""
    return {"event": event.kind, "kind": event.kind, "data": event_values(event.data)}


def _state_row(session: Session, *, unit_id: int, bound: Bound) -> UnitState:
    row = session.exec(select(UnitState).where(UnitState.bound_id == bound.id,
                                               UnitState.unit_id == unit_id)).first()
    if row is None:
        raise NotFound(f"unit {unit_id} has no state in bound {bound.number}")
    return row


def start_state(session: Session, *, unit_id: int, bound: Bound) -> StateRecord:
    """The unit's state at the start of ``bound`` (NotFound if it had none)."""
    return state_of(_state_row(session, unit_id=unit_id, bound=bound))


def _claim_state(session: Session, *, unit_id: int, name: str, bound: Bound,
                 seen: int | None) -> int:
    """Raise the unit's state version if it is still ``seen``; the new version.

    Every event write (recorded, struck out, the grid's) comes through here, so this is
    where another umpire's claim on the unit refuses it, before anything is written."""
    refuse_if_claimed(session=session, battle_id=bound.battle_id, unit_id=unit_id)
    row = _state_row(session, unit_id=unit_id, bound=bound)
    return claim(session, UnitState, row_id=row.id or 0, seen=seen, bump=True,
                 what=f"{name}'s events of bound {bound.number}")


def unit_events(session: Session, *, unit_id: int, bound: Bound) -> Sequence[BoundEvent]:
    """The unit's events of ``bound`` in the order they were recorded."""
    return session.exec(select(BoundEvent).where(BoundEvent.bound_id == bound.id,
                                                 BoundEvent.unit_id == unit_id)
                        .order_by(col(BoundEvent.id))).all()


def replay(system: RulesSystem, *, info: UnitInfo, state: StateRecord,
           events: Sequence[BoundEvent], bound: int) -> StateRecord:
    """``state`` with ``events`` applied in order by the rules system."""
    current = state
    for event in events:
        current = system.apply_event(unit=info, state=current, event=event.kind,
                                     data=event_values(event.data), bound=bound).state
    return current


def state_now(session: Session, *, system: RulesSystem, info: UnitInfo,
              bound: Bound) -> StateRecord:
    """The unit's state at this moment of ``bound``: start state plus its events so far."""
    start = start_state(session, unit_id=info.id, bound=bound)
    return replay(system, info=info, state=start,
                  events=unit_events(session, unit_id=info.id, bound=bound), bound=bound.number)


def check_event(system: RulesSystem, *, info: UnitInfo, state: StateRecord, kind: str,
                data: Mapping[str, object], bound: int) -> tuple[EventOutcome, str]:
    """The event applied to ``state``, and its refusal in the desk's words ("" if none).

    The refusal is the rules' first error finding (casualties beyond the unit's
    strength, a rally of a unit in good order), with its clause, after the unit's name.
    """
    outcome = system.apply_event(unit=info, state=state, event=kind, data=event_values(data),
                                 bound=bound)
    refused = next((f for f in outcome.findings if f.severity is Severity.ERROR), None)
    if refused is None:
        return outcome, ""
    return outcome, _("{unit}: {message}").format(unit=info.name, message=refused.message)


def record_event(*, session: Session, battle_id: int, unit_id: int, kind: str,
                 data: Mapping[str, object] | None = None, seen_version: int | None) -> EventView:
    """Record an in-bound event against a unit in the open bound, with its journal line.

    An event the rules refuse (an error finding: casualties beyond the unit's
    strength, a rally of a unit in good order) raises :class:`ServiceError` with
    the finding's sentence, and nothing is written.

    ``seen_version``: the version of the unit's state in the open bound as the
    caller saw it (``UnitStateView.version``); the view returned has the new one.
    """
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    system = rules_of(get_campaign(session, battle.campaign_id))
    kinds = {k.code: k for k in system.event_kinds()}
    if kind not in kinds:
        raise ServiceError(f"{system.name} has no in-bound event {kind!r} "
                           f"(it has: {', '.join(kinds) or 'none'})")
    unit = get_unit(session, unit_id)
    info = unit_info_of(session, unit)
    payload = dict(data or {})
    now = state_now(session, system=system, info=info, bound=bound)
    outcome, refusal = check_event(system, info=info, state=now, kind=kind, data=payload,
                                   bound=bound.number)
    if refusal:
        raise ServiceError(refusal)
    version = _claim_state(session, unit_id=unit_id, name=unit.name, bound=bound,
                           seen=seen_version)
    event = BoundEvent(bound_id=bound.id or 0, unit_id=unit_id, kind=kind, data=payload)
    session.add(event)
    add_journal(session, battle_id=battle_id, bound_id=bound.id, unit_id=unit_id, kind="event",
                message=outcome.journal, clause=kinds[kind].clause)
    session.flush()
    return EventView(id=event.id or 0, unit_id=unit_id, bound=bound.number, kind=kind,
                     data=payload, journal=outcome.journal, findings=tuple(outcome.findings),
                     state_version=version)


def remove_event(*, session: Session, event_id: int, reason: str,
                 seen_version: int | None) -> int:
    """Strike an event entered by mistake (open bound only); the journal says so and why.

    ``seen_version``: the unit's state version as the caller saw it; returns the new one.
    """
    event = session.get(BoundEvent, event_id)
    if event is None:
        raise NotFound(f"there is no event number {event_id}")
    bound = session.get(Bound, event.bound_id)
    assert bound is not None  # the foreign key guarantees it
    battle = get_battle(session, bound.battle_id)
    open_bound(session, battle)
    if battle.current_bound != bound.number:
        raise ServiceError(f"the event belongs to bound {bound.number}, which is closed")
    unit = get_unit(session, event.unit_id)
    version = _claim_state(session, unit_id=unit.id or 0, name=unit.name, bound=bound,
                           seen=seen_version)
    add_journal(session, battle_id=battle.id or 0, bound_id=bound.id, unit_id=unit.id,
                kind="event", message=f"Event {event.kind} of {unit.name} struck out.",
                reason=reason)
    session.delete(event)
    session.flush()
    return version


def list_events(*, session: Session, battle_id: int, bound: int | None = None,
                unit_id: int | None = None) -> tuple[EventView, ...]:
    """The events of a bound (the open one when ``bound`` is None), optionally of one unit."""
    battle = get_battle(session, battle_id)
    row = get_bound(session, battle_id, battle.current_bound if bound is None else bound)
    query = select(BoundEvent).where(BoundEvent.bound_id == row.id)
    if unit_id is not None:
        query = query.where(BoundEvent.unit_id == unit_id)
    return tuple(
        EventView(id=e.id or 0, unit_id=e.unit_id, bound=row.number, kind=e.kind,
                  data=dict(e.data), journal="")
        for e in session.exec(query.order_by(col(BoundEvent.id))).all()
    )
