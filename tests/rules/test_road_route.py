"""The way along the road (HexMap.road_route, desk/rules/hexgrid.py) for LB-9's road hexes.

Checked over whole maps: on the Leipzig scenario's road every pair of road hexes
is joined by the road's own stretch between them; on a map with a fork and a
loop the route is the shortest, its every step is to a touching road hex, and
it agrees with a breadth-first count of its own; hexes no road joins have none.
"""

from __future__ import annotations

from collections import deque
from itertools import combinations, pairwise

import pytest

from desk.rules.hexgrid import HexGrid, HexMap
from desk.services.campaign.scenarios import load_scenario

GRID = HexGrid(first_column=1, last_column=12, first_row=1, last_row=10, lower_columns="even")


def leipzig() -> HexMap:
    return HexMap.from_dict(load_scenario(rules_system="la-bataille")["hex_grid"])


def touching(hexmap: HexMap, a: str, b: str) -> bool:
    grid = hexmap.grid
    return grid.parse(b) in grid.neighbours(grid.parse(a))


def steps(hexmap: HexMap, start: str) -> dict[str, int]:
    """Road hexes entered to reach each road hex from ``start``: the test's own count."""
    grid, seen = hexmap.grid, {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for near in (grid.format(h) for h in grid.neighbours(grid.parse(here))):
            if near in hexmap.roads and near not in seen:
                seen[near] = seen[here] + 1
                todo.append(near)
    return seen


def test_lb_9_every_pair_of_road_hexes_on_the_leipzig_road_is_joined_by_its_stretch() -> None:
    hexmap = leipzig()
    road = load_scenario(rules_system="la-bataille")["hex_grid"]["roads"]  # in road order
    for i, j in combinations(range(len(road)), 2):
        route = hexmap.road_route(road[i], road[j])
        assert route == tuple(road[i:j + 1]), (road[i], road[j])
        assert hexmap.road_route(road[j], road[i]) == tuple(reversed(road[i:j + 1]))
    assert hexmap.road_route("0405", "0707") == ("0405", "0506", "0606", "0707")


def test_lb_9_no_route_from_or_to_a_hex_without_a_road() -> None:
    hexmap = leipzig()
    assert hexmap.road_route("0405", "0808") is None  # 0808 has no road
    assert hexmap.road_route("1513", "0405") is None
    assert hexmap.road_route("0405", "0405") == ("0405",)


FORK = HexMap(grid=GRID, roads=frozenset({
    # a long western arm 0102 … 0108 and a shorter eastern loop, joined at both ends
    "0102", "0103", "0104", "0105", "0106", "0107", "0108",
    "0202", "0302", "0403", "0404", "0405", "0406", "0407", "0307", "0208",
    # a road of its own, touching no other
    "1005", "1006", "1107",
}))


def test_lb_9_the_route_is_the_shortest_over_touching_road_hexes_on_a_whole_map() -> None:
    roads = sorted(FORK.roads)
    for a, b in combinations(roads, 2):
        route = FORK.road_route(a, b)
        count = steps(FORK, a).get(b)
        if count is None:
            assert route is None, (a, b)
            continue
        assert route is not None and route[0] == a and route[-1] == b
        assert len(route) - 1 == count, (a, b, route)
        assert all(h in FORK.roads for h in route)
        assert all(touching(FORK, x, y) for x, y in pairwise(route))
        assert len(set(route)) == len(route)


def test_lb_9_the_route_takes_the_shorter_arm_and_the_same_one_every_time() -> None:
    route = FORK.road_route("0102", "0108")
    assert route is not None and len(route) - 1 == 6  # straight down the western arm
    assert route == FORK.road_route("0102", "0108")
    assert FORK.road_route("0102", "1005") is None  # no road joins them
    assert FORK.road_route("1005", "1107") == ("1005", "1006", "1107")


@pytest.mark.parametrize("lower", ["even", "odd"])
def test_lb_9_a_road_across_the_whole_map_either_offset(lower: str) -> None:
    grid = HexGrid(first_column=1, last_column=12, first_row=1, last_row=10,
                   lower_columns=lower)
    row = {grid.format(grid.parse(f"{c:02d}05")) for c in range(1, 13)}
    hexmap = HexMap(grid=grid, roads=frozenset(row))
    route = hexmap.road_route("0105", "1205")
    assert route is not None and len(route) == 12
