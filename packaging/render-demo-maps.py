"""Draw the demo campaigns' maps of their ground, as PNGs, from this file's terrain sketches.

Run from the checkout after editing a sketch below::

    .venv/bin/python packaging/render-demo-maps.py

and commit what it writes to ``resources/maps``: for each demo scenario a PNG
and a JSON beside it (the image's file, its scale, for hex maps three hex
centres that fix the grid, and where each side deploys). The desk reads both
when it makes a demo campaign (desk/services/maps/demo.py). Pure Python, no
Pillow, no Qt: a few filled shapes in a byte array, written by the desk's own
PNG writer. The maps are the project's own work, under the project's licence.

Each sketch places the scenario's terrain features by name (a waterway, road,
woods, village, bridge, ford, obstacle) in the map's pixels; the shapes are
a plausible table for the scenario, not a survey of the ground.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from desk.services.maps.images import png_bytes  # noqa: E402  (after the path is set)

OUT = ROOT / "resources" / "maps"
Colour = tuple[int, int, int]
Point = tuple[float, float]

FIELD: Colour = (214, 222, 178)
WOODS: Colour = (96, 138, 82)
WATER: Colour = (88, 140, 196)
MARSH: Colour = (160, 190, 170)
ROAD: Colour = (176, 146, 102)
HOUSE: Colour = (150, 82, 62)
WALL: Colour = (110, 110, 110)
HEDGE: Colour = (60, 96, 56)
BRIDGE: Colour = (120, 110, 100)
FORD: Colour = (150, 188, 222)
GRID: Colour = (120, 120, 100)


class Raster:
    """An RGB image in a byte array, with the few shapes a sketch map needs."""

    def __init__(self, width: int, height: int, colour: Colour) -> None:
        self.width, self.height = width, height
        self.pixels = bytearray(bytes(colour) * (width * height))

    def rect(self, x0: float, y0: float, x1: float, y1: float, colour: Colour) -> None:
        left, right = max(0, int(x0)), min(self.width, int(x1))
        if right <= left:
            return
        run = bytes(colour) * (right - left)
        for y in range(max(0, int(y0)), min(self.height, int(y1))):
            start = (y * self.width + left) * 3
            self.pixels[start:start + len(run)] = run

    def disc(self, cx: float, cy: float, r: float, colour: Colour) -> None:
        for y in range(int(cy - r), int(cy + r) + 1):
            half = math.sqrt(max(0.0, r * r - (y - cy) ** 2))
            self.rect(cx - half, y, cx + half + 1, y + 1, colour)

    def line(self, points: Sequence[Point], width: float, colour: Colour,
             dash: float = 0) -> None:
        walked = 0.0
        for (x0, y0), (x1, y1) in pairwise(points):
            length = math.hypot(x1 - x0, y1 - y0)
            steps = max(1, int(length / max(0.5, width / 3)))
            for i in range(steps + 1):
                at = walked + length * i / steps
                if dash and int(at / dash) % 2:
                    continue
                x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
                if width <= 1.5:
                    self.rect(x, y, x + 1, y + 1, colour)
                else:
                    self.disc(x, y, width / 2, colour)
            walked += length

    def png(self) -> bytes:
        return png_bytes(self.width, self.height, bytes(self.pixels))


def woods(r: Raster, x0: float, y0: float, x1: float, y1: float) -> None:
    """A wood: overlapping discs in a block, edges ragged."""
    step = 22
    for i, y in enumerate(range(int(y0), int(y1), step)):
        for j, x in enumerate(range(int(x0), int(x1), step)):
            r.disc(x + (i * 7 + j * 13) % 9, y + (i * 11 + j * 5) % 9, 16 + (i + j) % 5, WOODS)


def village(r: Raster, cx: float, cy: float, size: float) -> None:
    """A village: a cluster of houses round a church, some plots left empty."""
    step = 16
    n = int(size / step)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            if (i * i + j * j) * step * step > size * size or (i * 7 + j * 3) % 4 == 0:
                continue
            x, y = cx + i * step, cy + j * step
            r.rect(x - 6, y - 5, x + 6, y + 5, HOUSE)
    r.rect(cx - 5, cy - 12, cx + 5, cy + 12, WALL)  # the church
    r.rect(cx - 12, cy - 4, cx + 12, cy + 4, WALL)


def hex_grid(r: Raster, grid: dict[str, Any]) -> None:
    """Hex outlines, columns vertical, every other column half a hex lower."""
    side, ox, oy = grid["side"], grid["origin"][0], grid["origin"][1]
    for column in range(grid["first_column"], grid["last_column"] + 1):
        for row in range(grid["first_row"], grid["last_row"] + 1):
            cx, cy = hex_centre(grid, column, row)
            corners = [(cx + side * math.cos(math.radians(60 * k)),
                        cy + side * math.sin(math.radians(60 * k))) for k in range(7)]
            r.line(corners, 1, GRID)
    del ox, oy


def hex_centre(grid: dict[str, Any], column: int, row: int) -> Point:
    """A hex's centre in pixels: the same plane as desk/services/maps/hexes.py, scaled."""
    lower = (column % 2 == 0) == (grid["lower_columns"] == "even")
    side = grid["side"]
    return (grid["origin"][0] + side * 1.5 * column,
            grid["origin"][1] + side * math.sqrt(3) * (row + (0.5 if lower else 0)))


