"""Where one arrow key takes a unit on the map: the neighbouring hex, or a step of pixels.

The board moves a chosen unit from the keyboard. On a map whose hex grid is
calibrated an arrow takes it to the centre of the touching hex that lies most
nearly that way on the image (so a scan drawn a little askew still works).
Hexes in columns have no neighbour straight to the left or right: of the two
equally good ones, the one nearer the line the unit started along is taken, so
holding Right zig-zags along a row instead of drifting up or down. On a map
without hexes an arrow is a step of ``size`` pixels, or a quarter of it (fine).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from desk.services.maps.calibration import Point
from desk.services.maps.hexes import neighbour_centres

_LEVEL = 0.05  # two directions within this cosine are equally good


def keyboard_step(*, calibration: Mapping[str, object], point: Point, direction: Point,
                  anchor: Point, size: float, fine: bool, width: float,
                  height: float) -> Point | None:
    """The point one arrow press takes ``point`` to; None when there is nowhere that way.

    ``direction``: the arrow as a vector on the image ((1, 0) right, (0, -1) up);
    ``anchor``: where this run of moves along one axis started; ``width`` and
    ``height``: the image's, which a step never leaves.
    """
    around = neighbour_centres(calibration, point)
    if around is None:
        step = size / 4 if fine else size
        x, y = point[0] + direction[0] * step, point[1] + direction[1] * step
        if not (0 <= x <= width and 0 <= y <= height):
            return None
        return x, y
    dx, dy = direction
    scored = []
    for _number, (cx, cy) in around:
        vx, vy = cx - point[0], cy - point[1]
        length = math.hypot(vx, vy)
        if length == 0:
            continue
        cosine = (vx * dx + vy * dy) / (length * math.hypot(dx, dy))
        # How far the centre lies off the line through the anchor along the arrow.
        off = abs((cx - anchor[0]) * dy - (cy - anchor[1]) * dx)
        scored.append((cosine, off, cy, cx))
    if not scored:
        return None
    best = max(c for c, *_rest in scored)
    if best < 0.5:  # nothing within 60 degrees of the arrow: the edge of the grid
        return None
    _cosine, _off, cy, cx = min((s for s in scored if s[0] >= best - _LEVEL),
                                key=lambda s: (round(s[1], 6), s[2], s[3]))
    if not (0 <= cx <= width and 0 <= cy <= height):
        return None
    return cx, cy
