"""The LIM panel on a club laptop's 1366×768 screen: nothing scrolls sideways, nothing cut."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted


def _inside(widget: QWidget, window: QWidget) -> bool:
    """The widget wholly inside the window (not cut by its edge nor hidden)."""
    top_left = widget.mapTo(window, QPoint(0, 0))
    return (widget.isVisible() and widget.width() > 0 and widget.height() > 0
            and window.rect().contains(QRect(top_left, widget.size())))


def pull(panel: Any, qtbot: QtBot, chit: str) -> None:
    """Choose ``chit`` in the cup and press Enter, as the umpire does after Ctrl+L."""
    qtbot.keyClick(panel.pool_list.window(), Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert panel.pool_list.hasFocus()
    found = panel.pool_list.findItems(chit, Qt.MatchFlag.MatchStartsWith)
    panel.pool_list.setCurrentItem(found[-1])
    with qtbot.waitSignal(panel.ops.campaign_changed):
        qtbot.keyClick(panel.pool_list, Qt.Key.Key_Return)


def test_at_1366x768_the_pool_and_activation_show_without_sideways_scrolling_BOW_2_BOW_5(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("battles-of-waterloo")
    window.resize(1366, 768)
    with qtbot.waitActive(window):
        window.show()
    panel = window.lim_panel
    # The Orders LIM first: its second option, and the army's roll of 10 fails (BOW-5);
    # then the Imperial Guard's C/D LIM (its seven units are the demo's largest command).
    pull(panel, qtbot, "French Orders")
    panel.option_box.setCurrentIndex(panel.option_box.findData("activate-command"))
    panel.option_button.click()
    panel.command_box.setCurrentIndex(panel.command_box.findText("Armée du Nord (French)"))
    panel.roll_box.setValue(10)
    panel.roll_button.click()
    failed = window.ops.lim.cup().current
    assert scripted(window).errors == [] and failed.success is False
    result = f"roll 10 vs {failed.rating}: failed (BOW-5)"
    pull(panel, qtbot, "Imperial Guard C/D")
    assert window.ops.lim.cup().current.lim == "Imperial Guard C/D"
    qtbot.wait(10)

    for part in (panel, panel.cup_part, panel.pool_list, panel.allowed, panel.activation_label,
                 panel.move_button, panel.hex_edit, panel.roll_button, panel.desk_roll_button,
                 panel.idle_button, panel.cup_button, panel.first_button, panel.draw_button):
        assert _inside(part, window), part.objectName() or part.text()
    # The pool in full: every chit, drawn and in the cup, on screen, none cut at the right.
    pool = panel.pool_list
    assert pool.horizontalScrollBar().maximum() == 0
    pool_view = pool.viewport().rect()
    texts = [pool.item(i).text() for i in range(pool.count())]
    assert any(t.endswith(result) for t in texts)
    for row in range(pool.count()):
        rect = pool.visualItemRect(pool.item(row))
        assert rect.right() <= pool_view.right(), texts[row]
        assert rect.bottom() <= pool_view.bottom(), f"{texts[row]} below the list's edge"
    # The activation: its roll said in full, on lines the label has room for.
    label = panel.activation_label
    assert "Imperial Guard C/D" in label.text()
    assert label.heightForWidth(label.width()) <= label.height()
    # The units under it: every column inside the table, the Guard's seven rows shown.
    table, header = panel.allowed, panel.allowed.horizontalHeader()
    assert table.horizontalScrollBar().maximum() == 0
    assert len(panel.allowed_model.rows()) == 7
    width = table.viewport().width()
    for column in range(panel.allowed_model.columnCount()):
        left = header.sectionViewportPosition(column)
        assert left >= 0 and left + header.sectionSize(column) <= width, column
        assert header.sectionSize(column) >= header.sectionSizeHint(column) * 0.6, column
    assert header.sectionSize(2) >= table.sizeHintForColumn(2)  # "BOW-2" never cut
    last = table.visualRect(panel.allowed_model.index(6, 0))
    assert last.bottom() <= table.viewport().height(), "the seventh unit is off the table"
    assert {row.clause for row in panel.allowed_model.rows()} == {"BOW-2"}


def test_the_bound_bar_above_the_narrower_order_table_shows_its_whole_label(
        make_window: Any, qtbot: QtBot) -> None:
    """At 1366×768 the order table's column is about as wide as the bound bar's one row: the
    label moved up (and wrapped) must not come back down beside the controls, cut."""
    window = make_window("battles-of-waterloo")
    window.resize(1366, 768)
    with qtbot.waitExposed(window):
        window.show()
    for row in window.table_model.rows()[:8]:
        window.select_unit(row.unit_id)
        qtbot.wait(5)
        label = window.bound_bar.label
        assert "game time" in label.text()
        assert _inside(label, window)
        assert label.heightForWidth(label.width()) <= label.height(), label.geometry()
