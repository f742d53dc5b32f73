"""The order form's hex fields: the recorded hex shown, or the umpire asked for one.

A La Bataille unit without a recorded position is never refused for it: its
"Hex now" field is framed in the note colours and reads "not recorded: which
hex?" until the umpire types one (the findings ask too, LB_HEX_ASKED). With a
recorded hex the field shows it as its placeholder ("1410 (recorded)"): left
empty, the recorded hex is used.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLineEdit, QWidget

from desk.ui.palette import DeskPalette

translate = QCoreApplication.translate  # lupdate reads translate("OrderForm", "...") calls


def asked_style(palette: DeskPalette) -> str:
    """The frame of a field the desk asks the umpire to fill (the draft note's colours)."""
    c = palette.colours
    return (f"QLineEdit {{ background: {c.note}; color: {c.note_text}; "
            f"border: 2px solid {c.note_border}; }}")


def show_recorded_hex(editor: QWidget | None, *, recorded: str, has_map: bool,
                      palette: DeskPalette) -> bool:
    """Show the recorded hex in the field, or ask for one; True when it asks."""
    if not isinstance(editor, QLineEdit):
        return False
    asked = has_map and not recorded and not editor.text().strip()
    editor.setPlaceholderText(
        translate("OrderForm", "{hex} (recorded)").format(hex=recorded) if recorded
        else translate("OrderForm", "not recorded: which hex?"))
    editor.setProperty("asked", asked)
    editor.setStyleSheet(asked_style(palette) if asked else "")
    return asked
