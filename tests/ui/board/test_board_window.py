"""The map board in the window, over the demo campaigns: every unit on the map, a drag
recorded as a new position, a drop outside the map refused, earlier bounds read-only,
a click on the map writing the order's destination."""

from __future__ import annotations

from typing import Any

from board_helpers import open_board
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.positions.queries import history
from desk.ui.board.scene import UnitMarker
from desk.ui.oob.model import OobTreeModel


def test_every_demo_unit_stands_on_the_map_at_1366_by_768(make_window: Any, qtbot: QtBot) -> None:
    for system, units, leaders in (("belle-alliance", 62, 19), ("la-bataille", 40, 11)):
        window = make_window(system)
        board = open_board(window, qtbot)
        keys = list(board.panel.scene.markers)
        assert len([k for k in keys if k.startswith("unit:")]) == units
        assert len([k for k in keys if k.startswith("leader:")]) == leaders
        assert board.data.view.unplaced == 0
        assert board.panel.view.isVisible() and board.panel.slider.isVisible()
        window.grab().save(f"/tmp/board-{system}.png")


def test_a_drag_records_a_new_position_and_keeps_the_old_one(make_window: Any,
                                                             qtbot: QtBot) -> None:
    window = make_window()
    board = open_board(window, qtbot)
    marker: UnitMarker = next(iter(board.panel.scene.markers.values()))
    uid, x, y = marker.marker.unit_id, marker.marker.x, marker.marker.y
    marker.setPos(x + 40, y + 10)
    board.panel.scene.unit_dropped.emit(marker.marker.key, x + 40, y + 10)
    assert not scripted(window).errors, scripted(window).errors
    steps = window.ops.read(lambda s: history(session=s, unit_id=uid))
    assert [(s.x, s.y) for s in steps] == [(x, y), (x + 40, y + 10)]
    assert "moved to" in window.statusBar().currentMessage()
    # Outside the map: one sentence, nothing written, the marker back where it stood.
    marker.setPos(-30, -30)
    board.panel.scene.unit_dropped.emit(marker.marker.key, -30.0, -30.0)
    assert "outside the map" in str(scripted(window).errors[-1])
    assert len(window.ops.read(lambda s: history(session=s, unit_id=uid))) == 2
    assert (marker.pos().x(), marker.pos().y()) == (x + 40, y + 10)


def test_an_earlier_bound_is_shown_read_only_with_trails(make_window: Any, qtbot: QtBot) -> None:
    window = make_window()
    board = open_board(window, qtbot)
    marker = next(iter(board.panel.scene.markers.values()))
    key, x, y = marker.marker.key, marker.marker.x, marker.marker.y
    board.panel.scene.unit_dropped.emit(key, x + 40, y)
    scripted(window).confirm = True
    window.bounds.close_bound()
    qtbot.waitUntil(lambda: window.ops.context.current_bound == 2, timeout=20_000)
    qtbot.waitUntil(lambda: board.data is not None and board.data.bound == 2)
    assert board.panel.slider.maximum() == 2
    assert board.panel.scene._trails  # the moved unit's trail from bound 1
    board.panel.slider.setValue(1)
    assert board.data.bound == 1 and not board.data.editable
    item = board.panel.scene.markers[key]
    assert not item.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsMovable


def test_a_click_on_the_map_fills_the_order_s_destination(make_window: Any, qtbot: QtBot) -> None:
    window = make_window()
    board = open_board(window, qtbot)
    unit = window.proxy.index(0, 0)
    while unit.data(OobTreeModel.KindRole) != "unit":
        unit = window.proxy.index(0, 0, unit)
    window.tree.setCurrentIndex(unit)
    board.panel.scene.map_clicked.emit(500.0, 300.0)
    assert window.form.fields()["destination"] == "map 50, 30 cm"


def test_dragging_a_leader_records_his_position(make_window: Any, qtbot: QtBot) -> None:
    from desk.services.positions.leaders import leader_history

    window = make_window()
    board = open_board(window, qtbot)
    scene = board.panel.scene
    # Simmer leads the 19e Division and has no staff unit: a leader's own marker.
    (key,) = [k for k, item in scene.markers.items() if item.marker.name == "Simmer"]
    item = scene.markers[key]
    assert key.startswith("leader:") and item.marker.leader
    assert item.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsMovable
    leader_id, x, y = item.marker.leader_id, item.marker.x, item.marker.y
    item.setPos(x + 60, y - 20)
    scene.unit_dropped.emit(key, x + 60, y - 20)
    assert not scripted(window).errors, scripted(window).errors
    steps = window.ops.read(lambda s: leader_history(session=s, battle_id=window.ops.battle_id,
                                                     leader_id=leader_id))
    assert [(s.x, s.y) for s in steps] == [(x, y), (x + 60, y - 20)]
    assert window.statusBar().currentMessage().startswith("Simmer moved to")
    # A second move takes the version the first one returned: no conflict.
    scene.unit_dropped.emit(key, x + 80, y - 20)
    assert not scripted(window).errors, scripted(window).errors
    # Outside the map: refused in one sentence, nothing written, the marker put back.
    item.setPos(-40, 10)
    scene.unit_dropped.emit(key, -40.0, 10.0)
    assert "Simmer cannot stand outside the map" in str(scripted(window).errors[-1])
    assert len(window.ops.read(lambda s: leader_history(session=s, battle_id=window.ops.battle_id,
                                                        leader_id=leader_id))) == 3
    assert (item.pos().x(), item.pos().y()) == (x + 80, y - 20)


def test_the_board_behind_the_orders_tab_catches_up_when_shown_again(
        make_window: Any, qtbot: QtBot, place_at: Any) -> None:
    """Saving orders with the Order tab in front does not redraw the hidden board (30–45 ms
    an order); what changed meanwhile is on it the moment the Map tab is back."""
    window = make_window()
    board = open_board(window, qtbot)
    marker: UnitMarker = next(iter(board.panel.scene.markers.values()))
    name, x, y = marker.marker.name, marker.marker.x, marker.marker.y
    drawn: list[int] = []
    board.panel.scene.changed.connect(lambda *_: drawn.append(1))
    window.middle_tabs.setCurrentIndex(0)  # the order table in front
    place_at(window, name, x + 60, y + 20)
    qtbot.wait(50)
    assert board.panel.scene.markers[marker.marker.key].marker.x == x  # not redrawn
    assert drawn == []
    window.middle_tabs.setCurrentIndex(1)
    moved = board.panel.scene.markers[marker.marker.key].marker
    assert (moved.x, moved.y) == (x + 60, y + 20)
    # With the map in front, a change is drawn at once, as before.
    place_at(window, name, x + 80, y + 20)
    assert board.panel.scene.markers[marker.marker.key].marker.x == x + 80
