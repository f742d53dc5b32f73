"""Putting on the map what is not there yet: a row dragged from the order of battle, or
Unit ▸ Place on map from the keyboard.

A unit's row of the order-of-battle tree (or a command's row, for its leader)
dropped on the board's view records a position where it is let go, through
the board's own move (:meth:`BoardController.move_unit`): one position, one
undo step, refused in one sentence outside the map. A unit already on the
map is moved by such a drop, a new position row like any move.

"Place on map" places the unit chosen in the order table or the tree when it
is not on the map yet; otherwise it offers the list of the open bound's units
and leaders not on the map (:func:`desk.services.maps.unplaced.unplaced`). The
one chosen goes to the middle of the board's view (beside a marker already
there), and is chosen on the board, so the arrow keys and Enter move it on,
[ and ] turn it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QGraphicsView

from desk.ui.oob.model import MARKER_MIME

if TYPE_CHECKING:
    from desk.ui.board.controller import BoardController


class MarkerDrops(QObject):
    """Lets the board's view take a marker key dragged from the order of battle."""

    dropped = Signal(str, float, float)  # the marker's key, and the scene point let go at

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.view = view
        view.viewport().setAcceptDrops(True)
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, (QDragEnterEvent, QDragMoveEvent, QDropEvent)) and \
                event.mimeData().hasFormat(MARKER_MIME):
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
            if event.type() == QEvent.Type.Drop:
                key = bytes(event.mimeData().data(MARKER_MIME).data()).decode()
                point = self.view.mapToScene(event.position().toPoint())
                self.dropped.emit(key, point.x(), point.y())
            return True
        return super().eventFilter(watched, event)


class Placer(QObject):
    """Places units and leaders from the tree or the keyboard (see the module text)."""

    def __init__(self, board: BoardController, *, selected: Callable[[], int | None]) -> None:
        super().__init__(board.panel)
        self.board = board
        self.selected = selected  # the unit chosen in the order table or the tree, if any
        self.show_map: Callable[[], None] = lambda: None  # the Map tab to the front
        self.drops = MarkerDrops(board.panel.view)
        self.drops.dropped.connect(self.drop)

    def _refused(self) -> bool:
        """Say in one sentence why nothing can be placed now (True), else False."""
        board = self.board
        data = board.data
        if data is None or data.view is None:
            text = self.tr("This battle has no map yet: import one first.")
        elif board.ops.read_only:
            text = self.tr("The campaign is open read-only: nothing is placed.")
        elif not data.editable:
            text = self.tr("Units are placed in the open bound only: show it first.")
        else:
            return False
        board.dialogs.show_error(ValueError(text))
        return True

    def drop(self, key: str, x: float, y: float) -> None:
        """A row let go on the map: record its unit (or leader) there and choose it."""
        if self._refused():
            return
        item = self.board.panel.scene.markers.get(key)
        if item is not None:  # on the map already: this drop moves it
            item.setPos(x, y)
        self.board.move_unit(key, x, y, item.facing if item is not None else None)
        self._choose(key)

    def place_on_map(self) -> None:
        """Unit ▸ Place on map: the chosen unit if it is not on the map, else one from the
        list of those not placed, in the middle of the board's view."""
        from desk.services.maps.unplaced import unplaced

        self.show_map()
        board = self.board
        board.activate()
        if self._refused():
            return
        waiting = board.guard(lambda: board.ops.read(
            lambda s: unplaced(session=s, battle_id=board.ops.battle_id)))
        if waiting is None:
            return
        chosen = self.selected()
        key = f"unit:{chosen}" if chosen is not None else ""
        if not any(w.key == key for w in waiting):
            if not waiting:
                board.show_status(self.tr("Every unit and leader is on the map."))
                return
            labels = [self.tr("{name} (leader, {side})").format(name=w.name, side=w.side)
                      if w.leader else self.tr("{name} ({side})").format(name=w.name,
                                                                          side=w.side)
                      for w in waiting]
            index = board.dialogs.choose_to_place(labels)
            if index is None:
                return
            key = waiting[index].key
        x, y = self._free_centre()
        board.move_unit(key, x, y)
        self._choose(key)

    def _free_centre(self) -> tuple[float, float]:
        """The middle of the view, within the map, stepped down past markers standing there."""
        view, scene = self.board.panel.view, self.board.panel.scene
        centre = view.mapToScene(view.viewport().rect().center())
        width, height = scene.image_size
        x = min(max(centre.x(), 0.0), float(width))
        y = min(max(centre.y(), 0.0), float(height))
        step = scene.marker_size() * 2
        for _ in range(20):
            if not any(abs(m.pos().x() - x) < step and abs(m.pos().y() - y) < step
                       for m in scene.markers.values()):
                break
            y = y + step if y + step <= height else max(0.0, y - 10 * step)
        return round(x, 1), round(y, 1)

    def _choose(self, key: str) -> None:
        """The placed marker chosen on the board, the keys' focus in the view."""
        panel = self.board.panel
        item = panel.scene.markers.get(key)
        if item is None:
            return
        panel.keys.choose(item)
        panel.view.setFocus(Qt.FocusReason.OtherFocusReason)



