"""The board's "Belief of": one headquarters' belief drawn over the truth as ghosts (issue 31).

The Belle Alliance demo played three bounds with information travelling
(tests/travelling_demo.py), opened in the real window: with bound 4 open VI Corps believes
1/5e Ligne and 1/107e Ligne where they stood at bound 2, IV Corps I/18th Infantry where
it stood at bound 3 (it moved in the open bound).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from board_helpers import open_board
from demo_cache import DemoCache
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication, QGraphicsItem
from pytestqt.qtbot import QtBot
from scripted_dialogs import ScriptedDialogs
from travelling_demo import LATE, MOVER, PRUSSIAN, TravellingDemo, travelling_demo

from desk.services.positions.queries import history, positions_at
from desk.store import CampaignStore, backup_sqlite, open_campaign
from desk.ui.board.belief import BeliefChoice
from desk.ui.board.ghosts import GhostMarker
from desk.ui.board.scene import UnitMarker
from desk.ui.main_window import MainWindow
from desk.ui.palette import SchemeChoice

GHOSTLY = (QGraphicsItem.GraphicsItemFlag.ItemIsMovable,
           QGraphicsItem.GraphicsItemFlag.ItemIsSelectable,
           QGraphicsItem.GraphicsItemFlag.ItemIsFocusable)


@pytest.fixture(scope="module")
def played(demo_cache: DemoCache, tmp_path_factory: pytest.TempPathFactory) -> TravellingDemo:
    """The demo played once for the module; each test opens a copy of it."""
    return travelling_demo(demo_cache, tmp_path_factory.mktemp("belief") / "played.desk")


@pytest.fixture
def window(qtbot: QtBot, played: TravellingDemo, tmp_path: Path) -> Iterator[MainWindow]:
    """The real window over a private copy of the played demo."""
    from desk.ui.app import build_window

    path = backup_sqlite(store_or_path=played.path, dest=tmp_path / "played.desk")
    store = open_campaign(path)
    shown = build_window(store=store, dialogs=ScriptedDialogs(), backup_dir=tmp_path / "backups")
    qtbot.addWidget(shown)
    yield shown
    store.close()


def _choose(belief: BeliefChoice, command: str) -> None:
    box = belief.panel.belief_box
    index = box.findText(command)
    assert index >= 0, [box.itemText(i) for i in range(box.count())]
    box.setCurrentIndex(index)


def _ghosts(belief: BeliefChoice) -> dict[str, GhostMarker]:
    return {g.place.unit: g for g in belief.layer.ghosts}


def _drawn(window: MainWindow) -> list[QGraphicsItem]:
    """Every ghost and line on the scene, found on the scene itself (not in the layer's list)."""
    layer = window.board.belief.layer
    return [i for i in window.board.panel.scene.items()
            if isinstance(i, GhostMarker) or any(i is line for line in layer.lines)]


def _point(store: CampaignStore, played: TravellingDemo, unit: str,
           bound: int) -> QPointF:
    with store.session() as session:
        where = positions_at(session=session, battle_id=played.battle,
                             bound=bound)[played.units[unit]]
    assert where.x is not None and where.y is not None
    return QPointF(where.x, where.y)


def test_alt_l_then_down_draws_vi_corps_belief_at_its_bound_2_points(
        window: MainWindow, qtbot: QtBot, played: TravellingDemo) -> None:
    """Issue 31: from the keyboard, Alt+L leads to "Belief of" and Down chooses VI Corps:
    a ghost where it believes each unit it is wrong about, a dashed line to the truth."""
    board = open_board(window, qtbot)
    belief: BeliefChoice = board.belief
    box = board.panel.belief_box
    assert box.isVisible() and board.panel.belief_label.isVisible()
    assert box.accessibleName() == "Belief of"
    assert [box.itemText(i) for i in range(box.count())] == [
        "No belief shown", "VI Corps", "19e Division", "20e Division", "Young Guard",
        "Division Barrois", "IV Corps"]
    assert belief.layer.ghosts == [] and not board.panel.belief_line.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is box)
    qtbot.keyClick(box, Qt.Key.Key_Down)
    assert box.currentText() == "VI Corps"
    ghosts = _ghosts(belief)
    assert set(ghosts) == {MOVER, LATE}
    with open_campaign(played.path, read_only=True) as store:
        for unit in (MOVER, LATE):
            assert ghosts[unit].pos() == _point(store, played, unit, 2)
    assert ghosts[MOVER].words.text() == "1/5e Ligne as of bound 2"
    assert ghosts[MOVER].hatch.pen().style() == Qt.PenStyle.DashLine
    assert ghosts[MOVER].zValue() > board.panel.scene.markers[f"unit:{played.units[MOVER]}"] \
        .zValue()  # drawn over the truth
    lines = [(line.line().p1(), line.line().p2()) for line in belief.layer.lines]
    for unit in (MOVER, LATE):
        truth = board.panel.scene.markers[f"unit:{played.units[unit]}"].pos()
        assert (ghosts[unit].pos(), truth) in lines
    assert all(line.pen().style() == Qt.PenStyle.DashLine for line in belief.layer.lines)
    assert len(_drawn(window)) == 4  # two ghosts, two lines, on the scene itself
    line = board.panel.belief_line
    assert line.isVisible()
    assert line.text() == "VI Corps at bound 4: 2 units believed elsewhere, 0 with no news."


