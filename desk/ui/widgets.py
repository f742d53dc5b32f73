"""Small widget helpers that keep the window usable on a small laptop screen.

A combo box sizes itself to its longest item by default, and a row of them
can make the whole window wider than a 1366-pixel screen. These combos take
the width the layout gives them, down to a few characters, and their popup
still opens wide enough to read every item whole.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

MIN_CHARS = 10  # the narrowest a combo gets: enough to tell its items apart


def compact_combo(*, chars: int = MIN_CHARS, text_tip: bool = True,
                  parent: QWidget | None = None) -> QComboBox:
    """A combo box that may shrink to ``chars`` characters (call :func:`fit_popup` once filled).

    ``text_tip``: its tooltip is the chosen item's whole text, which a narrow box cuts short
    (False for a box that has a tooltip of its own).
    """
    combo = QComboBox(parent)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(chars)
    if text_tip:
        combo.currentTextChanged.connect(combo.setToolTip)
    return combo


def fit_popup(combo: QComboBox) -> None:
    """Let the popup list be as wide as its longest item, whatever the box's width."""
    view = combo.view()
    view.setMinimumWidth(view.sizeHintForColumn(0) + 2 * view.frameWidth() + 24)
