"""Bounds and in-bound events at the desk: close, reopen, look back, record and undo (issue 7)."""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.ui.changes import Change
from desk.ui.main_window import MainWindow


def _unit(window: MainWindow, name: str) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == name)


def _close(window: MainWindow, qtbot: QtBot) -> None:
    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000,
                          check_params_cb=lambda kind: kind is Change.BOUND):
        window.bounds.close_bound()


def test_closing_a_bound_updates_the_table_and_the_unit_panel(make_window: Any,
                                                              qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    cavalry = _unit(window, "4e Chasseurs à cheval")
    window.select_unit(cavalry)
    rate = window.form.editors["rate"]
    rate.setCurrentIndex(rate.findData("charge"))
    assert window.orders.save_order()
    window.select_unit(cavalry)
    assert window.unit_panel.data.bound == 1
    window.ops.undo_stack.setClean()
    assert window.ops.undo_stack.count() == 1

    _close(window, qtbot)
    summary = scripted(window).summaries[-1]
    assert summary.bound == 1 and len(summary.without_order) == summary.units - 1
    assert window.ops.context.current_bound == 2
    assert all(r.status == "none" for r in window.table_model.rows())  # bound 2: no orders yet
    panel = window.unit_panel
    assert panel.data.bound == 2
    lines = panel.state_lines(panel.data)
    assert "Charge available from bound 6 (BA-14)." in lines
    assert "Melee penalty this bound (BA-13)." in lines
    assert [e.bound for e in panel.data.history] == [1, 2]
    assert panel.history_model.rowCount() == 2
    assert window.ops.undo_stack.count() == 0  # a close clears the undo stack
    assert "bound <b>2</b>" in window.bound_bar.label.text()


def test_close_refused_by_the_umpire_changes_nothing(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    scripted(window).confirm = False
    with qtbot.assertNotEmitted(window.ops.campaign_changed, wait=200):
        window.bounds.close_bound()
    assert window.ops.context.current_bound == 1


def test_reopen_asks_first_and_then_undoes_the_close(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("la-bataille")
    _close(window, qtbot)
    scripted(window).confirm = False
    window.bounds.reopen_bound()
    assert window.ops.context.current_bound == 2
    assert scripted(window).asked[-1] == "reopen:1"
    scripted(window).confirm = True
    with qtbot.waitSignal(window.ops.campaign_changed,
                          check_params_cb=lambda kind: kind is Change.BOUND):
        window.bounds.reopen_bound()
    assert window.ops.context.current_bound == 1
    assert window.ops.context.bound_open


def test_an_earlier_bound_is_shown_read_only(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    unit_id = _unit(window, "1/5e Ligne")
    window.select_unit(unit_id)
    window.form.verbatim_edit.setPlainText("Into Plancenoit")
    assert window.orders.save_order()
    _close(window, qtbot)
    window.bound_bar.step(-1)
    assert window.shown_bound == 1
    assert "read-only" in window.bound_bar.label.text()
    window.select_unit(unit_id, force=True)
    assert window.form.context.editable is False
    assert not window.form.save_button.isEnabled()
    assert window.form.verbatim() == "Into Plancenoit"
    assert not window.actions_by_name["save_order"].isEnabled()
    assert not window.orders.save_order()
    window.show_current_bound()
    assert window.shown_bound == 2


@pytest.mark.parametrize("system, kind, data", [
    ("belle-alliance", "became-LD", {"charging": False}),
    ("la-bataille", "disordered", {}),
])
def test_recorded_event_changes_the_state_and_undo_strikes_it(
        make_window: Any, qtbot: QtBot, system: str, kind: str, data: dict[str, Any]) -> None:
    window = make_window(system)
    unit_id = window.table_model.rows()[3].unit_id
    window.select_unit(unit_id)
    before = window.unit_panel.data.state.disorder
    scripted(window).event_values = data
    with qtbot.waitSignal(window.ops.campaign_changed,
                          check_params_cb=lambda k: k == "event"):
        window.orders.record_event_kind(kind)
    panel = window.unit_panel.data
    assert len(panel.events) == 1 and panel.events[0].kind == kind
    assert panel.state.disorder != before
    with qtbot.waitSignal(window.ops.campaign_changed):
        window.ops.undo_stack.undo()
    assert window.unit_panel.data.events == ()
    assert window.unit_panel.data.state.disorder == before


def test_la_bataille_form_shows_the_formation_change_cost_LB_F3(make_window: Any) -> None:
    window = make_window("la-bataille")
    infantry = next(r.unit_id for r in window.table_model.rows() if r.arm == "infantry")
    window.select_unit(infantry)
    box = window.form.editors["formation"]
    box.setCurrentIndex(box.findData("line"))
    assert "MP" in window.form.rules_note.text()
    assert "LB-F3" in window.form.rules_note.text()


def test_history_model_passes_the_model_tester(qtmodeltester: Any, make_window: Any,
                                               qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    window.select_unit(window.table_model.rows()[2].unit_id)
    _close(window, qtbot)
    qtmodeltester.check(window.unit_panel.history_model)
