"""A move on the board is an undo step: Ctrl+Z takes the position back (database and marker),
Ctrl+Shift+Z records it again; an undo refused (another umpire moved the unit) is one dialog."""

from __future__ import annotations

from typing import Any

from board_helpers import open_board
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.errors import ConcurrentChangeError
from desk.services.maps.placing import place_unit
from desk.services.positions.queries import history, position_of
from desk.services.positions.record import position_version
from desk.ui.main_window import MainWindow

UNIT = "1/5e Ligne"




def _marker(board: Any) -> Any:
    return next(m for m in board.panel.scene.markers.values() if m.marker.name == UNIT)


def _where(window: MainWindow, uid: int) -> tuple[float | None, float | None]:
    found = window.ops.read(lambda s: position_of(session=s, battle_id=window.ops.battle_id,
                                                  unit_id=uid))
    assert found is not None
    return found.x, found.y


def _drag(board: Any, item: Any, x: float, y: float) -> None:
    item.setPos(x, y)  # what the scene does under the mouse, then reports the drop
    board.panel.scene.unit_dropped.emit(item.marker.key, x, y)


def test_ctrl_z_puts_a_dragged_unit_back_and_ctrl_shift_z_moves_it_again(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window()
    board = open_board(window, qtbot)
    item = _marker(board)
    uid, x, y = item.marker.unit_id, item.marker.x, item.marker.y
    _drag(board, item, x + 60, y + 20)
    assert not scripted(window).errors, scripted(window).errors
    assert _where(window, uid) == (x + 60, y + 20)
    undo, redo = window.actions_by_name["undo"], window.actions_by_name["redo"]
    assert undo.text() == f"&Undo Move {UNIT}"

    board.panel.view.setFocus()
    qtbot.keyClick(board.panel.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _where(window, uid) == (x, y)  # the database: the drag's position is gone
    assert len(window.ops.read(lambda s: history(session=s, unit_id=uid))) == 1
    item = board.panel.scene.markers[f"unit:{uid}"]  # the board read itself again
    assert (item.pos().x(), item.pos().y()) == (x, y) and not item.moved()

    qtbot.keyClick(board.panel.view, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert _where(window, uid) == (x + 60, y + 20)
    item = board.panel.scene.markers[f"unit:{uid}"]
    assert (item.pos().x(), item.pos().y()) == (x + 60, y + 20)
    assert redo.text() == "&Redo" and undo.text() == f"&Undo Move {UNIT}"
    assert not scripted(window).errors, scripted(window).errors

    # And the restored position is a move like any other: a new drag, then two undos.
    _drag(board, board.panel.scene.markers[f"unit:{uid}"], x + 100, y)
    undo.trigger()
    undo.trigger()
    assert _where(window, uid) == (x, y)
    assert not scripted(window).errors, scripted(window).errors


def test_an_undo_refused_because_another_umpire_moved_the_unit_is_one_clear_dialog(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window()
    board = open_board(window, qtbot)
    item = _marker(board)
    uid, x, y = item.marker.unit_id, item.marker.x, item.marker.y
    _drag(board, item, x + 60, y)
    with window.ops.store.session() as other:  # the other umpire's desk, its own transaction
        seen = position_version(session=other, battle_id=window.ops.battle_id, unit_id=uid)
        place_unit(session=other, battle_id=window.ops.battle_id, unit_id=uid, x=x + 200,
                   y=y, seen_version=seen)
    with qtbot.waitSignal(window.ops.failed):
        window.actions_by_name["undo"].trigger()
    qtbot.waitUntil(lambda: len(scripted(window).errors) == 1)  # shown once the stack is done
    error = scripted(window).errors[0]
    assert isinstance(error, ConcurrentChangeError) and UNIT in str(error)
    assert _where(window, uid) == (x + 200, y)  # their move stands: nothing was undone
    assert [(p.x, p.y) for p in window.ops.read(lambda s: history(session=s, unit_id=uid))] == [
        (x, y), (x + 60, y), (x + 200, y)]
    assert not window.ops.undo_stack.canUndo()  # the refused step was dropped


def test_a_dragged_leader_is_undone_and_redone_like_a_unit(make_window: Any, qtbot: QtBot
                                                           ) -> None:
    from desk.services.positions.leaders import leader_position_of

    window = make_window()
    board = open_board(window, qtbot)
    item = next(m for m in board.panel.scene.markers.values() if m.marker.leader_id)
    lid, x, y = item.marker.leader_id, item.marker.x, item.marker.y

    def where() -> tuple[float | None, float | None]:
        found = window.ops.read(lambda s: leader_position_of(session=s,
                                                             battle_id=window.ops.battle_id,
                                                             leader_id=lid))
        return found.x, found.y

    _drag(board, item, x + 30, y - 10)
    assert where() == (x + 30, y - 10)
    undo, redo = window.actions_by_name["undo"], window.actions_by_name["redo"]
    assert undo.text() == f"&Undo Move {item.marker.name}"
    undo.trigger()
    assert where() == (x, y)
    moved = board.panel.scene.markers[f"leader:{lid}"]
    assert (moved.pos().x(), moved.pos().y()) == (x, y)
    redo.trigger()
    assert where() == (x + 30, y - 10)
    assert not scripted(window).errors, scripted(window).errors
