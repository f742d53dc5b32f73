"""The order form's word suggestions and the close dialog's units without an order."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from desk.ui.dialogs import Dialogs
from desk.ui.main_window import MainWindow


def _unit(window: MainWindow, name: str) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == name)


def test_written_words_that_disagree_warn_and_one_click_sets_the_field(make_window: Any,
                                                                         qtbot: QtBot) -> None:
    """A rate the umpire chose by hand stays (issue 30: the words drive only fields at their
    defaults); the words' value is offered as a link and as Ctrl+U."""
    window = make_window("belle-alliance")
    window.select_unit(_unit(window, "4e Chasseurs à cheval"))
    form = window.form
    form.editors["rate"].setCurrentIndex(form.editors["rate"].findData("fast"))  # by hand
    form.verbatim_edit.setPlainText("Chargez la batterie !")
    codes = [f.code for f in form.findings()]
    assert "WORDS_DISAGREE" in codes
    assert any(f.message == "'chargez' written, rate of march is fast (words.rate.charge)"
               for f in form.findings())
    assert not form.word_hint.isHidden()
    assert "Use: rate of march = charge (Ctrl+U)" in form.word_hint.text()
    window.grab().save("/tmp/w2h/word_hint.png")
    form.word_hint.linkActivated.emit("use")
    assert form.editors["rate"].currentData() == "charge"
    assert "WORDS_DISAGREE" not in [f.code for f in form.findings()]
    assert form.word_hint.isHidden()


def test_french_halt_at_the_default_rate_is_set_as_halt_where_it_stands(make_window: Any
                                                                        ) -> None:
    window = make_window("belle-alliance")
    window.select_unit(_unit(window, "4e Chasseurs à cheval"))
    window.form.verbatim_edit.setPlainText("Halte ! Restez derrière la haie")
    assert window.form.editors["rate"].currentData() == "halt"
    assert window.form.word_hint.isHidden()


def test_the_close_dialog_lists_each_unit_without_an_order(make_window: Any, monkeypatch: Any
                                                           ) -> None:
    window = make_window("belle-alliance")
    summary = window.ops.close_summary()
    assert summary.no_order == "continue" and summary.without_order_steps
    assert summary.without_order_steps[0].endswith(": holds (no order yet)")
    shown: list[str] = []

    def question(_parent: Any, _title: str, text: str, *_: Any) -> Any:
        shown.append(text)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", question)
    assert Dialogs(window).confirm_close(summary) is False
    (text,) = shown
    assert (f"{len(summary.without_order)} units without an order (each continues its last "
            "order, never a charge, fire or attack):") in text
    assert f"• {summary.without_order_steps[0]}" in text
    assert f"and {len(summary.without_order_steps) - 12} more" in text
