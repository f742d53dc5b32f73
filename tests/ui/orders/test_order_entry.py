"""Entering orders at the desk: defaults, live findings, overrides, Ctrl+Enter, undo (issue 7)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desk.ui.changes import Change
from desk.ui.main_window import MainWindow
from desk.ui.orders.table import (
    DESTINATION,
    FORMATION,
    RATE,
    STATE,
    WRITTEN,
    OrderTableModel,
)


def _unit(window: MainWindow, name: str) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == name)


def _row(window: MainWindow, unit_id: int) -> Any:
    return window.table_model.rows()[window.table_model.row_of_unit(unit_id)]


def _close(window: MainWindow, qtbot: QtBot) -> None:
    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000,
                          check_params_cb=lambda kind: kind is Change.BOUND):
        window.bounds.close_bound()


def test_form_preselects_normal_and_as_far_as_possible_and_saves_them_as_defaults_BA_1_BA_2(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    unit_id = _unit(window, "1/5e Ligne")
    window.select_unit(unit_id)
    rate = window.form.editors["rate"]
    assert rate.currentText() == "normal (default)"
    assert window.form.editors["destination"].placeholderText() == "as far as possible (default)"
    window.form.verbatim_edit.setPlainText("Advance on Plancenoit church")
    with qtbot.waitSignal(window.ops.campaign_changed):
        assert window.orders.save_order()
    row = _row(window, unit_id)
    assert row.status == "accepted"
    assert {"rate", "destination"} <= set(row.defaulted)
    model = window.table_model
    line = model.row_of_unit(unit_id)
    assert model.index(line, 3).data() == "normal (default)"
    assert model.index(line, 4).data() == "as far as possible (default)"


def test_charge_in_cooldown_shows_BA_14_and_is_saved_only_with_a_reason(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    dialogs = window.dialogs
    cavalry = _unit(window, "4e Chasseurs à cheval")
    window.select_unit(cavalry)
    window.form.editors["rate"].setCurrentIndex(window.form.editors["rate"].findData("charge"))
    assert not window.form.has_errors()
    assert window.orders.save_order()
    _close(window, qtbot)

    window.select_unit(cavalry)
    window.form.editors["rate"].setCurrentIndex(window.form.editors["rate"].findData("charge"))
    clauses = [f.clause for f in window.form.findings()]
    assert "BA-14" in clauses  # shown live, before any save
    shown = window.form.findings_model.index(0, 0)
    assert "BA-14" in shown.data()
    assert "BA-14" in shown.data(Qt.ItemDataRole.ToolTipRole)

    dialogs.reason = ""  # the umpire gives no reason: nothing is saved
    with qtbot.assertNotEmitted(window.ops.campaign_changed):
        assert not window.orders.save_order()
    assert _row(window, cavalry).status == "none"
    assert dialogs.asked[-1].startswith("reason:4e Chasseurs à cheval:BA-14")

    dialogs.reason = "The Prussian guns limbered: the umpire allows it"
    with qtbot.waitSignal(window.ops.campaign_changed):
        assert window.orders.save_order()
    row = _row(window, cavalry)
    assert row.status == "overruled"
    assert row.worst is not None and row.worst.clause == "BA-14"


def test_ctrl_enter_saves_and_moves_to_the_next_unit_without_an_order(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    with qtbot.waitActive(window):
        window.show()
    rows = window.table_model.rows()
    first, second, third = rows[0].unit_id, rows[1].unit_id, rows[2].unit_id
    window.select_unit(second)
    window.form.verbatim_edit.setPlainText("Hold the ridge")
    assert window.orders.save_order()  # the second unit now has an order
    window.select_unit(first)
    window.form.verbatim_edit.setFocus()
    window.form.verbatim_edit.setPlainText("Form column and follow the road")
    with qtbot.waitSignal(window.ops.campaign_changed):
        qtbot.keyClick(window.form.verbatim_edit, Qt.Key.Key_Return,
                       Qt.KeyboardModifier.ControlModifier)
    assert _row(window, first).status == "accepted"
    assert window.unit_id == third  # the second is skipped: it has its order
    assert window.form.context.unit.id == third
    assert QApplication.focusWidget() is window.form.verbatim_edit


def test_undo_restores_the_previous_order_and_redo_puts_the_new_one_back(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    unit_id = _unit(window, "1/5e Ligne")
    window.select_unit(unit_id)
    window.form.verbatim_edit.setPlainText("First order")
    assert window.orders.save_order()
    window.select_unit(unit_id)
    window.form.editors["destination"].setText("Plancenoit church")
    window.form.verbatim_edit.setPlainText("Second order: to the church")
    assert window.orders.save_order()
    assert _row(window, unit_id).destination == "Plancenoit church"

    stack = window.ops.undo_stack
    with qtbot.waitSignal(window.ops.campaign_changed):
        stack.undo()
    assert _row(window, unit_id).destination == ""
    window.select_unit(unit_id, force=True)
    assert window.form.verbatim() == "First order"

    with qtbot.waitSignal(window.ops.campaign_changed):
        stack.undo()
    assert _row(window, unit_id).status == "none"  # before the first order: no order at all

    stack.redo()
    stack.redo()
    assert _row(window, unit_id).destination == "Plancenoit church"


def test_ctrl_z_is_the_undo_shortcut(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    with qtbot.waitActive(window):
        window.show()
    unit_id = _unit(window, "1/5e Ligne")
    window.select_unit(unit_id)
    assert window.orders.save_order()
    with qtbot.waitSignal(window.ops.campaign_changed):
        qtbot.keyClick(window.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _row(window, unit_id).status == "none"


def test_cancel_order_shows_cancelled_and_counts_as_missing(make_window: Any) -> None:
    window = make_window("belle-alliance")
    unit_id = _unit(window, "1/5e Ligne")
    window.select_unit(unit_id)
    assert window.orders.save_order()
    window.select_unit(unit_id)
    window.orders.cancel_order()
    row = window.table_model.row_of_unit(unit_id)
    assert window.table_model.index(row, STATE).data() == "cancelled"
    assert window.table_model.index(row, 0).data(OrderTableModel.MissingRole) is True


def test_order_table_model_passes_the_model_tester_with_orders(
        qtmodeltester: Any, make_window: Any) -> None:
    window = make_window("belle-alliance")
    window.select_unit(_unit(window, "1/5e Ligne"))
    assert window.orders.save_order()
    qtmodeltester.check(window.table_model)
    qtmodeltester.check(window.table_proxy)
    qtmodeltester.check(window.form.findings_model)


def _header(window: MainWindow, column: int) -> str:
    return str(window.table_model.headerData(column, Qt.Orientation.Horizontal))


def _cell(window: MainWindow, unit_id: int, column: int) -> str:
    model = window.table_model
    return str(model.index(model.row_of_unit(unit_id), column).data())


def test_rate_destination_and_formation_columns_show_each_systems_own_fields_BOW_1_LB_F4(
        make_window: Any, qtbot: QtBot) -> None:
    """Belle Alliance: rate; Battles of Waterloo: movement; La Bataille: road march. The
    formation column: the order's, else the unit's own, kept (BOW orders set none)."""
    expected = {"belle-alliance": ("Rate", "normal (default)"),
                "battles-of-waterloo": ("Movement", "No movement (hold) (default)"),
                "la-bataille": ("Road march", "no (default)")}
    for system, (title, shown) in expected.items():
        window = make_window(system)
        unit_id = next(r.unit_id for r in window.table_model.rows() if r.order_id is None)
        window.select_unit(unit_id)
        # words that set no field (a written hold is a halt since issue 30): the defaults show
        window.form.verbatim_edit.setPlainText("As you were.")
        with qtbot.waitSignal(window.ops.campaign_changed):
            assert window.orders.save_order()
        assert (_header(window, RATE), _header(window, DESTINATION),
                _header(window, FORMATION)) == (title, "Destination", "Formation")
        assert _cell(window, unit_id, RATE) == shown, system
        assert _cell(window, unit_id, WRITTEN) == "As you were."
        row = _row(window, unit_id)
        kept = f"{row.current_formation.replace('-', ' ')} (kept)" if row.current_formation else ""
        assert _cell(window, unit_id, FORMATION) == kept, system


def test_the_formation_column_shows_the_formation_the_order_takes(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    unit_id = _unit(window, "1/5e Ligne")
    window.select_unit(unit_id)
    formation = window.form.editors["formation"]
    formation.setCurrentIndex(formation.findData("square"))
    with qtbot.waitSignal(window.ops.campaign_changed):
        assert window.orders.save_order()
    assert _cell(window, unit_id, FORMATION) == "square"


def _items(combo: Any) -> dict[str, str]:
    return {str(combo.itemData(i)): combo.itemText(i) for i in range(1, combo.count())}


def test_the_form_marks_the_choices_the_rules_refuse_to_the_arm_but_keeps_them_BA_1_LB_14(
        make_window: Any) -> None:
    window = make_window("belle-alliance")
    guns = next(r.unit_id for r in window.table_model.rows() if r.arm == "artillery")
    horse = next(r.unit_id for r in window.table_model.rows() if r.arm == "cavalry")
    window.select_unit(guns)
    rate = window.form.editors["rate"]
    assert _items(rate)["charge"] == "charge — not for artillery"
    assert _items(rate)["fast"] == "fast"
    rate.setCurrentIndex(rate.findData("charge"))  # still there: the umpire may overrule
    assert any(f.clause == "data: charge.rate_cm.artillery" for f in window.form.findings())
    window.select_unit(horse)
    assert _items(window.form.editors["rate"])["charge"] == "charge"
    assert _items(window.form.editors["formation"])["square"] == "square — not for cavalry"

    lb = make_window("la-bataille")
    battalion = next(r.unit_id for r in lb.table_model.rows() if r.arm == "infantry")
    lb.select_unit(battalion)
    assert set(_items(lb.form.editors["limber"]).values()) == {"limber — not for infantry",
                                                                "unlimber — not for infantry"}


def test_ctrl_z_and_ctrl_shift_z_in_the_order_text_undo_and_redo_the_saved_order(
        make_window: Any, qtbot: QtBot) -> None:
    """Issue 27: Ctrl+Enter leaves the cursor in the next unit's order text; Ctrl+Z there
    takes back the order just saved (the desk's step, not the text box's keystroke)."""
    window = make_window("belle-alliance")
    with qtbot.waitActive(window):
        window.show()
    unit_id = _unit(window, "1/5e Ligne")
    window.select_unit(unit_id)
    text = window.form.verbatim_edit
    text.setFocus()
    qtbot.keyClicks(text, "Advance on Plancenoit")
    with qtbot.waitSignal(window.ops.campaign_changed):
        qtbot.keyClick(text, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert _row(window, unit_id).status == "accepted"
    assert window.form.unit_id != unit_id and QApplication.focusWidget() is text
    with qtbot.waitSignal(window.ops.campaign_changed):
        qtbot.keyClick(text, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _row(window, unit_id).status == "none"
    with qtbot.waitSignal(window.ops.campaign_changed):
        qtbot.keyClick(text, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                       | Qt.KeyboardModifier.ShiftModifier)
    assert _row(window, unit_id).status == "accepted"
    assert window.table_model.rows()[window.table_model.row_of_unit(unit_id)].unit == "1/5e Ligne"
