"""Frozen return types of the bounds' services: the record of a closed bound (issue 30)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class UnitBoundRecord:
    """What one unit did in a closed bound, read from what the close recorded."""

    unit_id: int
    unit: str
    side: str
    command: str
    did: str  # its order applied, the no-order step the close took, or its LIM moves
    moves: tuple[str, ...]  # the positions recorded in the bound: "2314 (order)"
    events: tuple[str, ...]  # its event lines of the bound, as the journal has them
    before: str  # its state at the start of the bound (the rules' words)
    after: str  # its state at the start of the next
    journal: tuple[str, ...]  # the close's other lines for it (the rules', crossings, arrival)

    @property
    def changed(self) -> bool:
        """Whether its state at the start of the next bound differs from this one's."""
        return self.before != self.after


@dataclass(frozen=True, slots=True)
class BoundRecord:
    """The umpire's copy of a closed bound: every unit that took part, what it did."""

    campaign: str
    battle: str
    battle_id: int
    bound: int
    game_time: str
    units: tuple[UnitBoundRecord, ...]
    notes: tuple[str, ...]  # the close's lines for no unit (the seed revealed, the count)
