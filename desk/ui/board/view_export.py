"""A side's view of the map as a PNG: the view model's markers, painted over the map image.

Fog of war holds by construction: the picture is painted from a
:class:`~desk.services.maps.viewmodel.MapViewModel` alone (the services built it
with that side's units and only the enemies marked seen), never from the
board's scene, which holds every unit. The image is scaled down so its longer
side is at most :data:`MAX_SIDE` pixels, with a band on top naming the battle,
the viewer and the bound. One's own units are filled blocks in the sheets'
blue, enemies outlined in red, leaders as circles, as on the PDF.

QPainter over a QImage may run off the GUI thread (the window's background
runner does so), so nothing here touches a widget.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QImage, QPainter, QPen

from desk.services.maps.viewmodel import MapMarker, MapViewModel, MarkerKind
from desk.ui.board.image import read_image
from desk.ui.palette import LIGHT

MAX_SIDE = 4096  # the longest side of the picture, in pixels
# A picture handed to a player: the board's light colours, whatever the umpire's scheme.
OWN, ENEMY, INK = LIGHT.highlight, LIGHT.error, LIGHT.text

translate = QCoreApplication.translate


@dataclass(frozen=True)
class ViewPicture:
    """The PNG's bytes, the markers painted on it and the box each one took (for tests)."""

    png: bytes
    drawn: tuple[MapMarker, ...]
    boxes: tuple[QRectF, ...]  # in the picture's pixels, marker and label together
    top: int  # the band's height: the map starts this many pixels down
    factor: float  # picture pixels per map pixel
    half: float  # a block's half-width on the picture, in pixels


def heading(model: MapViewModel) -> str:
    """The band's words: battle, whose view, bound and game time."""
    who = (translate("ViewExport", "Umpire's view") if model.side is None
           else translate("ViewExport", "View of the {side}").format(side=model.side))
    bound = (translate("ViewExport", "bound {n}, {time}").format(n=model.bound,
                                                                  time=model.game_time)
             if model.game_time else translate("ViewExport", "bound {n}").format(n=model.bound))
    parts = [model.battle, who, bound]
    return " · ".join(p for p in parts if p)


def label_of(marker: MapMarker) -> str:
    """A marker's words: its name, detail and (an enemy in a side's view) last sighting."""
    text = f"{marker.name} ({marker.detail})" if marker.detail else marker.name
    if marker.seen_bound is not None:
        text += " · " + translate("ViewExport", "seen bound {n}").format(n=marker.seen_bound)
    return text


def render_view(model: MapViewModel, *, max_side: int = MAX_SIDE) -> ViewPicture:
    """Paint ``model`` (its image and its markers, nothing else) and encode it as PNG."""
    source = read_image(model.image)
    if source.isNull():
        raise ValueError(translate("ViewExport", "The map's image could not be read."))
    longer = max(model.width, model.height, 1)
    factor = min(1.0, max_side / longer)
    width, height = max(1, round(model.width * factor)), max(1, round(model.height * factor))
    top = max(24, round(max(width, height) / 45))
    picture = QImage(width, height + top, QImage.Format.Format_RGB32)
    picture.fill(QColor(LIGHT.base))
    painter = QPainter(picture)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawImage(QRectF(0, top, width, height), source)
        font = QFont()
        font.setPixelSize(max(10, round(top * 0.55)))
        painter.setFont(font)
        painter.setPen(QColor(INK))
        painter.drawText(QRectF(top * 0.3, 0, width - top * 0.6, top),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                         heading(model))
        half = max(4.0, longer / 120.0) * factor  # a block's half-width, as on the board
        label_font = QFont()
        label_font.setPixelSize(max(8, round(half * 0.8)))
        painter.setFont(label_font)
        metrics = QFontMetricsF(label_font)
        boxes = [_marker(painter, metrics, m, QPointF(m.x * factor, top + m.y * factor),
                         half=half, right=width) for m in model.markers]
    finally:
        painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    picture.save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs say bytes; Qt wants str
    buffer.close()
    return ViewPicture(png=bytes(data.data()), drawn=model.markers, boxes=tuple(boxes),
                       top=top, factor=factor, half=half)


def _marker(painter: QPainter, metrics: QFontMetricsF, marker: MapMarker, at: QPointF, *,
            half: float, right: float) -> QRectF:
    ink = QColor(OWN if marker.kind is MarkerKind.OWN else ENEMY)
    painter.setPen(QPen(ink, max(1.0, half * 0.2)))
    painter.setBrush(QBrush(ink) if marker.kind is MarkerKind.OWN else Qt.BrushStyle.NoBrush)
    if marker.leader:
        body = QRectF(at.x() - half * 0.5, at.y() - half * 0.5, half, half)
        painter.drawEllipse(body)
    else:
        body = QRectF(at.x() - half, at.y() - half * 0.4, half * 2, half * 0.8)
        painter.drawRect(body)
    text = label_of(marker)
    size = metrics.size(0, text)
    gap = half * 1.3
    left = at.x() + gap
    if left + size.width() > right:  # near the right edge: the label goes on the left
        left = at.x() - gap - size.width()
    box = QRectF(left - 1, at.y() - size.height() / 2, size.width() + 2, size.height())
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(255, 255, 255, 220))
    painter.drawRect(box)
    painter.setPen(ink)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    pad = max(1.0, half * 0.2)
    return body.united(box).adjusted(-pad, -pad, pad, pad)


def view_file(model: MapViewModel, *, png: bool) -> bytes:
    """The saved file's bytes: the PNG painted from ``model``, or its PDF page."""
    if png:
        return render_view(model).png
    from desk.sheets.map_sheet import MapSheet

    return MapSheet().render(model)
