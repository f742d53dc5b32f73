"""A dock whose content is built the first time it is shown.

Start-up is the umpire's wait before every evening of play: a dock hidden at
first show (the courier ledger) costs its modules, its widgets and its reads
for nothing. :class:`LazyDock` stands in the window with its title and object
name from the start (so the View menu, the saved window state and Ctrl+Alt+K
find it), and builds the real panel when it first becomes visible, whether
the umpire asked for it or the window's saved state brought it back.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDockWidget, QWidget


class LazyDock(QDockWidget):
    """A dock that calls ``build(dock)`` for its widget when it is first shown."""

    def __init__(self, title: str, parent: QWidget, *, name: str,
                 build: Callable[[QDockWidget], QWidget]) -> None:
        super().__init__(title, parent)
        self.setObjectName(name)
        self.setAccessibleName(title)
        self._build: Callable[[QDockWidget], QWidget] | None = build
        self.visibilityChanged.connect(self._visible)

    @property
    def built(self) -> bool:
        """True once the content has been built."""
        return self._build is None

    def content(self) -> QWidget:
        """The dock's panel, built now if it was not yet."""
        if self._build is not None:
            build, self._build = self._build, None
            self.setWidget(build(self))
        widget = self.widget()
        assert widget is not None
        return widget

    def _visible(self, visible: bool) -> None:
        if visible:
            self.content()
