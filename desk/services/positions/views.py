"""The frozen view of one position record that the services hand to the layers above."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from desk.rules.lengths import MapPx
from desk.store.tables.positions import Position


@dataclass(frozen=True)
class PositionView:
    """A unit's place from one moment on: hex, map x/y, bound, activation, source."""

    id: int
    unit_id: int
    bound: int  # the bound's number
    hex: str
    x: MapPx | None  # a point of the map's image: desk.services.maps.distances measures it
    y: MapPx | None
    source: str  # scenario, order, move, umpire
    lim_draw_id: int | None
    created_at: datetime
    facing: int | None = None  # degrees, 0 = up the map, clockwise; the last one given

    @property
    def where(self) -> str:
        """A few words for the window and the journal: "hex 2314" or "x 12.0, y 40.5"."""
        return where_words(self.hex, self.x, self.y)


def where_words(hex: str, x: float | None, y: float | None) -> str:
    """A place in a few words: its hex ("hex 2314"), else its map point ("x 12, y 40.5")."""
    if hex:
        return f"hex {hex}"
    if x is not None and y is not None:
        return f"x {x:g}, y {y:g}"
    return "nowhere recorded"


def map_px(value: float | None) -> MapPx | None:
    """A stored coordinate as a length on the map's image (None stays None)."""
    return None if value is None else MapPx(value)


def position_view(row: Position, *, bound: int, facing: int | None = None) -> PositionView:
    """The view of a stored row (``bound`` is its bound's number; ``facing`` the unit's
    last facing before it, kept when the row gives none)."""
    return PositionView(id=row.id or 0, unit_id=row.unit_id, bound=bound, hex=row.hex,
                        x=map_px(row.x), y=map_px(row.y), source=row.source,
                        lim_draw_id=row.lim_draw_id,
                        created_at=row.created_at,
                        facing=row.facing if row.facing is not None else facing)
