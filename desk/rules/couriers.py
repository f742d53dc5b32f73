"""Couriers: how fast a dispatch travels, and its chances of loss and capture (issue 21).

Pure data and arithmetic, no database. A campaign starts from its rules
system's preset for a scale and may override every number; the services keep
the overrides as campaign data (``courier_settings``).

Distances are in one measure per route: hexes where every unit stands in a
hex (the map's hexes, counted centre to centre), otherwise table centimetres,
the map's pixels through its calibration (desk/services/maps/distances.py, the
measure of BA-9's distance too), never raw pixels: a :data:`Point` is a
:data:`~desk.rules.lengths.CmPoint` or a :data:`~desk.rules.lengths.HexPoint`,
so a pixel point fails mypy here (issue 27). Worked example,
Belle Alliance "table" preset: a corps headquarters 300 cm from a division
rides ``ceil(300 / 120) = 3`` bounds, never fewer than the minimum of 1; a
route passing 25 cm from a Prussian brigade (capture distance 30) risks
capture on a d100 of 30 or less.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, overload

from desk.i18n import _
from desk.rules.lengths import Cm, CmPoint, Hexes, HexPoint

REACH_SAME_COMMAND = "same-command"
REACH_DISTANCE = "distance"
# Whether a commander's orders for his subordinate commands' units go by courier: "auto"
# when the battle has a calibrated map (or its scenario's hex grid) to ride on, else not;
# "on" and "off" say so whatever the map. A table game without a map has no couriers.
USE_AUTO, USE_ON, USE_OFF = "auto", "on", "off"
# A draft order that waits for the umpire because its dispatch was over the leader's limit
# (its finding's code; the clause is the courier setting it applies).
DISPATCH_OVER_LIMIT = "DESK_DISPATCH_OVER_LIMIT"
LIMIT_CLAUSE = "data: couriers.limit_per_leader"
# A dispatch of a filled sheet the couriers refused for another reason than the limit.
DISPATCH_REFUSED = "DESK_DISPATCH_REFUSED"
# The drafts the couriers hold back: such an order goes by courier or by the umpire's reason,
# never by a plain save (which would skip the courier and its limit).
HELD_BY_COURIERS = frozenset({DISPATCH_OVER_LIMIT, DISPATCH_REFUSED})
USES: tuple[str, ...] = (USE_AUTO, USE_ON, USE_OFF)
Point = CmPoint | HexPoint  # a route's points, all in table cm or all in hexes


class CourierDataError(ValueError):
    """A courier setting the desk cannot use: one sentence naming the setting."""


@dataclass(frozen=True)
class CourierRules:
    """Speed, risks and limits of the couriers of one campaign."""

    min_delay_bounds: int = 1  # never delivered sooner than this many bounds after writing
    distance_per_bound: float = 120.0  # how far a courier rides in one bound (cm or hexes)
    loss_chance: int = 2  # per cent, rolled on a d100 for every dispatch that travels
    capture_chance: int = 30  # per cent, rolled when the route passes near the enemy
    capture_distance: float = 30.0  # "near": an enemy unit this close to the route (cm or hexes)
    limit_per_leader: int = 3  # dispatches a leader may write in one bound
    reach: str = REACH_SAME_COMMAND  # who receives at once: "same-command" or "distance"
    reach_distance: float = 0.0  # with reach "distance": units this close receive at once
    use: str = USE_AUTO  # one of USES: whether sheets' orders to subordinates go by courier
    # Information travels (issue 31): at each close every headquarters sends a situation
    # report up the chain by courier, and each knows only what has reached it. Off: every
    # headquarters of a side knows what the side knows, as at a table game.
    information_travels: bool = False

    def to_dict(self) -> dict[str, object]:
        """The settings as campaign data (a JSON object)."""
        return asdict(self)


# Presets per rules system and scale: the numbers an umpire starts from.
PRESETS: dict[str, dict[str, CourierRules]] = {
    "belle-alliance": {
        "table": CourierRules(distance_per_bound=120.0, capture_distance=30.0),
        "grand-table": CourierRules(distance_per_bound=240.0, capture_distance=45.0),
    },
    "battles-of-waterloo": {
        "hex-400m": CourierRules(distance_per_bound=8.0, capture_distance=2.0),
    },
    "la-bataille": {
        "hex-100m": CourierRules(distance_per_bound=12.0, capture_distance=3.0),
    },
}


def scales_of(system_id: str) -> tuple[str, ...]:
    """The preset scales of a rules system, the default first."""
    return tuple(PRESETS.get(system_id, {"table": CourierRules()}))


def courier_rules(system_id: str, *, scale: str = "",
                  overrides: Mapping[str, object] | None = None) -> CourierRules:
    """The preset of ``system_id`` at ``scale`` (its first when empty) with ``overrides``."""
    presets = PRESETS.get(system_id, {"table": CourierRules()})
    if scale and scale not in presets:
        raise CourierDataError(_("Courier scale {scale!r} is not one of {known}.").format(
            scale=scale, known=", ".join(presets)))
    base = presets[scale] if scale else next(iter(presets.values()))
    known = {f.name: f for f in fields(CourierRules)}
    changes: dict[str, Any] = {}  # a house rule's values, each checked below
    for key, value in (overrides or {}).items():
        if key not in known:
            raise CourierDataError(_("Unknown courier setting {key!r} (known: {known}).")
                                   .format(key=key, known=", ".join(known)))
        old = getattr(base, key)
        if isinstance(old, bool):
            if not isinstance(value, bool):
                raise CourierDataError(_("Courier setting {key!r} is true or false, not "
                                         "{value!r}.").format(key=key, value=value))
        elif key == "use":
            if value not in USES:
                raise CourierDataError(_("Courier setting use is {known}, not {value!r}.")
                                       .format(known=", ".join(USES), value=value))
        elif isinstance(old, str):
            if value not in (REACH_SAME_COMMAND, REACH_DISTANCE):
                raise CourierDataError(_("Courier setting reach is {a} or {b}, not {value!r}.")
                                       .format(a=REACH_SAME_COMMAND, b=REACH_DISTANCE,
                                               value=value))
        elif isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise CourierDataError(_("Courier setting {key!r} must be a number of 0 or more, "
                                     "not {value!r}.").format(key=key, value=value))
        elif isinstance(old, int) and value != int(value):
            raise CourierDataError(_("Courier setting {key!r} must be a whole number, not "
                                     "{value!r}.").format(key=key, value=value))
        changes[key] = type(old)(value)
    rules = replace(base, **changes)
    if rules.min_delay_bounds < 1:
        raise CourierDataError(_("Courier setting 'min_delay_bounds' must be at least 1."))
    if rules.distance_per_bound <= 0:
        raise CourierDataError(_("Courier setting 'distance_per_bound' must be above 0."))
    if rules.loss_chance > 100 or rules.capture_chance > 100:
        raise CourierDataError(_("A courier's chance is a percentage: 100 at most."))
    return rules


def delay_for(distance: Cm | Hexes, rules: CourierRules) -> int:
    """Bounds a courier needs to ride ``distance`` (table cm or hexes, never map pixels):
    at least the minimum delay."""
    return max(rules.min_delay_bounds, math.ceil(distance / rules.distance_per_bound - 1e-9))


def hex_point(column: int, row: int, *, lower_columns: str) -> HexPoint:
    """A hex's centre in hex units (neighbours 1 apart), for distances to a route."""
    lowered = (column % 2 == 0) == (lower_columns == "even")
    return (Hexes(column * math.sqrt(3) / 2), Hexes(row + (0.5 if lowered else 0.0)))


