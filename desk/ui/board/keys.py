"""Moving units on the board without the mouse: choose one, step it, record it or put it back.

In the board's view N and P choose the next and the previous unit (Tab
stays the way out of the view, so the keyboard is never trapped in the map)
and centre it; the arrow keys move the chosen unit (on a hex map to the
touching hex, else about a marker's width, Shift a quarter of it); Enter
records the move, one position and one undo step, as a drag does; Escape
puts the unit back where its position is recorded (pressed again, it lets
the unit go). [ and ] turn the chosen unit's block 15 degrees (60 on a hex
map: a hex side) anticlockwise and clockwise; Enter records the facing with
the move, Escape turns it back too. With no unit chosen, or a unit of an earlier bound, the arrows
pan as before. A unit moved but not recorded goes back when another is chosen.

The view hands its key presses to :meth:`MarkerKeys.handle`; the controller
gives :attr:`MarkerKeys.calibration` the map's calibration (its hex grid) and listens to
:attr:`MarkerKeys.committed` (record) and :attr:`MarkerKeys.chosen` (say where).
"""

from __future__ import annotations

from collections.abc import Mapping

import shiboken6
from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGraphicsView

from desk.ui.board.scene import BoardScene, UnitMarker

Point = tuple[float, float]

ARROWS: dict[int, Point] = {
    Qt.Key.Key_Left: (-1.0, 0.0), Qt.Key.Key_Right: (1.0, 0.0),
    Qt.Key.Key_Up: (0.0, -1.0), Qt.Key.Key_Down: (0.0, 1.0),
}


class MarkerKeys(QObject):
    """The board view's keys for choosing and moving one unit (see the module text)."""

    # Enter: record the unit (its marker key) here, facing this way (int degrees or None).
    committed = Signal(str, float, float, object)
    chosen = Signal(object)  # the chosen UnitMarker (moved or not), or None

    def __init__(self, view: QGraphicsView, scene: BoardScene) -> None:
        super().__init__(view)
        self.view = view
        self.scene = scene
        self.calibration: Mapping[str, object] = {}  # the map's; with "hex", steps are hexes
        self._current: UnitMarker | None = None
        self._anchor: tuple[Point, bool] | None = None  # start of a run along one axis
        scene.selectionChanged.connect(self._selection_changed)

    @property
    def current(self) -> UnitMarker | None:
        """The unit chosen, by a click or N and P."""
        return self._current

    def handle(self, event: QKeyEvent) -> bool:
        """Act on a key pressed in the view; False leaves it to the view (panning, zoom)."""
        key = event.key()
        plain = not event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier
                                          | Qt.KeyboardModifier.KeypadModifier)
        if key in (Qt.Key.Key_N, Qt.Key.Key_P) and not event.modifiers():
            self.choose_next(backwards=key == Qt.Key.Key_P)
            return True
        item = self._current
        if item is None or not plain:
            return False
        if key in ARROWS and item.movable:
            self.move(ARROWS[key], fine=bool(event.modifiers()
                                             & Qt.KeyboardModifier.ShiftModifier))
            return True
        if key in (Qt.Key.Key_BracketLeft, Qt.Key.Key_BracketRight) and item.movable:
            if not item.marker.leader:  # a leader's circle has no front to turn
                self.turn(item, -1 if key == Qt.Key.Key_BracketLeft else 1)
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and item.movable:
            if item.moved():
                self.committed.emit(item.marker.key, item.pos().x(), item.pos().y(),
                                    item.facing)
            return True
        if key == Qt.Key.Key_Escape:
            if item.moved():
                self.put_back(item)
            else:
                self.scene.clearSelection()
            return True
        return False

    def choose_next(self, *, backwards: bool = False) -> None:
        """Choose the next unit of the board (the previous one ``backwards``) and centre it."""
        items = list(self.scene.markers.values())
        if not items:
            return
        now = items.index(self._current) if self._current in items else None
        if now is None:
            index = len(items) - 1 if backwards else 0
        else:
            index = (now + (-1 if backwards else 1)) % len(items)
        self.choose(items[index])

    def choose(self, item: UnitMarker) -> None:
        """Make ``item`` the chosen unit, in view."""
        self.scene.clearSelection()
        item.setSelected(True)
        self.view.centerOn(item)

    def move(self, direction: Point, *, fine: bool) -> None:
        """Step the chosen unit one arrow press that way (not recorded until Enter)."""
        item = self._current
        if item is None:
            return
        here = (item.pos().x(), item.pos().y())
        across = direction[1] == 0
        if self._anchor is None or self._anchor[1] != across:
            self._anchor = (here, across)
        # Imported at the first step: the map's services load the map's and the positions'
        # tables, which a window without a map never reads (issue 28).
        from desk.services.maps.steps import keyboard_step

        width, height = self.scene.image_size
        there = keyboard_step(calibration=self.calibration, point=here, direction=direction,
                              anchor=self._anchor[0], size=self.scene.marker_size() * 2,
                              fine=fine, width=width, height=height)
        if there is not None:
            item.setPos(QPointF(*there))
            self.view.ensureVisible(item)
        self.chosen.emit(item)

    def turn(self, item: UnitMarker, sign: int) -> None:
        """Turn ``item`` one step clockwise (``sign`` 1) or anticlockwise (-1)."""
        step = 60 if self.calibration.get("hex") else 15
        now = item.facing if item.facing is not None else 0
        # The next step's multiple that way: from a facing off the steps (20 on a hex
        # map) the first press lands on one (60, or 0).
        item.turn((now // step + 1) * step % 360 if sign > 0
                  else (now - 1) // step * step % 360)
        self.chosen.emit(item)

    def put_back(self, item: UnitMarker) -> None:
        """The unit back where its position is recorded, facing as recorded."""
        item.setPos(item.marker.x, item.marker.y)
        if item.facing != item.marker.facing:
            item.turn(item.marker.facing)
        self._anchor = None
        if item is self._current:
            self.chosen.emit(item)

    def _selection_changed(self) -> None:
        if not shiboken6.isValid(self.scene):  # the scene lets go of its items as it dies
            return
        before, now = self._current, self.scene.selected_marker()
        if before is now:
            return
        if before is not None:
            before.highlight(False, self.scene.palette_)
            if before.scene() is self.scene and before.moved():
                before.setPos(before.marker.x, before.marker.y)  # not recorded: back it goes
                before.turn(before.marker.facing)
        self._current, self._anchor = now, None
        if now is not None:
            now.highlight(True, self.scene.palette_)
        self.chosen.emit(now)
