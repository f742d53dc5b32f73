"""The middle of the window: the Orders and Map tabs, and the keys that lead into each.

The map board loads when its tab is first shown. Alt+O and Alt+M put the
focus on their page's own widget (the table, the map view), so the keys that
page answers to work at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QTabWidget, QWidget

if TYPE_CHECKING:
    from desk.ui.board.controller import BoardController

translate = QCoreApplication.translate


class _PageKeys(QObject):
    """Alt+O and Alt+M put the focus on the page they name (the table, the map), even when
    its tab was already shown: Qt's tab mnemonic only changes the tab, so after saving an
    order (the cursor in the order text) Alt+M then N would have typed an "n" there."""

    def __init__(self, tabs: QTabWidget, board: BoardController) -> None:
        super().__init__(tabs)
        self.tabs, self.board = tabs, board
        tabs.tabBar().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Shortcut:
            QTimer.singleShot(0, self._focus)  # after the tab bar has changed the tab
        return False

    def _focus(self) -> None:
        page = self.tabs.currentWidget()
        target = self.board.panel.view if page is self.board.panel else page
        if target is not None:
            target.setFocus(Qt.FocusReason.ShortcutFocusReason)


def board_tabs(table: QWidget, board: BoardController) -> QTabWidget:
    """The middle of the window: the order table, and the map board (loaded when first shown)."""
    tabs = QTabWidget()
    tabs.setObjectName("middle_tabs")
    tabs.setDocumentMode(True)
    tabs.addTab(table, translate("BoardController", "&Orders"))
    tabs.addTab(board.panel, translate("BoardController", "&Map"))
    tabs.setAccessibleName(translate("BoardController", "Orders or map"))
    board.placer.show_map = lambda: tabs.setCurrentWidget(board.panel)
    board.out_of_sight = lambda: tabs.currentWidget() is not board.panel
    # A row dragged from the order table over the Map tab brings the map to the front.
    tabs.tabBar().setChangeCurrentOnDrag(True)
    tabs.tabBar().setAcceptDrops(True)

    def shown(index: int) -> None:
        if tabs.widget(index) is board.panel:
            board.activate()
            # Alt+M leads straight to the map's keys (N, P, the arrows, + and -):
            # a keyboard user need not Tab through the window to reach them.
            board.panel.view.setFocus(Qt.FocusReason.OtherFocusReason)

    tabs.currentChanged.connect(shown)
    _PageKeys(tabs, board)
    return tabs
