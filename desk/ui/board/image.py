"""The map image on the board: read with Qt's image reader, drawn as tiles near and an overview far.

The reader's allocation limit is raised to the desk's 100-megapixel maximum
(:data:`desk.services.maps.images.MAX_PIXELS`); the image is cut into tiles of
:data:`TILE` pixels, so a 40-megapixel map pans and zooms without one huge
pixmap being scaled at every frame.
"""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QImage, QImageReader, QPainter, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desk.services.maps.images import MAX_PIXELS

TILE = 1024
OVERVIEW = 2048  # the far-zoom overview's longer side, in pixels


def read_image(data: bytes) -> QImage:
    """The stored image as a QImage (a null image when Qt cannot read it)."""
    # Bytes per pixel of the decoded image, at most 4: the limit is in megabytes.
    QImageReader.setAllocationLimit(MAX_PIXELS * 4 // 1_000_000 + 1)
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    return QImageReader(buffer).read()


class MapImageItem(QGraphicsItem):
    """The map image: tiles of :data:`TILE` pixels near, one small overview far away.

    Only the tiles the view exposes are drawn; below a quarter of the image's
    own scale an overview at most :data:`OVERVIEW` pixels wide stands in for
    them, so the whole of a 40-megapixel map is one small pixmap to paint.
    """

    def __init__(self, image: QImage) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setZValue(0)
        self.size = QSizeF(image.width(), image.height())
        self.tiles: dict[tuple[int, int], QPixmap] = {}
        for top in range(0, image.height(), TILE):
            for left in range(0, image.width(), TILE):
                piece = image.copy(left, top, min(TILE, image.width() - left),
                                   min(TILE, image.height() - top))
                self.tiles[(left, top)] = QPixmap.fromImage(piece)
        self.factor = min(1.0, OVERVIEW / max(1, image.width(), image.height()))
        self.overview = QPixmap.fromImage(image.scaled(
            max(1, int(image.width() * self.factor)), max(1, int(image.height() * self.factor)),
            Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation))

    def boundingRect(self) -> QRectF:
        return QRectF(QPointF(0, 0), self.size)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        exposed = option.exposedRect.intersected(self.boundingRect())
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if lod < 2 * self.factor:  # the overview has pixels enough for this zoom
            k = self.factor
            source = QRectF(exposed.x() * k, exposed.y() * k, exposed.width() * k,
                            exposed.height() * k)
            painter.drawPixmap(exposed, self.overview, source)
            return
        first_x, first_y = int(exposed.left()) // TILE * TILE, int(exposed.top()) // TILE * TILE
        for top in range(first_y, int(exposed.bottom()) + 1, TILE):
            for left in range(first_x, int(exposed.right()) + 1, TILE):
                tile = self.tiles.get((left, top))
                if tile is not None:
                    painter.drawPixmap(left, top, tile)
