"""The written words drive the order's fields, from the keyboard (issue 30).

In a table trial "Hold" and "Halt" were saved as "normal, as far as possible"
(BA-1's default rate, BA-2's "as far as possible"): the warning's link could not
be reached by Tab. Now the words set a field still at its default as they are
typed; a field the umpire set by hand keeps its value, the words' value is
offered in the status line as Ctrl+U, and Ctrl+Enter asks once (use the words /
keep the fields) before it saves such an order. Ctrl+H writes and saves a hold
in the system's own terms (Belle Alliance's halt, data ``halt.moves_cm``;
Battles of Waterloo's "no movement", BOW-5/BOW-7; La Bataille's hold position,
data ``hold.mp_spent``). Real window, real keys, real campaign file.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from desk.ui.dialogs import Dialogs
from desk.ui.main_window import MainWindow
from desk.ui.typed_ahead import SETTLE_MS

CTRL = Qt.KeyboardModifier.ControlModifier
FARM = "4e Chasseurs à cheval"


def _unit(window: MainWindow, name: str) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == name)


def _saved(window: Any, unit_id: int) -> Any:
    context = window.ops.form_context(unit_id, window.ops.context.current_bound)
    return context.order


def _shown(qtbot: Any, window: Any, name: str = FARM) -> int:
    window.resize(1366, 768)
    with qtbot.waitActive(window):
        window.show()
    unit = _unit(window, name)
    window.select_unit(unit)
    window.focus_form()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.form.verbatim_edit)
    return unit


def _ctrl(qtbot: Any, key: Qt.Key) -> None:
    widget = QApplication.focusWidget()
    assert widget is not None
    qtbot.keyClick(widget, key, CTRL)


def test_typing_hold_the_farm_and_saving_gives_a_halt_BA_1_BA_2(make_window: Any,
                                                                qtbot: Any) -> None:
    """BA-1/BA-2 would make it "normal, as far as possible"; the words make it a halt."""
    window = make_window("belle-alliance")
    unit = _shown(qtbot, window)
    qtbot.keyClicks(window.form.verbatim_edit, "Hold the farm")
    assert window.form.editors["rate"].currentData() == "halt"  # at once: it was the default
    assert window.word_offer.text() == ""  # words and fields agree: nothing to offer
    with qtbot.waitSignal(window.ops.campaign_changed):
        _ctrl(qtbot, Qt.Key.Key_Return)
    order = _saved(window, unit)
    assert order.fields == {"rate": "halt"} and order.verbatim == "Hold the farm"
    assert window.dialogs.asked == []  # no question: they agreed
    assert window.unit_id != unit  # Ctrl+Enter moved on


def test_the_words_follow_as_the_text_is_rewritten_until_a_field_is_set_by_hand(
        make_window: Any, qtbot: Any) -> None:
    window = make_window("belle-alliance")
    _shown(qtbot, window)
    form = window.form
    qtbot.keyClicks(form.verbatim_edit, "Halt")
    assert form.editors["rate"].currentData() == "halt"
    form.verbatim_edit.selectAll()
    qtbot.keyClicks(form.verbatim_edit, "Charge the guns")
    assert form.editors["rate"].currentData() == "charge"  # the words set it: it follows
    form.verbatim_edit.selectAll()
    qtbot.keyClicks(form.verbatim_edit, "March on")
    assert form.editors["rate"].currentData() is None  # back to BA-1's default


def test_words_and_fields_that_disagree_ask_before_saving_BA_1(make_window: Any,
                                                               qtbot: Any) -> None:
    window = make_window("belle-alliance")
    unit = _shown(qtbot, window)
    form, dialogs = window.form, window.dialogs
    dialogs.reason = "Umpire's ruling"  # fast for a unit in line is BA-8's to refuse
    rate = form.editors["rate"]
    rate.setFocus()
    qtbot.keyClick(rate, Qt.Key.Key_Down)  # by hand: normal (default) → fast
    assert rate.currentData() == "fast"
    form.verbatim_edit.setFocus()
    qtbot.keyClicks(form.verbatim_edit, "Hold the farm")
    assert rate.currentData() == "fast"  # the umpire's choice stands
    assert window.word_offer.text() == "Ctrl+U: use rate of march = halt"  # the status line
    qtbot.wait(50)  # the layout of the hint and the status line, as the event loop runs it
    window.grab().save("/tmp/w2h/words_disagree.png")

    dialogs.words_choice = None  # Esc: back to the form, nothing saved
    _ctrl(qtbot, Qt.Key.Key_Return)
    assert dialogs.asked == [f"words:{FARM}:Ctrl+U: use rate of march = halt"]
    assert _saved(window, unit) is None and window.unit_id == unit

    dialogs.words_choice = "fields"  # keep the fields: saved as typed, the warning kept
    with qtbot.waitSignal(window.ops.campaign_changed):
        _ctrl(qtbot, Qt.Key.Key_Return)
    order = _saved(window, unit)
    assert order.fields["rate"] == "fast"
    assert "WORDS_DISAGREE" in {f.code for f in order.findings}

    window.select_unit(unit)  # and again, the words this time
    dialogs.words_choice = "words"
    window.focus_form()
    with qtbot.waitSignal(window.ops.campaign_changed):
        _ctrl(qtbot, Qt.Key.Key_Return)
    assert _saved(window, unit).fields["rate"] == "halt"


def test_ctrl_u_in_the_order_text_uses_the_words(make_window: Any, qtbot: Any) -> None:
    window = make_window("belle-alliance")
    _shown(qtbot, window)
    form = window.form
    form.editors["rate"].setFocus()
    qtbot.keyClick(form.editors["rate"], Qt.Key.Key_Down)  # fast, by hand
    form.verbatim_edit.setFocus()
    qtbot.keyClicks(form.verbatim_edit, "Form square and hold")
    assert form.verbatim_edit.hasFocus()
    _ctrl(qtbot, Qt.Key.Key_U)  # the text box must leave the key to the window
    assert form.editors["rate"].currentData() == "halt"
    assert form.editors["formation"].currentData() == "square"
    assert form.verbatim_edit.toPlainText() == "Form square and hold"  # text untouched
    assert window.word_offer.text() == ""
    _ctrl(qtbot, Qt.Key.Key_U)  # nothing left to use: the status line says so
    assert window.statusBar().currentMessage() == ("The written words and the fields agree: "
                                                   "nothing to use.")


@pytest.mark.parametrize(("system", "hold"), [
    ("belle-alliance", {"rate": "halt"}),  # data halt.moves_cm
    ("battles-of-waterloo", {"movement": "none"}),  # BOW-5, BOW-7: no movement
    ("la-bataille", {"hold": True}),  # data hold.mp_spent
])
def test_ctrl_h_writes_and_saves_a_hold_for_the_chosen_unit_BOW_5(
        make_window: Any, qtbot: Any, system: str, hold: dict[str, Any]) -> None:
    window = make_window(system)
    unit = next(r.unit_id for r in window.table_model.rows() if r.order_id is None)
    window.resize(1366, 768)
    with qtbot.waitActive(window):
        window.show()
    window.select_unit(unit)
    window.table.setFocus()  # anywhere in the window
    with qtbot.waitSignal(window.ops.campaign_changed):
        _ctrl(qtbot, Qt.Key.Key_H)
    order = _saved(window, unit)
    completed = window.ops.system.complete(order.fields).fields
    assert order.verbatim == "Hold" and hold.items() <= completed.items()
    assert window.unit_id != unit  # on to the next unit without an order, as Ctrl+Enter


def test_ctrl_h_keeps_what_is_written_and_asks_nothing(make_window: Any, qtbot: Any) -> None:
    """The key is the umpire's choice: a text whose words say otherwise is not a question."""
    window = make_window("belle-alliance")
    unit = _shown(qtbot, window)
    qtbot.keyClicks(window.form.verbatim_edit, "Advance, then hold the crossroads")
    with qtbot.waitSignal(window.ops.campaign_changed):
        _ctrl(qtbot, Qt.Key.Key_H)
    order = _saved(window, unit)
    assert order.fields["rate"] == "halt"
    assert order.verbatim == "Advance, then hold the crossroads"
    assert window.dialogs.asked == []


