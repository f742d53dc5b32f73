"""A whole bound at the desk from the keyboard only, in each rules system (issue 7's "done when"),
at the size of the umpire's laptop (1366×768).

The umpire presses keys, nothing else: Ctrl+J to the first unit without an
order, types the order as written, Tab to the fields, arrow keys in a combo
box, Ctrl+Enter to save and move on, Ctrl+Shift+B to close the bound (the
summary is confirmed by the scripted dialogs, as a person would press Enter).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.ui.changes import Change
from desk.ui.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def _press(qtbot: QtBot, key: Qt.Key,
           modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    widget = QApplication.focusWidget()
    assert widget is not None, "the keyboard has nowhere to go"
    qtbot.keyClick(widget, key, modifier)


def _enter_order(qtbot: QtBot, window: MainWindow, text: str, *, tabs_to_rate: int | None) -> int:
    """Type one order with keys; return the unit it was for."""
    unit = window.unit_id
    assert unit is not None  # the table has a unit selected
    assert QApplication.focusWidget() is window.form.verbatim_edit
    assert not window.form.verbatim_edit.visibleRegion().isEmpty()  # typed in sight
    qtbot.keyClicks(window.form.verbatim_edit, text)
    if tabs_to_rate is not None:  # Tab to the first field, then one step down its list
        for _ in range(tabs_to_rate):
            _press(qtbot, Qt.Key.Key_Tab)
        combo = QApplication.focusWidget()
        assert isinstance(combo, QComboBox)
        _press(qtbot, Qt.Key.Key_Down)
    with qtbot.waitSignal(window.ops.campaign_changed):
        _press(qtbot, Qt.Key.Key_Return, CTRL)
    return unit


@pytest.mark.parametrize("system", ["belle-alliance", "battles-of-waterloo", "la-bataille"])
def test_a_whole_bound_from_the_keyboard(make_window: Any, qtbot: QtBot, system: str) -> None:
    window = make_window(system)
    window.resize(1366, 768)  # the umpire's laptop
    with qtbot.waitActive(window):
        window.show()
    # If a keyed choice draws an error finding, the umpire overrules it with this reason.
    scripted(window).reason = "Umpire's ruling at the table"
    window.table.setFocus()
    _press(qtbot, Qt.Key.Key_J, CTRL)  # first unit without an order, cursor in its form
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.form.verbatim_edit)

    written = [
        _enter_order(qtbot, window, "Hold where you stand.", tabs_to_rate=None),
        _enter_order(qtbot, window, "Advance on the village.", tabs_to_rate=1),
        _enter_order(qtbot, window, "Follow the brigade.", tabs_to_rate=None),
    ]
    assert len(set(written)) == 3  # Ctrl+Enter moved on to a new unit each time
    rows = {r.unit_id: r for r in window.table_model.rows()}
    assert all(rows[u].status in ("accepted", "overruled") for u in written)
    assert rows[written[1]].summary != rows[written[0]].summary  # the arrow key changed a field

    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000,
                          check_params_cb=lambda kind: kind is Change.BOUND):
        _press(qtbot, Qt.Key.Key_B, CTRL_SHIFT)
    assert "close" in scripted(window).asked
    assert window.ops.context.current_bound == 2
    assert all(r.status == "none" for r in window.table_model.rows())  # bound 2 is empty
    window.select_unit(written[0])
    assert [entry.bound for entry in window.unit_panel.data.history] == [1, 2]


def _tab_to(qtbot: QtBot, widget: Any, *, limit: int = 40) -> None:
    """Tab (only Tab) until ``widget`` has the focus."""
    for _ in range(limit):
        if QApplication.focusWidget() is widget:
            return
        _press(qtbot, Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reached {widget.objectName() or widget}")


def _arrow_to(qtbot: QtBot, combo: QComboBox, data: str) -> None:
    """Arrow keys (only) until the combo box shows ``data``."""
    _press(qtbot, Qt.Key.Key_Home)
    for _ in range(combo.count()):
        if combo.currentData() == data:
            return
        _press(qtbot, Qt.Key.Key_Down)
    assert combo.currentData() == data


def test_belle_alliance_bound_overrules_records_an_event_and_carries_the_states_BA_1_BA_3_BA_12(
        make_window: Any, qtbot: QtBot) -> None:
    """The done-when in full for Belle Alliance: a refused order seen and overruled, a
    formation change and an event recorded, all from the keyboard; then the states carried."""
    window = make_window("belle-alliance")
    window.resize(1366, 768)  # the umpire's laptop
    with qtbot.waitActive(window):
        window.show()
    dialogs = window.dialogs
    window.table.setFocus()
    _press(qtbot, Qt.Key.Key_J, CTRL)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.form.verbatim_edit)
    staff = window.unit_id  # the demo's first unit without an order: guns, which never charge
    assert window.table_model.rows()[window.table_model.row_of_unit(staff)].arm in (
        "artillery", "staff")

    # 1. Guns ordered to charge: the form shows the refusal, citing the data's "none" rate
    #    (no clause says it); saving asks why, and without a reason nothing is saved.
    qtbot.keyClicks(window.form.verbatim_edit, "Charge the Prussian guns!")
    _tab_to(qtbot, window.form.editors["rate"])
    _arrow_to(qtbot, window.form.editors["rate"], "charge")
    assert any(f.clause.startswith("data: charge.rate_cm.") for f in window.form.findings())
    view = window.form.findings_view  # what the umpire sees: the clause id and its sentence
    shown = [str(view.model().index(row, 0).data()) for row in range(view.model().rowCount())]
    assert any("data: charge.rate_cm." in line and "never charges" in line
               for line in shown), shown
    dialogs.reason = None
    _press(qtbot, Qt.Key.Key_Return, CTRL)
    assert window.unit_id == staff and dialogs.asked[-1].startswith("reason:")
    assert window.table_model.rows()[window.table_model.row_of_unit(staff)].status == "none"
    dialogs.reason = "The players agreed: the drivers ride the guns down the road"
    with qtbot.waitSignal(window.ops.campaign_changed):
        _press(qtbot, Qt.Key.Key_Return, CTRL)
    assert window.table_model.rows()[window.table_model.row_of_unit(staff)].status == "overruled"

    # 2. The next unit without an order forms column of march (BA-3).
    marching = window.unit_id
    assert marching != staff
    qtbot.keyClicks(window.form.verbatim_edit, "Form column and march on the church.")
    _tab_to(qtbot, window.form.editors["formation"])
    _arrow_to(qtbot, window.form.editors["formation"], "column-of-march")
    with qtbot.waitSignal(window.ops.campaign_changed):
        _press(qtbot, Qt.Key.Key_Return, CTRL)

    # 3. An event against the next unit: it became LD (BA-12), chosen and recorded by keys.
    shaken = window.unit_id
    _tab_to(qtbot, window.unit_panel.event_box)
    _arrow_to(qtbot, window.unit_panel.event_box, "became-LD")
    dialogs.event_values = {"charging": False}
    with qtbot.waitSignal(window.ops.campaign_changed, check_params_cb=lambda k: k == "event"):
        _press(qtbot, Qt.Key.Key_E, CTRL)
    assert window.unit_panel.data is not None and window.unit_panel.data.unit.id == shaken

    # 4. Close the bound: the orders and the event are carried into bound 2.
    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000,
                          check_params_cb=lambda kind: kind is Change.BOUND):
        _press(qtbot, Qt.Key.Key_B, CTRL_SHIFT)
    assert window.ops.context.current_bound == 2
    window.select_unit(marching)
    assert window.unit_panel.data.history[-1].state.formation == "column-of-march"
    window.select_unit(shaken)
    assert window.unit_panel.data.history[-1].state.disorder == "LD"
    assert "LD" in window.unit_panel.state_label.text()


def test_battles_of_waterloo_turn_draws_a_lim_and_moves_a_unit_it_frees_BOW_2_BOW_3(
        make_window: Any, qtbot: QtBot) -> None:
    """The done-when for Battles of Waterloo: Ctrl+L draws LIMs until one frees a unit;
    Ctrl+F finds it, the arrow keys give it a movement type the table allows, Ctrl+Enter
    saves it without a finding to overrule, Ctrl+Shift+B ends the turn."""
    window = make_window("battles-of-waterloo")
    window.resize(1366, 768)  # the umpire's laptop
    with qtbot.waitActive(window):
        window.show()
    panel = window.lim_panel
    window.table.setFocus()
    with qtbot.waitSignal(window.ops.campaign_changed):
        _press(qtbot, Qt.Key.Key_L, CTRL_SHIFT)  # build the turn's pool
    moving: list[Any] = []
    while not moving and window.ops.lim_pool().remaining:
        with qtbot.waitSignal(window.ops.campaign_changed):
            _press(qtbot, Qt.Key.Key_G, CTRL_SHIFT)  # the desk draws
        moving = list(panel.allowed_model.rows())
    assert moving, "some LIM of the pool frees a unit"
    name = moving[0].unit
    movement = moving[0].codes[0]

    _press(qtbot, Qt.Key.Key_F, CTRL)
    # QTest types ASCII only (a person's keyboard types "é" too): the name's longest
    # ASCII stretch narrows the table, then Down walks to the unit.
    typed = max("".join(c if c.isascii() else "\n" for c in name).split("\n"), key=len)
    qtbot.keyClicks(window.filter_edit, typed.strip())
    _tab_to(qtbot, window.table)
    for _ in range(window.table_proxy.rowCount()):
        _press(qtbot, Qt.Key.Key_Down)
        if window.unit_panel.data is not None and window.unit_panel.data.unit.name == name:
            break
    assert window.unit_panel.data is not None and window.unit_panel.data.unit.name == name
    _press(qtbot, Qt.Key.Key_F2)
    qtbot.keyClicks(window.form.verbatim_edit, "March to the sound of the guns.")
    _tab_to(qtbot, window.form.editors["movement"])
    _arrow_to(qtbot, window.form.editors["movement"], movement)
    assert not window.form.has_errors()
    with qtbot.waitSignal(window.ops.campaign_changed):
        _press(qtbot, Qt.Key.Key_Return, CTRL)
    row = next(r for r in window.table_model.rows() if r.unit == name)
    assert (row.status, row.rate) == ("accepted", movement)
    assert scripted(window).asked == []  # nothing to overrule

    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000,
                          check_params_cb=lambda kind: kind is Change.BOUND):
        _press(qtbot, Qt.Key.Key_B, CTRL_SHIFT)
    assert window.ops.context.current_bound == 2


def test_la_bataille_turn_changes_formation_with_its_cost_shown_and_carries_it_LB_F3(
        make_window: Any, qtbot: QtBot) -> None:
    """The done-when for La Bataille: a battalion forms line by keys, the form shows the
    change's MP cost (LB-F3) as it is chosen, and the next turn starts in line."""
    window = make_window("la-bataille")
    window.resize(1366, 768)  # the umpire's laptop
    with qtbot.waitActive(window):
        window.show()
    window.table.setFocus()
    battalion = None
    for _ in range(len(window.table_model.rows())):  # Ctrl+J until a battalion in column
        _press(qtbot, Qt.Key.Key_J, CTRL)
        data = window.unit_panel.data
        if data and data.unit.arm == "infantry" and data.state.formation == "column":
            battalion = data.unit.id
            break
        window.table.setFocus()
        _press(qtbot, Qt.Key.Key_Down)
    assert battalion is not None, "the demo has a battalion in column"
    _press(qtbot, Qt.Key.Key_F2)
    qtbot.keyClicks(window.form.verbatim_edit, "Deploy into line.")
    _tab_to(qtbot, window.form.editors["formation"])
    _arrow_to(qtbot, window.form.editors["formation"], "line")
    # The movement points the order needs, with the change's cost for this arm, and its MP.
    assert window.form.rules_note.text().startswith("Movement points: needs column → line: "
                                                    "1 MP for infantry (LB-F3)")
    assert window.form.rules_note.text().endswith("has 6 MP movement allowance")
    with qtbot.waitSignal(window.ops.campaign_changed):
        _press(qtbot, Qt.Key.Key_Return, CTRL)
    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000,
                          check_params_cb=lambda kind: kind is Change.BOUND):
        _press(qtbot, Qt.Key.Key_B, CTRL_SHIFT)
    window.select_unit(battalion)
    assert window.unit_panel.data.history[-1].state.formation == "line"
