"""The order form fits a 1366×768 laptop (issue 30): the usual fields in sight, the rare folded.

Belle Alliance's thirteen fields showed eight and a scroll bar. Now the flags share rows and
the fields most orders leave empty (segment, direction, terrain, obstacles, manoeuvres, units
passed through: ``rare`` in the rules' field list) fold behind "More fields", Ctrl+M, which
puts the cursor in the first of them. An order that uses a rare field shows it at once.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from desk.ui.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier
RARE_BA = ("segment", "direction", "terrain", "obstacles", "manoeuvres", "pass_through")


def _laptop(make_window: Any, qtbot: QtBot, system: str) -> MainWindow:
    window: MainWindow = make_window(system)
    window.resize(1366, 768)
    with qtbot.waitActive(window):
        window.show()
    return window


@pytest.mark.parametrize("system", ["belle-alliance", "battles-of-waterloo", "la-bataille"])
def test_every_unit_s_usual_fields_fit_without_scrolling_at_1366x768(
        make_window: Any, qtbot: QtBot, system: str) -> None:
    window = _laptop(make_window, qtbot, system)
    bar = window.form_scroll.verticalScrollBar()
    for row in list(window.table_model.rows())[::4]:  # every fourth unit: each arm
        window.select_unit(row.unit_id)
        qtbot.wait(1)  # the form pane grows after the form has laid out its rows
        QApplication.processEvents()
        assert bar.maximum() == 0, f"{row.unit}: the form scrolls by {bar.maximum()} px"
        for name, editor in window.form.editors.items():
            spec = next(s for s in window.form.specs if s.name == name)
            assert editor.isVisible() is (not spec.rare), name


def test_ctrl_m_opens_the_rare_fields_with_the_cursor_in_the_first(
        make_window: Any, qtbot: QtBot) -> None:
    window = _laptop(make_window, qtbot, "belle-alliance")
    window.orders.next_without_order()
    form = window.form
    assert not any(form.editors[n].isVisible() for n in RARE_BA)
    form.verbatim_edit.setFocus()
    qtbot.keyClick(form.verbatim_edit, Qt.Key.Key_M, CTRL)
    assert all(form.editors[n].isVisible() for n in RARE_BA)
    assert QApplication.focusWidget() is form.editors["segment"]
    assert "Fewer fields" in form.rows.more_button.text()
    qtbot.keyClick(form.editors["segment"], Qt.Key.Key_M, CTRL)
    assert not any(form.editors[n].isVisible() for n in RARE_BA)


def test_tab_runs_through_the_usual_fields_only_while_the_rare_are_folded(
        make_window: Any, qtbot: QtBot) -> None:
    window = _laptop(make_window, qtbot, "belle-alliance")
    window.orders.next_without_order()
    form = window.form
    form.verbatim_edit.setFocus()
    seen: list[QWidget] = []
    for _ in range(8):
        focused = QApplication.focusWidget()
        assert focused is not None
        qtbot.keyClick(focused, Qt.Key.Key_Tab)
        widget = QApplication.focusWidget()
        assert widget is not None
        seen.append(widget)
        if widget is form.save_button:
            break
    names = {editor: name for name, editor in form.editors.items()}
    tabbed = [names[w] for w in seen if w in names]
    assert tabbed[:5] == ["rate", "destination", "fire", "attack", "formation"]  # not "as far as
    # possible": the desk sets it
    assert "formation" in tabbed and "crossing" in tabbed
    assert not set(tabbed) & set(RARE_BA)
    assert form.save_button in seen  # Tab reaches Save after the usual fields


def test_an_order_using_a_rare_field_shows_it_and_the_next_unit_folds_it_again(
        make_window: Any, qtbot: QtBot) -> None:
    window = _laptop(make_window, qtbot, "belle-alliance")
    unit = next(r.unit_id for r in window.table_model.rows() if r.unit == "1/5e Ligne")
    window.select_unit(unit)
    form = window.form
    form.rows.show_for({})
    assert not form.editors["pass_through"].isVisible()
    form.show_draft("Pass through 2/5e Ligne", {"pass_through": "2/5e Ligne"},
                    saved_at="2026-12-02 21:04")
    assert form.editors["pass_through"].isVisible() and form.rows.rare_shown
    next_unit = next(r.unit_id for r in window.table_model.rows() if r.unit == "2/5e Ligne")
    window.select_unit(next_unit)  # an empty order: folded again (the umpire did not open it)
    assert not form.rows.rare_shown
