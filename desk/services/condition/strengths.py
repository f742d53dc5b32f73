"""Each unit's strength now, and across the bounds of a battle: what the losses report and
the aftermath of a battle read.

A unit's *effective* strength is its ``strength`` plus the skirmishers it has out
(they are still its men: detaching them is no loss). The open bound's strength
is its start state with the bound's events replayed by the rules system, as
the unit panel shows it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from desk.rules.coerce import as_int
from desk.rules.condition import PRESENT
from desk.services.bounds.events import replay
from desk.services.common import (
    STATE_COLUMNS,
    core_rows,
    get_battle,
    get_campaign,
    open_bound,
    rules_of,
    state_from,
    unit_info,
    unit_records,
)
from desk.store.tables.bounds import Bound, BoundEvent, UnitState


@dataclass(frozen=True)
class UnitStrength:
    """A unit's strength at one moment: in the battalion, out as skirmishers, and its status."""

    unit_id: int
    strength: int
    skirmishers: int = 0
    status: str = PRESENT  # present, destroyed, captured, left-table
    leader_lost: bool = False  # its leader fell and is not yet replaced (a staff unit's)

    @property
    def effective(self) -> int:
        """Its men, skirmishers included."""
        return self.strength + self.skirmishers


def strength_of(unit_id: int, state: Mapping[str, object]) -> UnitStrength:
    """:class:`UnitStrength` from a rules state mapping."""
    return UnitStrength(unit_id=unit_id, strength=max(0, as_int(state.get("strength")) or 0),
                        skirmishers=max(0, as_int(state.get("skirmishers")) or 0),
                        status=str(state.get("status") or PRESENT),
                        leader_lost=bool(state.get("leader_lost")))


def strengths_by_bound(*, session: Session, battle_id: int) -> dict[int, dict[int, UnitStrength]]:
    """Every unit's strength at the start of each bound of the battle: {bound: {unit: …}}."""
    numbers = dict(core_rows(session, sql_select(col(Bound.id), col(Bound.number))
                             .where(col(Bound.battle_id) == battle_id)).all())
    out: dict[int, dict[int, UnitStrength]] = {n: {} for n in numbers.values()}
    rows = core_rows(session, sql_select(col(UnitState.bound_id), col(UnitState.unit_id),
                                         *map(col, STATE_COLUMNS))
                     .where(col(UnitState.bound_id).in_(list(numbers))))
    for bound_id, unit_id, *columns in rows:
        out[numbers[bound_id]][unit_id] = strength_of(unit_id, state_from(*columns))
    return out


def strengths_now(*, session: Session, battle_id: int) -> dict[int, UnitStrength]:
    """Every unit's strength at this moment of the open bound: its start state with the
    bound's events replayed (casualties, skirmishers, removal), keyed by unit id.

    The aftermath of a battle reads this after the battle's last close (then it is
    simply the last bound's start state).
    """
    battle = get_battle(session, battle_id)
    campaign = get_campaign(session, battle.campaign_id)
    system = rules_of(campaign)
    bound = open_bound(session, battle)
    states = {r[0]: state_from(*r[1:]) for r in core_rows(session,
              sql_select(col(UnitState.unit_id), *map(col, STATE_COLUMNS))
              .where(col(UnitState.bound_id) == bound.id))}
    events: dict[int, list[BoundEvent]] = {}
    for event in session.exec(select(BoundEvent).where(BoundEvent.bound_id == bound.id)
                              .order_by(col(BoundEvent.id))):
        events.setdefault(event.unit_id, []).append(event)
    out: dict[int, UnitStrength] = {}
    for unit, side, command in unit_records(session, battle.campaign_id, attrs=bool(events)):
        state = states.get(unit.id)
        if state is None:
            continue
        if unit.id in events:
            state = replay(system, info=unit_info(unit, side=side, command=command),
                           state=state, events=events[unit.id], bound=bound.number)
        out[unit.id] = strength_of(unit.id, state)
    return out
