"""Where an arrow key takes a unit: the touching hex that way (a row kept by zig-zag), or pixels."""

from __future__ import annotations

from typing import Any

import pytest

from desk.rules.hexgrid import HexGrid
from desk.services.maps.calibration import solve_affine
from desk.services.maps.hexes import hex_plane, hex_to_pixel, pixel_to_hex
from desk.services.maps.steps import keyboard_step

GRID = HexGrid.from_dict({"first": "0101", "last": "0805", "lower_columns": "even"})
# The worked example of desk/services/maps/hexes.py: 0101, 0301, 0102 at these pixels.
CENTRES = [(30.0, 26.0, "0101"), (120.0, 26.0, "0301"), (30.0, 78.0, "0102")]
AFFINE = solve_affine([hex_plane(GRID, GRID.parse(n)) for _x, _y, n in CENTRES],
                      [(x, y) for x, y, _n in CENTRES])
CALIBRATION: dict[str, Any] = {"hex": {"affine": list(AFFINE), "grid": GRID.to_dict()}}
RIGHT, LEFT, UP, DOWN = (1.0, 0.0), (-1.0, 0.0), (0.0, -1.0), (0.0, 1.0)


def _step(point: Any, direction: Any, anchor: Any = None, **kw: Any) -> Any:
    return keyboard_step(calibration=kw.get("calibration", CALIBRATION), point=point,
                         direction=direction, anchor=anchor or point, size=kw.get("size", 20),
                         fine=kw.get("fine", False), width=1000, height=800)


def _hex(point: Any) -> str | None:
    return pixel_to_hex(CALIBRATION, point) if point else None


def test_up_and_down_go_to_the_hex_above_and_below() -> None:
    here = hex_to_pixel(CALIBRATION, "0202")
    assert here is not None and here == pytest.approx((75.0, 104.0))
    assert _step(here, UP) == pytest.approx(hex_to_pixel(CALIBRATION, "0201"))
    assert _step(here, DOWN) == pytest.approx(hex_to_pixel(CALIBRATION, "0203"))
    # A unit dropped off its hex's centre steps to the next hex's centre all the same.
    assert _hex(_step((here[0] + 9, here[1] - 6), DOWN)) == "0203"


def test_holding_right_zig_zags_along_the_row_it_started_on() -> None:
    start = hex_to_pixel(CALIBRATION, "0202")
    point, seen = start, []
    for _ in range(4):
        point = _step(point, RIGHT, anchor=start)
        seen.append(_hex(point))
    # The upper of the two touching hexes first, then back down to the starting row.
    assert seen == ["0302", "0402", "0502", "0602"]
    back = _step(point, LEFT, anchor=point)
    assert _hex(back) in ("0502", "0503")
    assert GRID.distance(GRID.parse(_hex(back) or ""), GRID.parse("0602")) == 1


def test_the_edge_of_the_grid_or_the_image_stops_a_step() -> None:
    assert _step(hex_to_pixel(CALIBRATION, "0101"), UP) is None
    assert _step(hex_to_pixel(CALIBRATION, "0101"), LEFT) is None
    assert _step(hex_to_pixel(CALIBRATION, "0805"), RIGHT) is None


def test_without_hexes_a_step_is_a_marker_width_or_a_quarter_of_it() -> None:
    plain: dict[str, Any] = {"scale": {"per_pixel": 0.1}}
    assert _step((100.0, 100.0), RIGHT, calibration=plain) == (120.0, 100.0)
    assert _step((100.0, 100.0), UP, calibration=plain, fine=True) == (100.0, 95.0)
    assert _step((990.0, 100.0), RIGHT, calibration=plain) is None  # off the image
    assert _step((5.0, 100.0), LEFT, calibration=plain, fine=True) == (0.0, 100.0)