@overload
def route_length(points: Sequence[CmPoint]) -> Cm: ...
@overload
def route_length(points: Sequence[HexPoint]) -> Hexes: ...
@overload
def route_length(points: Sequence[Point]) -> Cm | Hexes: ...
def route_length(points: Sequence[Point]) -> Cm | Hexes:
    """The length of the route through ``points`` in order, in the points' own measure."""
    # Both measures are floats at run time; the overloads keep the unit for mypy.
    return Cm(sum(math.dist(a, b) for a, b in itertools.pairwise(points)))


def _to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                           / span))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def nearest_on_route(route: Sequence[Point],
                     points: Sequence[Point]) -> tuple[float, int] | None:
    """The distance from the route to the nearest of ``points``, and which one (the first
    of equals); None when there are none."""
    return PointsByX.of(points).nearest(route)


@dataclass(frozen=True)
class PointsByX:
    """Points sorted along x once, to ask many routes for the nearest of them (a close's
    sixty reports ride past the same thousand enemy units)."""

    points: tuple[Point, ...]  # in their own order: an answer's index is into these
    order: tuple[int, ...]  # their indices by x
    xs: tuple[float, ...]  # their x, by x

    @classmethod
    def of(cls, points: Sequence[Point]) -> PointsByX:
        """The points, sorted along x."""
        order = tuple(sorted(range(len(points)), key=lambda i: points[i][0]))
        return cls(points=tuple(points), order=order, xs=tuple(points[i][0] for i in order))

    def nearest(self, route: Sequence[Point]) -> tuple[float, int] | None:
        """The distance from the route to the nearest point, and its index (the first of
        equals); None without points or route. Exact: walking out from the route's span
        along x, a point whose distance to the route's bounding box is more than the best
        found is skipped, and the walk stops where the gap along x alone is more."""
        if not self.points or not route:
            return None
        legs = list(itertools.pairwise(route)) or [(route[0], route[0])]
        left, right = min(p[0] for p in route), max(p[0] for p in route)
        low, high = min(p[1] for p in route), max(p[1] for p in route)
        best: tuple[float, int] | None = None

        def consider(index: int) -> None:
            nonlocal best
            point = self.points[index]
            if best is not None:
                dx = max(left - point[0], 0.0, point[0] - right)
                dy = max(low - point[1], 0.0, point[1] - high)
                if math.hypot(dx, dy) > best[0]:
                    return  # farther than the best: never the nearest
            gap = min(_to_segment(point, a, b) for a, b in legs)
            if best is None or (gap, index) < best:
                best = (gap, index)

        first, last = bisect.bisect_left(self.xs, left), bisect.bisect_right(self.xs, right)
        for k in range(first, last):
            consider(self.order[k])
        down, up = first - 1, last
        while down >= 0 or up < len(self.xs):
            below = left - self.xs[down] if down >= 0 else math.inf
            above = self.xs[up] - right if up < len(self.xs) else math.inf
            if best is not None and min(below, above) > best[0]:
                break  # every point left is farther along x alone
            if below <= above:
                consider(self.order[down])
                down -= 1
            else:
                consider(self.order[up])
                up += 1
        return best


def percent_hit(roll: int, chance: int) -> bool:
    """A d100 roll of ``chance`` or less happens (chance 0: never)."""
    return chance > 0 and roll <= chance
