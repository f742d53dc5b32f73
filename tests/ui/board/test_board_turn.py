"""Turning a unit from the keyboard: [ and ] turn the chosen block (15 degrees; 60, a hex
side, on La Bataille's hex map), Enter records the facing with the move (one position, one
undo step), Escape turns it back, and undo gives back the facing recorded before."""

from __future__ import annotations

from typing import Any

from board_helpers import open_board
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.positions.queries import position_of
from desk.ui.main_window import MainWindow


def _facing(window: MainWindow, uid: int) -> int | None:
    found = window.ops.read(lambda s: position_of(session=s, battle_id=window.ops.battle_id,
                                                  unit_id=uid))
    assert found is not None
    return found.facing


def _first_unit(board: Any, qtbot: QtBot) -> Any:
    view, keys = board.panel.view, board.panel.keys
    qtbot.keyClick(view, Qt.Key.Key_N)
    while keys.current.marker.leader:  # a leader's circle has no front to turn
        qtbot.keyClick(view, Qt.Key.Key_N)
    return keys.current


def test_bracket_turns_enter_records_escape_and_undo_turn_back(make_window: Any,
                                                               qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    board = open_board(window, qtbot)
    view = board.panel.view
    item = _first_unit(board, qtbot)
    uid, recorded = item.marker.unit_id, item.marker.facing
    shape = item.path().boundingRect()
    start = recorded or 0

    qtbot.keyClick(view, Qt.Key.Key_BracketRight)
    assert item.facing == (start // 15 + 1) * 15 % 360 and item.moved()
    assert item.path().boundingRect() != shape  # the block is drawn turned
    assert _facing(window, uid) == recorded  # nothing recorded before Enter
    qtbot.keyClick(view, Qt.Key.Key_Escape)  # turned back as recorded
    assert item.facing == recorded and not item.moved()
    assert item.path().boundingRect() == shape

    for _ in range(6):  # a quarter turn, 90 degrees clockwise
        qtbot.keyClick(view, Qt.Key.Key_BracketRight)
    qtbot.keyClick(view, Qt.Key.Key_BracketLeft)  # and one step back: 75
    turned = ((start // 15 + 5) * 15) % 360
    assert item.facing == turned
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert not scripted(window).errors
    assert _facing(window, uid) == turned and not item.moved()
    assert window.ops.undo_stack.count() == 1  # one position, one undo step

    window.ops.undo_stack.undo()
    qtbot.waitUntil(lambda: board.panel.scene.markers[item.marker.key].facing == recorded)
    assert _facing(window, uid) == recorded
    window.ops.undo_stack.redo()
    qtbot.waitUntil(lambda: board.panel.scene.markers[item.marker.key].facing == turned)
    assert _facing(window, uid) == turned


def test_on_a_hex_map_a_turn_is_a_hex_side(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("la-bataille")
    board = open_board(window, qtbot)
    item = _first_unit(board, qtbot)
    start = item.marker.facing or 0
    qtbot.keyClick(board.panel.view, Qt.Key.Key_BracketLeft)
    assert item.facing == ((start - 1) // 60 * 60) % 360 and item.facing % 60 == 0
    qtbot.keyClick(board.panel.view, Qt.Key.Key_Return)
    assert _facing(window, item.marker.unit_id) == item.facing
