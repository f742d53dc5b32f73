"""What the window's "mark seen" dialog offers and writes: each side's sightings of a bound.

:func:`seen_choices` reads, in one transaction, the sides, every unit placed on
the map at the bound (the enemies a side could have seen) and, per side, the
enemy units already marked seen in that bound. :func:`change_seen` writes only
what the umpire changed (ticked or unticked), so a mark another umpire made
meanwhile on another unit is kept; each change is one journal line
(:func:`desk.services.maps.seen.mark_seen`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session, col, select

from desk.services.common import campaign_units, get_battle, open_bound
from desk.services.maps.seen import mark_seen
from desk.services.oob.names import campaign_names
from desk.services.positions.queries import positions_at
from desk.store.map_models import UnitSeen
from desk.store.models import Side


@dataclass(frozen=True)
class SeenUnit:
    """A unit placed on the map: who it belongs to and where in the order of battle."""

    unit_id: int
    name: str
    side_id: int
    path: str  # its commands, "I Corps / 1st Division", to tell like names apart


@dataclass(frozen=True)
class SeenChoices:
    """The open bound's sightings: sides, the units on the map, each side's marks."""

    bound: int
    sides: tuple[tuple[int, str], ...]  # (side id, name) in the order of battle's order
    units: tuple[SeenUnit, ...]  # every unit placed on the map at the bound
    seen: dict[int, frozenset[int]]  # side id → the enemy unit ids it saw in this bound

    def enemies(self, side_id: int) -> tuple[SeenUnit, ...]:
        """The units side ``side_id`` could mark as seen: the other sides' placed units."""
        return tuple(u for u in self.units if u.side_id != side_id)


@dataclass(frozen=True)
class SeenChange:
    """One tick or untick: side ``side_id`` saw (or no longer saw) ``unit_id``."""

    side_id: int
    unit_id: int
    seen: bool


def seen_choices(*, session: Session, battle_id: int) -> SeenChoices:
    """The open bound's sightings of battle ``battle_id`` (refused when the bound is closed:
    a sighting belongs to the bound being played)."""
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    sides = tuple((s.id or 0, s.name) for s in session.exec(
        select(Side).where(Side.campaign_id == battle.campaign_id).order_by(col(Side.id))))
    placed = positions_at(session=session, battle_id=battle_id, bound=bound.number)
    paths = campaign_names(session, battle.campaign_id).paths
    units = tuple(
        SeenUnit(unit_id=unit.id or 0, name=unit.name, side_id=unit.side_id,
                 path=" / ".join(paths.get(unit.command_id, ())))
        for unit, _side, _command in campaign_units(session, battle.campaign_id,
                                                    bound_id=bound.id)
        if (unit.id or 0) in placed)
    marks: dict[int, set[int]] = {side_id: set() for side_id, _name in sides}
    for unit_id, side_id in session.exec(select(UnitSeen.unit_id, UnitSeen.side_id).where(
            UnitSeen.bound_id == bound.id)):
        marks.setdefault(side_id, set()).add(unit_id)
    return SeenChoices(bound=bound.number, sides=sides, units=units,
                       seen={k: frozenset(v) for k, v in marks.items()})


def change_seen(*, session: Session, battle_id: int, changes: Sequence[SeenChange]) -> int:
    """Write the umpire's ticks and unticks in the open bound; how many marks changed.

    All or nothing: a change refused (a side's own unit, a unit gone) refuses them all.
    """
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    changed = 0
    for change in changes:
        changed += mark_seen(session=session, unit_id=change.unit_id, side_id=change.side_id,
                             bound=bound.number, seen=change.seen, battle_id=battle_id)
    return changed
