"""The Qt binding must not lose references to None while the desk is used (issue 13).

PySide6-Essentials 6.12.0 on Python 3.11 drops one reference to ``None`` on many
void calls (setText, setFocus, update...): the desk's own window loses about ten
per keystroke and CPython aborts with ``Fatal Python error: none_dealloc`` after
a few thousand. pyproject.toml keeps 6.12 off Python 3.11; this test drives the
desk's own widgets (typing in the order form, the table's selection, resizes,
saving orders, undo and redo) and watches ``sys.getrefcount(None)``.

From Python 3.12 on None is immortal: its count is a constant and cannot drift, so the
test is skipped there (it could not fail); the soak drives the same window on that Python
(.ci/run runs it on the newest one).
"""

from __future__ import annotations

import gc
import sys
from typing import Any

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.ui.main_window import MainWindow

pytestmark = pytest.mark.skipif(
    sys.version_info >= (3, 12),
    reason="None is immortal from Python 3.12: its reference count cannot drift")

CTRL = Qt.KeyboardModifier.ControlModifier
ROUNDS = 60  # each round: ~25 keystrokes, a save, an undo, a redo, selections, resizes
# Caches that legitimately hold None (a first-time import, a memo) may add a few
# references; a leaking binding loses thousands over these rounds.
TOLERANCE = 50


def _round(qtbot: QtBot, window: MainWindow, number: int) -> None:
    table = window.table
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_Down)
    qtbot.keyClick(table, Qt.Key.Key_Up if number % 2 else Qt.Key.Key_Down)
    qtbot.keyClick(table, Qt.Key.Key_F2)
    edit = window.form.verbatim_edit
    qtbot.keyClick(edit, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(edit, f"Advance to the ridge {number}.")
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    before = window.ops.undo_stack.count()
    qtbot.keyClick(edit, Qt.Key.Key_Return, CTRL)  # save and next
    if window.ops.undo_stack.count() > before:
        window.ops.undo_stack.undo()
        window.ops.undo_stack.redo()
    window.resize(QSize(1200 + number % 7 * 20, 800 - number % 5 * 10))
    window.filter_edit.setText("" if number % 3 else "a")
    QApplication.processEvents()


def test_driving_the_window_keeps_the_references_to_none(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    scripted(window).reason = "Umpire's ruling"  # an order with an error is overruled, not lost
    with qtbot.waitActive(window):
        window.show()
    for number in range(3):  # warm-up: first-time imports, caches, lazy widgets
        _round(qtbot, window, number)
    gc.collect()  # objects waiting for the collector hold references to None too
    start = sys.getrefcount(None)
    for number in range(ROUNDS):
        _round(qtbot, window, number)
        # Checked every round: a leaking binding would otherwise abort the whole
        # pytest process (none_dealloc) before any assertion could report it.
        drift = sys.getrefcount(None) - start
        assert drift > -TOLERANCE * 20, _lost(-drift, number + 1)
    gc.collect()
    drift = sys.getrefcount(None) - start
    print(f"\nNone refcount drift over {ROUNDS} rounds: {drift}")  # figure for -s runs
    assert window.ops.undo_stack.count() > 0, "the rounds saved no order: the test drove nothing"
    assert drift > -TOLERANCE, _lost(-drift, ROUNDS)


def _lost(count: int, rounds: int) -> str:
    return (f"{count} references to None lost over {rounds} rounds of typing and saving: "
            f"the Qt binding leaks None (Python {sys.version.split()[0]}); CPython will abort "
            "with 'none_dealloc'. Check the PySide6 bounds in pyproject.toml.")
