"""Moving a unit without the mouse: N and P choose it, the arrows move it (to the touching hex
on La Bataille's hex map, a marker's width on Belle Alliance's), Enter records one position
and one undo step, Escape puts it back; with no unit chosen the arrows pan as before."""

from __future__ import annotations

from typing import Any

from board_helpers import open_board
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.rules.hexgrid import HexGrid
from desk.services.maps.board import calibration
from desk.services.maps.hexes import hex_to_pixel
from desk.services.positions.queries import history
from desk.ui.main_window import MainWindow

SHIFT = Qt.KeyboardModifier.ShiftModifier




def _steps(window: MainWindow, uid: int) -> list[Any]:
    return list(window.ops.read(lambda s: history(session=s, unit_id=uid)))


def test_a_keyboard_move_on_la_bataille_goes_to_the_touching_hex(make_window: Any,
                                                                 qtbot: QtBot) -> None:
    window = make_window("la-bataille")
    board = open_board(window, qtbot)
    view, keys = board.panel.view, board.panel.keys
    first = next(iter(board.panel.scene.markers.values()))
    qtbot.keyClick(view, Qt.Key.Key_N)
    assert keys.current is first and first.isSelected()
    assert first.marker.name in board.panel.chosen_label.text()
    uid, x = first.marker.unit_id, first.marker.x
    start = _steps(window, uid)[-1]  # the scenario's hex (no pixel: drawn at its centre)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert first.moved() and len(_steps(window, uid)) == 1  # nothing recorded before Enter
    assert "Enter" in board.panel.chosen_label.text()
    qtbot.keyClick(view, Qt.Key.Key_Return)
    steps = _steps(window, uid)
    assert len(steps) == 2 and not scripted(window).errors
    grid = HexGrid.from_dict(window.ops.read(
        lambda s: calibration(session=s, battle_id=window.ops.battle_id))["hex"]["grid"])
    assert grid.distance(grid.parse(start.hex), grid.parse(steps[-1].hex)) == 1
    centre = hex_to_pixel(board._calibration, steps[-1].hex)
    assert centre is not None and centre[0] > x  # the hex to the right, at its centre
    # At the centre, as stored: to the whole pixel.
    assert (first.pos().x(), first.pos().y()) == (round(centre[0]), round(centre[1]))
    assert f"hex {steps[-1].hex}" in board.panel.chosen_label.text()
    assert window.actions_by_name["undo"].text() == f"&Undo Move {first.marker.name}"
    assert window.ops.undo_stack.count() == 1  # one position, one undo step


def test_a_keyboard_move_on_belle_alliance_steps_in_pixels_and_escape_puts_back(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    board = open_board(window, qtbot)
    view, keys, scene = board.panel.view, board.panel.keys, board.panel.scene
    qtbot.keyClick(view, Qt.Key.Key_P)  # the last unit
    item = keys.current
    assert item is list(scene.markers.values())[-1]
    qtbot.keyClick(view, Qt.Key.Key_N)  # round to the first
    item = keys.current
    assert item is next(iter(scene.markers.values()))
    x, y, uid = item.marker.x, item.marker.y, item.marker.unit_id
    step = scene.marker_size() * 2
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert (item.pos().x(), item.pos().y()) == (x, y - step)
    qtbot.keyClick(view, Qt.Key.Key_Escape)  # back where it is recorded
    assert (item.pos().x(), item.pos().y()) == (x, y) and keys.current is item
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right, SHIFT)  # a finer step
    qtbot.keyClick(view, Qt.Key.Key_Enter)
    assert not scripted(window).errors, scripted(window).errors
    last = _steps(window, uid)[-1]
    assert (last.x, last.y) == (round(x + step * 1.25), round(y))  # kept to the whole pixel
    assert window.ops.undo_stack.count() == 1
    assert "map " in board.panel.chosen_label.text() and " cm" in board.panel.chosen_label.text()
    # A move not recorded goes back when another unit is chosen; Escape then lets go.
    qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.keyClick(view, Qt.Key.Key_N)
    assert not item.moved() and keys.current is not item
    assert len(_steps(window, uid)) == 2
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert keys.current is None and "No unit chosen" in board.panel.chosen_label.text()


