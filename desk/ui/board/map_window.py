"""The map in a window of its own, for a second screen (View ▸ Map in its own window).

A second view of the board's one scene: a unit dragged, or moved from the
keys (N, P, the arrows, Enter), in either view is the same marker and is
recorded once, by the board's controller, so both show every move; the main
window's keys work in it too (Ctrl+Z, Ctrl+Alt+W closes it). The window goes
with the main window: it is its child (closed and deleted with it), it never
keeps the desk running on its own (Qt's quit-on-close is off for it), and
closing it loses nothing, the tab's map stays.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from desk.ui.board.controller import BoardController
from desk.ui.board.keys import MarkerKeys
from desk.ui.board.panel import BoardView


class MapWindow(QWidget):
    """A top-level window over the board's scene (see the module text)."""

    closed = Signal()

    def __init__(self, *, board: BoardController, main: QWidget, campaign: str) -> None:
        super().__init__(main, Qt.WindowType.Window)
        self.setObjectName("map_window")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self.setWindowTitle(self.tr("Map — {campaign}").format(campaign=campaign))
        self.main = main
        board.activate()  # the scene filled, should the Map tab never have been shown
        self.view = BoardView(board.panel.scene, self)
        self.view.setObjectName("map_window_view")
        self.view.setAccessibleName(self.tr("Map board in its own window"))
        self.view.setAccessibleDescription(board.panel.view.accessibleDescription())
        self.keys = self.view.keys = MarkerKeys(self.view, board.panel.scene)
        board.attach_keys(self.keys)
        # This window's own line under its map: the chosen unit, as the tab's line says it.
        self.chosen_label = QLabel(board.panel.chosen_label.text())
        self.chosen_label.setObjectName("map_window_chosen")
        self.chosen_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        board.panel.chosen_label.said.connect(self.chosen_label.setText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.chosen_label)
        # The window's keys work here too: Ctrl+Z undoes a move, Ctrl+Alt+W closes this
        # window, Ctrl+L lists the cup while it is hidden.
        self.addActions(main.actions())
        self.resize(main.size())
        main.installEventFilter(self)

    def show_map(self) -> None:
        """Show the window, the whole map in it, the keyboard in its view."""
        self.show()
        self.raise_()
        self.activateWindow()
        self.view.fit()
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        self.closed.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The main window closed (not minimised: that hide comes from the system): so does this.
        if watched is self.main and event.type() == QEvent.Type.Hide \
                and not event.spontaneous():
            self.close()
        return False
