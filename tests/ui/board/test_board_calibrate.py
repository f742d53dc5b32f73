"""Calibrating the map from the window: two clicks and a distance, three hex centres and
their numbers, a bad calibration refused in one message with nothing stored, Escape.

Over the real demo campaigns: the Belle Alliance map is 0.1 cm a pixel, so the
skirmishers of the 1er Tirailleurs stand 89.2 cm from the Prussian I/11th
(tests/ui/test_order_form_measured.py); the La Bataille map's hex grid is fixed
by the demo's three hex centres.
"""

from __future__ import annotations

from typing import Any

import pytest
from board_helpers import open_board
from PySide6.QtCore import QPoint, QPointF, Qt
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.maps.board import calibration, map_info
from desk.services.maps.hexes import hex_to_pixel, pixel_to_hex
from desk.ui.accessibility import unnamed
from desk.ui.board.calibrate_dialogs import HexDialog, ScaleDialog
from desk.ui.main_window import MainWindow
from desk.ui.oob.model import OobTreeModel


def _click(qtbot: QtBot, board: Any, x: float, y: float) -> None:
    """A real mouse click on the board's viewport where image pixel (x, y) is shown."""
    view = board.panel.view
    spot: QPoint = view.mapFromScene(QPointF(x, y))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=spot)


def _centre(calibration: dict[str, Any], number: str) -> tuple[float, float]:
    """Hex ``number``'s centre on a calibrated map."""
    centre = hex_to_pixel(calibration, number)
    assert centre is not None, number
    return centre


def _stored(window: MainWindow) -> tuple[dict[str, Any], int]:
    info = window.ops.read(lambda s: map_info(session=s, battle_id=window.ops.battle_id))
    assert info is not None  # the test imported a map
    return window.ops.read(lambda s: calibration(session=s,
                                                 battle_id=window.ops.battle_id)), info.version


def test_two_clicks_and_a_distance_fix_the_scale_and_BA_9_is_measured_in_cm(
        make_window: Any, qtbot: QtBot, place_at: Any) -> None:
    window = make_window("belle-alliance")
    board = open_board(window, qtbot)
    tools = window.board_tools
    window.actions_by_name["calibrate_scale"].trigger()
    assert tools.mode.active and tools.mode.bar.isVisible()
    assert "Point 1 of 2" in tools.mode.prompt.text()
    _click(qtbot, board, 300, 400)
    assert len(tools.mode.marks) == 1 and tools.dialog is None
    assert "Point 2 of 2" in tools.mode.prompt.text()
    window.grab().save("/tmp/board-calibrating.png")  # looked at: the bar and mark 1
    _click(qtbot, board, 1300, 400)
    dialog = tools.dialog
    assert isinstance(dialog, ScaleDialog) and dialog.isVisible()
    (x1, y1), (x2, y2) = dialog.points()
    assert abs(x1 - 300) < 3 and abs(y1 - 400) < 3 and abs(x2 - 1300) < 3 and abs(y2 - 400) < 3
    assert len(tools.mode.marks) == 3  # two numbered marks and the line between them
    window.grab().save("/tmp/board-calibrated-points.png")
    dialog.grab().save("/tmp/scale-dialog.png")
    assert unnamed(dialog) == [] and unnamed(tools.mode.bar) == []
    # Typed over the clicks (as a keyboard user would): exactly 1,000 pixels, 200 cm.
    for box, value in zip((*dialog.coordinates[0], *dialog.coordinates[1]),
                          (300.0, 400.0, 1300.0, 400.0), strict=True):
        box.setValue(value)
    assert dialog.pixels.text() == "1000 pixels apart"
    dialog.set_values(distance=200, unit="cm")
    dialog.accept()
    assert not scripted(window).errors, scripted(window).errors
    assert not tools.mode.active and not tools.mode.marks and tools.dialog is None
    scale = _stored(window)[0]["scale"]
    assert scale["per_pixel"] == pytest.approx(0.2) and scale["unit"] == "cm"
    assert "Scale: 0.2 cm a pixel; the map is 360 x 240 cm." in \
        window.statusBar().currentMessage()
    # BA-9 measured from the new scale: twice the 89.2 cm (892 pixels) of the demo's scale.
    place_at(window, "Skirmishers of the 1er Tirailleurs", 300, 700)
    place_at(window, "I/11th Infantry", 1192, 700)
    unit = next(r.unit_id for r in window.table_model.rows()
                if r.unit == "Skirmishers of the 1er Tirailleurs")
    window.select_unit(unit)
    assert window.form.measured.working.text().startswith(
        "measured: 178.4 cm to I/11th Infantry, in ")


