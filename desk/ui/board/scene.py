"""The board's scene: the map image as tiles, a marker per unit, faint trails of past bounds.

Scene coordinates are the image's pixels, so a marker's (x, y) is the
position the services store. The image is read with Qt's image reader (its
allocation limit raised to the desk's 100-megapixel maximum) and cut into
tiles of :data:`TILE` pixels, so a 40-megapixel map pans and zooms without
one huge pixmap being scaled at every frame. A marker draws its name only
when it is large enough on screen to read (level of detail), so 2,000 units
stay quick to paint.

A marker the umpire drags reports where it was dropped through
:attr:`BoardScene.unit_dropped`; the scene does not decide whether the move
stands: the controller records it (or puts the marker back when refused).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QFont,
    QImage,
    QImageReader,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from desk.services.maps.images import MAX_PIXELS
from desk.services.maps.viewmodel import MapMarker, MarkerKind
from desk.ui.palette import DeskPalette

TILE = 1024


def read_image(data: bytes) -> QImage:
    """The stored image as a QImage (a null image when Qt cannot read it)."""
    # Bytes per pixel of the decoded image, at most 4: the limit is in megabytes.
    QImageReader.setAllocationLimit(MAX_PIXELS * 4 // 1_000_000 + 1)
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    return QImageReader(buffer).read()


class UnitMarker(QGraphicsItem):
    """A unit on the board: a block (a circle for a leader) and, near enough, its name."""

    def __init__(self, marker: MapMarker, size: float, *, movable: bool) -> None:
        super().__init__()
        self.marker = marker
        self.size = size
        self.setPos(marker.x, marker.y)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, movable)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setZValue(2)
        self.setToolTip(f"{marker.name} ({marker.detail})" if marker.detail else marker.name)
        self.setCursor(Qt.CursorShape.OpenHandCursor if movable else Qt.CursorShape.ArrowCursor)

    def boundingRect(self) -> QRectF:
        s = self.size
        return QRectF(-s, -s * 0.6, s * 2 + s * 14, s * 1.2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        s = self.size
        scene = self.scene()
        palette = scene.palette_ if isinstance(scene, BoardScene) else None
        if palette is None:
            return
        # The first side in the desk's highlight blue, the others in its error red.
        colour = palette.color("highlight" if self.marker.kind is MarkerKind.OWN else "error")
        painter.setPen(QPen(palette.color("highlighted_text") if self.isSelected() else colour,
                            s * 0.15))
        painter.setBrush(QBrush(colour))
        if self.marker.leader:
            painter.drawEllipse(QPointF(0, 0), s * 0.5, s * 0.5)
        else:
            painter.drawRect(QRectF(-s, -s * 0.4, s * 2, s * 0.8))
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if lod * s >= 6:  # the block is at least 12 screen pixels wide: a name is readable
            font = QFont()
            font.setPixelSize(max(1, int(s * 0.8)))
            painter.setFont(font)
            painter.setPen(colour)
            painter.drawText(QPointF(s * 1.3, s * 0.3), self.marker.name)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._from = self.pos()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        start = getattr(self, "_from", self.pos())
        if self.pos() != start:
            scene = self.scene()
            if isinstance(scene, BoardScene):
                scene.unit_dropped.emit(self.marker.unit_id, self.pos().x(), self.pos().y())


class BoardScene(QGraphicsScene):
    """The map, its units and their trails, in image pixels."""

    unit_dropped = Signal(int, float, float)  # unit id, x, y where the umpire let go
    map_clicked = Signal(float, float)  # a click on the map itself, not on a unit

    def __init__(self, palette: DeskPalette, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.palette_ = palette
        self.markers: dict[int, UnitMarker] = {}
        self._tiles: list[QGraphicsPixmapItem] = []
        self._trails: list[QGraphicsPathItem] = []
        self.image_size = (0, 0)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)

    def set_image(self, image: QImage) -> None:
        """Show ``image`` as the map, in tiles."""
        for tile in self._tiles:
            self.removeItem(tile)
        self._tiles = []
        width, height = image.width(), image.height()
        self.image_size = (width, height)
        for top in range(0, height, TILE):
            for left in range(0, width, TILE):
                piece = image.copy(left, top, min(TILE, width - left), min(TILE, height - top))
                item = self.addPixmap(QPixmap.fromImage(piece))
                item.setPos(left, top)
                item.setZValue(0)
                item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
                self._tiles.append(item)
        self.setSceneRect(QRectF(0, 0, width, height))

    def marker_size(self) -> float:
        """A marker's half-width in image pixels: about 1/120 of the map's longer side."""
        return max(4.0, max(self.image_size) / 120.0)

    def set_markers(self, markers: Iterable[MapMarker], *, movable: bool) -> None:
        """Show these units (and only these), movable or not."""
        for item in self.markers.values():
            self.removeItem(item)
        self.markers = {}
        size = self.marker_size()
        for marker in markers:
            item = UnitMarker(marker, size, movable=movable)
            self.addItem(item)
            self.markers[marker.unit_id] = item

    def set_trails(self, trails: Iterable[Sequence[tuple[float, float]]]) -> None:
        """Faint lines through each unit's earlier positions."""
        for trail in self._trails:
            self.removeItem(trail)
        self._trails = []
        faint = self.palette_.color("text")
        faint.setAlpha(90)
        pen = QPen(faint, self.marker_size() * 0.25)
        pen.setCosmetic(False)
        for points in trails:
            if len(points) < 2:
                continue
            path = QPainterPath(QPointF(*points[0]))
            for point in points[1:]:
                path.lineTo(QPointF(*point))
            item = self.addPath(path, pen)
            item.setZValue(1)
            self._trails.append(item)

    def put_back(self, unit_id: int, x: float, y: float) -> None:
        """Return a marker to where it stood (its move was refused)."""
        item = self.markers.get(unit_id)
        if item is not None:
            item.setPos(x, y)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and \
                not isinstance(self.itemAt(event.scenePos(), self._view_transform()), UnitMarker):
            point = event.scenePos()
            if self.sceneRect().contains(point):
                self.map_clicked.emit(point.x(), point.y())
        super().mousePressEvent(event)

    def _view_transform(self) -> QTransform:
        views = self.views()
        return views[0].transform() if views else QTransform()
