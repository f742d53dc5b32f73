"""The window fits a laptop: sized to the screen's room, everything reachable at 1280×720."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from desk.ui import settings as s
from desk.ui.main_window import MainWindow
from desk.ui.window_memory import WANTED, WindowMemory, available, fits


def _reachable(window: MainWindow, widget: QWidget) -> bool:
    """Shown, not covered, and wholly inside the window."""
    if not widget.isVisible() or widget.visibleRegion().isEmpty():
        return False
    top_left = widget.mapTo(window, widget.rect().topLeft())
    return window.rect().contains(QRect(top_left, widget.size()))


@pytest.mark.parametrize("system", ["belle-alliance", "battles-of-waterloo", "la-bataille"])
def test_everything_is_reachable_at_1280_by_720(make_window: Any, qtbot: QtBot,
                                                system: str) -> None:
    window = make_window(system)
    window.show()
    qtbot.waitExposed(window)
    hint = window.minimumSizeHint()
    assert hint.width() <= 1280 and hint.height() <= 720
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.size().width() == 1280)
    assert _reachable(window, window.form.save_button)
    assert _reachable(window, window.statusBar())
    for button in (window.bound_bar.close_button, window.bound_bar.reopen_button):
        assert _reachable(window, button)
    assert _reachable(window, window.form.verbatim_edit)


def test_first_start_sizes_the_window_to_the_screens_room(make_window: Any, qtbot: QtBot,
                                                          tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    room = available(window)
    assert window.width() <= room.width() and window.height() <= room.height()
    window.show()
    WindowMemory(window=window, settings=s.Settings(QSettings(
        str(tmp_path / "fresh.ini"), QSettings.Format.IniFormat))).restore()
    smaller = room.width() < WANTED.width() or room.height() < WANTED.height()
    maximised = bool(window.windowState() & Qt.WindowState.WindowMaximized)
    assert maximised == smaller  # the offscreen screen is 800 × 800: maximised


def test_a_remembered_geometry_bigger_than_the_screen_is_not_restored(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    settings = s.Settings(QSettings(str(tmp_path / "desk.ini"), QSettings.Format.IniFormat))
    big = make_window("belle-alliance")
    big.show()
    big.setGeometry(0, 0, 1900, 1150)  # as on the big monitor at the club
    WindowMemory(window=big, settings=settings).save()
    again = make_window("la-bataille", read_only=True)
    again.show()
    qtbot.waitExposed(again)
    WindowMemory(window=again, settings=settings).restore()
    room = available(again)
    assert fits(again.frameGeometry(), room)  # Qt would clamp it too, but
    # not remembered: as on a first start, maximised on this small screen
    assert again.windowState() & Qt.WindowState.WindowMaximized
    assert again.width() <= room.width() and again.height() <= room.height()
