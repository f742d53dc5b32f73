"""Room for the map: each side panel hidden and back with one key, the map alone, its own window.

The window's side panels — the order of battle (with the LIM cup under it in
Battles of Waterloo and La Bataille), the order form with the unit panel, and
the LIM activation under the order table — are panes of the window's
splitters. View ▸ Order of battle (Ctrl+Alt+O), Order form (Ctrl+Alt+F) and
LIM activation (Ctrl+Alt+A) hide each and bring it back; the panes left take
its room. Which are hidden is kept for each rules system (a Battles of
Waterloo evening is played on the map, a Belle Alliance one on the order
table) and given back at the next start.

View ▸ Map alone (F11) shows the Map tab with every side panel hidden (the
bound bar and the filter stay); F11 again gives back the panels and the tab as
they were. The map alone is a moment of the evening, not remembered: hiding or
showing a panel meanwhile ends it there. View ▸ Map in its own window
(Ctrl+Alt+W) opens the map on a second screen (:mod:`desk.ui.board.map_window`);
the same key closes it.

Splitter panes, not dock widgets: the panes keep the widths the umpire gave
them (the window memory saves the splitters), and a dock's title bar would
take height from the map on a 768-pixel screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QSplitter, QTabWidget, QWidget

from desk.ui.board.controller import BoardController
from desk.ui.board.map_window import MapWindow
from desk.ui.settings import Settings, hidden_panels

# The View menu's action of each pane, by the pane's name in the settings.
PANE_ACTIONS = {"oob": "show_oob_panel", "form": "show_form_panel", "lim": "show_lim_panel"}


@dataclass(frozen=True)
class Pane:
    """One side panel: its name in the settings, its widget (a splitter's pane), and its
    share of the splitter when it comes back from nothing (a splitter state saved while it
    was hidden gives it no width)."""

    name: str
    widget: QWidget
    share: float


class PanelLayout(QObject):
    """Which side panels the window shows, the map alone and the map's window (see above)."""

    def __init__(self, *, window: QWidget, panes: Sequence[Pane], tabs: QTabWidget,
                 board: BoardController, campaign: Callable[[], str],
                 settings: Settings | None, system: str) -> None:
        super().__init__(window)
        self.window, self.tabs, self.board, self.campaign = window, tabs, board, campaign
        self.panes = {pane.name: pane for pane in panes}
        self.settings = settings
        self.setting = hidden_panels(system)
        self.actions: dict[str, QAction] = {}
        self._before: tuple[set[str], int] | None = None  # the layout the map alone replaced
        self.map_window: MapWindow | None = None
        remembered: list[str] = settings.get(self.setting) if settings is not None else []
        for name in set(remembered) & self.panes.keys():
            self.panes[name].widget.hide()

    def install(self, actions: dict[str, QAction]) -> None:
        """Make the View menu's entries checkable and show what is shown."""
        for name, key in (*PANE_ACTIONS.items(), ("map_alone", "map_alone"),
                          ("map_window", "map_window")):
            action = actions[key]
            action.setCheckable(True)
            self.actions[name] = action
        lim = self.actions["lim"]
        lim.setVisible("lim" in self.panes)  # a system without LIMs has no such panel
        lim.setEnabled("lim" in self.panes)
        self._show_state()

    # --- the panes --------------------------------------------------------------------------
    def shown(self, name: str) -> bool:
        """Whether the pane is shown (as far as the window goes: True before it is shown)."""
        pane = self.panes.get(name)
        return pane is not None and not pane.widget.isHidden()

    def hidden(self) -> set[str]:
        """The panes hidden now."""
        return {name for name in self.panes if not self.shown(name)}

    def toggle(self, name: str) -> None:
        """Hide the pane, or bring it back (its View menu entry and key)."""
        if name in self.panes:
            self._before = None  # the umpire arranges the panels: the map alone ends here
            self._set_hidden(self.hidden() ^ {name})
            self._remember()

    def _set_hidden(self, hidden: set[str]) -> None:
        for name, pane in self.panes.items():
            if name in hidden:
                pane.widget.hide()
            elif pane.widget.isHidden():
                pane.widget.show()
                self._give_room(pane)
        self._show_state()

    @staticmethod
    def _give_room(pane: Pane) -> None:
        """A pane back with no width (its splitter's state was saved while it was hidden)
        takes its share from the others."""
        splitter = pane.widget.parentWidget()
        if not isinstance(splitter, QSplitter):
            return
        index = splitter.indexOf(pane.widget)
        sizes = splitter.sizes()
        if index < 0 or sizes[index] > 0:
            return
        total = sum(sizes)
        wanted = int(total * pane.share)
        rest = total - wanted
        others = sum(s for i, s in enumerate(sizes) if i != index) or 1
        splitter.setSizes([wanted if i == index else int(s * rest / others)
                           for i, s in enumerate(sizes)])

    def _remember(self) -> None:
        if self.settings is not None:
            self.settings.set(self.setting, sorted(self.hidden()))
            self.settings.sync()

    def _show_state(self) -> None:
        for name, action in self.actions.items():
            if name in self.panes:
                action.setChecked(self.shown(name))
        if "map_alone" in self.actions:
            self.actions["map_alone"].setChecked(self.map_alone)
            self.actions["map_window"].setChecked(self.map_window is not None)

    # --- the map alone ----------------------------------------------------------------------
    @property
    def map_alone(self) -> bool:
        """Whether the window shows the map alone (F11)."""
        return self._before is not None

    def toggle_map_alone(self) -> None:
        """F11: the Map tab with every side panel hidden; again, the layout as it was."""
        if self._before is not None:
            hidden, tab = self._before
            self._before = None
            self._set_hidden(hidden)
            self.tabs.setCurrentIndex(tab)
            return
        self._before = (self.hidden(), self.tabs.currentIndex())
        self._set_hidden(set(self.panes))
        self.tabs.setCurrentWidget(self.board.panel)  # loads the board the first time
        self.board.panel.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    # --- the map's own window ---------------------------------------------------------------
    def toggle_map_window(self) -> MapWindow | None:
        """Ctrl+Alt+W: the map in a window of its own (a second screen); again, closed."""
        if self.map_window is not None:
            self.map_window.close()
            return None
        window = self.map_window = MapWindow(board=self.board, main=self.window,
                                             campaign=self.campaign())
        window.closed.connect(self._map_window_gone)
        window.show_map()
        self._show_state()
        return window

    def _map_window_gone(self) -> None:
        self.map_window = None
        self._show_state()
