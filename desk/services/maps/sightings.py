"""What the window's "mark seen" dialog offers and writes: each side's sightings of a bound.

:func:`seen_choices` reads, in one transaction, the sides, every unit and
leader placed on the map at the bound (the enemies a side could have seen) and,
per side, those already marked seen in that bound. A unit or a leader is known
by its board key, "unit:12" or "leader:3" (:attr:`MapMarker.key`).
:func:`change_seen` writes only what the umpire changed (ticked or unticked),
so a mark another umpire made meanwhile on another unit is kept; each change
is one journal line (:func:`desk.services.maps.seen.mark_seen`,
:func:`desk.services.maps.leaders.mark_leader_seen`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session, col, select

from desk.services.common import add_journal, campaign_units, get_battle, open_bound
from desk.services.maps.leaders import mark_leader_seen
from desk.services.maps.seen import mark_seen
from desk.services.oob.names import campaign_names
from desk.services.positions.leaders import get_leader, leader_positions_at
from desk.services.positions.queries import positions_at
from desk.store.tables.leaders import LeaderSeen
from desk.store.tables.maps import UnitSeen
from desk.store.tables.oob import Leader, Side


@dataclass(frozen=True)
class SeenUnit:
    """A unit or leader placed on the map: who it belongs to and where in the order of battle."""

    key: str  # "unit:12" or "leader:3", as the board keys its marker
    name: str
    side_id: int
    path: str  # a unit's commands, "I Corps / 1st Division"; a leader's rank


@dataclass(frozen=True)
class SeenChoices:
    """The open bound's sightings: sides, the units on the map, each side's marks."""

    bound: int
    sides: tuple[tuple[int, str], ...]  # (side id, name) in the order of battle's order
    units: tuple[SeenUnit, ...]  # every unit and leader placed on the map at the bound
    seen: dict[int, frozenset[str]]  # side id → the keys of the enemies it saw in this bound

    def enemies(self, side_id: int) -> tuple[SeenUnit, ...]:
        """The units side ``side_id`` could mark as seen: the other sides' placed units."""
        return tuple(u for u in self.units if u.side_id != side_id)

    def observers(self, side_id: int) -> tuple[SeenUnit, ...]:
        """The side's own placed units, any of which may be the one that saw."""
        return tuple(u for u in self.units if u.side_id == side_id and u.key.startswith("unit:"))


@dataclass(frozen=True)
class SeenChange:
    """One tick or untick: side ``side_id`` saw (or no longer saw) ``key``'s unit or leader,
    ``by`` those of its units (none: the whole side; issue 31's "who saw it")."""

    side_id: int
    key: str  # "unit:12" or "leader:3"
    seen: bool
    by: tuple[int, ...] = ()  # unit ids of the side


def seen_choices(*, session: Session, battle_id: int) -> SeenChoices:
    """The open bound's sightings of battle ``battle_id`` (refused when the bound is closed:
    a sighting belongs to the bound being played)."""
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    sides = tuple((s.id or 0, s.name) for s in session.exec(
        select(Side).where(Side.campaign_id == battle.campaign_id).order_by(col(Side.id))))
    placed = positions_at(session=session, battle_id=battle_id, bound=bound.number)
    paths = campaign_names(session, battle.campaign_id).paths
    units = [
        SeenUnit(key=f"unit:{unit.id}", name=unit.name, side_id=unit.side_id,
                 path=" / ".join(paths.get(unit.command_id, ())))
        for unit, _side, _command in campaign_units(session, battle.campaign_id,
                                                    bound_id=bound.id)
        if (unit.id or 0) in placed]
    leaders_placed = leader_positions_at(session=session, battle_id=battle_id,
                                         bound=bound.number)
    units += [SeenUnit(key=f"leader:{leader.id}", name=leader.name, side_id=leader.side_id,
                       path=leader.rank)
              for leader in session.exec(select(Leader).where(
                  col(Leader.side_id).in_([sid for sid, _n in sides])).order_by(col(Leader.id)))
              if (leader.id or 0) in leaders_placed]
    marks: dict[int, set[str]] = {side_id: set() for side_id, _name in sides}
    for unit_id, side_id in session.exec(select(UnitSeen.unit_id, UnitSeen.side_id).where(
            UnitSeen.bound_id == bound.id)):
        marks.setdefault(side_id, set()).add(f"unit:{unit_id}")
    for leader_id, side_id in session.exec(select(LeaderSeen.leader_id, LeaderSeen.side_id)
                                           .where(LeaderSeen.bound_id == bound.id)):
        marks.setdefault(side_id, set()).add(f"leader:{leader_id}")
    return SeenChoices(bound=bound.number, sides=sides, units=tuple(units),
                       seen={k: frozenset(v) for k, v in marks.items()})


def change_seen(*, session: Session, battle_id: int, changes: Sequence[SeenChange]) -> int:
    """Write the umpire's ticks and unticks in the open bound; how many marks changed.

    All or nothing: a change refused (a side's own unit, a unit gone) refuses them all.
    """
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    names = {s.id: s.name for s in session.exec(select(Side).where(
        Side.campaign_id == battle.campaign_id))}
    changed = 0
    for change in changes:
        kind, _sep, number = change.key.partition(":")
        if kind == "unit":
            changed += mark_seen(session=session, unit_id=int(number), side_id=change.side_id,
                                 bound=bound.number, seen=change.seen, battle_id=battle_id,
                                 by=change.by)
            continue
        leader = get_leader(session, battle, int(number))
        if mark_leader_seen(session=session, leader_id=leader.id or 0, side_id=change.side_id,
                            bound=bound.number, seen=change.seen):
            changed += 1
            side = names.get(change.side_id, "")
            # The same English lines as a unit's (desk/services/journal_text.py shows them).
            message = (f"{side} saw {leader.name} in bound {bound.number}." if change.seen
                       else f"{side} no longer saw {leader.name} in bound {bound.number}.")
            add_journal(session, battle_id=battle_id, bound_id=bound.id, kind="seen",
                        message=message)
    return changed
