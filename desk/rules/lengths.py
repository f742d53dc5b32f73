"""Lengths that carry their unit: map pixels, table centimetres, hexes.

A position on the battle's map is a point of its image, in pixels (:data:`MapPx`);
the rules and the couriers count table centimetres (:data:`Cm`, Belle Alliance's
90 cm of BA-9, a courier's 120 cm a bound) or hexes (:data:`Hexes`). All three are
plain floats to Python, so each has its own ``NewType``: a pixel handed where a
centimetre is wanted fails mypy, and the only way from one to the other is the
map's calibration (:class:`desk.services.maps.distances.TableScale`). Issue 27: a
courier's ride was counted in pixels, 499 of them where the map said 49.9 cm.
"""

from __future__ import annotations

from typing import NewType

MapPx = NewType("MapPx", float)  # a length or coordinate on the map's image, in pixels
Cm = NewType("Cm", float)  # a length on the table, in centimetres
Hexes = NewType("Hexes", float)  # a length on a hex map, in hexes centre to centre

PxPoint = tuple[MapPx, MapPx]  # a point of the map's image
CmPoint = tuple[Cm, Cm]  # a point on the table, in cm from the image's corner
HexPoint = tuple[Hexes, Hexes]  # a hex centre on the hex grid's own plane

CM_PER_UNIT: dict[str, float] = {"cm": 1.0, "in": 2.54}  # the table's units of a scale
