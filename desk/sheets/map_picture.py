"""A map view as a PNG picture, for a player's page (issue 32): the battle's map with the
markers a reader may see, drawn as the map sheet draws them (one's own filled blue, the
enemy outlined red, leaders as circles, each named beside it; an enemy's label says when
it was last seen, one's own "as of bound N" where news travels).

Drawn with Pillow (reportlab's own image library, so no new dependency and no Qt): a
:class:`~desk.services.maps.viewmodel.MapViewModel` in, PNG bytes out. The picture is
scaled down to at most :data:`MAX_SIDE` pixels on its longer side, so a 40-megapixel map
reaches a phone as a picture it can show.
"""

from __future__ import annotations

import math
from io import BytesIO

from PIL import Image, ImageDraw, ImageFont

from desk.i18n import _
from desk.resources import fonts_dir
from desk.services.maps.viewmodel import MapMarker, MapViewModel, MarkerKind

MAX_SIDE = 1600  # pixels: sharp on a laptop, light enough for a phone on a club's Wi-Fi
_OWN = (0x24, 0x40, 0x6B)  # the map sheet's accent and error inks (desk/sheets/style.py)
_ENEMY = (0xA4, 0x16, 0x1A)
_LABEL_BACK = (255, 255, 255, 220)


def marker_label(marker: MapMarker) -> str:
    """A marker's words, as the map sheet prints them."""
    label = f"{marker.name} ({marker.detail})" if marker.detail else marker.name
    if marker.seen_bound is not None:
        label += " · " + _("seen bound {n}").format(n=marker.seen_bound)
    if marker.as_of is not None:
        label += " · " + _("as of bound {n}").format(n=marker.as_of)
    return label


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype(str(fonts_dir() / "DejaVuSans.ttf"), size)
    except OSError:  # a bundle without its fonts still draws, in Pillow's own
        return ImageFont.load_default()


def _turned(points: list[tuple[float, float]], degrees: int | None,
            at: tuple[float, float]) -> list[tuple[float, float]]:
    """Points about (0, 0) turned clockwise by ``degrees`` (0: up the map), placed at ``at``."""
    angle = math.radians(degrees or 0)
    cos, sin = math.cos(angle), math.sin(angle)
    return [(at[0] + x * cos - y * sin, at[1] + x * sin + y * cos) for x, y in points]


def render_map_picture(model: MapViewModel, *, max_side: int = MAX_SIDE) -> bytes:
    """The PNG of ``model``: its image and its markers, nothing else."""
    with Image.open(BytesIO(model.image)) as source:
        source.load()
        factor = min(1.0, max_side / max(model.width, model.height, 1))
        size = (max(1, round(model.width * factor)), max(1, round(model.height * factor)))
        picture = source.convert("RGB").resize(size, Image.Resampling.LANCZOS)
    overlay = Image.new("RGBA", picture.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    half = max(5.0, min(picture.size) / 90)  # a block's half width, in picture pixels
    font = _font(max(10, round(half * 1.6)))
    for marker in model.markers:
        _draw_marker(draw, marker, (marker.x * factor, marker.y * factor), half=half,
                     factor=factor, font=font, right=picture.size[0])
    picture = Image.alpha_composite(picture.convert("RGBA"), overlay).convert("RGB")
    out = BytesIO()
    picture.save(out, format="PNG", optimize=False)
    return out.getvalue()


def _draw_marker(draw: ImageDraw.ImageDraw, marker: MapMarker, at: tuple[float, float], *,
                 half: float, factor: float,
                 font: ImageFont.FreeTypeFont | ImageFont.ImageFont, right: int) -> None:
    ink = _OWN if marker.kind is MarkerKind.OWN else _ENEMY
    fill = ink if marker.kind is MarkerKind.OWN else None
    width = max(1, round(half / 3))
    if marker.leader:
        r = half * 0.6
        draw.ellipse((at[0] - r, at[1] - r, at[0] + r, at[1] + r), outline=ink, fill=fill,
                     width=width)
    else:
        # As wide as the formation's frontage where the rules give one, turned to its facing.
        wide = max(half * 0.4, marker.frontage * factor / 2) if marker.frontage else half
        body = [(-wide, -half * 0.4), (wide, -half * 0.4), (wide, half * 0.4),
                (-wide, half * 0.4)]
        draw.polygon(_turned(body, marker.facing, at), outline=ink, fill=fill, width=width)
    if marker.facing is not None:  # a short tick on the side it faces
        tick = _turned([(0, -half * 0.4), (0, -half * 1.1)], marker.facing, at)
        draw.line(tick, fill=ink, width=width)
    text = marker_label(marker)
    left, top, end, bottom = draw.textbbox((0, 0), text, font=font)
    gap = half * 1.3
    x = at[0] + gap
    if x + (end - left) > right:  # near the right edge: the label goes on the left
        x = at[0] - gap - (end - left)
    y = at[1] - (bottom - top) / 2 - top
    draw.rectangle((x - 2, y + top - 1, x + end - left + 2, y + bottom + 1), fill=_LABEL_BACK)
    draw.text((x - left, y), text, font=font, fill=ink)