def test_with_no_unit_chosen_the_arrows_pan_and_plus_minus_zero_zoom(make_window: Any,
                                                                     qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    board = open_board(window, qtbot)
    view = board.panel.view
    fitted = view.transform().m11()
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.transform().m11() > fitted
    bar = view.horizontalScrollBar()
    before = bar.value()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert bar.value() > before
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert view.transform().m11() == fitted


def test_units_of_an_earlier_bound_are_chosen_but_not_moved(make_window: Any,
                                                            qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    board = open_board(window, qtbot)
    scripted(window).confirm = True
    window.bounds.close_bound()
    qtbot.waitUntil(lambda: window.ops.context.current_bound == 2, timeout=20_000)
    board.panel.slider.setValue(1)
    assert not board.data.editable
    view = board.panel.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_N)
    item = board.panel.keys.current
    assert item is not None
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert not item.moved() and len(_steps(window, item.marker.unit_id)) == 1


def test_a_unit_chosen_on_the_map_is_the_unit_of_the_form_and_f2_writes_its_order(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    board = open_board(window, qtbot)
    view, keys = board.panel.view, board.panel.keys
    qtbot.keyClick(view, Qt.Key.Key_N)
    qtbot.keyClick(view, Qt.Key.Key_N)
    item = keys.current
    assert item is not None and item.marker.leader_id is None
    assert window.form.unit_id == item.marker.unit_id  # its order and state are shown
    assert view.hasFocus()  # the map keeps the keys: the arrows still move the unit
    leader = next(m for m in board.panel.scene.markers.values() if m.marker.leader_id)
    keys.choose(leader)
    assert window.form.unit_id == item.marker.unit_id  # a leader has no order: unchanged
    keys.choose(item)
    window.actions_by_name["edit_order"].trigger()  # F2
    assert window.form.verbatim_edit.hasFocus()
    qtbot.keyClicks(window.form.verbatim_edit, "Hold the village")
    qtbot.keyClick(window.form.verbatim_edit, Qt.Key.Key_Return,
                   Qt.KeyboardModifier.ControlModifier)
    rows = {r.unit_id: r for r in window.table_model.rows()}
    assert rows[item.marker.unit_id].order_id is not None  # saved: Ctrl+Enter, as in the table


def test_a_board_redraw_keeps_the_unit_the_umpire_picked_in_the_table_since(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    board = open_board(window, qtbot)
    qtbot.keyClick(board.panel.view, Qt.Key.Key_N)
    chosen = board.panel.keys.current
    assert chosen is not None and window.form.unit_id == chosen.marker.unit_id
    other = next(r.unit_id for r in window.table_model.rows()
                 if r.unit_id != chosen.marker.unit_id)
    window.select_unit(other)  # picked in the order table
    board.refresh()  # the board reads itself again (a move, an undo, another umpire)
    assert board.panel.keys.current is not None  # the marker is still chosen on the map
    assert window.form.unit_id == other


def test_alt_m_and_alt_o_lead_to_the_map_and_the_table_even_when_already_shown(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    board = open_board(window, qtbot)  # the Map tab is shown
    window.select_unit(window.table_model.rows()[0].unit_id)
    window.form.verbatim_edit.setFocus()  # as after saving an order: the cursor in its text
    qtbot.waitUntil(window.form.verbatim_edit.hasFocus)
    qtbot.keyClick(window, Qt.Key.Key_M, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(board.panel.view.hasFocus)
    qtbot.keyClick(board.panel.view, Qt.Key.Key_N)  # N chooses a unit, types nothing
    assert board.panel.keys.current is not None and window.form.verbatim() == ""
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(window.table.hasFocus)
    assert window.middle_tabs.currentWidget() is window.table
