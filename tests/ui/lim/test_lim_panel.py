"""Battles of Waterloo at the desk: the LIM pool panel and what the table allows now."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted
from window_parts import lim_panel

from desk.ui.changes import Change
from desk.ui.main_window import MainWindow


def _moving(window: MainWindow) -> list[Any]:
    return list(lim_panel(window).allowed_model.rows())  # the units the LIM drawn lets move


def test_drawing_a_lim_changes_the_allowed_movement_types_BOW_2(make_window: Any,
                                                               qtbot: QtBot) -> None:
    window = make_window("battles-of-waterloo")
    panel = lim_panel(window)
    assert panel is not None and panel.draw_button.isEnabled()
    assert _moving(window) == []  # nothing drawn: no unit moves in the Operations phase
    unit_id = window.table_model.rows()[0].unit_id
    window.select_unit(unit_id)
    before = window.form.allowed_movements()
    assert before.startswith("Allowed now: no movement")
    assert "BOW-2" in before

    with qtbot.waitSignal(window.ops.campaign_changed,
                          check_params_cb=lambda kind: kind is Change.LIM):
        panel.draw_button.click()
    pool = window.ops.lim_pool()
    assert len(pool.draws) == 1
    assert pool.draws[0].lim in panel.activation_label.text()
    # Draw until a movement LIM lets some unit move (the artillery LIMs do not, BOW-F4).
    while not _moving(window) and window.ops.lim_pool().remaining:
        lim_panel(window).draw()
    moving = _moving(window)
    assert moving, "some LIM of the pool lets units move"
    name = moving[0].unit
    window.select_unit(next(r.unit_id for r in window.table_model.rows() if r.unit == name))
    after = window.form.allowed_movements()
    assert after != before and after.startswith("Allowed now (BOW-")
    movement = window.form.editors["movement"]
    allowed = moving[0].codes[0]
    movement.setCurrentIndex(movement.findData(allowed))
    assert not window.form.has_errors()
    assert window.orders.save_order()


def test_a_movement_type_no_row_allows_this_turn_is_an_error_BOW_12(make_window: Any) -> None:
    # An order is the turn's intent (issue 18): tactical movement is no error before a draw,
    # but Guard infantry can never use restricted tactical movement (BOW-12).
    window = make_window("battles-of-waterloo")
    rows = window.table_model.rows()
    window.select_unit(rows[0].unit_id)
    movement = window.form.editors["movement"]
    movement.setCurrentIndex(movement.findData("tactical"))
    assert not window.form.has_errors()
    window.select_unit(next(r.unit_id for r in rows if "Vieille Garde" in r.unit))
    movement = window.form.editors["movement"]
    movement.setCurrentIndex(movement.findData("restricted-tactical"))
    assert window.form.has_errors()
    assert [f.clause for f in window.form.findings()] == ["BOW-12"]


def test_phase_choice_reaches_the_form_BOW_9(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("battles-of-waterloo")
    window.select_unit(window.table_model.rows()[0].unit_id)
    with qtbot.waitSignal(window.ops.campaign_changed,
                          check_params_cb=lambda kind: kind is Change.PHASE):
        lim_panel(window).phase_box.setCurrentIndex(
            lim_panel(window).phase_box.findData("out-of-command"))
    assert window.form.context.situation["phase"] == "out-of-command"


def test_allowed_model_passes_the_model_tester(qtmodeltester: Any, make_window: Any) -> None:
    window = make_window("battles-of-waterloo")
    lim_panel(window).draw()
    qtmodeltester.check(lim_panel(window).allowed_model)


def test_idling_a_command_asks_the_umpire_why_and_journals_it_BOW_F3(make_window: Any,
                                                                    qtbot: QtBot) -> None:
    from sqlmodel import col, select

    from desk.store.tables.bounds import Journal

    window = make_window("battles-of-waterloo")
    panel, dialogs = lim_panel(window), window.dialogs
    with qtbot.waitSignal(window.ops.campaign_changed):
        panel.build_button.click()
    assert panel.idle_button.isEnabled()
    command = panel.command_box.currentText()

    dialogs.reason = None  # the umpire thinks better of it: nothing is idled
    panel.idle_button.click()
    assert dialogs.asked[-1] == f"idle:{command}"
    assert window.ops.lim_pool().idle_commands == ()

    dialogs.reason = "out of ammunition after Saint-Amand"
    with qtbot.waitSignal(window.ops.campaign_changed):
        panel.idle_button.click()
    assert window.ops.lim_pool().idle_commands == (command.split(" (")[0],)
    with window.ops.store.session() as session:
        line = session.exec(select(Journal.clause, Journal.reason)
                            .order_by(col(Journal.id).desc())).first()
    assert line == ("BOW-F3", "out of ammunition after Saint-Amand")


def test_every_lim_button_has_a_shortcut_in_its_tooltip_and_none_clashes(
        make_window: Any) -> None:
    from PySide6.QtGui import QKeySequence

    window = make_window("battles-of-waterloo")
    native = QKeySequence.SequenceFormat.NativeText
    taken = {a.shortcut().toString(native) for a in window.actions_by_name.values()}
    panel = lim_panel(window)
    buttons = (panel.build_button, panel.first_button, panel.draw_button,
               panel.option_button, panel.roll_button, panel.desk_roll_button, panel.idle_button,
               panel.move_button)
    keys = [b.shortcut().toString(native) for b in buttons]
    keys.append(panel.cup_key.key().toString(native))  # Ctrl+L: to the cup, Enter records
    assert all(keys) and len(set(keys)) == len(keys)
    assert not set(keys) & taken
    for button, key in zip((*buttons, panel.cup_button), keys, strict=True):
        assert f"({key})" in button.toolTip()


def test_a_battle_without_commands_yet_has_nothing_to_roll_or_idle_BOW_F3(
        qtbot: QtBot, tmp_path: Any, scripted_dialogs: Any) -> None:
    from desk.services.oob.importer import create_campaign_file
    from desk.store import open_campaign
    from desk.ui.app import build_window
    from desk.ui.campaign.new_campaign import empty_scenario

    path = tmp_path / "empty.desk"
    create_campaign_file(path=path, data=empty_scenario(name="Wavre",
                                                        rules_system="battles-of-waterloo"))
    with open_campaign(path) as store:
        window = build_window(store=store, dialogs=scripted_dialogs(), backup_dir=tmp_path)
        qtbot.addWidget(window)
        panel = lim_panel(window)
        with qtbot.waitSignal(window.ops.campaign_changed):
            panel.build_button.click()
        assert panel.command_box.count() == 0
        assert not panel.idle_button.isEnabled() and not panel.roll_button.isEnabled()
        panel.idle()  # Ctrl+Shift+I all the same: nothing happens, no error
        assert scripted(window).asked == [] and scripted(window).errors == []
        window.close()


def test_the_movement_label_cites_the_units_own_row_BOW_2_BOW_4(make_window: Any) -> None:
    # Issue 18: not "BOW-1" for every unit; the row the unit usually moves under.
    window = make_window("battles-of-waterloo")
    rows = window.table_model.rows()
    for unit, row in (("Girard's 7e Division", "BOW-4"), ("Vichery's 13e Division", "BOW-2")):
        window.select_unit(next(r.unit_id for r in rows if r.unit == unit))
        assert window.form.field_labels["movement"].text().endswith(f"({row})")
