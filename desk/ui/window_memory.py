"""The window's size, place and splitters, saved as they change and restored at start.

Saved a moment after the umpire stops dragging (one single-shot timer, so a
resize by the mouse writes once, not a hundred times), and synced to disk
then: a crash or a power cut keeps the layout the umpire last gave, not the
one of the last clean quit. ``saveGeometry`` holds the maximized state too.

A remembered geometry is given back only where it still fits the screen the
window is on (a laptop undocked from its big monitor); otherwise, and on a
first start, :func:`fit_to_screen` sizes the window to the screen's available
room, maximised when the screen is smaller than the layout wants.
"""

from __future__ import annotations

import struct

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QSplitter, QWidget

from desk.ui.settings import (
    LEFT_SPLITTER,
    MAIN_SPLITTER,
    RIGHT_SPLITTER,
    WINDOW_GEOMETRY,
    WINDOW_STATE,
    Setting,
    Settings,
)

DELAY_MS = 300  # after the last move, resize or splitter drag
SPLITTERS: tuple[tuple[Setting[bytes], str], ...] = (
    (MAIN_SPLITTER, "main_splitter"), (LEFT_SPLITTER, "left_splitter"),
    (RIGHT_SPLITTER, "right_splitter"),
)
_WATCHED = (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.WindowStateChange)
WANTED = QSize(1440, 880)  # what the three panes like best


def available(window: QWidget) -> QRect:
    """The room on the window's screen (without task bars), or on the primary screen."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def fit_to_screen(window: QWidget, *, maximise: bool = False) -> None:
    """Size the window to :data:`WANTED`, or to the screen's room where that is less
    (``maximise``: then maximised too, as on a first start)."""
    room = available(window)
    size = WANTED.boundedTo(room.size())
    window.resize(size)
    if maximise and size != WANTED:
        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)


def saved_frame(geometry: bytes) -> QRect | None:
    """The frame rectangle inside ``saveGeometry()``'s bytes (None: not that format).

    Qt's own restore squeezes a too-big geometry onto the screen, so whether it
    fitted is read from the bytes: magic, version, then the frame as four int32
    (left, top, right, bottom), big-endian (QDataStream's QRect).
    """
    if len(geometry) < 24:
        return None
    magic, _major, _minor, left, top, right, bottom = struct.unpack(">IHH4i", geometry[:24])
    if magic != 0x1D9D0CB:
        return None
    return QRect(left, top, right - left + 1, bottom - top + 1)


def fits(geometry: QRect, room: QRect) -> bool:
    """Whether a window's frame lies on the screen's room (a few pixels of frame aside)."""
    return room.adjusted(-16, -16, 16, 16).contains(geometry)


class WindowMemory(QObject):
    """Keeps one main window's geometry and splitter sizes in the settings (see above)."""

    def __init__(self, *, window: QMainWindow, settings: Settings) -> None:
        super().__init__(window)  # goes with the window
        self.window = window
        self.settings = settings
        self.splitters: dict[Setting[bytes], QSplitter] = {}
        for setting, name in SPLITTERS:
            splitter = window.findChild(QSplitter, name)
            if splitter is not None:
                self.splitters[setting] = splitter
                splitter.splitterMoved.connect(self.changed)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DELAY_MS)
        self.timer.timeout.connect(self.save)
        window.installEventFilter(self)

    def restore(self) -> None:
        """Give the window the remembered geometry and splitter sizes (after it is shown)."""
        geometry = self.settings.get(WINDOW_GEOMETRY)
        frame = saved_frame(geometry) if geometry else None
        if frame is not None and fits(frame, available(self.window)):
            self.window.restoreGeometry(geometry)
        else:  # none yet, or a screen gone smaller: as on a first start
            fit_to_screen(self.window, maximise=True)
        state = self.settings.get(WINDOW_STATE)
        if state:
            self.window.restoreState(state)
        for setting, splitter in self.splitters.items():
            sizes = self.settings.get(setting)
            if sizes:
                splitter.restoreState(sizes)
        self.timer.stop()  # restoring is no change of the umpire's

    def changed(self, *_: object) -> None:
        """Something moved: save a moment after the last change."""
        self.timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() in _WATCHED:
            self.timer.start()
        return False

    def save(self) -> None:
        """Write the geometry and splitter sizes now, and sync them to disk."""
        self.timer.stop()
        self.settings.set(WINDOW_GEOMETRY, bytes(self.window.saveGeometry().data()))
        self.settings.set(WINDOW_STATE, bytes(self.window.saveState().data()))
        for setting, splitter in self.splitters.items():
            self.settings.set(setting, bytes(splitter.saveState().data()))
        self.settings.sync()