def plancenoit() -> tuple[Raster, dict[str, Any]]:
    """Plancenoit, 18 June 1815: a 180 x 120 cm table at 10 pixels a centimetre."""
    r = Raster(1800, 1200, FIELD)
    woods(r, 1480, 250, 1780, 820)  # Bois de Paris
    r.line([(1200, 0), (1230, 150), (1180, 220)], 10, WATER)  # Smohain brook
    lasne = [(1380, 0), (1330, 200), (1360, 420), (1320, 640), (1370, 860), (1350, 1200)]
    r.line(lasne, 24, WATER)
    r.line([(0, 620), (500, 610), (900, 600), (1150, 520), (1345, 430), (1800, 380)], 12,
           ROAD)  # Chemin de Lasne
    r.rect(1320, 415, 1380, 445, BRIDGE)  # Lasne bridge
    r.line([(1330, 940), (1400, 940)], 30, FORD)  # Maransart ford
    village(r, 900, 600, 110)  # Plancenoit
    r.line([(860, 560), (940, 560), (940, 640), (860, 640), (860, 560)], 3, WALL)
    r.line([(1000, 520), (1100, 520), (1100, 700), (1000, 700), (1000, 520)], 5, HEDGE,
           dash=12)
    meta = {"scale": {"points": [[0, 0], [1000, 0]], "distance": 100, "unit": "cm"},
            "deploy": {"French": [80, 150, 760, 1100], "Prussian": [1420, 120, 1790, 1150]}}
    return r, meta


def ligny(grid: dict[str, Any]) -> tuple[Raster, dict[str, Any]]:
    """Ligny, 16 June 1815: a hex map, the Ligne brook between the armies."""
    w = int(hex_centre(grid, grid["last_column"] + 1, 0)[0])
    h = int(hex_centre(grid, 0, grid["last_row"] + 1)[1])
    r = Raster(w, h, FIELD)
    brook = [(0, h * 0.55), (w * 0.2, h * 0.5), (w * 0.45, h * 0.58), (w * 0.7, h * 0.52),
             (w, h * 0.6)]
    r.line(brook, 10, WATER)
    r.line([(0, h * 0.12), (w, h * 0.1)], 10, ROAD)  # Namur–Nivelles chaussée
    for fx, fy in ((0.12, 0.4), (0.25, 0.45), (0.33, 0.52), (0.5, 0.56), (0.42, 0.22),
                   (0.7, 0.2), (0.85, 0.5)):
        village(r, w * fx, h * fy, 40)  # Wagnelée ... Tongrinne
    r.rect(w * 0.49, h * 0.565, w * 0.51, h * 0.6, BRIDGE)  # Ligny bridge
    hex_grid(r, grid)
    meta = {"deploy": {"French": [w * 0.05, h * 0.7, w * 0.95, h * 0.95],
                       "Prussian": [w * 0.05, h * 0.15, w * 0.95, h * 0.42]}}
    return r, meta