def test_ctrl_h_where_the_system_has_no_hold_says_so(make_window: Any, qtbot: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Every system the desk has today holds; a system without would say it in the line."""
    window = make_window("belle-alliance")
    unit = _shown(qtbot, window)
    monkeypatch.setattr(window.form.system, "hold_fields", lambda: {})
    _ctrl(qtbot, Qt.Key.Key_H)
    assert window.statusBar().currentMessage() == ("Belle Alliance has no order to hold: "
                                                   "write the order in its fields.")
    assert _saved(window, unit) is None


def test_the_question_is_answered_from_the_keyboard(qtbot: Any) -> None:
    """The real box: F keeps the fields, Enter uses the words, Esc goes back; a W typed
    ahead of the box (the next order's first letter) chooses nothing."""
    answers: list[str | None] = []
    for key in (Qt.Key.Key_F, Qt.Key.Key_Return, Qt.Key.Key_Escape):
        def typed_ahead() -> None:
            box = QApplication.activeModalWidget()
            assert isinstance(box, QMessageBox)
            qtbot.keyClick(box, Qt.Key.Key_W)

        def press(key: Qt.Key = key) -> None:
            box = QApplication.activeModalWidget()
            assert isinstance(box, QMessageBox)
            qtbot.keyClick(box, key)

        QTimer.singleShot(20, typed_ahead)
        QTimer.singleShot(SETTLE_MS + 50, press)  # the box shown, its first moment past
        answers.append(Dialogs(None).words_or_fields(unit=FARM, offer="Ctrl+U: use halt"))
    assert answers == ["fields", "words", None]
