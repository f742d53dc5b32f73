"""The nearest enemy to a courier's route (the capture check of the courier settings,
desk/rules/couriers.py: a campaign setting of the desk's, no numbered clause of the rules
texts): the pruned search the close uses gives exactly the answer of measuring every
enemy, which it may skip but never guess."""

from __future__ import annotations

import itertools
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from desk.rules.couriers import Point, nearest_on_route
from desk.rules.lengths import Cm, CmPoint

_coords = st.floats(min_value=-500, max_value=500, allow_nan=False, allow_infinity=False)
_points = st.builds(lambda x, y: (Cm(x), Cm(y)), _coords, _coords)


def _brute(route: list[Point], enemies: list[Point]) -> tuple[float, int]:
    def to_leg(p: Point, a: Point, b: Point) -> float:
        dx, dy = b[0] - a[0], b[1] - a[1]
        span = dx * dx + dy * dy
        t = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                               / span))
        return math.dist(p, (a[0] + t * dx, a[1] + t * dy))
    legs = list(itertools.pairwise(route)) or [(route[0], route[0])]
    gaps = [min(to_leg(p, a, b) for a, b in legs) for p in enemies]
    best = min(gaps)
    return best, gaps.index(best)


@settings(max_examples=300, derandomize=True)
@given(st.lists(_points, min_size=1, max_size=4), st.lists(_points, min_size=1, max_size=40))
def test_the_pruned_search_finds_the_nearest_enemy_exactly(route: list[Point],
                                                           enemies: list[Point]) -> None:
    found = nearest_on_route(route, enemies)
    assert found is not None
    gap, index = _brute(route, enemies)
    assert math.isclose(found[0], gap, abs_tol=1e-9)
    assert math.isclose(found[0], _brute(route, [enemies[found[1]]])[0], abs_tol=1e-9)
    assert found[1] <= index  # the first of equals, as the measure of every enemy gives


def test_no_route_or_no_enemy_is_no_answer() -> None:
    def at(x: float, y: float) -> CmPoint:
        return Cm(x), Cm(y)
    assert nearest_on_route([], [at(1.0, 1.0)]) is None
    assert nearest_on_route([at(0.0, 0.0)], []) is None
    # A single point is a route of no length: the distance is to that point.
    assert nearest_on_route([at(0.0, 0.0)], [at(3.0, 4.0), at(6.0, 8.0)]) == (5.0, 0)
