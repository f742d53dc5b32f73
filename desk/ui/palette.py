"""Every colour the desk draws, in a light and a dark scheme, and the scheme in force.

The models ask :class:`DeskPalette` for a colour at ``data()`` time (it is
passed to them in their constructors), so a change of scheme only needs the
views repainted: :attr:`DeskPalette.changed` fires and the owners repaint.
The scheme follows the system's (``QStyleHints.colorScheme``) unless the
umpire chose one (the ``view/colour_scheme`` setting: system, light, dark).
When the scheme is dark and the platform draws light (or the other way
round), the application gets the Fusion style with this module's own
backgrounds, so the backgrounds the contrast test checks are those drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget

from desk.ui.accessibility import is_internal


class Scheme(StrEnum):
    """The scheme drawn."""

    LIGHT = "light"
    DARK = "dark"


class SchemeChoice(StrEnum):
    """What the umpire chose in the View menu."""

    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"


@dataclass(frozen=True)
class Colours:
    """One scheme: the backgrounds, then each colour the desk draws on them."""

    base: str  # tables, lists, line edits, combo popups
    alternate_base: str  # every other table row
    window: str  # labels, the bound bar, the form
    text: str  # ordinary text (on base and window)
    highlight: str  # the chosen row; also the focus frame in Fusion
    highlighted_text: str
    error: str  # findings that refuse, "showing bound N, read-only"
    warning: str  # findings that warn
    missing: str  # "no order" in the status column
    draft: str  # the pencil of an unsaved draft
    refused: str  # a choice the rules refuse to the unit's arm (combo popup)
    changed: str  # background of a value changed since the bound before
    note: str  # background of the "unsaved draft" note
    note_text: str
    note_border: str
    focus: str  # the focus frame of views and editors
    button: str
    disabled_text: str


LIGHT = Colours(
    base="#ffffff", alternate_base="#f3f3f3", window="#efefef", text="#1a1a1a",
    highlight="#1f5fa8", highlighted_text="#ffffff",
    error="#b3261e", warning="#7a5000", missing="#5f5f5f", draft="#7a5000",
    refused="#666666", changed="#fff2b3", note="#fff4ce", note_text="#5c4400",
    note_border="#a07a10", focus="#1f5fa8", button="#e6e6e6", disabled_text="#767676",
)
DARK = Colours(
    base="#1e1e1e", alternate_base="#282828", window="#2d2d2d", text="#e8e8e8",
    highlight="#3877c4", highlighted_text="#ffffff",
    error="#ff8f85", warning="#f2b84b", missing="#b4b4b4", draft="#f2b84b",
    refused="#a6a6a6", changed="#5b4a00", note="#3d3000", note_text="#ffe08a",
    note_border="#b08c2a", focus="#7fb2ff", button="#3a3a3a", disabled_text="#9a9a9a",
)
SCHEMES = {Scheme.LIGHT: LIGHT, Scheme.DARK: DARK}
# A QR code's ground, in either scheme: a phone's scanner looks for dark modules on light.
QR_GROUND = "#ffffff"

# (foreground, background, least contrast): each pair the desk draws. Text needs
# 4.5:1 (WCAG AA); the focus frame and the note's border are not text: 3:1.
PAIRS: tuple[tuple[str, str, float], ...] = (
    *((fg, bg, 4.5) for fg in ("text", "error", "warning", "missing", "draft", "refused")
      for bg in ("base", "alternate_base", "window")),
    ("text", "changed", 4.5), ("note_text", "note", 4.5),
    ("highlighted_text", "highlight", 4.5), ("disabled_text", "window", 3.0),
    ("text", "button", 4.5),
    ("focus", "base", 3.0), ("focus", "window", 3.0), ("note_border", "note", 3.0),
    # Fusion draws an editor's focus frame in the highlight colour, on base and window
    ("highlight", "base", 3.0), ("highlight", "window", 3.0),
)


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb``."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(first: str, second: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def qpalette(colours: Colours) -> QPalette:
    """A whole QPalette from a scheme (applied with the Fusion style)."""
    palette = QPalette()
    role = QPalette.ColorRole
    for name, roles in (
        ("window", (role.Window,)), ("base", (role.Base, role.ToolTipBase)),
        ("alternate_base", (role.AlternateBase,)), ("button", (role.Button,)),
        ("text", (role.WindowText, role.Text, role.ButtonText, role.ToolTipText)),
        ("highlight", (role.Highlight,)), ("highlighted_text", (role.HighlightedText,)),
        ("focus", (role.Link,)), ("disabled_text", (role.PlaceholderText,)),
    ):
        for each in roles:
            palette.setColor(each, QColor(getattr(colours, name)))
    disabled = QPalette.ColorGroup.Disabled
    for each in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(disabled, each, QColor(colours.disabled_text))
    return palette


class DeskPalette(QObject):
    """The scheme in force and its colours; ``changed`` fires when the scheme changes."""

    changed = Signal()
    chosen = Signal(str)  # the umpire's choice (a SchemeChoice value), to remember it

    def __init__(self, choice: SchemeChoice = SchemeChoice.SYSTEM,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._choice = choice
        hints = QGuiApplication.styleHints()
        self._system = hints.colorScheme()  # as the platform last said
        self._scheme = self._wanted()
        self._restyled = False  # True once this object set the application's palette
        hints.colorSchemeChanged.connect(self._system_changed)

    @property
    def choice(self) -> SchemeChoice:
        """What the umpire chose (system, light, dark)."""
        return self._choice

    @property
    def scheme(self) -> Scheme:
        """The scheme drawn."""
        return self._scheme

    @property
    def colours(self) -> Colours:
        """The colours of the scheme drawn."""
        return SCHEMES[self._scheme]

    def color(self, name: str) -> QColor:
        """One colour of the scheme drawn, by its name in :class:`Colours`."""
        return QColor(getattr(self.colours, name))

    def brush(self, name: str) -> QBrush:
        """As :meth:`color`, as a brush (for a model's Foreground/BackgroundRole)."""
        return QBrush(self.color(name))

    def hex(self, name: str) -> str:
        """As :meth:`color`, as ``#rrggbb`` (for rich text and style sheets)."""
        return str(getattr(self.colours, name))

    def note_style(self) -> str:
        """The style sheet of the "unsaved draft" note on the order form."""
        c = self.colours
        return (f"QLabel {{ background: {c.note}; color: {c.note_text}; "
                f"border: 1px solid {c.note_border}; padding: 2px 6px; }}")

    def qr_style(self) -> str:
        """The style sheet of a label showing a QR code: white around it in either scheme."""
        return f"QLabel {{ background: {QR_GROUND}; padding: 4px; }}"

    def show_focus(self, root: QWidget) -> None:
        """Frame the tables, trees and lists under ``root`` in the focus colour while they
        have the focus (a row's own focus mark is faint in either scheme)."""
        style = f"QAbstractItemView:focus {{ border: 2px solid {self.colours.focus}; }}"
        for view in root.findChildren(QAbstractItemView):
            if not is_internal(view):
                view.setStyleSheet(style)

    def set_choice(self, choice: SchemeChoice) -> None:
        """Follow the system, or draw light or dark whatever the system does."""
        self._choice = choice
        self._update()
        self.chosen.emit(choice.value)

    def apply(self) -> None:
        """Make the application draw this scheme's backgrounds (see the module text)."""
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return
        system_dark = self._system == Qt.ColorScheme.Dark
        drawn_dark = app.palette().color(QPalette.ColorRole.Base).lightness() < 128
        want_dark = self._scheme is Scheme.DARK
        if want_dark != drawn_dark or self._restyled or (want_dark and not system_dark):
            app.setStyle("Fusion")
            app.setPalette(qpalette(self.colours))
            self._restyled = True

    def _wanted(self) -> Scheme:
        if self._choice is SchemeChoice.SYSTEM:
            return Scheme.DARK if self._system == Qt.ColorScheme.Dark else Scheme.LIGHT
        return Scheme(self._choice.value)

    @staticmethod
    def choice_of(text: str) -> SchemeChoice:
        """A stored choice, or "system" for anything else (an old or edited setting)."""
        try:
            return SchemeChoice(text)
        except ValueError:
            return SchemeChoice.SYSTEM

    def _system_changed(self, scheme: Qt.ColorScheme) -> None:
        self._system = scheme
        if self._choice is SchemeChoice.SYSTEM:
            self._update()

    def _update(self) -> None:
        scheme = self._wanted()
        if scheme is not self._scheme:
            self._scheme = scheme
            self.apply()
            self.changed.emit()
