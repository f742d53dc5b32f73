"""Placing what is not on the map yet (issue 20): a unit's row of the order of battle dropped
on the board records its position where it is let go (one undo step; a placed unit dropped
again moves), a drop off the map is refused in one sentence; Unit ▸ Place on map puts the
chosen unit, or a leader from the list of those not placed, in the middle of the view,
chosen so that the arrows and Enter move it on."""

from __future__ import annotations

import warnings
from typing import Any

from board_helpers import open_board
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.positions.leaders import (
    leader_position_of,
    leader_version,
    remove_leader_position,
)
from desk.services.positions.queries import history, position_of
from desk.services.positions.record import position_version, remove_position
from desk.services.positions.views import PositionView
from desk.services.queries import order_table
from desk.ui.changes import Change
from desk.ui.main_window import MainWindow
from desk.ui.oob.model import MARKER_MIME, OobTreeModel


def _tree_index(window: MainWindow, kind: str, name: str) -> Any:
    """The tree's (proxy) index of the row of that kind and name."""
    model = window.tree.model()
    found = model.match(model.index(0, 0), Qt.ItemDataRole.DisplayRole, name, 1,
                        Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive)
    assert found and found[0].data(OobTreeModel.KindRole) == kind
    return found[0]


def _drop(window: MainWindow, index: Any, scene_point: tuple[float, float]) -> None:
    """The drag data of a row (of the tree, or the order table) let go on the board's view
    at that point of the map."""
    view = window.board.panel.view
    data = index.model().mimeData([index])
    assert data.hasFormat(MARKER_MIME)
    at = view.mapFromScene(QPointF(*scene_point))
    left, plain = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    # As a real drag: it enters the view (Qt then sends the drop to the one that took it).
    with warnings.catch_warnings():
        # PySide6 6.12 marks QDragEnterEvent's one constructor deprecated (Qt 6.x builds it
        # from a QPointF internally); it is still the only way to send a drag in a test.
        warnings.simplefilter("ignore", DeprecationWarning)
        enter = QDragEnterEvent(at, Qt.DropAction.CopyAction, data, left, plain)
    QApplication.sendEvent(view.viewport(), enter)
    assert enter.isAccepted()
    QApplication.sendEvent(view.viewport(), QDropEvent(QPointF(at), Qt.DropAction.CopyAction,
                                                       data, left, plain))


def _unplace_unit(window: MainWindow, name: str) -> int:
    """Take the demo's only position of that unit back: the unit is not on the map."""
    ops = window.ops
    table = ops.read(lambda s: order_table(session=s, battle_id=ops.battle_id))
    row = next(r for r in table if r.unit == name)

    def take_back(step: PositionView) -> None:  # each step in its own transaction, as the board
        seen = ops.read(lambda s: position_version(session=s, battle_id=ops.battle_id,
                                                   unit_id=row.unit_id))
        ops.write(lambda s: remove_position(session=s, battle_id=ops.battle_id, position=step,
                                            seen_version=seen), Change.EVENT)

    for step in reversed(ops.read(lambda s: history(session=s, unit_id=row.unit_id))):
        take_back(step)
    return int(row.unit_id)


