"""The window's geometry and splitters are saved as they change, not only at a clean quit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QSplitter
from pytestqt.qtbot import QtBot

from desk.ui import settings as s
from desk.ui.window_memory import DELAY_MS, WindowMemory


def _settings(tmp_path: Path) -> s.Settings:
    return s.Settings(QSettings(str(tmp_path / "desk.ini"), QSettings.Format.IniFormat))


def test_a_resize_is_on_disk_a_moment_later_without_closing(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    window.show()
    qtbot.waitExposed(window)
    memory = WindowMemory(window=window, settings=_settings(tmp_path))
    window.resize(780, 640)  # inside the offscreen screen (800 × 800): no clamping
    wanted = window.size()
    assert wanted.height() == 640
    assert _settings(tmp_path).get(s.WINDOW_GEOMETRY) == b""  # debounced: not yet
    qtbot.waitUntil(lambda: _settings(tmp_path).get(s.WINDOW_GEOMETRY) != b"",
                    timeout=DELAY_MS * 10)
    assert not memory.timer.isActive()
    assert window.isVisible()  # saved while open, read back from the file by a new reader

    again = make_window("la-bataille", read_only=True)
    again.show()
    WindowMemory(window=again, settings=_settings(tmp_path)).restore()
    assert again.size() == wanted


def test_a_splitter_drag_is_saved_and_restored(make_window: Any, qtbot: QtBot,
                                               tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    window.show()
    qtbot.waitExposed(window)
    window.resize(780, 640)
    memory = WindowMemory(window=window, settings=_settings(tmp_path))
    qtbot.waitUntil(lambda: not memory.timer.isActive(), timeout=DELAY_MS * 10)
    main = window.findChild(QSplitter, "main_splitter")
    right = window.findChild(QSplitter, "right_splitter")
    main.moveSplitter(main.sizes()[0] - 40, 1)  # what a drag of the first handle does
    right.moveSplitter(right.sizes()[0] - 60, 1)
    wanted_main, wanted_right = main.sizes(), right.sizes()
    qtbot.waitUntil(lambda: _settings(tmp_path).get(s.RIGHT_SPLITTER) != b"",
                    timeout=DELAY_MS * 10)

    again = make_window("la-bataille", read_only=True)
    again.show()
    qtbot.waitExposed(again)
    WindowMemory(window=again, settings=_settings(tmp_path)).restore()
    assert again.findChild(QSplitter, "main_splitter").sizes() == wanted_main
    assert again.findChild(QSplitter, "right_splitter").sizes() == wanted_right


def test_the_maximized_state_is_saved_as_it_changes(make_window: Any, qtbot: QtBot,
                                                   tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    window.show()
    qtbot.waitExposed(window)
    WindowMemory(window=window, settings=_settings(tmp_path))
    window.showMaximized()
    qtbot.waitUntil(lambda: _settings(tmp_path).get(s.WINDOW_GEOMETRY) != b"",
                    timeout=DELAY_MS * 10)
    again = make_window("la-bataille", read_only=True)
    again.show()
    WindowMemory(window=again, settings=_settings(tmp_path)).restore()
    qtbot.waitUntil(again.isMaximized, timeout=2000)
