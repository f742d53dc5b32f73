"""A screen reader can name every control of the window, in each rules system; Tab moves on."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from desk.ui.accessibility import MAIN_WINDOW, apply_accessibility, unnamed


@pytest.mark.parametrize("system", ["belle-alliance", "battles-of-waterloo", "la-bataille"])
def test_every_interactive_widget_has_a_name(make_window: Any, system: str) -> None:
    window = make_window(system)
    window.show()
    window.select_unit(window.table_model.rows()[0].unit_id)
    assert unnamed(window) == []
    # and a description for those the table declares
    for path, _name, _description in MAIN_WINDOW:
        widget = window
        for part in path.split("."):
            widget = getattr(widget, part, None)
        if isinstance(widget, QWidget):
            assert widget.accessibleDescription(), path


def test_the_walk_finds_an_unnamed_control(qtbot: QtBot) -> None:
    root = QWidget()
    qtbot.addWidget(root)
    from PySide6.QtWidgets import QLineEdit, QVBoxLayout

    layout = QVBoxLayout(root)
    edit = QLineEdit(root)
    edit.setObjectName("nameless")
    layout.addWidget(edit)
    layout.addWidget(QPushButton("&Go", root))  # a button's text is its name
    assert unnamed(root) == ["QLineEdit 'nameless'"]
    edit.setAccessibleName("Where")
    assert unnamed(root) == []


def test_field_editors_speak_the_form_label(make_window: Any) -> None:
    window = make_window("belle-alliance")
    rate = window.form.editors["rate"]
    spec = next(s for s in window.form.specs if s.name == "rate")
    assert rate.accessibleName() == spec.label == "Rate of march"
    assert "BA-" in rate.accessibleDescription()


@pytest.mark.parametrize("system", ["belle-alliance", "battles-of-waterloo"])
def test_no_view_keeps_tab_to_itself(make_window: Any, system: str) -> None:
    window = make_window(system)
    views = window.findChildren(QAbstractItemView)
    assert views
    assert not [v.objectName() for v in views if v.tabKeyNavigation()]


def test_tab_leaves_the_order_table(make_window: Any, qtbot: QtBot) -> None:
    window = make_window()
    window.show()
    qtbot.waitExposed(window)
    window.table.setFocus()
    window.table.setCurrentIndex(window.table_proxy.index(0, 0))
    qtbot.keyClick(window.table, Qt.Key.Key_Tab)
    assert window.table.currentIndex().row() == 0
    assert not window.table.hasFocus()


def test_applying_twice_names_the_same_widgets(make_window: Any) -> None:
    window = make_window("battles-of-waterloo")
    assert apply_accessibility(window) == len(MAIN_WINDOW)
    assert apply_accessibility(make_window("la-bataille")) < len(MAIN_WINDOW)  # no LIM pool


def test_help_dialogs_name_their_controls(make_window: Any) -> None:
    window = make_window()
    for dialog in (window.help.show_keys(), window.help.show_clause("BA-1"),
                   window.help.show_about()):
        assert unnamed(dialog) == [], dialog.objectName()
        assert not [v for v in dialog.findChildren(QAbstractItemView) if v.tabKeyNavigation()]