def test_a_row_dropped_from_the_tree_is_placed_then_moved_and_undone(make_window: Any,
                                                                     qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    uid = _unplace_unit(window, "1/5e Ligne")
    board = open_board(window, qtbot)
    board.refresh()
    assert f"unit:{uid}" not in board.panel.scene.markers
    index = _tree_index(window, "unit", "1/5e Ligne")
    width, height = board.panel.scene.image_size
    _drop(window, index, (width / 3, height / 3))
    where = window.ops.read(lambda s: position_of(session=s, battle_id=window.ops.battle_id,
                                                  unit_id=uid))
    assert where is not None and not scripted(window).errors
    assert abs(where.x - width / 3) < 2 and abs(where.y - height / 3) < 2
    marker = board.panel.scene.markers[f"unit:{uid}"]
    assert board.panel.keys.current is marker  # chosen: the arrows move it on
    assert window.actions_by_name["undo"].text() == "&Undo Place 1/5e Ligne"

    _drop(window, index, (width / 2, height / 2))  # on the map already: a move
    assert len(window.ops.read(lambda s: history(session=s, unit_id=uid))) == 2
    assert window.ops.undo_stack.count() == 2
    window.ops.undo_stack.undo()
    window.ops.undo_stack.undo()
    assert window.ops.read(lambda s: position_of(session=s, battle_id=window.ops.battle_id,
                                                 unit_id=uid)) is None
    qtbot.waitUntil(lambda: f"unit:{uid}" not in board.panel.scene.markers)

    _drop(window, index, (width + 500, height / 2))  # beyond the map's edge
    errors = scripted(window).errors
    assert len(errors) == 1 and "outside the map" in str(errors[0])
    assert window.ops.read(lambda s: position_of(session=s, battle_id=window.ops.battle_id,
                                                 unit_id=uid)) is None


def test_place_on_map_puts_the_chosen_unit_then_a_leader_in_the_middle(make_window: Any,
                                                                       qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    uid = _unplace_unit(window, "1/5e Ligne")
    ops = window.ops
    leader = next(lid for lid in range(1, 50) if ops.read(
        lambda s, lid=lid: leader_position_of(session=s, battle_id=ops.battle_id,
                                              leader_id=lid)) is not None)
    step = ops.read(lambda s: leader_position_of(session=s, battle_id=ops.battle_id,
                                                 leader_id=leader))
    seen = ops.read(lambda s: leader_version(session=s, leader_id=leader))
    ops.write(lambda s: remove_leader_position(session=s, battle_id=ops.battle_id, position=step,
                                               seen_version=seen), Change.EVENT)
    board = open_board(window, qtbot)
    window.middle_tabs.setCurrentIndex(0)  # the order table in front: the action shows the map
    window.select_unit(uid)

    window.actions_by_name["place_on_map"].trigger()
    assert window.middle_tabs.currentWidget() is board.panel
    view = board.panel.view
    centre = view.mapToScene(view.viewport().rect().center())
    where = ops.read(lambda s: position_of(session=s, battle_id=ops.battle_id, unit_id=uid))
    assert where is not None and abs(where.x - centre.x()) < 2
    marker = board.panel.scene.markers[f"unit:{uid}"]
    assert board.panel.keys.current is marker and view.hasFocus()
    qtbot.keyClick(view, Qt.Key.Key_Right)  # the arrows and Enter move it on
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert len(ops.read(lambda s: history(session=s, unit_id=uid))) == 2

    # The chosen unit is on the map now: the list of what is not, here one leader.
    scripted(window).place_label = next(iter(
        label for label in _offered(window) if "(leader," in label))
    window.actions_by_name["place_on_map"].trigger()
    assert scripted(window).asked[-1] == "place:1"
    placed = ops.read(lambda s: leader_position_of(session=s, battle_id=ops.battle_id,
                                                   leader_id=leader))
    assert placed is not None and placed.id != step.id
    assert board.panel.keys.current is board.panel.scene.markers[f"leader:{leader}"]
    assert ops.undo_stack.count() == 3  # a place, a move, a place
    ops.undo_stack.undo()
    assert ops.read(lambda s: leader_position_of(session=s, battle_id=ops.battle_id,
                                                 leader_id=leader)) is None

    scripted(window).place_label = None
    window.actions_by_name["place_on_map"].trigger()  # cancelled: nothing placed
    assert ops.read(lambda s: leader_position_of(session=s, battle_id=ops.battle_id,
                                                 leader_id=leader)) is None
    assert ops.undo_stack.index() == 2


def _offered(window: MainWindow) -> list[str]:
    from desk.services.maps.unplaced import unplaced

    return [f"{w.name} (leader, {w.side})" if w.leader else f"{w.name} ({w.side})"
            for w in window.ops.read(lambda s: unplaced(session=s, battle_id=window.ops.battle_id))]


def test_a_campaign_opened_read_only_places_nothing_and_says_why(make_window: Any,
                                                                 qtbot: QtBot) -> None:
    window = make_window("belle-alliance", read_only=True)
    board = open_board(window, qtbot)
    index = _tree_index(window, "unit", "1/5e Ligne")
    uid = index.data(OobTreeModel.UnitIdRole)
    before = window.ops.read(lambda s: history(session=s, unit_id=uid))
    _drop(window, index, (10.0, 10.0))
    window.actions_by_name["place_on_map"].trigger()
    assert [str(e) for e in scripted(window).errors] == \
        ["The campaign is open read-only: nothing is placed."] * 2
    assert window.ops.read(lambda s: history(session=s, unit_id=uid)) == before
    assert board.panel.keys.current is None


def test_a_command_row_dropped_moves_its_leader_and_a_side_row_does_not_drag(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    board = open_board(window, qtbot)
    side = _tree_index(window, "side", "French")
    assert not side.flags() & Qt.ItemFlag.ItemIsDragEnabled
    assert _tree_index(window, "unit", "1/5e Ligne").flags() & Qt.ItemFlag.ItemIsDragEnabled
    division = _tree_index(window, "command", "19e Division")
    key = division.data(OobTreeModel.MarkerKeyRole)
    assert key.startswith("leader:")
    leader = int(key.partition(":")[2])
    ops = window.ops
    before = ops.read(lambda s: leader_position_of(session=s, battle_id=ops.battle_id,
                                                   leader_id=leader))
    _drop(window, division, (40.0, 50.0))
    after = ops.read(lambda s: leader_position_of(session=s, battle_id=ops.battle_id,
                                                  leader_id=leader))
    assert not scripted(window).errors
    # The view's whole pixels: within a pixel or two of the map's at this zoom.
    assert after.id != before.id and abs(after.x - 40) < 2 and abs(after.y - 50) < 2
    marker = board.panel.scene.markers[key]
    assert abs(marker.pos().x() - after.x) <= 0.5 and abs(marker.pos().y() - after.y) <= 0.5
    assert board.panel.keys.current is marker
    ops.undo_stack.undo()
    assert ops.read(lambda s: leader_position_of(session=s, battle_id=ops.battle_id,
                                                 leader_id=leader)) == before


def test_a_row_of_the_order_table_dropped_on_the_map_places_its_unit(make_window: Any,
                                                                   qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    uid = _unplace_unit(window, "1/5e Ligne")
    board = open_board(window, qtbot)
    board.refresh()
    # Dragged over the Map tab, the map comes to the front for the drop.
    assert window.middle_tabs.tabBar().changeCurrentOnDrag()
    model = window.table.model()
    row = next(r for r in range(model.rowCount())
               if model.index(r, 0).data(Qt.ItemDataRole.DisplayRole) == "1/5e Ligne")
    index = model.index(row, 2)  # any cell of the row
    assert index.flags() & Qt.ItemFlag.ItemIsDragEnabled
    _drop(window, index, (100.0, 120.0))
    where = window.ops.read(lambda s: position_of(session=s, battle_id=window.ops.battle_id,
                                                  unit_id=uid))
    assert where is not None and abs(where.x - 100) < 2 and abs(where.y - 120) < 2
    assert board.panel.keys.current is board.panel.scene.markers[f"unit:{uid}"]
