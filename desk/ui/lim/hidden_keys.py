"""The cup's keys while the LIM panel is hidden: a chit is recorded with the map alone on screen.

The map alone (F11) hides the LIM panel, and a hidden button's shortcut does not
fire. So while the cup is hidden the window answers the cup's own keys itself:
Ctrl+L opens the list of the chits still in the cup over the map (the arrow
keys choose, Enter records the chit as pulled out at the table, Escape
records nothing), Ctrl+Shift+G lets the desk draw, Ctrl+Shift+L builds the
turn's pool. Each step is the panel's own (its controller, its questions,
its undo); the status line then says the activation drawn and the units it
lets move, and the keyboard stays where it was (the map). While the cup is
shown these window keys are off, so a key never means two things.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence, QTextDocument
from PySide6.QtWidgets import QApplication, QMenu, QPushButton, QWidget

from desk.ui.lim import view as lim_view
from desk.ui.lim.models import CHIT_ROLE

if TYPE_CHECKING:
    from desk.ui.lim.panel import LimPanel


class HiddenLimKeys(QObject):
    """The window's stand-ins for the cup's keys while the cup is hidden (see the module text)."""

    def __init__(self, *, panel: LimPanel, window: QWidget,
                 show_status: Callable[[str], None]) -> None:
        super().__init__(window)
        self.panel, self.window, self.show_status = panel, window, show_status
        self.menu: QMenu | None = None  # the cup's chits, while open
        self.actions: list[QAction] = []
        for button in (panel.build_button, panel.draw_button):
            self._add(button.shortcut(), self._clicker(button))
        self._add(panel.cup_key.key(), self.open_cup)
        panel.cup_part.installEventFilter(self)
        window.installEventFilter(self)  # a cup hidden before the window is first shown
        self.follow()

    def _add(self, key: QKeySequence, slot: Callable[[], object]) -> None:
        action = QAction(self.window)
        action.setObjectName(f"hidden_lim_{key.toString().lower()}")
        action.setShortcut(key)
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _checked=False: slot())
        self.window.addAction(action)
        self.actions.append(action)

    @property
    def active(self) -> bool:
        """Whether the window answers the cup's keys (the cup is hidden)."""
        return not self.panel.cup_part.isVisibleTo(self.window)

    def follow(self) -> None:
        """The window's keys on while the cup is hidden, off while it is shown."""
        for action in self.actions:
            action.setEnabled(self.active)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            self.follow()
        return False

    def _clicker(self, button: QPushButton) -> Callable[[], None]:
        def click() -> None:
            if button.isEnabled():  # the panel's own rule: no draw from an empty cup
                self._keeping_focus(button.click)
        return click

    def open_cup(self) -> QMenu | None:
        """Ctrl+L: the chits in the cup, over the map; choosing one records it as pulled."""
        if not self.panel.cup_button.isEnabled():
            return None
        cup = self.panel.cup
        menu = self.menu = QMenu(self.window)
        menu.setObjectName("hidden_cup_menu")
        menu.setAccessibleName(self.tr("Chits in the cup"))
        menu.addSection(self.tr("Pulled from the cup:"))
        for chit in (cup.in_cup if cup is not None else ()):
            menu.addAction(chit).setData(chit)
        menu.triggered.connect(lambda action: self._keeping_focus(
            lambda: self._record(str(action.data()))))
        menu.aboutToHide.connect(menu.deleteLater)
        where = QApplication.focusWidget()
        anchor = where if where is not None and where.window() is self.window else self.window
        size = menu.sizeHint()  # in the middle of the map (Qt keeps it on the screen)
        menu.popup(anchor.mapToGlobal(anchor.rect().center())
                   - QPoint(size.width() // 2, size.height() // 2))
        if menu.actions():
            menu.setActiveAction(menu.actions()[1] if len(menu.actions()) > 1
                                 else menu.actions()[0])
        return menu

    def _record(self, chit: str) -> None:
        found = [self.panel.pool_list.item(row) for row in range(self.panel.pool_list.count())
                 if self.panel.pool_list.item(row).data(CHIT_ROLE) == chit]
        if found:
            self.panel.pool_list.setCurrentItem(found[0])
            self.panel.controller.record_pulled()

    def _keeping_focus(self, step: Callable[[], None]) -> None:
        """Take a step, then say what was drawn; the keyboard stays in the view it was in
        (the panel hands it to its own next step, hidden)."""
        before = QApplication.focusWidget()
        drawn = len(self.panel.cup.activations) if self.panel.cup is not None else 0
        step()
        after = QApplication.focusWidget()
        if before is not None and (after is None or not after.isVisible()):
            before.setFocus(Qt.FocusReason.OtherFocusReason)
        cup = self.panel.cup
        if cup is not None and len(cup.activations) > drawn:
            self.show_status(self.said())

    def said(self) -> str:
        """The current activation in one line, and the units it lets move."""
        page = QTextDocument()
        page.setHtml(lim_view.activation_html(self.panel.cup))
        text = " · ".join(line for line in page.toPlainText().splitlines() if line)
        units = [row.unit for row in self.panel.allowed_model.rows()]
        if units:
            text = self.tr("{activation} — may move: {units}").format(
                activation=text, units=", ".join(units))
        return text
