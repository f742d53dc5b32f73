"""Room for the map (issue 30): each side panel hidden and back with one key, remembered per
rules system; the map alone (F11) given two thirds of a 1366×768 window and the layout back;
the map in its own window over the same scene; a Battles of Waterloo chit recorded and a unit
moved on the map while the map keeps its two thirds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from board_helpers import open_board
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMenu, QWidget
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.positions.queries import history
from desk.ui.main_window import MainWindow
from desk.ui.settings import Settings, hidden_panels

CTRL_ALT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
# The offscreen platform cannot raise a window nor grab the keyboard for a popup: harmless.
OFFSCREEN = pytest.mark.qt_log_ignore("This plugin does not support")
PANE_KEYS = (("oob", Qt.Key.Key_O), ("form", Qt.Key.Key_F), ("lim", Qt.Key.Key_A))


def _settings(tmp_path: Path) -> Settings:
    return Settings(QSettings(str(tmp_path / "desk.ini"), QSettings.Format.IniFormat))


def _shown(window: Any, qtbot: QtBot) -> Any:
    with qtbot.waitActive(window):
        window.show()
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.width() == 1366 and window.height() == 768)
    return window


def _share(window: MainWindow, view: QWidget | None = None) -> float:
    """The map view's share of the window's area."""
    QApplication.processEvents()
    view = view or window.board.panel.view
    if not view.isVisible():
        return 0.0
    return view.width() * view.height() / (window.width() * window.height())


def test_each_side_panel_hides_and_comes_back_with_its_key_BOW(make_window: Any,
                                                                qtbot: QtBot) -> None:
    window = _shown(make_window("battles-of-waterloo"), qtbot)
    panes = {"oob": window.left, "form": window.form_scroll.parentWidget(),
             "lim": window.lim_panel}
    for name, key in PANE_KEYS:
        widget = panes[name]
        action = window.panels.actions[name]
        assert widget.isVisible() and action.isChecked() and action.isCheckable()
        qtbot.keyClick(window, key, CTRL_ALT)
        assert not widget.isVisible() and not action.isChecked(), name
        assert window.panels.hidden() == {name}
        qtbot.keyClick(window, key, CTRL_ALT)
        assert widget.isVisible() and action.isChecked(), name
        QApplication.processEvents()
        assert widget.width() > 100 and widget.height() > 100, (name, widget.size())
    # The View menu lists them with their keys.
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert isinstance(view_menu, QMenu)
    names = [a.objectName() for a in view_menu.actions()]
    for wanted in ("show_oob_panel", "show_form_panel", "show_lim_panel", "map_alone",
                   "map_window"):
        assert wanted in names
    assert window.actions_by_name["show_oob_panel"].shortcut().toString() == "Ctrl+Alt+O"


def test_belle_alliance_has_no_lim_entry(make_window: Any) -> None:
    window = make_window("belle-alliance")
    action = window.actions_by_name["show_lim_panel"]
    assert not action.isVisible() and not action.isEnabled()
    window.panels.toggle("lim")  # nothing to hide: nothing changes
    assert window.panels.hidden() == set()


def test_map_alone_gives_the_map_two_thirds_and_brings_the_layout_back(
        make_window: Any, qtbot: QtBot) -> None:
    window = _shown(make_window("battles-of-waterloo"), qtbot)
    window.panels.toggle("form")  # the umpire's own layout: the form hidden, the table shown
    assert window.middle_tabs.currentIndex() == 0
    qtbot.keyClick(window, Qt.Key.Key_F11)
    board = window.board
    qtbot.waitUntil(lambda: board.loaded and bool(board.panel.scene.markers))
    assert window.middle_tabs.currentWidget() is board.panel
    assert window.panels.hidden() == {"oob", "form", "lim"} and window.panels.map_alone
    assert window.actions_by_name["map_alone"].isChecked()
    assert _share(window) >= 2 / 3, board.panel.view.size()
    assert window.bound_bar.isVisible()  # the bound stays in sight
    # The map was fitted in its strip: given the room, it is still the whole map, larger.
    rect = board.panel.view.mapFromScene(board.panel.scene.sceneRect()).boundingRect()
    assert rect.height() >= board.panel.view.viewport().height() - 4
    assert QApplication.focusWidget() is board.panel.view  # N, P, arrows at once
    window.grab().save("/tmp/map-alone-bow.png")
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert window.panels.hidden() == {"form"} and not window.panels.map_alone
    assert window.middle_tabs.currentIndex() == 0
    assert window.left.isVisible() and window.lim_panel.isVisible()
    assert not window.actions_by_name["map_alone"].isChecked()


def test_a_panel_toggled_in_map_alone_ends_it_there(make_window: Any, qtbot: QtBot) -> None:
    window = _shown(make_window("battles-of-waterloo"), qtbot)
    window.panels.toggle_map_alone()
    qtbot.keyClick(window, Qt.Key.Key_O, CTRL_ALT)
    assert not window.panels.map_alone and window.panels.hidden() == {"form", "lim"}
    window.panels.toggle_map_alone()  # from here: the map alone again, then this layout back
    window.panels.toggle_map_alone()
    assert window.panels.hidden() == {"form", "lim"}


def test_the_hidden_panels_are_remembered_for_each_rules_system(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    settings = _settings(tmp_path)
    first = _shown(make_window("battles-of-waterloo", settings=settings), qtbot)
    qtbot.keyClick(first, Qt.Key.Key_O, CTRL_ALT)
    qtbot.keyClick(first, Qt.Key.Key_A, CTRL_ALT)
    first.panels.toggle_map_alone()  # a moment, not remembered
    assert _settings(tmp_path).get(hidden_panels("battles-of-waterloo")) == ["lim", "oob"]
    first.close()

    again = make_window("battles-of-waterloo", read_only=True, settings=_settings(tmp_path))
    assert again.panels.hidden() == {"oob", "lim"}
    _shown(again, qtbot)
    assert not again.left.isVisible() and not again.lim_panel.isVisible()
    assert again.form_scroll.isVisible()
    assert again.lim_keys.active and all(a.isEnabled() for a in again.lim_keys.actions)
    assert not again.actions_by_name["show_oob_panel"].isChecked()
    assert again.actions_by_name["show_form_panel"].isChecked()
    qtbot.keyClick(again, Qt.Key.Key_O, CTRL_ALT)  # back, with a width of its own
    QApplication.processEvents()
    assert again.left.width() > 100

    other = make_window("belle-alliance", settings=_settings(tmp_path))
    assert other.panels.hidden() == set()  # another system, another room


@OFFSCREEN
def test_the_map_in_its_own_window_shows_the_same_scene_and_closes_cleanly(
        make_window: Any, qtbot: QtBot) -> None:
    window = _shown(make_window("battles-of-waterloo"), qtbot)
    qtbot.keyClick(window, Qt.Key.Key_W, CTRL_ALT)
    second = window.panels.map_window
    assert second is not None
    qtbot.waitExposed(second)
    board = window.board
    assert second.view.scene() is board.panel.scene and board.loaded
    assert second.isWindow() and second.windowTitle().startswith("Map — ")
    assert not second.testAttribute(Qt.WidgetAttribute.WA_QuitOnClose)
    assert window.actions_by_name["map_window"].isChecked()
    qtbot.waitUntil(lambda: bool(board.panel.scene.markers))
    # A unit moved from the second window's keys is the tab's marker, recorded once.
    second.view.setFocus()
    qtbot.keyClick(second.view, Qt.Key.Key_N)
    item = second.keys.current
    assert item is not None and item is board.panel.keys.current
    assert item.marker.name in second.chosen_label.text()
    uid = item.marker.unit_id
    qtbot.keyClick(second.view, Qt.Key.Key_Right)
    qtbot.keyClick(second.view, Qt.Key.Key_Return)
    steps = list(window.ops.read(lambda s: history(session=s, unit_id=uid)))
    assert len(steps) == 2 and not scripted(window).errors
    assert board.panel.scene.markers[item.marker.key] is item  # the one marker both views draw
    assert (item.pos().x(), item.pos().y()) == (steps[-1].x, steps[-1].y) or steps[-1].hex
    assert "moved to" in window.statusBar().currentMessage()
    # Closed: the desk goes on with its Map tab; opened again, closed with the main window.
    second.close()
    assert window.panels.map_window is None
    assert not window.actions_by_name["map_window"].isChecked()
    qtbot.waitUntil(lambda: second not in window.findChildren(QWidget, "map_window"))
    window.middle_tabs.setCurrentWidget(board.panel)
    assert board.panel.view.isVisible()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_W, CTRL_ALT)
    third = window.panels.map_window
    assert third is not None and third.isVisible()
    window.close()
    assert not third.isVisible()


def _cup_menu(qtbot: QtBot, window: MainWindow) -> QMenu:
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_L,
                   Qt.KeyboardModifier.ControlModifier)
    menu = window.lim_keys.menu if window.lim_keys is not None else None
    assert menu is not None
    qtbot.waitUntil(menu.isVisible)
    return menu


@OFFSCREEN
def test_a_bow_turn_with_the_map_alone_a_chit_recorded_and_a_unit_moved_BOW_2(
        make_window: Any, qtbot: QtBot) -> None:
    """The issue's done-when: in a Battles of Waterloo turn the map takes two thirds of a
    1366×768 window while a chit is recorded and a unit moved on it (BOW-2: a C/D LIM's
    command moves)."""
    window = _shown(make_window("battles-of-waterloo"), qtbot)
    board = open_board(window, qtbot)
    qtbot.keyClick(window, Qt.Key.Key_F11)
    view = board.panel.view
    assert _share(window) >= 2 / 3
    assert QApplication.focusWidget() is view
    # Ctrl+L: the chits in the cup over the map; the one pulled out at the table is chosen.
    menu = _cup_menu(qtbot, window)
    chits = [a.text() for a in menu.actions() if a.data()]
    assert "Imperial Guard C/D" in chits and len(chits) == len(window.ops.lim.cup().in_cup)
    assert _share(window) >= 2 / 3
    menu.setActiveAction(next(a for a in menu.actions() if a.text() == "Imperial Guard C/D"))
    with qtbot.waitSignal(window.ops.campaign_changed):
        qtbot.keyClick(menu, Qt.Key.Key_Return)
    cup = window.ops.lim.cup()
    assert cup.current is not None and cup.current.lim == "Imperial Guard C/D"
    assert not scripted(window).errors
    said = window.statusBar().currentMessage()
    assert "Imperial Guard C/D" in said and "may move:" in said
    assert QApplication.focusWidget() is view  # the keyboard stays on the map
    assert _share(window) >= 2 / 3
    # A unit of the Guard moved on the map from the keys: N until it is chosen, → and Enter.
    guard = {row.unit_id for row in window.lim_panel.allowed_model.rows()}
    for _ in range(len(board.panel.scene.markers)):
        qtbot.keyClick(view, Qt.Key.Key_N)
        current = board.panel.keys.current
        if current is not None and current.marker.unit_id in guard:
            break
    current = board.panel.keys.current
    assert current is not None and current.marker.unit_id in guard
    uid = current.marker.unit_id
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert len(list(window.ops.read(lambda s: history(session=s, unit_id=uid)))) == 2
    assert not scripted(window).errors
    assert _share(window) >= 2 / 3
    window.grab().save("/tmp/map-alone-bow-turn.png")
    # Ctrl+Shift+G: the desk draws the next chit, the map still alone (a move is pending
    # for the Guard's other units: the umpire says draw anyway).
    scripted(window).confirm = True
    before = len(window.ops.lim.cup().activations)
    qtbot.keyClick(view, Qt.Key.Key_G, CTRL_SHIFT)
    assert len(window.ops.lim.cup().activations) == before + 1
    assert _share(window) >= 2 / 3 and window.panels.map_alone


def test_the_cup_keys_of_a_shown_panel_are_the_panel_s_own(make_window: Any,
                                                           qtbot: QtBot) -> None:
    """With the cup shown the window's stand-ins are off: Ctrl+Shift+G draws once, Ctrl+L goes
    to the cup's list (no menu)."""
    window = _shown(make_window("battles-of-waterloo"), qtbot)
    keys = window.lim_keys
    assert keys is not None and not keys.active
    assert not any(action.isEnabled() for action in keys.actions)
    with qtbot.waitSignal(window.lim_panel.draw_button.clicked):  # a moment later
        qtbot.keyClick(window, Qt.Key.Key_G, CTRL_SHIFT)
    assert len(window.ops.lim.cup().activations) == 1
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert window.lim_panel.pool_list.hasFocus() and keys.menu is None
    window.panels.toggle("oob")  # the cup goes with the order of battle
    assert keys.active and all(action.isEnabled() for action in keys.actions)
