"""Small widget helpers that keep the window usable on a small laptop screen.

A combo box sizes itself to its longest item by default, and a row of them
can make the whole window wider than a 1366-pixel screen. These combos take
the width the layout gives them, down to a few characters, and their popup
still opens wide enough to read every item whole.

:class:`TypeSearchCombo` selects by typing an item's whole label, spaces
included ("column of march"): Qt's own combo opens its popup on Space, so a
label with a space in it misfired from the keyboard.
"""

from __future__ import annotations

import time

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QComboBox, QWidget

MIN_CHARS = 10  # the narrowest a combo gets: enough to tell its items apart
TYPING_PAUSE_S = 1.0  # a longer pause starts a new search, as in a file manager


class FittingCombo(QComboBox):
    """A combo whose list opens as wide as its longest item, whatever the box's width
    (issue 30: "the charge entry is cut off in the narrow rate list")."""

    def showPopup(self) -> None:
        fit_popup(self)  # measured as it opens: the items may have changed since
        super().showPopup()


class TypeSearchCombo(FittingCombo):
    """A combo that selects the first item whose label starts with what was typed.

    Typed text (Space included) accumulates while the keys come less than
    :data:`TYPING_PAUSE_S` apart; Alt+Down or F4 still open the list.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.typed = ""
        self._last = 0.0

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        plain = not event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier
                                          | Qt.KeyboardModifier.KeypadModifier)
        if plain and text and text.isprintable():
            now = time.monotonic()
            if now - self._last > TYPING_PAUSE_S:
                self.typed = ""
            self._last = now
            if text == " " and not self.typed:
                super().keyPressEvent(event)  # Space alone still opens the list
                return
            self.typed += text
            self.select_typed()
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Backspace, Qt.Key.Key_Escape) and self.typed:
            self.typed = "" if event.key() == Qt.Key.Key_Escape else self.typed[:-1]
            event.accept()
            return
        super().keyPressEvent(event)

    def select_typed(self) -> bool:
        """Select the first item starting with the typed text; False when none does."""
        wanted = self.typed.casefold()
        for index in range(self.count()):
            if self.itemText(index).casefold().startswith(wanted):
                self.setCurrentIndex(index)
                return True
        return False


def compact_combo(*, chars: int = MIN_CHARS, text_tip: bool = True,
                  parent: QWidget | None = None) -> QComboBox:
    """A combo box that may shrink to ``chars`` characters; its list opens whole.

    ``text_tip``: its tooltip is the chosen item's whole text, which a narrow box cuts short
    (False for a box that has a tooltip of its own).
    """
    combo = FittingCombo(parent)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(chars)
    if text_tip:
        combo.currentTextChanged.connect(combo.setToolTip)
    return combo


def fit_popup(combo: QComboBox) -> None:
    """Let the popup list be as wide as its longest item, whatever the box's width."""
    view = combo.view()
    scroll = view.verticalScrollBar().sizeHint().width() if combo.count() > \
        combo.maxVisibleItems() else 0
    view.setMinimumWidth(view.sizeHintForColumn(0) + 2 * view.frameWidth() + 24 + scroll)
