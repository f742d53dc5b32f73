"""A map's calibration: how its pixels become distances, and (hex games) hexes.

Pure arithmetic on the JSON kept in ``battle_map.calibration``:

- ``scale``: two points clicked on the image and the known distance between
  them, in ``cm`` (on the table), ``in``, ``m``, ``yards`` or ``paces`` (on a
  map). Worked example: the two ends of a 60 cm ruler photographed 1,200
  pixels apart give 0.05 cm a pixel, so two units 1,680 pixels apart stand
  84 cm apart.
- ``hex``: three hex centres clicked on the image with their printed numbers.
  The hex grid's own plane (where a hex's centre is a fixed function of its
  number) maps onto the image by one affine transform, six unknowns, which
  three points fix exactly; three points in a row fix nothing and are refused.

Both are refused when degenerate (two identical points, a zero distance).

A scale in ``cm`` or ``in`` is a scale on the table: :class:`TableScale` is then the
one way a map pixel becomes a table centimetre and back, for every distance the desk
measures (BA-9's nearest opponent, a courier's ride and the enemy near its route, a
unit's frontage on the map). Ground units (m, yards, paces) give no table distance.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from desk.i18n import _
from desk.rules.coerce import as_float, as_mapping
from desk.rules.lengths import CM_PER_UNIT, Cm, CmPoint, MapPx, PxPoint
from desk.services.maps.images import MapRefused

DISTANCE_UNITS: tuple[str, ...] = ("cm", "in", "m", "yards", "paces")
Point = tuple[float, float]
# (a, b, c, d, e, f): x = a*u + b*v + c, y = d*u + e*v + f
Affine = tuple[float, float, float, float, float, float]


@dataclass(frozen=True)
class Scale:
    """So many ``unit`` per pixel, fixed by two points and a distance."""

    per_pixel: float
    unit: str

    def distance(self, a: Point, b: Point) -> float:
        """The distance between two pixels of the image, in :attr:`unit`."""
        return math.hypot(b[0] - a[0], b[1] - a[1]) * self.per_pixel


@dataclass(frozen=True)
class TableScale:
    """The map's scale on the table: ``cm_per_px`` centimetres a pixel. Worked example:
    1,000 pixels calibrated as 100 cm give 0.1 cm a pixel, so 499 pixels are 49.9 cm."""

    cm_per_px: float

    def cm(self, length: MapPx) -> Cm:
        """A length on the image, in cm on the table."""
        return Cm(length * self.cm_per_px)

    def px(self, length: Cm) -> MapPx:
        """A length on the table, in pixels of the image."""
        return MapPx(length / self.cm_per_px)

    def point(self, x: MapPx, y: MapPx) -> CmPoint:
        """A point of the image, in cm from the image's corner."""
        return self.cm(x), self.cm(y)

    def between(self, a: PxPoint, b: PxPoint) -> Cm:
        """The distance between two points of the image, in cm on the table."""
        return self.cm(MapPx(math.hypot(b[0] - a[0], b[1] - a[1])))


def table_scale(scale: Scale | None) -> TableScale | None:
    """The table scale of a calibrated scale in cm or inches (None: no scale, or one in
    ground units, which says nothing of the table)."""
    if scale is None or scale.unit not in CM_PER_UNIT:
        return None
    return TableScale(cm_per_px=scale.per_pixel * CM_PER_UNIT[scale.unit])


def scale_calibration(*, first: Point, second: Point, distance: float, unit: str,
                      width: int, height: int) -> dict[str, object]:
    """The ``scale`` entry for two points of an image ``width`` x ``height``."""
    if unit not in DISTANCE_UNITS:
        raise MapRefused(_("{unit} is not a unit of distance the desk knows ({units})").format(
            unit=unit, units=", ".join(DISTANCE_UNITS)))
    for point in (first, second):
        _inside(point, width, height)
    pixels = math.hypot(second[0] - first[0], second[1] - first[1])
    if pixels < 1:
        raise MapRefused(_("the two points are the same: click two points apart"))
    if not math.isfinite(distance) or distance <= 0:
        raise MapRefused(_("the distance between the two points must be more than 0"))
    return {"points": [list(first), list(second)], "distance": distance, "unit": unit,
            "per_pixel": distance / pixels}


def scale_of(calibration: Mapping[str, object]) -> Scale | None:
    """The calibrated scale, or None before the umpire calibrates it."""
    entry = as_mapping(calibration.get("scale"))
    per_pixel = as_float(entry.get("per_pixel"))
    if per_pixel is None:  # none yet (or a stored one no desk wrote): not calibrated
        return None
    return Scale(per_pixel=per_pixel, unit=str(entry.get("unit", "")))


def _inside(point: Point, width: int, height: int) -> None:
    x, y = point
    if not (0 <= x <= width and 0 <= y <= height):
        raise MapRefused(_("the point ({x:.0f}, {y:.0f}) is outside the map ({width} x "
                           "{height} pixels)").format(x=x, y=y, width=width, height=height))


def solve_affine(plane: Sequence[Point], image: Sequence[Point]) -> Affine:
    """The affine transform taking three ``plane`` points onto three ``image`` points."""
    (u1, v1), (u2, v2), (u3, v3) = plane
    det = u1 * (v2 - v3) - v1 * (u2 - u3) + (u2 * v3 - u3 * v2)
    if abs(det) < 1e-9:
        raise MapRefused(_("the three hexes are in a row: click three hexes that make a "
                           "triangle"))

    def row(targets: Sequence[float]) -> tuple[float, float, float]:
        t1, t2, t3 = targets
        a = (t1 * (v2 - v3) - v1 * (t2 - t3) + (t2 * v3 - t3 * v2)) / det
        b = (u1 * (t2 - t3) - t1 * (u2 - u3) + (u2 * t3 - u3 * t2)) / det
        c = (u1 * (v2 * t3 - v3 * t2) - v1 * (u2 * t3 - u3 * t2) + t1 * (u2 * v3 - u3 * v2)) / det
        return a, b, c

    a, b, c = row([p[0] for p in image])
    d, e, f = row([p[1] for p in image])
    return a, b, c, d, e, f


def apply_affine(affine: Affine, point: Point) -> Point:
    """``point`` of the plane on the image."""
    a, b, c, d, e, f = affine
    u, v = point
    return a * u + b * v + c, d * u + e * v + f


def invert_affine(affine: Affine, point: Point) -> Point:
    """The plane point that the image ``point`` comes from."""
    a, b, c, d, e, f = affine
    det = a * e - b * d
    x, y = point[0] - c, point[1] - f
    return (e * x - b * y) / det, (a * y - d * x) / det
