"""The map board's controller: reads the board through the operations, records moves.

The board loads when its tab is first shown (the window's first paint needs
none of it), and again when the campaign changes while it is visible. The
image is read once per map version and kept; a move writes one position and
leaves the rest of the board as drawn, and goes on the undo stack
(:class:`~desk.ui.board.moves.MoveCommand`), whose undo and redo redraw the
board from the database. A move refused (outside the map, the
unit moved by another umpire) puts the marker back and says why in one
dialog. A move made from the keyboard (:mod:`desk.ui.board.keys`) is recorded
the same way; the line under the map says which unit is chosen and where it
stands. A click on the map while a unit's order is in the form writes the
place into the order's destination (and hex, for a hex map). The belief of one
headquarters drawn over the truth (:mod:`desk.ui.board.belief`) is read with the board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from desk.services.errors import ServiceError
from desk.ui.board.belief import BeliefChoice
from desk.ui.board.panel import BoardPanel
from desk.ui.board.placing import Placer
from desk.ui.changes import Change
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.operations import Operations
from desk.ui.orders.form import OrderForm
from desk.ui.palette import DeskPalette

if TYPE_CHECKING:  # imported where first used: the board loads when its tab is first shown
    from desk.services.positions.leaders import LeaderPositionView
    from desk.services.positions.views import PositionView
    from desk.services.screens.board import BoardData
    from desk.ui.board.keys import MarkerKeys
    from desk.ui.board.scene import UnitMarker

translate = QCoreApplication.translate


class BoardController(Controller):
    """Shows the board for the shown bound and turns drags and clicks into the desk's writes."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget, form: OrderForm,
                 show_status: Callable[[str], None], palette: DeskPalette) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.form = form
        self.show_status = show_status
        self.panel = BoardPanel(palette, parent)
        palette.changed.connect(self.panel.scene.update)
        self.data: BoardData | None = None
        self.bound: int | None = None  # None: follow the open bound
        self._image_version: int | None = None
        self._calibration: dict[str, object] = {}
        self.loaded = False
        # The board behind the Orders tab is redrawn when it comes back to the front, not at
        # every saved order (30–45 ms each); the window's tabs say whether it is in sight.
        self.out_of_sight: Callable[[], bool] = lambda: False
        self._stale = False
        self._moving = False
        self.panel.bound_chosen.connect(self.show_bound)
        self.panel.import_requested.connect(self.import_map)
        self.panel.scene.unit_dropped.connect(self.drop_marker)
        self.panel.scene.map_clicked.connect(self.fill_destination)
        self.panel.keys.committed.connect(self.move_unit)
        self.panel.keys.chosen.connect(self.say_chosen)
        self.panel.keys.chosen.connect(self._show_in_form)
        self._keys: list[MarkerKeys] = [self.panel.keys]  # every view's (a second window's)
        # The window's "show this unit's order and state" (set by the window; None: no form).
        self.select_unit: Callable[[int], None] | None = None
        # Units and leaders not on the map yet: dropped from the tree, or Place on map.
        self.placer = Placer(self, selected=lambda: self.form.unit_id)
        self.belief = BeliefChoice(ops=ops, dialogs=dialogs, parent=parent, panel=self.panel,
                                   palette=palette, bound=lambda: self.bound)
        ops.campaign_changed.connect(self._changed)

    def _changed(self, change: Change) -> None:
        if self.loaded and not self._moving and change not in (Change.PHASE, Change.SHOWN):
            if self.out_of_sight() and len(self._keys) == 1:  # no map window open either
                self._stale = True
            else:
                self.refresh()

    def activate(self) -> None:
        """The board's tab was shown: load it the first time, or catch up on what changed
        while it was behind the order table."""
        if not self.loaded:
            self.loaded = True
            self.refresh()
            self.panel.view.fit()
        elif self._stale:
            self.refresh()

    def attach_keys(self, keys: MarkerKeys) -> None:
        """Another view of the board's scene (the map's own window): its Enter records a
        move as the tab's does, its arrows step hex to hex, the line under the map follows."""
        keys.calibration = self._calibration
        keys.committed.connect(self.move_unit)
        keys.chosen.connect(self.say_chosen)
        self._keys.append(keys)
        keys.destroyed.connect(lambda *_: self._keys.remove(keys))

    def show_bound(self, bound: int) -> None:
        """Show the units as they stood in ``bound`` (the open bound: movable)."""
        self.bound = None if bound == self.ops.context.current_bound else bound
        self.refresh()

    def refresh(self) -> None:
        """Read the board again and redraw it."""
        from desk.services.maps.board import calibration
        from desk.services.screens.board import board_data
        from desk.ui.board.image import read_image

        self._stale = False

        found = self.guard(lambda: self.ops.read(
            lambda s: (board_data(session=s, battle_id=self.ops.battle_id, bound=self.bound,
                                  known_map_version=self._image_version),
                       self.belief.read(s, self.bound))))
        if found is None:
            return
        data, belief = found
        self.data = data
        panel = self.panel
        panel.set_bounds(last=data.current_bound, shown=data.bound)
        if data.view is None or data.info is None:
            panel.caption.setText(translate("BoardController",
                                            "No map yet: import an image of the ground."))
            panel.scene.set_markers([], movable=False)
            self.belief.show(None)
            return
        if data.view.image:
            panel.scene.set_image(read_image(data.view.image))
            self._image_version = data.info.version
            self._calibration = self.ops.read(lambda s: calibration(session=s,
                                                                    battle_id=self.ops.battle_id))
            for keys in self._keys:  # arrows step hex to hex on a hex map
                keys.calibration = self._calibration
        panel.scene.set_markers(data.view.markers, movable=data.editable and
                                not self.ops.read_only)
        panel.scene.set_trails([*data.trails.values(), *data.leader_trails.values()])
        self.belief.show(belief)  # over the markers just drawn, as wide and turned as they are
        placed = sum(1 for m in data.view.markers if m.leader_id is None)  # units, not leaders
        if data.editable:
            text = translate("BoardController", "Bound {n}: {placed} units on the map, "
                             "{unplaced} not placed; drag a unit to move it.")
        else:
            text = translate("BoardController", "Bound {n} as it stood (read-only): "
                             "{placed} units on the map.")
        panel.caption.setText(text.format(n=data.bound, placed=placed,
                                          unplaced=data.view.unplaced))

    def drop_marker(self, key: str, x: float, y: float) -> None:
        """A marker dragged on the board: record it there, facing as it is drawn."""
        item = self.panel.scene.markers.get(key)
        self.move_unit(key, x, y, item.facing if item is not None else None)

    def move_unit(self, key: str, x: float, y: float, facing: int | None = None) -> None:
        """Record the dropped unit's (or leader's: key "leader:3") new position in the open
        bound, facing ``facing`` (None: as before), or put it back."""
        from desk.services.maps.leaders import place_leader
        from desk.services.maps.placing import place_unit
        from desk.ui.board.moves import MoveCommand, known_key

        data = self.data
        if data is None or data.view is None:
            return
        item = self.panel.scene.markers.get(key)
        before = item.marker if item is not None else None
        kind, _sep, number = key.partition(":")
        ident = int(number)
        # A leader's guard is his own row's version; a unit's, its state of the open bound.
        versions = data.leader_versions if kind == "leader" else data.versions
        place: Callable[..., tuple[PositionView | LeaderPositionView, int]] = (
            place_leader if kind == "leader" else place_unit)
        who = {"leader_id" if kind == "leader" else "unit_id": ident}
        self._moving = True  # the board already shows the move: no full re-read for it
        try:
            view, version = self.ops.write(lambda s: place(session=s, battle_id=self.ops.battle_id,
                                                           x=x, y=y,
                                                           seen_version=versions.get(ident),
                                                           facing=facing, **who), Change.EVENT)
            versions[ident] = version
            self.ops.known[known_key(kind, ident)] = version  # what undo and redo pass on
            if item is not None and before is not None:  # where it stands now, if refused later
                # The services keep a point to the whole pixel: the marker shows what is stored.
                x, y = view.x if view.x is not None else x, view.y if view.y is not None else y
                item.setPos(x, y)
                item.marker = replace(before, x=x, y=y, facing=view.facing)
                item.turn(view.facing)
        except ServiceError as exc:
            if before is not None:
                self.panel.scene.put_back(key, before.x, before.y)
                if item is not None:
                    item.turn(before.facing)
                if item is not None and item is self.panel.keys.current:
                    self.say_chosen(item)
            if self.dialogs.show_error(exc):
                self.ops.reload()
            return
        finally:
            self._moving = False
        if before is not None:  # moved, not placed (a placing reads the whole board again)
            self.belief.follow_move()
        # In the umpire's words: the hex, else the map's scale (cm on the table), else pixels.
        where = translate("BoardController", "hex {hex}").format(hex=view.hex) if view.hex \
            else self.place(x, y)
        if item is None:  # placed for the first time: its marker drawn from the database
            self.refresh()
            item = self.panel.scene.markers.get(key)
        name = item.marker.name if item is not None else key
        text = translate("BoardController", "Move {unit}") if before is not None else \
            translate("BoardController", "Place {unit}")
        self.ops.push(MoveCommand(
            text=text.format(unit=name), ops=self.ops,
            battle_id=self.ops.battle_id, position=view))
        if item is not None and item is self.panel.keys.current:
            self.say_chosen(item)
        said = translate("BoardController", "{unit} moved to {where}.") if before is not None \
            else translate("BoardController", "{unit} placed at {where}.")
        self.show_status(said.format(unit=name, where=where))

    def place(self, x: float, y: float) -> str:
        """Pixel (x, y) in words: its hex on a hex map, else in the map's scale, else pixels."""
        from desk.services.maps.hexes import pixel_to_hex

        number = pixel_to_hex(self._calibration, (x, y))
        scale = self.data.info.scale if self.data and self.data.info else None
        if number:
            return translate("BoardController", "hex {hex}").format(hex=number)
        if scale is not None:
            return translate("BoardController", "map {x:.0f}, {y:.0f} {unit}").format(
                x=x * scale.per_pixel, y=y * scale.per_pixel, unit=scale.unit)
        return translate("BoardController", "map {x:.0f}, {y:.0f}").format(x=x, y=y)

    def _show_in_form(self, item: UnitMarker | None) -> None:
        # A unit chosen on the map is the unit of the order form and the unit panel, so the
        # umpire sees its order and state, F2 writes its order and a click on the map fills
        # its destination. A leader has no order: the form stays as it is.
        # A redraw that keeps the chosen marker is no choice: the form keeps the unit the
        # umpire may have picked in the table since.
        if item is None or item.marker.leader_id is not None or self.select_unit is None or \
                self.panel.scene.redrawing:
            return
        self.select_unit(item.marker.unit_id)

    def say_chosen(self, item: UnitMarker | None) -> None:
        """Under the map: the unit chosen, where it stands, and what the keys will do."""
        label = self.panel.chosen_label
        if item is None:
            label.setText(translate("BoardController", "No unit chosen: N and P choose one."))
            return
        text = translate("BoardController", "Chosen: {unit} ({side}) at {place}.").format(
            unit=item.marker.name, side=item.marker.side,
            place=self.place(item.pos().x(), item.pos().y()))
        if item.moved():
            text += " " + translate("BoardController", "Not recorded yet: Enter records the "
                                    "move, Escape puts it back.")
        elif item.movable:
            text += " " + translate("BoardController", "The arrow keys move it.")
            if not item.marker.leader:
                text += " " + translate("BoardController", "[ and ] turn it.")
        label.setText(text)

    def fill_destination(self, x: float, y: float) -> None:
        """Write the clicked place into the order being written, if a unit's form is open."""
        from desk.rules.hexgrid import TO_HEX
        from desk.services.maps.hexes import pixel_to_hex

        if self.form.unit_id is None or self.data is None or self.data.info is None:
            return
        number = pixel_to_hex(self._calibration, (x, y))
        text = self.place(x, y)
        # The order's destination in words; on a hex map its destination hex as well.
        self.form.use_values({"destination": text, **({TO_HEX: number} if number else {})})
        self.show_status(translate("BoardController", "Destination: {place}.").format(
            place=text))

    def import_map(self) -> None:
        """Choose an image or PDF and store it as the battle's map."""
        from desk.services.maps.board import import_map

        source = self.dialogs.open_path(
            translate("BoardController", "Import a map"),
            translate("BoardController", "Maps (*.png *.jpg *.jpeg *.pdf);;All files (*)"))
        if source is None:
            return
        try:
            data = source.read_bytes()
        except OSError as exc:
            self.dialogs.show_error(exc)
            return
        seen = self.data.info.version if self.data and self.data.info else None
        done = self.guard(lambda: self.ops.write(
            lambda s: import_map(session=s, data=data, name=source.name, seen_version=seen,
                                 battle_id=self.ops.battle_id), Change.RELOAD))
        if done is not None:
            self.panel.view.fit()
