"""The order form's hex fields: the recorded hex shown, or the umpire asked for one.

A La Bataille unit without a recorded position is never refused for it: its
"Hex now" field is framed in the note colours and reads "not recorded: which
hex?" until the umpire types one (the findings ask too, LB_HEX_ASKED). With a
recorded hex the field shows it as its placeholder ("1410 (recorded)"): left
empty, the recorded hex is used.

In road march between two road hexes, "Hexes on the way" shows the road hexes
the desk counted along the scenario's road as its placeholder ("4 along the road
(measured)"), the working in its tooltip; a typed count overrides it.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLineEdit, QWidget

from desk.rules.coerce import as_mapping
from desk.services.positions.situation import MEASURED, ROAD_HEXES
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


def show_measured_road(editor: QWidget | None, *, situation: Mapping[str, object],
                       default: tuple[str, str]) -> bool:
    """Show the road hexes measured along the road in the "Hexes on the way" field, or its
    ``default`` placeholder and tooltip; True when a measured count is shown."""
    if not isinstance(editor, QLineEdit):
        return False
    working = as_mapping(situation.get(MEASURED)).get(ROAD_HEXES)
    count = situation.get(ROAD_HEXES)
    if working and count is not None and not editor.text().strip():
        editor.setPlaceholderText(translate("OrderForm", "{n} along the road (measured)")
                                  .format(n=count))
        editor.setToolTip(translate("OrderForm", "measured: {working}. Type a count to "
                                    "override it.").format(working=working))
        return True
    editor.setPlaceholderText(default[0])
    editor.setToolTip(default[1])
    return False
