"""The frozen views of what a headquarters knows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from desk.rules.lengths import MapPx


class Standing(NamedTuple):
    """What a report tells of a unit's state: its formation and strength."""

    formation: str
    strength: int


@dataclass(frozen=True)
class UnitBelief:
    """One unit as a headquarters knows it.

    ``as_of``: the bound it was true (None: no report about it has arrived);
    ``arrived``: the bound the newest report telling it reached the headquarters (its own
    units: now); a report repeating news a lost one would have brought is the one it heard.
    """

    unit_id: int
    unit: str
    own: bool  # one of the headquarters' own units: known as it is
    as_of: int | None
    arrived: int | None
    hex: str = ""
    x: MapPx | None = None  # a point of the map's image, as a unit's position
    y: MapPx | None = None
    formation: str = ""
    strength: int | None = None


@dataclass(frozen=True)
class EnemyNews:
    """An enemy unit a headquarters knows of: seen in bound ``as_of``, known from
    ``arrived`` (at once by the units that saw it, later by report or dispatch)."""

    unit_id: int
    as_of: int
    arrived: int


@dataclass(frozen=True)
class HeadquartersKnowledge:
    """Every unit under one command as its headquarters knows it at one bound, and the
    enemy units it knows were seen."""

    command_id: int
    command: str
    bound: int
    units: tuple[UnitBelief, ...]
    enemies: Mapping[int, EnemyNews]


@dataclass(frozen=True)
class SideBelief:
    """What the headquarters a side's document is for know: of each unit under them, its
    belief (a command's packet: that command's headquarters; a side's: its highest)."""

    units: Mapping[int, UnitBelief]
    leaders: frozenset[int]  # those headquarters' own leaders: where they stand, known
    enemies: Mapping[int, int]  # each enemy unit they know was seen: its latest sighting
