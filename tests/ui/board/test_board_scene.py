"""The board's scene and view on their own: tiles, markers, a drag reported, a click on the map."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from desk.services.maps.images import png_bytes
from desk.services.maps.viewmodel import MapMarker, MarkerKind
from desk.ui.board.image import TILE, read_image
from desk.ui.board.panel import BoardPanel


def _marker(uid: int, x: float, y: float, kind: MarkerKind = MarkerKind.OWN) -> MapMarker:
    return MapMarker(unit_id=uid, name=f"Battalion {uid}", side="French", kind=kind, x=x, y=y,
                     detail="line, 24")


def test_a_large_map_is_cut_into_tiles(qtbot: QtBot) -> None:
    panel = BoardPanel()
    qtbot.addWidget(panel)
    width, height = TILE * 2 + 10, TILE + 1
    image = read_image(png_bytes(width, height, b"\x50\x90\x50" * (width * height)))
    assert (image.width(), image.height()) == (width, height)
    panel.scene.set_image(image)
    assert panel.scene.map_item is not None and len(panel.scene.map_item.tiles) == 3 * 2
    assert panel.scene.sceneRect().width() == width


def test_a_dragged_unit_is_reported_where_it_was_dropped(qtbot: QtBot) -> None:
    panel = BoardPanel()
    qtbot.addWidget(panel)
    panel.resize(800, 600)
    panel.show()
    panel.scene.set_image(read_image(png_bytes(400, 300, b"\x50\x90\x50" * 120_000)))
    leader = MapMarker(unit_id=0, leader_id=3, name="Simmer", side="French",
                       kind=MarkerKind.OWN, x=250, y=60, detail="", leader=True)
    panel.scene.set_markers([_marker(1, 100, 100), _marker(2, 300, 200, MarkerKind.ENEMY),
                             leader], movable=True)
    assert sorted(panel.scene.markers) == ["leader:3", "unit:1", "unit:2"]
    panel.view.resetTransform()
    panel.view.centerOn(200, 150)
    view = panel.view.viewport()
    start = panel.view.mapFromScene(100, 100)
    end = panel.view.mapFromScene(150, 120)
    with qtbot.waitSignal(panel.scene.unit_dropped) as dropped:
        qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=start)
        qtbot.mouseMove(view, start + QPoint(5, 5))
        qtbot.mouseMove(view, end)
        qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=end)
    key, x, y = dropped.args
    assert key == "unit:1" and abs(x - 150) <= 1 and abs(y - 120) <= 1
    start, end = panel.view.mapFromScene(250, 60), panel.view.mapFromScene(230, 90)
    with qtbot.waitSignal(panel.scene.unit_dropped) as dropped:  # a leader: his own key
        qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=start)
        qtbot.mouseMove(view, start + QPoint(5, 5))
        qtbot.mouseMove(view, end)
        qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=end)
    key, x, y = dropped.args
    assert key == "leader:3" and abs(x - 230) <= 1 and abs(y - 90) <= 1
    with qtbot.waitSignal(panel.scene.map_clicked) as clicked:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=panel.view.mapFromScene(50, 250))
    assert [round(v) for v in clicked.args] == [50, 250]


def test_names_show_only_when_near_enough_to_read(qtbot: QtBot) -> None:
    panel = BoardPanel()
    qtbot.addWidget(panel)
    panel.resize(800, 640)  # a view about 545 pixels high (the line under the map included)
    panel.show()
    panel.scene.set_image(read_image(png_bytes(4000, 3000, b"\x50\x90\x50" * 12_000_000)))
    panel.scene.set_markers([_marker(1, 100, 100)], movable=True)
    panel.view.fit()  # about 0.2 screen pixels an image pixel: a 67-pixel block is 13 wide
    label = panel.scene.markers["unit:1"].label
    assert not label.isVisible()
    panel.view.zoom(2)  # 27 wide: names 11 pixels high
    assert label.isVisible()
    panel.view.zoom(0.5)
    assert not label.isVisible()
    panel.view.zoom(4)
    assert label.isVisible()
    panel.scene.set_markers([_marker(1, 120, 100)], movable=True)  # a refresh keeps them
    assert panel.scene.markers["unit:1"].label.isVisible()


def test_a_block_is_as_wide_as_its_frontage_and_turned_to_its_facing(qtbot: QtBot) -> None:
    from dataclasses import replace

    panel = BoardPanel()
    qtbot.addWidget(panel)
    panel.scene.set_image(read_image(png_bytes(400, 300, b"\x50\x90\x50" * 120_000)))
    size = panel.scene.marker_size()
    plain = _marker(1, 100, 100)
    panel.scene.set_markers([
        plain, replace(_marker(2, 200, 100), facing=90, frontage=40.0),
        replace(_marker(3, 200, 200), facing=0, frontage=40.0),
        replace(_marker(4, 300, 200), leader=True, facing=45, frontage=40.0)], movable=True)
    items = panel.scene.markers
    today = items["unit:1"].sceneBoundingRect()  # no frontage, no facing: as before
    assert (today.width(), today.height()) == pytest.approx((size * 2, size * 0.8))
    east = items["unit:2"].sceneBoundingRect()  # facing 90: the 40-pixel front runs down the map
    assert east.height() == pytest.approx(40)
    assert east.width() < 10
    assert east.right() - 200 > 200 - east.left()  # the front mark on the right (east) edge
    north = items["unit:3"].sceneBoundingRect()
    assert north.width() == pytest.approx(40)
    assert 200 - north.top() > north.bottom() - 200  # facing 0: the mark on the top edge
    leader = items["unit:4"].sceneBoundingRect()  # a leader stays a circle
    assert leader.width() == pytest.approx(leader.height()) == pytest.approx(size)
    # The name stays level, centred above the block whichever way it faces.
    label = items["unit:2"].label
    assert label.rotation() == 0 and label.sceneBoundingRect().bottom() < east.top()
    assert abs(label.sceneBoundingRect().center().x() - east.center().x()) < 1
