"""The frozen view model of a map view: what one side (or the umpire) may see on the map.

Built by :func:`desk.services.maps.view.map_view_model`, drawn by
:class:`desk.sheets.map_sheet.MapSheet` (PDF) and by the window's board. A
side's model holds that side's units and only the enemy units the umpire
marked seen, with their strength rounded: nothing else of the enemy reaches it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from desk.services.printing.viewmodels import Paper


class MarkerKind(StrEnum):
    """Whose a marker is, as the view's reader sees it."""

    OWN = "own"  # the viewing side's (or, in the umpire's view, the first side's)
    ENEMY = "enemy"  # the other side's: in a side's view, only as last seen


@dataclass(frozen=True)
class MapMarker:
    """One unit or leader on the map, at pixel (x, y) of the image.

    A unit's marker has its ``unit_id``; a leader's (a ``leader`` row, most of whom
    have no staff unit) has ``leader_id`` set and ``unit_id`` 0: :attr:`key` tells
    them apart ("unit:12", "leader:3").
    """

    unit_id: int
    name: str
    side: str
    kind: MarkerKind
    x: float
    y: float
    detail: str  # "line, 24" for one's own; "about 25" for an enemy
    leader: bool = False  # drawn as a leader: a leader, or a staff unit
    seen_bound: int | None = None  # an enemy's last sighting, in a side's view
    as_of: int | None = None  # one's own unit as last reported to the headquarters (issue 31)
    leader_id: int | None = None  # a leader's marker: his id (unit_id is then 0)
    facing: int | None = None  # degrees, 0 = up the map, clockwise (None: not given)
    frontage: float | None = None  # the formation's width in map pixels (None: no frontage)

    @property
    def key(self) -> str:
        """What the board keys the marker by: "unit:12" or "leader:3"."""
        return f"leader:{self.leader_id}" if self.leader_id is not None \
            else f"unit:{self.unit_id}"


@dataclass(frozen=True)
class MapViewModel:
    """A battle's map at a bound, as one side (``side`` set) or the umpire sees it."""

    campaign: str
    battle: str
    side: str | None  # None: the umpire's view, everything
    bound: int
    game_time: str
    image: bytes
    image_format: str
    width: int
    height: int
    markers: tuple[MapMarker, ...]
    unplaced: int  # the viewer's units with no position yet (a count, never names of enemies)
    no_news: int = 0  # the viewer's units no report has placed yet (information travelling)
    scale_text: str = ""  # "1 cm on the page = 12 cm on the table"
    paper: Paper = Paper.A4


def rounded_strength(value: int) -> str:
    """An enemy's strength as a side would estimate it: to the nearest 5 (at least 5)."""
    return str(max(5, round(value / 5.0) * 5)) if value > 0 else "?"
