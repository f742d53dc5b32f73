"""The map board shown as the umpire reaches it, for the board's window tests."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from desk.ui.main_window import MainWindow


def open_board(window: MainWindow, qtbot: QtBot) -> Any:
    """Show ``window`` active at 1366 x 768 on its Map tab; its board once every marker is
    drawn. Active, because the window's shortcuts (Ctrl+Z, Alt+M) need it; the tab puts the
    focus on the map, as Alt+M does."""
    with qtbot.waitActive(window):
        window.show()
    window.resize(1366, 768)
    window.middle_tabs.setCurrentIndex(1)
    board = window.board
    qtbot.waitUntil(lambda: board.loaded and bool(board.panel.scene.markers))
    board.panel.view.setFocus()
    return board
