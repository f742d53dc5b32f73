"""The order form and a text beyond what a sheet prints: a field's box takes no more than
200 characters; an order as written beyond 2,000 shows a finding as it is typed, and
saving it is refused in one dialog with nothing written."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.orders.text import MAX_FIELD_TEXT, MAX_ORDER_TEXT
from desk.ui.main_window import MainWindow


def _unit(window: MainWindow, name: str) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == name)


def test_a_field_box_takes_at_most_the_cap(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    window.select_unit(_unit(window, "1/5e Ligne"))
    box = window.form.editors["destination"]
    qtbot.keyClicks(box, "x" * (MAX_FIELD_TEXT + 5))
    assert len(box.text()) == MAX_FIELD_TEXT


def test_an_order_beyond_the_cap_shows_a_finding_and_is_not_saved(make_window: Any,
                                                                  qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    unit_id = _unit(window, "1/5e Ligne")
    window.select_unit(unit_id)
    window.form.verbatim_edit.setPlainText("v" * MAX_ORDER_TEXT)
    assert not [f for f in window.form.findings() if f.code == "DESK_TEXT_TOO_LONG"]
    window.form.verbatim_edit.setPlainText("v" * 30_000)
    shown = [f.message for f in window.form.findings() if f.code == "DESK_TEXT_TOO_LONG"]
    assert shown == ["The order as written has 30,000 characters; at most 2,000 fit on a "
                     "sheet: shorten it, or the order cannot be saved"]
    with qtbot.assertNotEmitted(window.ops.campaign_changed):
        assert not window.orders.save_order()
    assert [str(e) for e in scripted(window).errors] == [
        "Order for 1/5e Ligne refused: the order as written has 30,000 characters; at most "
        "2,000 fit on a sheet. Shorten it."]
    row = window.table_model.rows()[window.table_model.row_of_unit(unit_id)]
    assert row.status == "none"
