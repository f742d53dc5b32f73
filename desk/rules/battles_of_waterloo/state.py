"""Battles of Waterloo: a unit's state carried from one turn to the next.

The turn's events are replayed (``battles_of_waterloo.events``), the movement
ordered is remembered, and a failed activation's idleness ends with the turn
(BOW-F3). Command status and disorder carry over as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from desk.rules.base import Advanced
from desk.rules.battles_of_waterloo.data import MovementType
from desk.rules.battles_of_waterloo.events import apply_one, event_code
from desk.rules.battles_of_waterloo.model import as_enum
from desk.rules.coerce import as_bool
from desk.rules.records import state_record


def advance(*, state: Mapping[str, object], fields: Mapping[str, object] | None,
            events: Sequence[Mapping[str, object]], bound: int, summary: str) -> Advanced:
    """The state for turn ``bound + 1``; ``fields`` None means no order, ``summary`` its line."""
    current: Mapping[str, object] = dict(state)
    journal: list[str] = []
    for event in events:
        info = event.get("data")
        outcome = apply_one(state=current, event=event_code(event),
                            data=info if isinstance(info, Mapping) and info else event,
                            bound=bound)
        current = outcome.state
        journal.append(outcome.journal)
    nxt = state_record(current)
    if fields is not None:
        movement = as_enum(MovementType, fields.get("movement")) or MovementType.NONE
        journal.append(f"Turn {bound}: {summary}.")
        nxt["last_movement"] = movement.value
    if as_bool(nxt.get("idle")):
        journal.append(f"Turn {bound + 1}: no longer idle, a failed activation lasts one "
                       "turn (BOW-F3).")
    nxt["idle"] = False
    return Advanced(state=nxt, journal=tuple(journal))
