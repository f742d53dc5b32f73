"""Hex arithmetic for hex-map games: the scenario's numbering, neighbours and distance.

La Bataille and Battles of Waterloo maps number their hexes "CCRR": two digits
of column then two of row (hex 2314 is column 23, row 14). Columns run
vertically and every other column sits half a hex lower; which ones (the even
or the odd numbers) is the map's own choice, so it is a scenario parameter
(``lower_columns``). No well-kept Python library for offset hex grids was found
(the arithmetic is a few lines), so it is written here after Red Blob Games'
"Hexagonal Grids" (offset → cube coordinates; distance = the largest cube
difference).

Worked example, even columns lower: the neighbours of 0505 are 0504 and 0506 in
its own column, and 0404, 0405, 0604, 0605 in the columns beside it (the even
columns are lower, so their rows 4 and 5 touch row 5 of column 5); hex 0505 to
0707 is 3 hexes.

Pure: no I/O, no Qt, no database. :class:`HexMap` adds a scenario's road hexes
and terrain per hex to the grid.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field

from desk.i18n import _

LOWER_COLUMNS = ("even", "odd")
# Cube directions (dx, dy, dz) of the six neighbours of a hex.
_DIRECTIONS = ((1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1))


class HexError(ValueError):
    """A hex number that is not the map's numbering, or off the map: one sentence."""


@dataclass(frozen=True, order=True)
class Hex:
    """One hex by the map's own column and row numbers."""

    column: int
    row: int


@dataclass(frozen=True)
class HexGrid:
    """A map's numbering range and which columns sit half a hex lower."""

    first_column: int = 1
    last_column: int = 99
    first_row: int = 1
    last_row: int = 99
    lower_columns: str = "even"  # "even" or "odd": the columns shifted half a hex down
    digits: int = 2  # digits of the column, and of the row, in a hex number

    def __post_init__(self) -> None:
        if self.lower_columns not in LOWER_COLUMNS:
            raise HexError(_("The lower columns are \"even\" or \"odd\", not {value!r}.")
                           .format(value=self.lower_columns))
        top = 10 ** self.digits - 1
        if not (0 <= self.first_column <= self.last_column <= top
                and 0 <= self.first_row <= self.last_row <= top):
            raise HexError(_("The hex numbering runs from {first} to {last}: not a range of "
                             "{digits}-digit columns and rows.").format(
                first=self._number(self.first_column, self.first_row),
                last=self._number(self.last_column, self.last_row), digits=self.digits))

    def _number(self, column: int, row: int) -> str:
        return f"{column:0{self.digits}d}{row:0{self.digits}d}"

    @property
    def first(self) -> str:
        """The first hex number of the map (top left)."""
        return self._number(self.first_column, self.first_row)

    @property
    def last(self) -> str:
        """The last hex number of the map (bottom right)."""
        return self._number(self.last_column, self.last_row)

    def format(self, where: Hex) -> str:
        """The map's number of a hex: Hex(23, 14) → "2314"."""
        return self._number(where.column, where.row)

    def parse(self, text: str, *, what: str = "") -> Hex:
        """The hex numbered ``text`` ("2314"), on this map, else HexError naming ``what``."""
        value = text.strip() if isinstance(text, str) else ""
        place = f"{what}: " if what else ""
        width = 2 * self.digits
        if len(value) != width or not value.isdigit():
            raise HexError(place + _("{value!r} is not a hex number: {width} digits, column "
                                     "then row (e.g. {example}).").format(
                value=value, width=width, example=self.last))
        where = Hex(int(value[:self.digits]), int(value[self.digits:]))
        if not self.contains(where):
            raise HexError(place + _("hex {value} is off the map, whose hexes run from "
                                     "{first} to {last}.").format(
                value=value, first=self.first, last=self.last))
        return where

    def contains(self, where: Hex) -> bool:
        """True when the hex is inside the map's numbering range."""
        return (self.first_column <= where.column <= self.last_column
                and self.first_row <= where.row <= self.last_row)

    def _half_rows(self, column: int) -> int:
        # Red Blob's "odd-q" (odd columns lower) and "even-q" (even columns lower):
        # the half rows gained by the columns before this one.
        odd = column & 1
        return (column - odd) // 2 if self.lower_columns == "odd" else (column + odd) // 2

    def _cube(self, where: Hex) -> tuple[int, int, int]:
        x = where.column
        z = where.row - self._half_rows(x)
        return x, -x - z, z

    def _hex(self, x: int, z: int) -> Hex:
        return Hex(x, z + self._half_rows(x))

    def neighbours(self, where: Hex) -> tuple[Hex, ...]:
        """The hexes touching ``where`` that are on the map (six inside, fewer at an edge)."""
        x, _y, z = self._cube(where)
        around = (self._hex(x + dx, z + dz) for dx, _dy, dz in _DIRECTIONS)
        return tuple(sorted(h for h in around if self.contains(h)))

    def distance(self, a: Hex, b: Hex) -> int:
        """Hexes to enter to go from ``a`` to ``b`` by the shortest way."""
        ax, ay, az = self._cube(a)
        bx, by, bz = self._cube(b)
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))

    def to_dict(self) -> dict[str, object]:
        """The grid as the scenario and the ``hex_grid`` table hold it."""
        return {"first": self.first, "last": self.last, "lower_columns": self.lower_columns}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> HexGrid:
        """The grid from ``{"first": "0101", "last": "4030", "lower_columns": "even"}``."""
        first, last = str(data.get("first", "0101")), str(data.get("last", "9999"))
        if len(first) != len(last) or len(first) % 2 or not (first + last).isdigit():
            raise HexError(_("The hex numbering runs from {first} to {last}: both need the "
                             "same even number of digits.").format(first=first, last=last))
        d = len(first) // 2
        return cls(first_column=int(first[:d]), first_row=int(first[d:]),
                   last_column=int(last[:d]), last_row=int(last[d:]),
                   lower_columns=str(data.get("lower_columns", "even")), digits=d)


