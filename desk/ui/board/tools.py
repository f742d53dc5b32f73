"""The board's tools: calibrate the map, mark enemy units seen, save a side's view.

What ``desk map-calibrate``, ``desk map-seen`` and ``desk map --side`` do on the
command line, from the window:

- **Calibrate**: a calibration mode on the board (:mod:`desk.ui.board.calibrate`)
  collects two clicked points (a scale) or three hex centres, then a dialog
  prefilled with them asks the distance and unit, or each hex's number. The
  write goes through the operations with the map's version as the board showed
  it, so a refusal (two identical points, a zero distance, a hex the grid
  lacks, another umpire's calibration) is one dialog and nothing is stored.
- **Mark seen**: one side's sightings of the open bound as checkboxes
  (:mod:`desk.ui.board.seen_dialog`); only the ticks and unticks are written,
  each a journal line.
- **Save map view**: a side's view (or the umpire's) of a bound as a PDF
  (:class:`~desk.sheets.map_sheet.MapSheet`) or a PNG
  (:func:`~desk.ui.board.view_export.render_view`), both drawn from the
  services' view model alone, never from the board's scene (which holds every
  unit), rendered and written in the background.

Every dialog is opened with ``open()`` and kept in :attr:`BoardToolsController.dialog`
while it is up, so the window stays responsive and tests drive the real dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QToolButton, QWidget

from desk.ui.background import Progress, run_in_background
from desk.ui.board.calibrate import CalibrationMode
from desk.ui.board.controller import BoardController
from desk.ui.board.scene import UnitMarker
from desk.ui.changes import Change
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.operations import Operations

if TYPE_CHECKING:  # the window's first paint needs none of the map's services
    from desk.services.maps.board import MapInfo
    from desk.ui.board.seen_dialog import SeenDialog
    from desk.ui.board.view_dialog import ViewChoice

translate = QCoreApplication.translate
TOOL_ACTIONS = ("calibrate_scale", "calibrate_hexes", "mark_seen", "save_map_view")


class BoardToolsController(Controller):
    """Calibration, sightings and saved views of the map board (see the module text)."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget,
                 board: BoardController, show_board: Callable[[], None],
                 chosen_side: Callable[[], str | None],
                 show_status: Callable[[str], None]) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.board = board
        self.show_board = show_board
        self.chosen_side = chosen_side
        self.show_status = show_status
        self.mode = CalibrationMode(board.panel, needed=2, prompts=[], parent=board.panel)
        self.mode.complete.connect(self._points_clicked)
        self.mode.cancelled.connect(lambda: self.show_status(translate(
            "BoardTools", "Calibration cancelled: nothing stored.")))
        self.kind = ""  # "scale" or "hex" while calibrating
        self.version: int | None = None  # the map's version when calibration began
        self.dialog: QDialog | None = None  # the dialog up now (tests drive it)
        self.saved: Path | None = None  # the last view saved, once written

    def install(self, actions: dict[str, QAction], button: QToolButton) -> None:
        """Put the Map menu's actions on the board's tools button too; a campaign opened
        read-only keeps only the saved views."""
        menu = button.menu()
        for key in TOOL_ACTIONS:
            action = actions.get(key)
            if action is None:
                continue
            if self.ops.read_only and key != "save_map_view":
                action.setEnabled(False)
            if menu is not None:
                menu.addAction(action)

    # --- calibration -------------------------------------------------------------------------
    def _map(self) -> MapInfo | None:
        self.show_board()
        self.board.activate()
        data = self.board.data
        if data is None or data.info is None:
            self.dialogs.show_error(ValueError(translate(
                "BoardTools", "This battle has no map yet: import one first (Import map… on "
                "the map tab).")))
            return None
        return data.info

    def calibrate_scale(self) -> None:
        """Start calibrating the scale: two clicks, then the distance between them."""
        self._start("scale", [
            translate("BoardTools", "click one end of a known distance (a ruler, a scale "
                      "bar, two landmarks)."),
            translate("BoardTools", "click the other end.")])

    def calibrate_hexes(self) -> None:
        """Start calibrating the hex grid: three hex centres, then their numbers."""
        from desk.services.positions.queries import hex_map_of

        if self.ops.read_only:
            return
        battle_id = self.ops.battle_id
        if self.guard(lambda: self.ops.read(lambda s: hex_map_of(session=s,
                                                                 battle_id=battle_id))) is None:
            self.dialogs.show_error(ValueError(translate(
                "BoardTools", "This battle has no hex grid (its scenario gives none): there "
                "are no hexes to fix on the map.")))
            return
        prompt = translate("BoardTools", "click the centre of a hex whose number you can read "
                           "(three hexes that make a triangle).")
        self._start("hex", [prompt] * 3)

    def _start(self, kind: str, prompts: list[str]) -> None:
        if self.ops.read_only:
            return
        info = self._map()
        if info is None:
            return
        self.kind, self.version = kind, info.version
        self.mode.needed, self.mode.prompts = len(prompts), prompts
        self.mode.start()

    def _points_clicked(self, points: list[tuple[float, float]]) -> None:
        from desk.ui.board.calibrate_dialogs import HexDialog, ScaleDialog

        data = self.board.data
        if data is None or data.info is None:
            self.mode.stop()
            return
        info = data.info
        dialog: QDialog
        if self.kind == "scale":
            unit = info.scale.unit if info.scale is not None else "cm"
            dialog = ScaleDialog(points, width=info.width, height=info.height, unit=unit,
                                 parent=self.parent)
        else:
            numbers, example = self._hex_guesses(points)
            dialog = HexDialog([(x, y, n) for (x, y), n in zip(points, numbers, strict=True)],
                               width=info.width, height=info.height, example=example,
                               parent=self.parent)
        dialog.accepted.connect(lambda: self._calibrate(dialog))
        dialog.finished.connect(lambda _result: self._closed(dialog))
        self.dialog = dialog
        dialog.open()

    def _hex_guesses(self, points: list[tuple[float, float]]) -> tuple[list[str], str]:
        """Each point's hex by the grid fixed so far (empty before any), and an example."""
        from desk.rules.hexgrid import Hex
        from desk.services.maps.board import calibration
        from desk.services.maps.hexes import pixel_to_hex
        from desk.services.positions.queries import hex_map_of

        fixed = self.ops.read(lambda s: calibration(session=s, battle_id=self.ops.battle_id))
        hex_map = self.ops.read(lambda s: hex_map_of(session=s, battle_id=self.ops.battle_id))
        example = hex_map.grid.format(Hex(hex_map.grid.first_column, hex_map.grid.first_row)) \
            if hex_map is not None else ""
        return [pixel_to_hex(fixed, p) or "" for p in points], example

    def _closed(self, dialog: QDialog) -> None:
        self.mode.stop()
        if self.dialog is dialog:
            self.dialog = None

    def _calibrate(self, dialog: QDialog) -> None:
        from desk.services.maps.board import calibrate_scale
        from desk.services.maps.hexes import calibrate_hexes
        from desk.ui.board.calibrate_dialogs import ScaleDialog

        battle_id = self.ops.battle_id
        info: MapInfo | None
        if isinstance(dialog, ScaleDialog):
            first, second = dialog.points()
            info = self.guard(lambda: self.ops.write(
                lambda s: calibrate_scale(session=s, first=first, second=second,
                                          distance=dialog.distance.value(),
                                          unit=dialog.chosen_unit(), seen_version=self.version,
                                          battle_id=battle_id), Change.EVENT))
            if info is not None and info.scale is not None:
                scale = info.scale
                self.show_status(translate(
                    "BoardTools", "Scale: {per:.4g} {unit} a pixel; the map is {w:.0f} x "
                    "{h:.0f} {unit}.").format(per=scale.per_pixel, unit=scale.unit,
                                              w=info.width * scale.per_pixel,
                                              h=info.height * scale.per_pixel))
        else:
            centres: list[tuple[float, float, str]] = getattr(dialog, "centres", list)()
            info = self.guard(lambda: self.ops.write(
                lambda s: calibrate_hexes(session=s, centres=centres, seen_version=self.version,
                                          battle_id=battle_id), Change.EVENT))
            if info is not None:
                self.show_status(translate("BoardTools", "Hex grid fixed by three hex centres."))

    # --- sightings ----------------------------------------------------------------------------
    def mark_seen(self) -> None:
        """Open the open bound's sightings for a side: tick the enemy units it saw."""
        from desk.services.maps.sightings import seen_choices
        from desk.ui.board.seen_dialog import SeenDialog

        if self.ops.read_only:
            return
        choices = self.guard(lambda: self.ops.read(
            lambda s: seen_choices(session=s, battle_id=self.ops.battle_id)))
        if choices is None:
            return
        chosen = self.chosen_side()
        side_id = next((sid for sid, name in choices.sides if name == chosen), None)
        focus = next((item.marker.key for item in self.board.panel.scene.selectedItems()
                      if isinstance(item, UnitMarker)), None)
        dialog = SeenDialog(choices, side_id=side_id, focus_unit=focus, parent=self.parent)
        dialog.accepted.connect(lambda: self._write_seen(dialog))
        dialog.finished.connect(lambda _result: self._forget(dialog))
        self.dialog = dialog
        dialog.open()

    def _forget(self, dialog: QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None

    def _write_seen(self, dialog: SeenDialog) -> None:
        from desk.services.maps.sightings import change_seen

        changes = dialog.changes()
        if not changes:
            self.show_status(translate("BoardTools", "No sightings changed."))
            return
        changed = self.guard(lambda: self.ops.write(
            lambda s: change_seen(session=s, battle_id=self.ops.battle_id, changes=changes),
            Change.EVENT))
        if changed is not None:
            self.show_status(translate("BoardTools", "Sightings of bound {bound} saved "
                                       "({n} changed).").format(
                bound=dialog.choices.bound, n=changed))

    # --- saved views --------------------------------------------------------------------------
    def save_view(self) -> None:
        """Choose whose view of which bound, then where, then write it in the background."""
        from desk.ui.board.view_dialog import ViewDialog

        ctx = self.ops.context
        if self.board.loaded:  # caught up, should it have changed behind the order table
            self.board.activate()
        data = self.board.data
        dialog = ViewDialog(sides=ctx.sides, bound=data.bound if data else ctx.current_bound,
                            last_bound=ctx.current_bound, side=self.chosen_side(),
                            parent=self.parent)
        dialog.accepted.connect(lambda: self.write_view(dialog.choice()))
        dialog.finished.connect(lambda _result: self._forget(dialog))
        self.dialog = dialog
        dialog.open()

    def write_view(self, choice: ViewChoice) -> None:
        """Ask where, build the view model now, render and write it in the background."""
        from desk.services.maps.view import map_view_model
        from desk.ui.printing.dialog import file_name

        ctx = self.ops.context
        suffix = ".png" if choice.png else ".pdf"
        who = choice.side or translate("BoardTools", "umpire")
        suggested = file_name(translate("BoardTools", "{campaign} map bound {n} {who}").format(
            campaign=ctx.campaign, n=choice.bound, who=who)) + suffix
        filters = translate("BoardTools", "PNG pictures (*.png)") if choice.png \
            else translate("BoardTools", "PDF documents (*.pdf)")
        path = self.dialogs.save_path(translate("BoardTools", "Save the map view"), suggested,
                                      filters)
        if path is None:
            return
        if path.suffix.lower() != suffix:
            path = path.with_name(path.name + suffix)
        model = self.guard(lambda: self.ops.read(
            lambda s: map_view_model(session=s, side=choice.side, bound=choice.bound,
                                     paper=choice.paper, battle_id=self.ops.battle_id)))
        if model is None:
            return
        self.saved = None

        def work() -> Path:
            from desk.ui.board.view_export import view_file

            path.write_bytes(view_file(model, png=choice.png))
            return path

        def done(result: object) -> None:
            if isinstance(result, OSError):
                self.dialogs.show_error(OSError(translate(
                    "BoardTools", "{file} could not be written: {why}").format(
                        file=path.name, why=result.strerror or result)))
            elif isinstance(result, BaseException):
                self.dialogs.show_error(result)
            else:
                self.saved = path
                self.show_status(translate(
                    "BoardTools", "Wrote {file}: bound {n} as {who} sees it, {count} units "
                    "shown.").format(file=path.name, n=model.bound, who=who,
                                     count=len(model.markers)))

        run_in_background(owner=self.parent, work=work, done=done, progress=Progress(
            parent=self.parent, label=translate("BoardTools", "Writing {file}…").format(
                file=path.name)))
