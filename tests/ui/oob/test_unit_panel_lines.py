"""The unit panel's lines add to its grid: nothing the grid already says (issue 7)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.ui.changes import Change
from desk.ui.main_window import MainWindow
from desk.ui.oob.unit_panel import repeats_grid


def _unit(window: MainWindow, name: str) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == name)


def _lines(window: MainWindow, unit_id: int) -> list[str]:
    window.select_unit(unit_id, force=True)
    panel = window.unit_panel
    assert panel.data is not None  # a unit is selected
    return panel.state_lines(panel.data)


@pytest.mark.parametrize(("line", "formation", "disorder", "repeats"), [
    ("column of attack", "column-of-attack", "none", True),
    ("disorder none", "line", "none", True),
    ("limbered artillery", "limbered", "none", True),
    ("formation unknown", "", "none", True),
    ("Disrupted.", "normal", "disrupted", True),
    ("Column, good order, 6 increments, in a hex not yet recorded (bound 1).", "column",
     "good-order", True),
    ("Column, good order, 6 increments, in woods with a road (bound 3).", "column",
     "good-order", False),
    ("In command.", "normal", "none", False),
    ("Unlimbered: cannot move; limbering costs 2 MP (LB-14).", "unlimbered", "good-order",
     False),
])
def test_a_line_that_restates_the_grid_is_left_out(line: str, formation: str, disorder: str,
                                                   repeats: bool) -> None:
    assert repeats_grid(line, formation=formation, disorder=disorder) is repeats


def test_belle_alliance_panel_says_each_thing_once_BA_13_BA_14(make_window: Any,
                                                               qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    cavalry = _unit(window, "4e Chasseurs à cheval")
    state = window.ops.unit_panel(cavalry).state
    assert state.lines[:2] and _lines(window, cavalry) == ["May charge."]
    window.select_unit(cavalry)
    rate = window.form.editors["rate"]
    assert isinstance(rate, QComboBox)
    rate.setCurrentIndex(rate.findData("charge"))
    assert window.orders.save_order()
    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000,
                          check_params_cb=lambda kind: kind is Change.BOUND):
        window.bounds.close_bound()
    lines = _lines(window, cavalry)
    assert "Charge available from bound 6 (BA-14)." in lines
    assert "Melee penalty this bound (BA-13)." in lines
    for clause in ("BA-13", "BA-14"):  # the rules say it too; the panel once
        assert sum(clause in line for line in lines) == 1, lines
    after = window.ops.unit_panel(cavalry).state
    assert not any(repeats_grid(line, formation=after.formation, disorder=after.disorder)
                   for line in lines)
    html = window.unit_panel.state_label.text()
    assert html.count("BA-14") == 1


def test_la_bataille_keeps_the_rules_advice_not_the_summary_LB_14(make_window: Any) -> None:
    window = make_window("la-bataille")
    battery = _unit(window, "VI Corps 12-pdr reserve battery")
    lines = _lines(window, battery)
    # The rules' advice, the hex it stands in, its morale and MP (issue 18): no summary.
    assert lines == ["Unlimbered: cannot move; limbering costs 2 MP (LB-14).",
                     "In hex 1612 (clear) since bound 1.",
                     "Morale 44: a check passes on 45 or more (LB-F1, LB-F2).",
                     "Movement allowance: 6 MP."]
    assert not any(re.search(r"\bincrements\b", line) for line in lines)


def test_battles_of_waterloo_keeps_the_command_status_BOW_9(make_window: Any) -> None:
    window = make_window("battles-of-waterloo")
    lines = _lines(window, window.table_model.rows()[0].unit_id)
    assert lines == ["In command.",  # and what each LIM makes of its allowance (issue 18)
                     "Movement allowance: as printed; tactical ×1, strategic ×2 under the "
                     "Strategic Movement LIM (BOW-F2)."]


def test_staff_and_a_foot_battery_are_never_told_they_may_charge_BA_1(make_window: Any) -> None:
    window = make_window("belle-alliance")
    staff = _unit(window, "Lobau and staff")
    battery = next(r.unit_id for r in window.table_model.rows() if "battery" in r.unit.lower()
                   or "artillery" in r.unit.lower())
    for uid in (staff, battery):
        lines = _lines(window, uid)
        assert not any("charge" in line.lower() for line in lines), lines
    state = window.ops.unit_panel(staff).state
    assert state.formation == "at-rest"  # a staff has no line formation (BA-F4)
    window.select_unit(staff, force=True)
    window.unit_panel.grab().save("/tmp/w2h/staff_panel.png")
    assert "line" not in window.unit_panel.state_label.text().replace("<", " ").split()


def _charge_errors(window: MainWindow, unit_id: int) -> set[str]:
    """The clauses of the errors the order form's live check gives a charge for the unit."""
    window.select_unit(unit_id, force=True)
    rate = window.form.editors["rate"]
    assert isinstance(rate, QComboBox)
    rate.setCurrentIndex(rate.findData("charge"))
    return {f.clause for f in window.form.findings() if f.severity.value == "error"}


@pytest.mark.parametrize(("kind", "clause"), [
    pytest.param(None, None, id="steady-may-charge"),
    pytest.param("became-LD", "BA-12", id="BA-12-LD"),
    pytest.param("became-MD", "BA-F2", id="BA-F2-MD"),
    pytest.param("became-FD", "BA-F2", id="BA-F2-FD"),
])
def test_the_panel_says_may_charge_only_when_the_check_allows_it_BA_12_BA_F2(
        make_window: Any, qtbot: QtBot, kind: str | None, clause: str | None) -> None:
    """Issue 27: a unit in LD was told "May charge." while BA-12 refused its charge. The
    panel asks the rules' own refusals, so the two agree for every condition."""
    window = make_window("belle-alliance")
    cavalry = _unit(window, "4e Chasseurs à cheval")
    window.select_unit(cavalry, force=True)
    if kind is not None:
        scripted(window).event_values = {"charging": False} if kind == "became-LD" else {}
        with qtbot.waitSignal(window.ops.campaign_changed,
                              check_params_cb=lambda k: k == "event"):
            window.orders.record_event_kind(kind)
    lines = _lines(window, cavalry)
    refused = _charge_errors(window, cavalry)
    assert ("May charge." in lines) is (not refused), (lines, refused)
    if clause is None:
        assert refused == set()
    else:
        assert clause in refused
        said = [line for line in lines if f"({clause})" in line]
        assert said and all("may not" in line for line in said), lines


def test_the_panel_and_the_check_agree_on_the_charge_cooldown_BA_14(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    cavalry = _unit(window, "4e Chasseurs à cheval")
    assert _charge_errors(window, cavalry) == set()
    assert window.orders.save_order()
    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000,
                          check_params_cb=lambda kind: kind is Change.BOUND):
        window.bounds.close_bound()
    lines = _lines(window, cavalry)
    assert "May charge." not in lines and "Charge available from bound 6 (BA-14)." in lines
    assert "BA-14" in _charge_errors(window, cavalry)
    assert sum("BA-14" in line for line in _lines(window, cavalry)) == 1