@dataclass(frozen=True)
class HexMap:
    """A battle's grid with what its scenario says of each hex: road, terrain."""

    grid: HexGrid
    roads: frozenset[str] = frozenset()
    terrain: Mapping[str, str] = field(default_factory=dict)
    default_terrain: str = "clear"

    def terrain_of(self, number: str) -> str:
        """The hex's terrain as the scenario gives it, else the default (clear)."""
        return self.terrain.get(number, self.default_terrain)

    def has_road(self, number: str) -> bool:
        """True when a road runs through the hex."""
        return number in self.roads

    def road_route(self, start: str, end: str) -> tuple[str, ...] | None:
        """The shortest way from hex ``start`` to hex ``end`` over neighbouring road hexes,
        both ends included; None when no road joins them (or either end has no road).

        The scenario's hex data marks road hexes, not the hexsides a road crosses, so two
        road hexes that touch are taken as joined. Worked example on the Leipzig map
        (even columns lower): 0405 → 0506 → 0606 → 0707 enters 3 road hexes. Among ways
        of the same length the one through the lowest-numbered hexes is taken, so the
        route (and its working) is the same on every run.
        """
        if start not in self.roads or end not in self.roads:
            return None
        grid = self.grid
        came: dict[str, str] = {start: start}
        todo: deque[str] = deque([start])
        while todo:  # breadth first: every road hex costs the same to enter (LB-9)
            number = todo.popleft()
            if number == end:
                route = [end]
                while route[-1] != start:
                    route.append(came[route[-1]])
                return tuple(reversed(route))
            for near in grid.neighbours(grid.parse(number)):
                text = grid.format(near)
                if text in self.roads and text not in came:
                    came[text] = number
                    todo.append(text)
        return None

    def to_dict(self) -> dict[str, object]:
        """The map as the ``hex_grid`` table's JSON holds it."""
        return {**self.grid.to_dict(), "roads": sorted(self.roads),
                "terrain": dict(sorted(self.terrain.items())),
                "default_terrain": self.default_terrain}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> HexMap:
        """The map from its JSON; every road and terrain hex must be on the grid."""
        grid = HexGrid.from_dict(data)
        roads = data.get("roads", [])
        terrain = data.get("terrain", {})
        if not isinstance(roads, list) or not isinstance(terrain, Mapping):
            raise HexError(_("The hex grid's roads are a list of hexes and its terrain a "
                             "table of hex = terrain."))
        for number in [*roads, *terrain]:
            grid.parse(str(number), what=_("hex grid"))
        return cls(grid=grid, roads=frozenset(str(r) for r in roads),
                   terrain={str(k): str(v).strip().lower() for k, v in terrain.items()},
                   default_terrain=str(data.get("default_terrain", "clear")))


# The order fields through which a rules system takes hexes (a system that lists
# them in its order fields gets hex checks and positions from its orders).
FROM_HEX = "from_hex"  # the hex the unit stands in, when the desk has none recorded
TO_HEX = "to_hex"  # the hex it moves to
PATH_HEXES = "path_hexes"  # hexes entered on its way, when the umpire counts them
