"""The casualties grid: a column of losses (and new disorder or morale states) at once.

After a melee the umpire has a figure per unit to enter. Each row of the grid
is a unit's casualties and, optionally, one condition event the rules system
offers as a new state (:attr:`EventKind.condition`: became MD, routed …). Every
row is checked exactly as the single event is (:func:`~desk.services.bounds.events.check_event`,
the same refusals with their clause), and the batch is all-or-nothing: one
refused row and nothing is written, the refusals come back per row. The events
are ordinary in-bound events (:func:`~desk.services.bounds.events.record_event`),
so the close, the journal and the unit panel read them as if typed one by one;
the window undoes the whole grid at once with :func:`strike_grid`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from desk.i18n import _
from desk.rules.base import EventKind, RulesSystem
from desk.rules.condition import CASUALTIES, is_removed
from desk.services.bounds.events import (
    check_event,
    record_event,
    remove_event,
    state_now,
)
from desk.services.common import (
    core_rows,
    get_battle,
    get_campaign,
    get_unit,
    open_bound,
    rules_of,
    unit_info_of,
    unit_records,
)
from desk.services.condition.strengths import strengths_now
from desk.services.dto import EventView
from desk.services.errors import ServiceError
from desk.services.umpires.guard import claim_on_unit
from desk.services.umpires.guard import refusal as claimed_refusal
from desk.store.tables.bounds import Bound, UnitState


@dataclass(frozen=True)
class GridRow:
    """One unit's row: its casualties, its new state (an event kind code), or both.

    ``seen_version``: the unit's state version as the grid showed it.
    """

    unit_id: int
    casualties: int | None = None
    state: str = ""
    seen_version: int | None = None

    @property
    def empty(self) -> bool:
        """Nothing typed in the row: it is skipped."""
        return self.casualties is None and not self.state


@dataclass(frozen=True)
class GridUnit:
    """A unit as the grid lists it: its command and side, strength now and state version."""

    unit_id: int
    name: str
    side: str
    command_id: int
    command: str
    strength: int
    version: int | None


@dataclass(frozen=True)
class GridOutcome:
    """What the grid did: the events recorded (in order), or the refusals by unit id."""

    events: tuple[EventView, ...] = ()
    refusals: Mapping[int, str] | None = None
    versions: Mapping[int, int] | None = None  # each unit's state version after the grid

    @property
    def refused(self) -> bool:
        """True when a row was refused, and nothing was written."""
        return bool(self.refusals)


def state_kinds(system: RulesSystem) -> tuple[EventKind, ...]:
    """The event kinds the grid offers as a new state (disorder, morale)."""
    return tuple(k for k in system.event_kinds() if k.condition)


def grid_units(*, session: Session, battle_id: int) -> tuple[GridUnit, ...]:
    """The units present in the open bound, in the order of battle's order, with their
    strength now (events replayed) and state version."""
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    versions: dict[int, int | None] = dict(core_rows(session, sql_select(
        col(UnitState.unit_id), col(UnitState.version_id))
        .where(col(UnitState.bound_id) == bound.id)).all())
    strengths = strengths_now(session=session, battle_id=battle_id)
    out = []
    for unit, side, command in unit_records(session, battle.campaign_id, attrs=False,
                                            bound_id=bound.id):
        now = strengths.get(unit.id)
        if now is None or now.status != "present":
            continue  # removed units take no more losses (data: losses.removed)
        out.append(GridUnit(unit_id=unit.id, name=unit.name, side=side,
                            command_id=unit.command_id, command=command,
                            strength=now.strength, version=versions.get(unit.id)))
    return tuple(out)


def _events_of(row: GridRow, *, cause: str, kinds: Mapping[str, EventKind]
               ) -> list[tuple[str, dict[str, object]]]:
    out: list[tuple[str, dict[str, object]]] = []
    if row.casualties is not None:
        data: dict[str, object] = {"losses": row.casualties}
        if cause:
            data["cause"] = cause
        out.append((CASUALTIES, data))
    if row.state:
        kind = kinds[row.state]
        out.append((row.state, {f.name: f.default for f in kind.fields
                                if f.default is not None}))
    return out


def _check(session: Session, *, system: RulesSystem, bound: Bound, row: GridRow, cause: str,
           kinds: Mapping[str, EventKind]) -> str:
    """The row's refusal in the desk's words, "" when the rules accept it."""
    unit = get_unit(session, row.unit_id)
    held = claim_on_unit(session, battle_id=bound.battle_id, unit_id=row.unit_id)
    if held is not None:  # refused as its event would be, shown on its row as it is typed
        return claimed_refusal(held, what=unit.name)
    if row.state and row.state not in kinds:
        return _("{unit}: {system} has no new state {state!r}").format(
            unit=unit.name, system=system.name, state=row.state)
    info = unit_info_of(session, unit)
    current = state_now(session, system=system, info=info, bound=bound)
    for kind, data in _events_of(row, cause=cause, kinds=kinds):
        if is_removed(current) and kind != CASUALTIES:
            break  # the casualties removed it; the rules refuse what follows in their words
        outcome, refusal = check_event(system, info=info, state=current, kind=kind,
                                       data=data, bound=bound.number)
        if refusal:
            return refusal
        current = outcome.state
    return ""


def check_grid(*, session: Session, battle_id: int, rows: Sequence[GridRow],
               cause: str = "") -> dict[int, str]:
    """Each non-empty row's refusal by unit id (rows the rules accept are left out).

    Reads only: the window calls it as each row is typed.
    """
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    system = rules_of(get_campaign(session, battle.campaign_id))
    kinds = {k.code: k for k in state_kinds(system)}
    out: dict[int, str] = {}
    for row in rows:
        if row.empty:
            continue
        if sum(r.unit_id == row.unit_id for r in rows) > 1:
            raise ServiceError(f"unit {row.unit_id} has more than one row in the grid")
        refusal = _check(session, system=system, bound=bound, row=row, cause=cause,
                         kinds=kinds)
        if refusal:
            out[row.unit_id] = refusal
    return out


def record_grid(*, session: Session, battle_id: int, rows: Sequence[GridRow],
                cause: str = "") -> GridOutcome:
    """Record every non-empty row's events in the open bound, or none of them.

    Each row is checked as the single event is; when any row is refused nothing
    is written and the outcome holds the refusals by unit id. ``cause`` goes with
    every casualties figure ("melee at the farm").
    """
    refusals = check_grid(session=session, battle_id=battle_id, rows=rows, cause=cause)
    if refusals:
        return GridOutcome(refusals=refusals)
    battle = get_battle(session, battle_id)
    system = rules_of(get_campaign(session, battle.campaign_id))
    kinds = {k.code: k for k in state_kinds(system)}
    events: list[EventView] = []
    versions: dict[int, int] = {}
    for row in rows:
        seen = row.seen_version
        for kind, data in _events_of(row, cause=cause, kinds=kinds):
            view = record_event(session=session, battle_id=battle_id, unit_id=row.unit_id,
                                kind=kind, data=data, seen_version=seen)
            seen = versions[row.unit_id] = view.state_version
            events.append(view)
    return GridOutcome(events=tuple(events), versions=versions)


def strike_grid(*, session: Session, events: Sequence[tuple[int, int]],
                seen: Mapping[int, int | None], reason: str) -> dict[int, int]:
    """Strike out the grid's events, ``(unit id, event id)``, last first, in one transaction.

    ``seen``: each unit's state version as this desk last wrote it; returns the new ones.
    """
    versions: dict[int, int | None] = dict(seen)
    out: dict[int, int] = {}
    for unit_id, event_id in reversed(events):
        out[unit_id] = remove_event(session=session, event_id=event_id, reason=reason,
                                    seen_version=versions.get(unit_id))
        versions[unit_id] = out[unit_id]
    return out