def leipzig(grid: dict[str, Any]) -> tuple[Raster, dict[str, Any]]:
    """Möckern, 16 October 1813: drawn from the scenario's own hex data where it has some
    (its road hexes joined centre to centre, its village, marsh and woods hexes filled),
    so the map and the rules' hex data agree."""
    w = int(hex_centre(grid, grid["last_column"] + 1, 0)[0])
    h = int(hex_centre(grid, 0, grid["last_row"] + 1)[1])
    r = Raster(w, h, FIELD)
    r.line([(0, h * 0.93), (w * 0.4, h * 0.9), (w * 0.7, h * 0.95), (w, h * 0.92)], 14, WATER)
    data = grid.get("scenario", {})
    side = grid["side"]
    for number, kind in sorted(data.get("terrain", {}).items()):
        cx, cy = hex_centre(grid, int(number[:2]), int(number[2:]))
        if kind == "woods":
            r.disc(cx, cy, side * 0.95, WOODS)
        elif kind == "marsh":
            r.disc(cx, cy, side * 0.9, MARSH)
        elif kind in ("village", "dwelling"):
            village(r, cx, cy, side * 0.8)
    roads = [hex_centre(grid, int(n[:2]), int(n[2:])) for n in data.get("roads", [])]
    if roads:  # the Halle road, through the scenario's road hexes in their order
        r.line(roads, 8, ROAD)
    hex_grid(r, grid)
    meta = {"deploy": {"French": [w * 0.35, h * 0.35, w * 0.7, h * 0.7],
                       "Prussian": [w * 0.02, h * 0.02, w * 0.4, h * 0.25]}}
    return r, meta


def hex_meta(grid: dict[str, Any]) -> list[list[Any]]:
    """Three hex centres that fix the grid on the image: top left, top right, a row down."""
    digits = 2
    picks = [(grid["first_column"], grid["first_row"]),
             (grid["last_column"], grid["first_row"]),
             (grid["first_column"], grid["first_row"] + 1)]
    return [[*hex_centre(grid, c, rw), f"{c:0{digits}d}{rw:0{digits}d}"] for c, rw in picks]


def scenario_grid(name: str) -> dict[str, Any]:
    """The scenario's hex grid (first and last hex, lower columns), roads and terrain."""
    path = ROOT / "resources" / "scenarios" / f"{name}.json"
    data = json.loads(path.read_text(encoding="utf-8")).get("hex_grid", {})
    first, last = data.get("first", "0101"), data.get("last", "3022")
    return {"first_column": int(first[:2]), "first_row": int(first[2:]),
            "last_column": int(last[:2]), "last_row": int(last[2:]),
            "lower_columns": data.get("lower_columns", "even"), "scenario": data}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    ligny_grid = {**scenario_grid("ligny-1815"), "side": 20, "origin": (0, -14)}
    leipzig_grid = {**scenario_grid("leipzig-1813"), "side": 20, "origin": (0, -14)}
    jobs = {
        "plancenoit-1815": plancenoit(),
        "ligny-1815": ligny(ligny_grid),
        "leipzig-1813": leipzig(leipzig_grid),
    }
    grids = {"ligny-1815": ligny_grid, "leipzig-1813": leipzig_grid}
    for name, (raster, meta) in jobs.items():
        # Hex centres only where the scenario numbers its hexes: the desk fixes the
        # scenario's own grid on the map, it never invents one.
        if name in grids and grids[name].pop("scenario", None):
            meta["hex_centres"] = hex_meta(grids[name])
        meta = {"image": f"{name}.png", **meta}
        (OUT / f"{name}.png").write_bytes(raster.png())
        (OUT / f"{name}.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {name}.png ({raster.width} x {raster.height}) and {name}.json")


if __name__ == "__main__":
    main()
