"""The chain of command a dispatch travels, and where its headquarters stand.

A command's headquarters is where its staff unit stands (leaders are placed
like units: "Lobau and staff"); a command without a placed staff unit stands
where its leader does, when he is placed on his own (most leaders have no
staff unit: :mod:`desk.services.positions.leaders`), else where its first
placed unit does. A route goes from the writer's headquarters
to the recipient (a unit's own position, a command's headquarters), directly
or through each headquarters in between. Points are in hexes (every placed unit
in a hex of the battle's grid) or table centimetres: a map pixel becomes a
centimetre only through the map's calibration, the one measure of BA-9's
distance (:func:`desk.services.maps.distances.battle_table_scale`). A map with no
scale in cm or inches measures nothing, and the umpire gives the delay.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from desk.rules.couriers import Point, PointsByX, hex_point
from desk.services.maps.distances import battle_table_scale
from desk.services.positions.leaders import LeaderPositionView, leader_positions_at
from desk.services.positions.queries import hex_map_of, positions_at
from desk.services.positions.views import PositionView
from desk.store.tables.oob import Command, Unit


class ChainUnit(NamedTuple):
    """A unit as the chain of command knows it: who it is, whose it is, where it sorts."""

    id: int
    name: str
    command_id: int
    arm: str
    sort_key: int


@dataclass(frozen=True)
class Chain:
    """One side's commands and units, enough to walk the chain of command."""

    commands: dict[int, Command]
    units: dict[int, ChainUnit]

    def ancestors(self, command_id: int) -> list[int]:
        """The command and every command above it, nearest first."""
        found: list[int] = []
        current: int | None = command_id
        while current is not None and current in self.commands and current not in found:
            found.append(current)
            current = self.commands[current].parent_id
        return found

    def path_below(self, top: int, command_id: int) -> list[int] | None:
        """Commands from just below ``top`` down to ``command_id`` (None: not under ``top``)."""
        up = self.ancestors(command_id)
        if top not in up:
            return None
        return list(reversed(up[:up.index(top)]))

    @cached_property
    def _by_command(self) -> dict[int | None, list[ChainUnit]]:
        # Each command's own units, and each command's children: indexed once, as a close
        # asks for every headquarters' units (sixty commands over two thousand units).
        found: dict[int | None, list[ChainUnit]] = {}
        for unit in self.units.values():
            found.setdefault(unit.command_id, []).append(unit)
        return found

    @cached_property
    def _children(self) -> dict[int | None, list[int]]:
        found: dict[int | None, list[int]] = {}
        for cid, command in self.commands.items():
            found.setdefault(command.parent_id, []).append(cid)
        return found

    def own_units(self, command_id: int) -> list[ChainUnit]:
        """The units of the command itself (not of those under it)."""
        return self._by_command.get(command_id, [])

    def units_under(self, command_id: int) -> list[ChainUnit]:
        """Every unit of the command and of the commands under it, in sort order."""
        chosen, frontier = {command_id}, [command_id]
        while frontier:
            for child in self._children.get(frontier.pop(), []):
                if child not in chosen:
                    chosen.add(child)
                    frontier.append(child)
        if command_id not in self.commands:
            chosen = set()
        return sorted((u for c in chosen for u in self._by_command.get(c, [])),
                      key=lambda u: (u.sort_key, u.id or 0))


def chain_of(session: Session, *, side_id: int) -> Chain:
    """The side's commands and units."""
    commands = {c.id or 0: c for c in session.exec(select(Command)
                                                   .where(Command.side_id == side_id))}
    # Columns, not Unit entities: a close reads both sides' chains for its reports.
    units = {row[0]: ChainUnit(*row) for row in session.execute(
        sql_select(col(Unit.id), col(Unit.name), col(Unit.command_id), col(Unit.arm),
                   col(Unit.sort_key)).where(col(Unit.side_id) == side_id)
        .order_by(col(Unit.sort_key)))}
    return Chain(commands=commands, units=units)


class Places:
    """Every placed unit's point at a bound, in one measure: hexes or table cm."""

    def __init__(self, session: Session, *, battle_id: int, bound: int) -> None:
        self.placed: dict[int, PositionView] = positions_at(session=session,
                                                            battle_id=battle_id, bound=bound)
        self.leaders: dict[int, LeaderPositionView] = leader_positions_at(
            session=session, battle_id=battle_id, bound=bound)
        grid = hex_map_of(session=session, battle_id=battle_id)
        self.lower = grid.grid.lower_columns if grid is not None else "even"
        digits = grid.grid.digits if grid is not None else 2
        self.digits = digits
        # Hexes when every placed unit has one; else the map's x/y in table cm.
        self.in_hexes = bool(self.placed) and all(p.hex for p in self.placed.values())
        self.scale = None if self.in_hexes else battle_table_scale(session, battle_id)
        # Units on the map, but no table scale to measure them by: the umpire's delay.
        self.unscaled = (not self.in_hexes and self.scale is None
                         and any(p.x is not None for p in self.placed.values()))
        # By side: the enemy's placed units (their side ids, their points by x), filled by the
        # courier rolls as they first ask (desk.services.couriers.write).
        self.enemies: dict[int, tuple[list[int], PointsByX]] = {}

    def of_unit(self, unit_id: int) -> Point | None:
        """The unit's point, or None when it is not placed in this measure."""
        return self._point(self.placed.get(unit_id))

    def of_leader(self, leader_id: int) -> Point | None:
        """The leader's own position (placed apart from any unit), or None."""
        return self._point(self.leaders.get(leader_id))

    def _point(self, where: PositionView | LeaderPositionView | None) -> Point | None:
        if where is None:
            return None
        if self.in_hexes:
            if not where.hex:
                return None
            column, row = int(where.hex[:self.digits]), int(where.hex[self.digits:])
            return hex_point(column, row, lower_columns=self.lower)
        if where.x is None or where.y is None or self.scale is None:
            return None
        return self.scale.point(where.x, where.y)

    def of_command(self, chain: Chain, command_id: int) -> Point | None:
        """The command's headquarters: its staff unit, else its leader's own position,
        else its first placed unit."""
        own = chain.own_units(command_id)
        staff = [u for u in own if u.arm == "staff"]
        for unit in staff:
            point = self.of_unit(unit.id or 0)
            if point is not None:
                return point
        command = chain.commands.get(command_id)
        if command is not None and command.leader_id is not None:
            point = self.of_leader(command.leader_id)
            if point is not None:
                return point
        for unit in own:
            point = self.of_unit(unit.id or 0)
            if point is not None:
                return point
        return None
