"""A map view on one landscape page: the battle's map with the units a reader may see.

The image is scaled to fit the page; each unit is a small block at its
position (one's own filled blue, the enemy outlined red, leaders as circles),
as wide as its frontage where the rules give one and turned to its facing
with a tick on its front, with its name and detail beside it; an enemy's label says when it was last
seen. Below the map, a line says how many of the reader's units are not yet
placed. No database, no Qt: a :class:`~desk.services.maps.viewmodel.MapViewModel`
in, PDF bytes out.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from desk.i18n import N_, _
from desk.services.maps.viewmodel import MapMarker, MapViewModel, MarkerKind
from desk.sheets.png_passthrough import draw_image
from desk.sheets.style import ACCENT, ERROR, FONT, INK, MUTED, Renderer

_OWN = ACCENT
_ENEMY = ERROR


class _MapFlowable(Flowable):  # type: ignore[misc]  # reportlab ships no types
    """The image, fitted to the frame, and the markers over it."""

    def __init__(self, model: MapViewModel, width: float, height: float) -> None:
        super().__init__()
        self.model = model
        self.width, self.height = width, height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        model, canv = self.model, self.canv
        room = self.height - 8 * mm  # a line of text under the map
        scale = min(self.width / model.width, room / model.height)
        shown_w, shown_h = model.width * scale, model.height * scale
        left, bottom = (self.width - shown_w) / 2, 8 * mm + (room - shown_h) / 2
        draw_image(canv, model.image, left, bottom, shown_w, shown_h)
        canv.setStrokeColor(INK)
        canv.setLineWidth(0.5)
        canv.rect(left, bottom, shown_w, shown_h)
        for marker in model.markers:
            x = left + marker.x * scale
            y = bottom + shown_h - marker.y * scale  # image rows grow downwards
            _draw_marker(canv, marker, x, y, right=left + shown_w, scale=scale)
        canv.setFont(FONT, 7.5)
        canv.setFillColor(MUTED)
        notes = [model.scale_text] if model.scale_text else []
        if model.unplaced:
            notes.append(_("{n} of the units are not placed on the map yet").format(
                n=model.unplaced))
        if model.no_news:
            notes.append(_("{n} of the units: no news has reached the headquarters yet").format(
                n=model.no_news))
        canv.drawString(0, 2 * mm, " · ".join(notes))


def _draw_marker(canv: Any, marker: MapMarker, x: float, y: float, *, right: float,
                 scale: float) -> None:
    ink = _OWN if marker.kind is MarkerKind.OWN else _ENEMY
    canv.setStrokeColor(ink)
    canv.setFillColor(ink)
    canv.setLineWidth(0.8)
    canv.saveState()
    canv.translate(x, y)
    if marker.facing is not None:  # clockwise from up the map; reportlab turns anticlockwise
        canv.rotate(-marker.facing)
    if marker.leader:
        canv.circle(0, 0, 1.4 * mm, stroke=1, fill=marker.kind is MarkerKind.OWN)
    else:
        # The block as wide as its frontage on this page, where the rules give one.
        half = max(0.8 * mm, marker.frontage * scale / 2) if marker.frontage else 2.2 * mm
        canv.rect(-half, -1.1 * mm, 2 * half, 2.2 * mm, stroke=1,
                  fill=marker.kind is MarkerKind.OWN)
    if marker.facing is not None:  # a short tick on the side it faces
        canv.line(0, 1.1 * mm if not marker.leader else 1.4 * mm, 0, 2.4 * mm)
    canv.restoreState()
    label = marker.name
    if marker.detail:
        label += f" ({marker.detail})"
    if marker.seen_bound is not None:
        label += " · " + _("seen bound {n}").format(n=marker.seen_bound)
    if marker.as_of is not None:
        label += " · " + _("as of bound {n}").format(n=marker.as_of)
    canv.setFillColor(colors.white)
    canv.setFont(FONT, 6)
    width = canv.stringWidth(label, FONT, 6)
    text_x = x + 2.8 * mm
    if text_x + width > right:  # near the map's right edge: the label goes on the left
        text_x = x - 2.8 * mm - width
    canv.rect(text_x - 0.4, y - 1.2 * mm, width + 0.8, 2.6 * mm, stroke=0, fill=1)
    canv.setFillColor(ink)
    canv.drawString(text_x, y - 0.7 * mm, label)


class MapSheet(Renderer):
    """One side's (or the umpire's) view of the battle's map, one landscape page."""

    landscape = True
    margin_top_mm = 16.0
    margin_bottom_mm = 12.0
    document_kind = N_("map view")

    def __init__(self) -> None:
        self._model: MapViewModel | None = None

    def header_text(self) -> tuple[str, str]:
        model = self._model
        if model is None:
            return ("", "")
        who = _("Umpire's view") if model.side is None else _("View of the {side}").format(
            side=model.side)
        return (f"{model.battle} · {who}", _("Bound {n}, {time}").format(
            n=model.bound, time=model.game_time))

    def render(self, model: MapViewModel) -> bytes:
        """The PDF of ``model``."""
        self._model = model
        story = [_MapFlowable(model, self.frame_width(model.paper),
                              self.frame_height(model.paper))]
        who = model.side or _("umpire")
        return self.build(story, paper=model.paper,
                          title=_("{battle}: map, bound {n} ({who})").format(
                              battle=model.battle, n=model.bound, who=who),
                          subject=model.campaign)