def test_no_belief_shown_takes_every_ghost_away(window: MainWindow, qtbot: QtBot) -> None:
    """Issue 31: "No belief shown" leaves the truth alone on the board."""
    board = open_board(window, qtbot)
    _choose(board.belief, "IV Corps")
    assert set(_ghosts(board.belief)) == {PRUSSIAN}
    assert len(_drawn(window)) == 2
    markers = len(board.panel.scene.markers)
    _choose(board.belief, "No belief shown")
    assert _drawn(window) == [] and board.belief.layer.ghosts == []
    assert board.belief.command_id is None
    assert not board.panel.belief_line.isVisible()
    assert len(board.panel.scene.markers) == markers  # the truth stays as it was


def test_a_ghost_is_never_chosen_dragged_or_written(window: MainWindow, qtbot: QtBot,
                                                    played: TravellingDemo) -> None:
    """Issue 31: a ghost is a drawing only: a drag on it moves nothing and records nothing,
    and a click on it chooses no unit."""
    board = open_board(window, qtbot)
    _choose(board.belief, "VI Corps")
    ghost = _ghosts(board.belief)[MOVER]
    for item in (ghost, ghost.hatch, ghost.label, *board.belief.layer.lines):
        assert not any(item.flags() & flag for flag in GHOSTLY)
        assert item.acceptedMouseButtons() == Qt.MouseButton.NoButton
    view = board.panel.view
    view.resetTransform()
    view.scale(2, 2)
    view.centerOn(ghost.pos())
    # The ghost's left end: off its own true marker, which stands 100 pixels east.
    spot = ghost.pos() + QPointF(ghost.boundingRect().left() + 4, 0)
    scene = board.panel.scene
    assert scene.itemAt(spot, view.transform()) in (ghost, ghost.hatch)  # the ghost on top
    assert not any(isinstance(i, UnitMarker) for i in scene.items(spot))  # no unit below
    start = view.mapFromScene(spot)
    before = ghost.pos()
    with open_campaign(played.path, read_only=True) as store, store.session() as session:
        steps = len(history(session=session, unit_id=played.units[MOVER]))
    with qtbot.assertNotEmitted(board.panel.scene.unit_dropped):
        qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
        qtbot.mouseMove(view.viewport(), start + QPoint(5, 5))
        qtbot.mouseMove(view.viewport(), start + QPoint(40, 30))
        qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton,
                           pos=start + QPoint(40, 30))
    assert ghost.pos() == before and board.panel.scene.selectedItems() == []
    assert window.ops.undo_stack.count() == 0
    battle = window.ops.battle_id
    uid = played.units[MOVER]
    assert len(window.ops.read(lambda s: history(session=s, unit_id=uid))) == steps
    assert window.ops.read(lambda s: positions_at(session=s, battle_id=battle))[uid].x == \
        board.panel.scene.markers[f"unit:{uid}"].pos().x()


