"""The board's scene: the map image as tiles, a marker per unit, faint trails of past bounds.

Scene coordinates are the image's pixels, so a marker's (x, y) is the position
the services store. The image (:mod:`desk.ui.board.image`) is read with Qt's
image reader (its allocation limit raised to the desk's 100-megapixel maximum)
and cut into tiles of :data:`TILE` pixels, so a 40-megapixel map pans and
zooms without one huge pixmap being scaled at every frame. A marker draws its
name only when it is large enough on screen to read (level of detail), so
2,000 units stay quick to paint. A unit's block is as wide as its frontage and
turned to its facing, with a point on its front edge, when the view model
gives them (:func:`marker_shape`); a leader is a circle.

A marker the umpire drags reports where it was dropped through
:attr:`BoardScene.unit_dropped`, with the marker's key ("unit:12", or
"leader:3" for a leader without a staff unit); the scene does not decide
whether the move stands: the controller records it (or puts the marker back
when refused).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QObject,
    QPointF,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QFont,
    QImage,
    QPainterPath,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)

from desk.ui.board.image import MapImageItem
from desk.ui.palette import DeskPalette

if TYPE_CHECKING:  # the board's widgets are built at start-up, its markers when it loads
    from desk.services.maps.viewmodel import MapMarker


def marker_shape(marker: MapMarker, size: float) -> QPainterPath:
    """A marker's outline around its centre, in image pixels.

    A leader is a circle. A unit is a block ``frontage`` wide (else twice
    ``size``) and 0.8 ``size`` deep; with a facing, a small point on its front
    edge shows which way it faces and the block is turned to it (0 = up the
    map, clockwise). The turn is in the path, not the item, so the name beside
    it stays level.
    """
    shape = QPainterPath()
    if marker.leader:
        shape.addEllipse(QPointF(0, 0), size * 0.5, size * 0.5)
        return shape
    width = marker.frontage if marker.frontage and marker.frontage > 0 else size * 2
    depth = size * 0.8
    shape.addRect(QRectF(-width / 2, -depth / 2, width, depth))
    if marker.facing is None:
        return shape
    point = min(depth * 0.5, width * 0.4)  # the front mark's half-base, and its height
    shape.addPolygon(QPolygonF([QPointF(-point, -depth / 2), QPointF(0, -depth / 2 - point),
                                QPointF(point, -depth / 2), QPointF(-point, -depth / 2)]))
    return QTransform().rotate(marker.facing % 360).map(shape)


class UnitMarker(QGraphicsPathItem):
    """A unit on the board: a block (a circle for a leader) and, near enough, its name.

    Qt's own path and text items draw it (no Python ``paint``): 2,000 markers
    in view at once must paint within a frame. The name is a child text item,
    shown by :meth:`BoardScene.show_names` only when it is large enough to read.
    """

    def __init__(self, marker: MapMarker, size: float, *, movable: bool,
                 palette: DeskPalette) -> None:
        super().__init__()
        self.marker = marker
        self.movable = movable
        self.size = s = size
        self.facing = marker.facing  # as drawn; [ and ] turn it before Enter records it
        self.setPath(marker_shape(marker, s))
        from desk.services.maps.viewmodel import MarkerKind

        # The first side in the desk's highlight blue, the others in its error red.
        colour = palette.color("highlight" if marker.kind is MarkerKind.OWN else "error")
        self.setBrush(QBrush(colour))
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.label = QGraphicsSimpleTextItem(marker.name, self)
        font = QFont()
        font.setPixelSize(max(1, int(s * 0.8)))
        self.label.setFont(font)
        self.label.setBrush(QBrush(colour))
        self._place_label()
        self.label.setVisible(False)
        self.setPos(marker.x, marker.y)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, movable)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setZValue(2)
        self.setToolTip(f"{marker.name} ({marker.detail})" if marker.detail else marker.name)
        self.setCursor(Qt.CursorShape.OpenHandCursor if movable else Qt.CursorShape.ArrowCursor)

    def highlight(self, on: bool, palette: DeskPalette) -> None:
        """Outline the marker chosen from the keyboard (a thick line in the text colour)."""
        if on:
            pen = QPen(palette.color("text"), 3)
            pen.setCosmetic(True)  # three screen pixels at any zoom
            self.setPen(pen)
            self.setZValue(3)  # above its neighbours
        else:
            self.setPen(QPen(Qt.PenStyle.NoPen))
            self.setZValue(2)

    def moved(self) -> bool:
        """True when the marker stands or faces elsewhere than its recorded position."""
        return (self.pos().x(), self.pos().y()) != (self.marker.x, self.marker.y) or \
            self.facing != self.marker.facing

    def turn(self, facing: int | None) -> None:
        """Draw the block facing ``facing`` degrees (not recorded until Enter)."""
        self.facing = facing
        self.setPath(marker_shape(replace(self.marker, facing=facing), self.size))
        self._place_label()

    def _place_label(self) -> None:
        # A block's name sits centred just above it, level whichever way it faces: units in
        # a row stand side by side, so a name beside a block would run under the next one.
        # A leader's circle has its name beside it, as a leader stands apart.
        block = self.path().boundingRect()
        text = self.label.boundingRect()
        if self.marker.leader:
            self.label.setPos(block.right() + self.size * 0.3, -text.height() / 2)
        else:
            self.label.setPos(block.center().x() - text.width() / 2,
                              block.top() - text.height() - self.size * 0.1)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._from = self.pos()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        start = getattr(self, "_from", self.pos())
        if self.pos() != start:
            scene = self.scene()
            if isinstance(scene, BoardScene):
                scene.unit_dropped.emit(self.marker.key, self.pos().x(), self.pos().y())


class BoardScene(QGraphicsScene):
    """The map, its units and their trails, in image pixels."""

    # The marker's key ("unit:12", "leader:3"), and x, y where the umpire let go.
    unit_dropped = Signal(str, float, float)
    map_clicked = Signal(float, float)  # a click on the map itself, not on a unit
    # Names shown or hidden as the view zooms: what else the board labels (a belief's
    # ghosts, desk.ui.board.ghosts) follows the units' names.
    names_shown = Signal(bool)

    def __init__(self, palette: DeskPalette, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.palette_ = palette
        self.markers: dict[str, UnitMarker] = {}  # by MapMarker.key
        self.map_item: MapImageItem | None = None
        self._trails: list[QGraphicsPathItem] = []
        self.image_size = (0, 0)
        self._names = False  # the markers' names are shown (the view is near enough)
        self.redrawing = False  # set_markers is at work: a selection change is not a choice
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)

    def set_image(self, image: QImage) -> None:
        """Show ``image`` as the map (in tiles, with an overview for the far zooms)."""
        if self.map_item is not None:
            self.removeItem(self.map_item)
        self.map_item = MapImageItem(image)
        self.addItem(self.map_item)
        self.image_size = (image.width(), image.height())
        self.setSceneRect(QRectF(0, 0, image.width(), image.height()))

    def show_names(self, scale: float) -> None:
        """Names shown only where they are at least 10 screen pixels high (a block 24
        pixels wide; ``scale``: screen pixels per image pixel), so a whole map of
        2,000 units is blocks only, quick to paint and not a smear of text."""
        shown = scale * self.marker_size() >= 12
        changed, self._names = shown != self._names, shown
        for item in self.markers.values():
            item.label.setVisible(shown)
        if changed:
            self.names_shown.emit(shown)

    @property
    def names_visible(self) -> bool:
        """Whether the markers' names are shown at the view's zoom (:meth:`show_names`)."""
        return self._names

    def marker_size(self) -> float:
        """A marker's half-width in image pixels: about 1/120 of the map's longer side."""
        return max(4.0, max(self.image_size) / 120.0)

    def set_markers(self, markers: Iterable[MapMarker], *, movable: bool) -> None:
        """Show these units (and only these), movable or not; the chosen unit stays chosen."""
        chosen = self.selected_marker()
        # The selection changes below are the board redrawing itself, not the umpire's
        # choice: listeners that follow a choice (the order form) ask :attr:`redrawing`.
        self.redrawing = True
        try:
            for item in self.markers.values():
                self.removeItem(item)
            self.markers = {}
            size = self.marker_size()
            for marker in markers:
                item = UnitMarker(marker, size, movable=movable, palette=self.palette_)
                item.label.setVisible(self._names)
                self.addItem(item)
                self.markers[marker.key] = item
            again = self.markers.get(chosen.marker.key) if chosen is not None else None
            if again is not None:
                again.setSelected(True)
        finally:
            self.redrawing = False

    def selected_marker(self) -> UnitMarker | None:
        """The unit chosen (by a click, or N and P from the keyboard), if any."""
        return next((i for i in self.selectedItems() if isinstance(i, UnitMarker)), None)

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

    def put_back(self, key: str, x: float, y: float) -> None:
        """Return marker ``key`` to where it stood (its move was refused)."""
        item = self.markers.get(key)
        if item is not None:
            item.setPos(x, y)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        # A unit under the click, even below a drawing over it (a ghost), is no click on the map.
        if event.button() == Qt.MouseButton.LeftButton and not any(
                isinstance(i, UnitMarker) for i in self.items(
                    event.scenePos(), deviceTransform=self._view_transform())):
            point = event.scenePos()
            if self.sceneRect().contains(point):
                self.map_clicked.emit(point.x(), point.y())
        super().mousePressEvent(event)

    def _view_transform(self) -> QTransform:
        views = self.views()
        return views[0].transform() if views else QTransform()
