"""A hex map's grid on the image: three clicked hex centres fix it; pixel <-> hex both ways.

The hex numbering and its arithmetic are :mod:`desk.rules.hexgrid`'s (columns
run vertically, every other column half a hex lower). Here a hex's centre has
a place in the grid's own plane, for a hex of side 1:

    u = 1.5 * column,    v = sqrt(3) * (row + 0.5 if the column is a lower one else row)

and one affine transform (:mod:`desk.services.maps.calibration`) takes that
plane onto the image, so a scan that is a little rotated, sheared or
stretched is still read right. Worked example: centres of 0101, 0301 and 0102
clicked at (30, 26), (120, 26) and (30, 78) give columns 45 pixels apart and
hexes 52 pixels apart down a column; the pixel (75, 104) is then the centre of
hex 0202 (an even column, so a lower one: half a hex down).

The nearest hex centre to a pixel is the hex that holds it (hexes tile the
plane as the centres' Voronoi cells), so :func:`pixel_to_hex` tries the few
centres around the point and keeps the nearest.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from sqlmodel import Session

from desk.i18n import _
from desk.rules.coerce import as_float, as_list, as_mapping
from desk.rules.hexgrid import Hex, HexError, HexGrid
from desk.services.maps.board import MapInfo, existing_map, info_of
from desk.services.maps.calibration import (
    Affine,
    Point,
    apply_affine,
    invert_affine,
    solve_affine,
)
from desk.services.maps.images import MapRefused
from desk.services.positions.queries import hex_map_of

_ROOT3 = math.sqrt(3.0)


def _lower(grid: HexGrid, column: int) -> bool:
    return (column % 2 == 0) == (grid.lower_columns == "even")


def hex_plane(grid: HexGrid, where: Hex) -> Point:
    """The hex's centre in the grid's own plane (hex side 1)."""
    return 1.5 * where.column, _ROOT3 * (where.row + (0.5 if _lower(grid, where.column) else 0))


def _grid_and_affine(calibration: Mapping[str, object]) -> tuple[HexGrid, Affine] | None:
    entry = as_mapping(calibration.get("hex"))
    numbers = [as_float(v) for v in as_list(entry.get("affine"))]
    affine = tuple(n for n in numbers if n is not None)
    if len(affine) != 6:  # none yet, or not six numbers: no hex grid on the map
        return None
    a, b, c, d, e, f = affine
    return HexGrid.from_dict(as_mapping(entry.get("grid"))), (a, b, c, d, e, f)


def hex_to_pixel(calibration: Mapping[str, object], number: str) -> Point | None:
    """The image pixel of hex ``number``'s centre (None: no hex calibration, or not a hex)."""
    fixed = _grid_and_affine(calibration)
    if fixed is None:
        return None
    grid, affine = fixed
    try:
        return apply_affine(affine, hex_plane(grid, grid.parse(number)))
    except HexError:
        return None


def map_point(calibration: Mapping[str, object], *, hex: str, x: float | None,
              y: float | None) -> Point | None:
    """A recorded place as a pixel of the image: its map point, else (a place known only by
    its hex) that hex's centre; None when it has neither, or its hex cannot be drawn."""
    if x is not None and y is not None:
        return x, y
    return hex_to_pixel(calibration, hex) if hex else None


def pixel_to_hex(calibration: Mapping[str, object], point: Point) -> str | None:
    """The number of the hex holding image pixel ``point`` (None: uncalibrated, off the map)."""
    fixed = _grid_and_affine(calibration)
    if fixed is None:
        return None
    grid, affine = fixed
    u, v = invert_affine(affine, point)
    best: tuple[float, Hex] | None = None
    around = round(u / 1.5)
    for column in (around - 1, around, around + 1):
        middle = round(v / _ROOT3 - (0.5 if _lower(grid, column) else 0))
        for row in (middle - 1, middle, middle + 1):
            cu, cv = hex_plane(grid, Hex(column, row))
            gap = (cu - u) ** 2 + (cv - v) ** 2
            if best is None or gap < best[0]:
                best = (gap, Hex(column, row))
    if best is None or not grid.contains(best[1]):
        return None
    return grid.format(best[1])


def calibrate_hexes(*, session: Session, centres: Sequence[tuple[float, float, str]],
                    seen_version: int | None, battle_id: int | None = None) -> MapInfo:
    """Fix the hex grid on the map from three ``(x, y, hex number)`` centres."""
    row = existing_map(session, battle_id, seen_version)
    if len(centres) != 3:
        raise MapRefused(_("click three hex centres, not {n}").format(n=len(centres)))
    hex_map = hex_map_of(session=session, battle_id=row.battle_id)
    if hex_map is None:  # the numbering is the scenario's: the map cannot invent one
        raise MapRefused(_("this battle has no hex grid (its scenario gives none): there are "
                           "no hexes to fix on the map"))
    grid = hex_map.grid
    try:
        hexes = [grid.parse(number, what=_("Hex")) for _x, _y, number in centres]
    except HexError as exc:
        raise MapRefused(str(exc)) from None
    if len(set(hexes)) < 3:
        raise MapRefused(_("the three hex centres must be three different hexes"))
    image = [(float(x), float(y)) for x, y, _number in centres]
    for x, y in image:
        if not (0 <= x <= row.width and 0 <= y <= row.height):
            raise MapRefused(_("the point ({x:.0f}, {y:.0f}) is outside the map ({width} x "
                               "{height} pixels)").format(x=x, y=y, width=row.width,
                                                          height=row.height))
    affine = solve_affine([hex_plane(grid, h) for h in hexes], image)
    entry = {"centres": [[x, y, grid.format(h)] for (x, y), h in zip(image, hexes, strict=True)],
             "affine": list(affine), "grid": grid.to_dict()}
    row.calibration = {**row.calibration, "hex": entry}
    session.add(row)
    session.flush()
    return info_of(row)


def neighbour_centres(calibration: Mapping[str, object],
                      point: Point) -> tuple[tuple[str, Point], ...] | None:
    """The hexes touching the one that holds ``point``, each with its centre's pixel
    (None: no hex calibration; empty: the point is off the grid)."""
    fixed = _grid_and_affine(calibration)
    if fixed is None:
        return None
    grid, affine = fixed
    number = pixel_to_hex(calibration, point)
    if number is None:
        return ()
    return tuple((grid.format(h), apply_affine(affine, hex_plane(grid, h)))
                 for h in grid.neighbours(grid.parse(number)))