def test_a_click_on_a_ghost_over_its_unit_chooses_the_unit(window: MainWindow,
                                                          qtbot: QtBot,
                                                          played: TravellingDemo) -> None:
    """Issue 31: IV Corps believes I/18th Infantry 40 pixels east of where it stands, so
    its ghost covers half the true block: a click there goes through to the unit (chosen,
    as a click on any unit), and is no click on the map (no destination written)."""
    board = open_board(window, qtbot)
    _choose(board.belief, "IV Corps")
    ghost = _ghosts(board.belief)[PRUSSIAN]
    truth = board.panel.scene.markers[f"unit:{played.units[PRUSSIAN]}"]
    spot = QPointF((ghost.pos().x() + truth.pos().x()) / 2, truth.pos().y())
    scene, view = board.panel.scene, board.panel.view
    assert scene.itemAt(spot, view.transform()) in (ghost, ghost.hatch)
    view.resetTransform()
    view.centerOn(spot)
    with qtbot.assertNotEmitted(scene.map_clicked):
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                         pos=view.mapFromScene(spot))
    assert scene.selected_marker() is truth


def test_the_ghosts_follow_the_bound_shown_and_no_news_is_listed(window: MainWindow,
                                                                  qtbot: QtBot) -> None:
    """Issue 31: at bound 2 no brigade had reported to VI Corps: no ghost to draw, its
    units listed as no news in the line (the first three) and its tooltip (all)."""
    board = open_board(window, qtbot)
    _choose(board.belief, "VI Corps")
    board.panel.slider.setValue(2)
    assert board.data is not None and board.data.bound == 2
    assert board.belief.layer.ghosts == []
    line = board.panel.belief_line
    assert line.text() == ("VI Corps at bound 2: 0 units believed elsewhere, 17 with no news "
                           "(no news: 1/5e Ligne, 2/5e Ligne, 1/11e Ligne, …).")
    assert line.toolTip().startswith("No news of: 1/5e Ligne, 2/5e Ligne, 1/11e Ligne, ")
    assert "1/107e Ligne" in line.toolTip()
    assert board.panel.belief_box.currentText() == "VI Corps"  # the choice stays
    board.panel.slider.setValue(4)
    assert set(_ghosts(board.belief)) == {MOVER, LATE}


def test_a_unit_moved_in_the_open_bound_is_a_ghost_at_once(window: MainWindow, qtbot: QtBot,
                                                           played: TravellingDemo) -> None:
    """Issue 31: the 19e Division knows 1/5e Ligne as of bound 3, where it stands; moved on
    the board, it is believed where it was, and the line runs to where it was dropped."""
    board = open_board(window, qtbot)
    _choose(board.belief, "19e Division")
    assert board.belief.layer.ghosts == []
    key = f"unit:{played.units[MOVER]}"
    was = board.panel.scene.markers[key].pos()
    board.move_unit(key, was.x() + 50, was.y() + 30)  # as a drop on the board records it
    ghost = _ghosts(board.belief)[MOVER]
    assert ghost.pos() == was and ghost.words.text() == "1/5e Ligne as of bound 3"
    (line,) = board.belief.layer.lines
    assert (line.line().p1(), line.line().p2()) == (was, QPointF(was.x() + 50, was.y() + 30))
    window.ops.undo_stack.undo()  # the move taken back: believed where it is again
    qtbot.waitUntil(lambda: board.belief.layer.ghosts == [])


def test_the_ghosts_take_the_dark_schemes_colours(window: MainWindow, qtbot: QtBot) -> None:
    """Issue 31: a scheme chosen in the View menu redraws the ghosts in its colours."""
    board = open_board(window, qtbot)
    _choose(board.belief, "IV Corps")
    palette = window.palette_
    palette.set_choice(SchemeChoice.LIGHT)
    light = _ghosts(board.belief)[PRUSSIAN].words.brush().color().name()
    palette.set_choice(SchemeChoice.DARK)
    ghost = _ghosts(board.belief)[PRUSSIAN]
    assert ghost.words.brush().color().name() == palette.hex("text") != light
    assert ghost.brush().color().rgb() == palette.color("base").rgb()
    assert len(_drawn(window)) == 2  # redrawn, not drawn twice


def test_without_information_travelling_the_board_offers_no_belief(make_window: Any,
                                                                    qtbot: QtBot) -> None:
    """Issue 31: the setting off (the demo as made), there is no belief to choose."""
    board = open_board(make_window("belle-alliance"), qtbot)
    assert not board.panel.belief_box.isVisible()
    assert not board.panel.belief_label.isVisible()
    assert not board.panel.belief_line.isVisible()
    assert board.belief.choices == () and board.belief.layer.ghosts == []
