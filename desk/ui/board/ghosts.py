"""Ghosts on the board: where one headquarters believes its units stand (issue 31).

Over the truth's markers, a ghost per unit the headquarters believes elsewhere
(:class:`~desk.services.knowledge.ghosts.BeliefOverTruth`): the unit's own marker shape
(:func:`~desk.ui.board.scene.marker_shape`, as wide and turned as the true marker), see-
through, hatched in its side's colour, with a dashed outline; named "<unit> as of bound N"
on a plate below it (the true marker's name is above its block, so the two names do not
meet when a ghost stands just behind its unit); and a thin dashed line from the ghost to
where the unit really stands. The names follow the units' own level of detail (shown when
near enough to read); the tooltip always tells. A ghost is a drawing only: it takes no
click (a click goes through to the unit or the map below), no choice and no drag, and
changes nothing.

The map's image is the same in either scheme, so what must read over it is drawn twice
over: the scheme's base colour see-through under the text colour (the ghost's fill under
its hatch and outline, the plate under its name, a wide faint line under the dashes), as
the board outlines the chosen unit in the text colour. Redrawn when the scheme changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLineF, QObject, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
)

from desk.ui.board.scene import BoardScene, marker_shape
from desk.ui.palette import DeskPalette

if TYPE_CHECKING:  # the board's services load when it is first shown
    from desk.services.knowledge.ghosts import BeliefOverTruth, BelievedPlace
    from desk.services.maps.viewmodel import MapMarker

translate = QCoreApplication.translate
BASE_ALPHA = 110  # of 255: the map and the true marker show through a ghost
PLATE_ALPHA = 200  # a ghost's name over the map, readable
LINE_ALPHA = 220
HALO_ALPHA = 150
GHOST_Z = 4.0  # over the units (2, 3 when chosen): a belief is drawn over the truth
LINE_Z = 3.5  # over the units too (a line under a row of blocks would not show), under ghosts


def _unmovable(item: QGraphicsItem) -> None:
    """A drawing only: no choice, no drag, no focus, and every click goes to what is below."""
    for flag in (QGraphicsItem.GraphicsItemFlag.ItemIsMovable,
                 QGraphicsItem.GraphicsItemFlag.ItemIsSelectable,
                 QGraphicsItem.GraphicsItemFlag.ItemIsFocusable):
        item.setFlag(flag, False)
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    item.setAcceptHoverEvents(False)


class GhostMarker(QGraphicsPathItem):
    """One unit where a headquarters believes it stands (see the module text).

    Three layers of one shape: the scheme's base colour, see-through (so a ghost over a
    block of its own side still shows), the side's colour hatched over it, and a dashed
    outline in the text colour, the colour the board marks the chosen unit with. Its name
    stands on a plate of the base colour, readable over any map and any marker.
    """

    def __init__(self, place: BelievedPlace, shape: MapMarker, *, size: float,
                 colour: QColor, palette: DeskPalette, text: str) -> None:
        super().__init__(marker_shape(shape, size))
        self.place = place
        base = palette.color("base")
        base.setAlpha(BASE_ALPHA)
        self.setBrush(QBrush(base))
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.hatch = QGraphicsPathItem(self.path(), self)
        self.hatch.setBrush(QBrush(colour, Qt.BrushStyle.BDiagPattern))
        pen = QPen(palette.color("text"), 2, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)  # two screen pixels at any zoom, as the chosen unit's outline
        self.hatch.setPen(pen)
        self.words = QGraphicsSimpleTextItem(text)
        font = QFont()
        font.setPixelSize(max(1, int(size * 0.7)))
        font.setItalic(True)  # told, not seen: set apart from the units' own names
        self.words.setFont(font)
        self.words.setBrush(QBrush(palette.color("text")))
        words = self.words.boundingRect()
        pad = size * 0.1
        plate = QColor(base)
        plate.setAlpha(PLATE_ALPHA)
        self.label = QGraphicsRectItem(words.adjusted(-pad, 0, pad, 0), self)
        self.label.setBrush(QBrush(plate))
        self.label.setPen(QPen(Qt.PenStyle.NoPen))
        self.words.setParentItem(self.label)
        block = self.path().boundingRect()
        self.label.setPos(block.center().x() - words.width() / 2, block.bottom() + pad)
        self.label.setVisible(False)
        for item in (self, self.hatch, self.label, self.words):
            _unmovable(item)
        assert place.believed is not None  # only a believed point is drawn
        self.setPos(*place.believed)
        self.setZValue(GHOST_Z)


class GhostLayer(QObject):
    """The ghosts of the belief shown on the board's scene: drawn, redrawn, taken away."""

    def __init__(self, scene: BoardScene, palette: DeskPalette) -> None:
        super().__init__(scene)
        self.scene, self.palette = scene, palette
        self.belief: BeliefOverTruth | None = None
        self.ghosts: list[GhostMarker] = []
        self.lines: list[QGraphicsLineItem] = []
        scene.names_shown.connect(self._names)
        palette.changed.connect(self.redraw)

    def show(self, belief: BeliefOverTruth | None) -> None:
        """Draw ``belief``'s ghosts over the truth (None: none)."""
        self.belief = belief
        self.redraw()

    def redraw(self) -> None:
        """Draw the ghosts again: the truth's markers were redrawn, or the scheme changed."""
        for item in [*self.ghosts, *self.lines]:
            self.scene.removeItem(item)
        self.ghosts, self.lines = [], []
        if self.belief is None:
            return
        size = self.scene.marker_size()
        words = translate("BoardGhosts", "{unit} as of bound {n}")
        told = translate("BoardGhosts", "{unit}: where {command} believes it stands, as of "
                         "bound {n} (reported at bound {m})")
        for place in self.belief.ghosts:
            shape, colour = self._look(place)
            ghost = GhostMarker(place, shape, size=size, colour=colour, palette=self.palette,
                                text=words.format(unit=place.unit, n=place.as_of))
            ghost.setToolTip(told.format(unit=place.unit, command=self.belief.command,
                                         n=place.as_of, m=place.arrived))
            ghost.label.setVisible(self.scene.names_visible)
            self.scene.addItem(ghost)
            self.ghosts.append(ghost)
            if place.truth is not None and place.believed is not None:
                self.lines.append(self._line(place))

    def _look(self, place: BelievedPlace) -> tuple[MapMarker, QColor]:
        """The ghost's shape and colour: those of the unit's marker on the board (its width,
        facing and side), else a plain block in the first side's colour."""
        from desk.services.maps.viewmodel import MapMarker, MarkerKind

        item = self.scene.markers.get(place.key)
        if item is not None:
            marker = item.marker
        else:  # not on the map now (no truth to draw), but believed on it
            marker = MapMarker(unit_id=place.unit_id, name=place.unit, side="",
                               kind=MarkerKind.OWN, x=0.0, y=0.0, detail="",
                               leader=place.staff)
        colour = self.palette.color("highlight" if marker.kind is MarkerKind.OWN else "error")
        return marker, colour

    def _line(self, place: BelievedPlace) -> QGraphicsLineItem:
        assert place.believed is not None and place.truth is not None
        line = QGraphicsLineItem(QLineF(*place.believed, *place.truth))
        colour = self.palette.color("text")  # the board's colour for what it marks on the map
        colour.setAlpha(LINE_ALPHA)
        pen = QPen(colour, 1.5, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)  # thin at any zoom: it links, it does not mark
        line.setPen(pen)
        # Under the dashes, a faint line of the base colour: the dashes read over a light map
        # and a dark one, a block of either side, in either scheme.
        halo = QGraphicsLineItem(line.line(), line)
        under = self.palette.color("base")
        under.setAlpha(HALO_ALPHA)
        wide = QPen(under, 3.5)
        wide.setCosmetic(True)
        halo.setPen(wide)
        halo.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent, True)
        _unmovable(line)
        _unmovable(halo)
        line.setZValue(LINE_Z)
        self.scene.addItem(line)
        return line

    def _names(self, shown: bool) -> None:
        for ghost in self.ghosts:
            ghost.label.setVisible(shown)
