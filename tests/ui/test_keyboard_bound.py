"""A whole bound at the desk from the keyboard only, in each rules system (issue 7's "done when").

The umpire presses keys, nothing else: Ctrl+J to the first unit without an
order, types the order as written, Tab to the fields, arrow keys in a combo
box, Ctrl+Enter to save and move on, Ctrl+Shift+B to close the bound (the
summary is confirmed by the scripted dialogs, as a person would press Enter).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def _press(qtbot: Any, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
           ) -> None:
    widget = QApplication.focusWidget()
    assert widget is not None, "the keyboard has nowhere to go"
    qtbot.keyClick(widget, key, modifier)


def _enter_order(qtbot: Any, window: Any, text: str, *, tabs_to_rate: int | None) -> int:
    """Type one order with keys; return the unit it was for."""
    unit = window.unit_id
    assert QApplication.focusWidget() is window.form.verbatim_edit
    qtbot.keyClicks(window.form.verbatim_edit, text)
    if tabs_to_rate is not None:  # Tab to the first field, then one step down its list
        for _ in range(tabs_to_rate):
            _press(qtbot, Qt.Key.Key_Tab)
        combo = QApplication.focusWidget()
        assert isinstance(combo, QComboBox)
        _press(qtbot, Qt.Key.Key_Down)
    with qtbot.waitSignal(window.ops.campaign_changed):
        _press(qtbot, Qt.Key.Key_Return, CTRL)
    return unit


@pytest.mark.parametrize("system", ["belle-alliance", "battles-of-waterloo", "la-bataille"])
def test_a_whole_bound_from_the_keyboard(make_window: Any, qtbot: Any, system: str) -> None:
    window = make_window(system)
    with qtbot.waitActive(window):
        window.show()
    # If a keyed choice draws an error finding, the umpire overrules it with this reason.
    window.dialogs.reason = "Umpire's ruling at the table"
    window.table.setFocus()
    _press(qtbot, Qt.Key.Key_J, CTRL)  # first unit without an order, cursor in its form
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.form.verbatim_edit)

    written = [
        _enter_order(qtbot, window, "Hold where you stand.", tabs_to_rate=None),
        _enter_order(qtbot, window, "Advance on the village.", tabs_to_rate=1),
        _enter_order(qtbot, window, "Follow the brigade.", tabs_to_rate=None),
    ]
    assert len(set(written)) == 3  # Ctrl+Enter moved on to a new unit each time
    rows = {r.unit_id: r for r in window.table_model.rows()}
    assert all(rows[u].status in ("accepted", "overruled") for u in written)
    assert rows[written[1]].summary != rows[written[0]].summary  # the arrow key changed a field

    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000,
                          check_params_cb=lambda kind: kind == "bound"):
        _press(qtbot, Qt.Key.Key_B, CTRL_SHIFT)
    assert "close" in window.dialogs.asked
    assert window.ops.context.current_bound == 2
    assert all(r.status == "none" for r in window.table_model.rows())  # bound 2 is empty
    window.select_unit(written[0])
    assert [entry.bound for entry in window.unit_panel.data.history] == [1, 2]
