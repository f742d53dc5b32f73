"""A La Bataille unit's state from bound to bound: advance and the unit panel's lines.

``advance`` applies the executed order's change of formation, then the in-bound
events in the order recorded, then lets general order settle for the hex the unit
ends in (LB-6), so the next bound starts from what the table shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from desk.rules.base import Advanced, UnitInfo
from desk.rules.la_bataille_compute import change_cost, target_formation
from desk.rules.la_bataille_data import LBData
from desk.rules.la_bataille_events import apply_event
from desk.rules.la_bataille_general import initial_formation, settle, state_dict
from desk.rules.la_bataille_types import LBOrder, LBState


def advance(
    data: LBData, *, unit: UnitInfo, state: Mapping[str, Any], fields: Mapping[str, Any] | None,
    events: Sequence[Mapping[str, Any]], bound: int,
) -> Advanced:
    """The unit's state for bound ``bound + 1``: the order's change, then the events, then LB-6."""
    current = LBState.read(state, fallback_formation=initial_formation(data, unit.arm))
    journal: list[str] = []
    if fields is not None:
        order = LBOrder.read(fields)
        target = target_formation(order)
        if target and target != current.formation and target in data.formations(unit.arm):
            cost = change_cost(data, arm=unit.arm, current=current.formation, target=target)
            journal.append(f"Changed formation {cost.working}")
            combat = target if target in data.names("formations.combat") else (
                current.combat_formation)
            current = LBState(formation=target, disorder=current.disorder,
                              strength=current.strength, terrain=current.terrain,
                              road=current.road, combat_formation=combat)
    mapping = state_dict(current, bound=bound)
    for event in events:
        kind = event.get("event", event.get("kind", ""))
        payload = event.get("data", event)
        outcome = apply_event(
            data, unit=unit, state=mapping, event=str(kind),
            data_=payload if isinstance(payload, Mapping) else {}, bound=bound,
        )
        mapping = dict(outcome.state)
        journal.append(outcome.journal)
    current = LBState.read(mapping, fallback_formation=current.formation)
    current, line = settle(data, unit=unit, state=current)
    if line:
        journal.append(line)
    return Advanced(state=state_dict(current, bound=bound + 1), journal=tuple(journal))