def test_a_bad_calibration_is_one_message_and_nothing_is_stored(make_window: Any,
                                                                qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    board = open_board(window, qtbot)
    tools = window.board_tools
    before = _stored(window)
    for points, distance, words in (
            (((500.0, 500.0), (500.0, 500.0)), 60.0, "the two points are the same"),
            (((100.0, 100.0), (900.0, 100.0)), 0.0, "must be more than 0")):
        tools.calibrate_scale()
        tools.mode.add_point(*points[0])
        tools.mode.add_point(*points[1])
        dialog = tools.dialog
        assert isinstance(dialog, ScaleDialog)
        dialog.set_values(distance=distance, unit="yards")
        errors = len(scripted(window).errors)
        dialog.accept()
        assert len(scripted(window).errors) == errors + 1
        assert words in str(scripted(window).errors[-1])
        assert _stored(window) == before  # calibration and map version unchanged
        assert not tools.mode.active
    # A hex calibration on a battle without hex grid is refused before any click.
    tools.calibrate_hexes()
    assert "no hex grid" in str(scripted(window).errors[-1]) and not tools.mode.active
    assert board.panel.scene.markers  # the board is as it was


def test_escape_cancels_and_a_click_in_the_mode_fills_no_destination(make_window: Any,
                                                                     qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    board = open_board(window, qtbot)
    unit = window.proxy.index(0, 0)
    while unit.data(OobTreeModel.KindRole) != "unit":
        unit = window.proxy.index(0, 0, unit)
    window.tree.setCurrentIndex(unit)
    destination = window.form.fields().get("destination")
    tools = window.board_tools
    tools.calibrate_scale()
    _click(qtbot, board, 500, 300)
    assert len(tools.mode.points) == 1
    assert window.form.fields().get("destination") == destination  # the mode took the click
    qtbot.keyClick(board.panel.view, Qt.Key.Key_Escape)
    assert not tools.mode.active and not tools.mode.marks and not tools.mode.bar.isVisible()
    assert tools.dialog is None
    assert "nothing stored" in window.statusBar().currentMessage()
    assert board.panel.view.dragMode() == board.panel.view.DragMode.ScrollHandDrag


def test_three_hex_centres_and_their_numbers_fix_the_la_bataille_grid(make_window: Any,
                                                                       qtbot: QtBot) -> None:
    window = make_window("la-bataille")
    board = open_board(window, qtbot)
    tools = window.board_tools
    old, version = _stored(window)
    # Three hexes' centres on the demo's grid, numbered two columns further on: the whole
    # grid moves two columns (the same parity, so the lower columns stay the lower ones).
    picked = ("0505", "1505", "0512")
    renamed = ("0705", "1705", "0712")
    window.actions_by_name["calibrate_hexes"].trigger()
    assert tools.mode.active and tools.mode.needed == 3
    for number in picked:
        x, y = _centre(old, number)
        _click(qtbot, board, x, y)
    dialog = tools.dialog
    assert isinstance(dialog, HexDialog)
    assert [c[2] for c in dialog.centres()] == list(picked)  # the guesses of the old grid
    dialog.grab().save("/tmp/hex-dialog.png")
    assert unnamed(dialog) == []
    # Typed exactly, as a keyboard user would, over the clicks.
    for (xs, ys, _edit), number in zip(dialog.rows, picked, strict=True):
        x, y = _centre(old, number)
        xs.setValue(x)
        ys.setValue(y)
    dialog.set_numbers(renamed)
    dialog.accept()
    assert not scripted(window).errors, scripted(window).errors
    new, new_version = _stored(window)
    assert new_version != version
    assert [c[2] for c in new["hex"]["centres"]] == list(renamed)
    assert pixel_to_hex(new, _centre(old, "1010")) == "1210"
    assert "Hex grid fixed" in window.statusBar().currentMessage()
    # A hex the grid lacks: refused in one message, the grid as it was.
    tools.calibrate_hexes()
    for number in picked:
        tools.mode.add_point(*_centre(old, number))
    tools.dialog.set_numbers(("0705", "1705", "9999"))
    tools.dialog.accept()
    assert len(scripted(window).errors) == 1 and "off the map" in str(scripted(window).errors[0])
    assert _stored(window) == (new, new_version)


def test_the_tools_speak_french_and_fit_1366_by_768(make_window: Any, qtbot: QtBot,
                                                     qapp: Any) -> None:
    from desk.ui.language import install_translators, remove_translators

    translators = install_translators(qapp, "fr")
    try:
        window = make_window("la-bataille")
        board = open_board(window, qtbot)
        tools = window.board_tools
        tools.calibrate_hexes()
        assert tools.mode.prompt.text().startswith("Point 1 sur 3 : cliquez le centre")
        assert tools.mode.type_button.text() == "&Saisir les points…"
        # The keyboard way: no click, the points typed in the dialog.
        tools.mode.type_button.click()
        dialog = tools.dialog
        assert isinstance(dialog, HexDialog)
        assert dialog.windowTitle() == "Étalonner la grille d'hexagones"
        assert [c[:2] for c in dialog.centres()] == [(0.0, 0.0)] * 3
        qtbot.wait(20)  # the bar's layout settles in the event loop, as on screen
        window.grab().save("/tmp/board-calibrating-fr.png")  # looked at by hand
        prompt = tools.mode.prompt
        assert prompt.height() >= prompt.heightForWidth(prompt.width())  # no line cut off
        dialog.grab().save("/tmp/hex-dialog-fr.png")
        assert board.panel.tools_button.text() == "Outils de carte"
        assert window.width() <= 1366 and board.panel.view.width() > 400
        dialog.reject()
        assert not tools.mode.active
    finally:
        remove_translators(qapp, translators)
