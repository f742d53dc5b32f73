"""Keyboard flow at the desk: the next order in view, combos that take typed labels, the filter."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot

from desk.ui.main_window import MainWindow
from desk.ui.orders.table import OrderTableModel
from desk.ui.widgets import TypeSearchCombo

CTRL = Qt.KeyboardModifier.ControlModifier


def _in_view(window: MainWindow, widget: Any) -> bool:
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def test_after_ctrl_enter_the_next_order_text_has_the_focus_and_is_in_view(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    window.resize(1366, 768)
    with qtbot.waitActive(window):
        window.show()
    window.orders.next_without_order()
    first = window.unit_id
    window.form.rows.toggle_from_keyboard()  # Ctrl+M: every field shown, so the form scrolls
    qtbot.waitUntil(lambda: window.form_scroll.verticalScrollBar().maximum() > 120)
    bar = window.form_scroll.verticalScrollBar()
    window.form.verbatim_edit.setPlainText("Hold the wood.")
    bar.setValue(bar.maximum())  # the umpire went down to the last field
    assert bar.maximum() > 0 and not _in_view(window, window.form.verbatim_edit)
    focused = QApplication.focusWidget() or window
    with qtbot.waitSignal(window.ops.campaign_changed):
        qtbot.keyClick(focused, Qt.Key.Key_Return, CTRL)
    assert window.unit_id != first
    assert QApplication.focusWidget() is window.form.verbatim_edit
    assert _in_view(window, window.form.verbatim_edit)


def test_f2_brings_the_order_text_into_view_from_anywhere(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    window.resize(1366, 768)
    with qtbot.waitActive(window):
        window.show()
    window.orders.next_without_order()
    window.form.rows.toggle_from_keyboard()  # Ctrl+M: every field shown, so the form scrolls
    qtbot.waitUntil(lambda: window.form_scroll.verticalScrollBar().maximum() > 120)
    bar = window.form_scroll.verticalScrollBar()
    bar.setValue(bar.maximum())
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_F2)
    assert QApplication.focusWidget() is window.form.verbatim_edit
    assert _in_view(window, window.form.verbatim_edit)


@pytest.mark.parametrize("system", ["belle-alliance", "battles-of-waterloo", "la-bataille"])
def test_a_drop_down_selects_a_typed_label_spaces_included(make_window: Any, qtbot: QtBot,
                                                           system: str) -> None:
    window = make_window(system)
    window.show()
    window.orders.next_without_order()
    # a choice refused to this unit's arm reads "general order — not for artillery"
    spaced = [(box, box.itemText(i).split(" — ")[0]) for box in window.form.editors.values()
              if isinstance(box, QComboBox) for i in range(1, box.count())
              if " " in box.itemText(i).split(" — ")[0]]
    assert spaced, "no choice with a space in its label"
    box, label = spaced[-1]  # the last: its start is shared least ("column of m…")
    assert isinstance(box, TypeSearchCombo)
    box.setFocus()
    box.setCurrentIndex(0)
    qtbot.keyClicks(box, label)
    assert box.currentText().split(" — ")[0] == label
    assert not box.view().isVisible()  # Space typed no popup open


def test_enter_in_the_filter_goes_to_the_first_match_and_its_order_text(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    with qtbot.waitActive(window):
        window.show()
    wanted = window.table_model.rows()[5]
    window.focus_filter()
    qtbot.keyClicks(window.filter_edit, wanted.unit)
    qtbot.keyClick(window.filter_edit, Qt.Key.Key_Return)
    first = window.table_proxy.index(0, 0).data(OrderTableModel.UnitIdRole)
    assert window.unit_id == first
    assert window.form.unit_id == first
    assert QApplication.focusWidget() is window.form.verbatim_edit


def test_the_form_never_shows_a_unit_the_filter_hides(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    window.show()
    rows = window.table_model.rows()
    french = next(r for r in rows if r.side == "French")
    window.select_unit(french.unit_id)
    window.side_box.setCurrentIndex(window.side_box.findData("Prussian"))
    shown = next(r for r in rows if r.unit_id == window.form.unit_id)
    assert shown.side == "Prussian"
    assert window.unit_id == shown.unit_id == window.unit_panel.data.unit.id
    window.filter_edit.setText("no unit is called this")
    assert window.form.context is None and window.unit_id is None
    assert "filter" in window.form.header.text()
    window.filter_edit.clear()  # and the filter put back keeps what is listed
    assert window.table_proxy.rowCount() > 0
