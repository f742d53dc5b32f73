"""Battles of Waterloo at the desk as at the table: the chit pulled from the cup, the moves
recorded under each activation, the question before drawing over units still to move."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot
from window_parts import lim_panel

from desk.ui.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = CTRL | Qt.KeyboardModifier.ShiftModifier


def _press(qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier) -> None:
    """A key where the keyboard is (the focus widget), as the umpire presses it."""
    widget = QApplication.focusWidget()
    assert widget is not None, "the keyboard has nowhere to go"
    qtbot.keyClick(widget, key, modifier)


def _key(qtbot: QtBot, button: Any, key: Qt.Key, modifier: Qt.KeyboardModifier) -> None:
    """Press ``button``'s shortcut and wait for its click (a shortcut clicks a moment later)."""
    with qtbot.waitSignal(button.clicked):
        _press(qtbot, key, modifier)


def _shown(make_window: Any, qtbot: QtBot) -> Any:
    window = make_window("battles-of-waterloo")
    window.resize(1366, 768)
    with qtbot.waitActive(window):
        window.show()
    return window


def _pull(window: MainWindow, qtbot: QtBot, chit: str | None = None) -> None:
    """Ctrl+L to the cup, the arrow keys to ``chit`` (None: the first), Enter records it."""
    panel = lim_panel(window)
    _press(qtbot, Qt.Key.Key_L, CTRL)
    assert panel.pool_list.hasFocus()
    for _ in range(panel.pool_list.count()):
        if chit is None or panel.chosen_chit() == chit:
            break
        qtbot.keyClick(panel.pool_list, Qt.Key.Key_Down)
    assert panel.chosen_chit() is not None and panel.chosen_chit() == (chit or panel.chosen_chit())
    with qtbot.waitSignal(window.ops.campaign_changed, check_params_cb=lambda k: k == "lim"):
        qtbot.keyClick(panel.pool_list, Qt.Key.Key_Return)


def _choose_unit(panel: Any, name: str) -> None:
    row = next(n for n, r in enumerate(panel.allowed_model.rows()) if r.unit == name)
    panel.allowed.setCurrentIndex(panel.allowed_model.index(row, 0))


def _move(window: MainWindow, qtbot: QtBot, unit: str, movement: str, where: str) -> None:
    panel = lim_panel(window)
    _choose_unit(panel, unit)
    panel.movement_box.setCurrentIndex(panel.movement_box.findData(movement))
    panel.hex_edit.setText(where)
    _key(qtbot, panel.move_button, Qt.Key.Key_M, CTRL_SHIFT)


def _order(window: MainWindow, unit: str, movement: str) -> None:
    """The player's written order for ``unit``, saved from the form."""
    window.select_unit(next(r.unit_id for r in window.table_model.rows() if r.unit == unit))
    window.form.verbatim_edit.setPlainText(f"{unit}: advance")
    box = window.form.editors["movement"]
    assert isinstance(box, QComboBox)
    box.setCurrentIndex(box.findData(movement))
    assert window.orders.save_order()


def test_the_chit_pulled_from_the_cup_is_recorded_and_undone_BOW_2(make_window: Any,
                                                                   qtbot: QtBot) -> None:
    window = _shown(make_window, qtbot)
    panel, ops = lim_panel(window), window.ops
    assert panel.first_button.isEnabled()  # the initiative winner's choice: first draw only
    _pull(window, qtbot, "III. Armeekorps C/D")
    cup = ops.lim.cup()
    assert [(a.seq, a.lim, a.source) for a in cup.activations] == [
        (1, "III. Armeekorps C/D", "cup")]
    assert "III. Armeekorps C/D" not in cup.in_cup
    assert panel.drawn_lines() == ["1. III. Armeekorps C/D"]
    assert not panel.first_button.isEnabled()
    assert "Activation 1: III. Armeekorps C/D" in panel.activation_label.text()
    assert {r.command for r in panel.allowed_model.rows()} == {"III. Armeekorps"}
    assert {r.clause for r in panel.allowed_model.rows()} == {"BOW-2"}
    window.actions_by_name["undo"].trigger()
    assert ops.lim.cup().activations == () and "III. Armeekorps C/D" in ops.lim.cup().in_cup
    # Ctrl+L twice then Enter: one chit, not three (the key only goes to the cup).
    _press(qtbot, Qt.Key.Key_L, CTRL)
    _pull(window, qtbot, "IV Corps C/D")
    assert [a.lim for a in ops.lim.cup().activations] == ["IV Corps C/D"]


def test_the_initiative_winners_first_choice_BOW_2(make_window: Any, qtbot: QtBot) -> None:
    window = _shown(make_window, qtbot)
    panel = lim_panel(window)
    panel.pool_list.setCurrentItem(panel.pool_list.findItems("Imperial Guard C/D",
                                                             Qt.MatchFlag.MatchStartsWith)[0])
    with qtbot.waitSignal(window.ops.campaign_changed):
        _press(qtbot, Qt.Key.Key_F, CTRL_SHIFT)
    first = window.ops.lim.cup().current
    assert (first.seq, first.lim, first.source) == (1, "Imperial Guard C/D", "first")
    assert panel.drawn_lines() == ["1. Imperial Guard C/D — initiative's choice"]


def test_a_move_is_recorded_under_its_activation_and_a_refused_one_overruled_BOW_2(
        make_window: Any, qtbot: QtBot) -> None:
    window = _shown(make_window, qtbot)
    panel, ops, dialogs = lim_panel(window), window.ops, window.dialogs
    _pull(window, qtbot, "IV Corps C/D")
    _move(window, qtbot, "Vichery's 13e Division", "tactical", "2314")
    moves = ops.lim.cup().current.moves
    assert [(m.unit, m.movement, m.destination_hex, m.row, m.status) for m in moves] == [
        ("Vichery's 13e Division", "tactical", "2314", "BOW-2", "accepted")]
    row = next(r for r in panel.allowed_model.rows() if r.unit == "Vichery's 13e Division")
    assert row.moved == "tactical → 2314" and row.clause == "BOW-2"
    assert not any(a.startswith("reason:") for a in dialogs.asked)  # a legal move: no overrule

    # Unrestricted strategic movement is not the C/D LIM's (BOW-2): refused, then overruled.
    dialogs.reason = None
    _move(window, qtbot, "Hulot's 14e Division", "unrestricted-strategic", "2516")
    assert dialogs.asked[-1].startswith("reason:Hulot's 14e Division:BOW-2")
    assert len(ops.lim.cup().current.moves) == 1  # no reason, no move
    dialogs.reason = "the road was clear all the way"
    _move(window, qtbot, "Hulot's 14e Division", "unrestricted-strategic", "2516")
    overruled = ops.lim.cup().current.moves[-1]
    assert (overruled.unit, overruled.status, overruled.override_reason) == (
        "Hulot's 14e Division", "overruled", "the road was clear all the way")
    hulot = next(n for n, r in enumerate(panel.allowed_model.rows())
                 if r.unit == "Hulot's 14e Division")
    assert "overruled" in panel.allowed_model.rows()[hulot].moved
    tip = panel.allowed_model.index(hulot, panel.allowed_model.MOVED).data(
        Qt.ItemDataRole.ToolTipRole)  # the findings and the reason, on the move itself
    assert "BOW-2: " in tip and "Overruled: the road was clear all the way" in tip



def test_drawing_over_units_still_to_move_asks_first_and_no_changes_nothing_BOW_2(
        make_window: Any, qtbot: QtBot) -> None:
    window = _shown(make_window, qtbot)
    panel, ops, dialogs = lim_panel(window), window.ops, window.dialogs
    _pull(window, qtbot, "IV Corps C/D")
    _order(window, "Vichery's 13e Division", "tactical")  # the players' written intent
    _order(window, "Hulot's 14e Division", "reduced")
    rows = {r.unit: r.moved for r in panel.allowed_model.rows()}
    assert rows["Vichery's 13e Division"] == "to move (tactical ordered)"
    before, version = ops.lim.cup(), panel.seen_version()

    dialogs.draw_anyway = False
    _key(qtbot, panel.draw_button, Qt.Key.Key_G, CTRL_SHIFT)  # the desk draws: asked first
    assert dialogs.asked[-1] == ("pending:IV Corps C/D:Vichery's 13e Division,"
                                 "Hulot's 14e Division")
    _pull_asked = len(dialogs.asked)
    _press(qtbot, Qt.Key.Key_L, CTRL)
    qtbot.keyClick(panel.pool_list, Qt.Key.Key_Return)  # from the cup: asked too
    assert len(dialogs.asked) == _pull_asked + 1 and dialogs.asked[-1].startswith("pending:")
    assert ops.lim.cup() == before and panel.seen_version() == version  # No: nothing changed
    assert dialogs.errors == []

    _move(window, qtbot, "Vichery's 13e Division", "tactical", "2314")
    _move(window, qtbot, "Hulot's 14e Division", "reduced", "2415")
    asked = len(dialogs.asked)
    with qtbot.waitSignal(ops.campaign_changed):
        _press(qtbot, Qt.Key.Key_G, CTRL_SHIFT)  # every unit moved: no question
    assert len(dialogs.asked) == asked and len(ops.lim.cup().activations) == 2


def test_a_whole_turn_through_the_panel_then_the_no_lim_phase_BOW_2_BOW_5_BOW_6(
        make_window: Any, qtbot: QtBot) -> None:
    """Every chit pulled from the cup by keys, a move recorded under each activation that
    moves anyone, each side's Orders LIM activation failing; then the No LIM phase."""
    window = _shown(make_window, qtbot)
    panel, ops, dialogs = lim_panel(window), window.ops, window.dialogs
    chits = len(ops.lim.cup().in_cup)
    hexes = iter(range(2301, 2399))
    while ops.lim.cup().in_cup:
        # From the end of the cup's list: the turn's last chit is then a C/D LIM (a No LIM
        # roll after an Orders LIM drawn last is refused by the rules as they stand).
        _pull(window, qtbot, ops.lim.cup().in_cup[-1])
        current = ops.lim.cup().current
        if current.kind == "orders":
            panel.option_box.setCurrentIndex(panel.option_box.findData("activate-command"))
            _key(qtbot, panel.option_button, Qt.Key.Key_O, CTRL_SHIFT)
            army = {"French": "Armée du Nord", "Prussian": "Army of the Lower Rhine"}
            panel.command_box.setCurrentIndex(panel.command_box.findText(
                f"{army[current.side]} ({current.side})"))  # a side's Orders LIM, its army
            panel.roll_box.setValue(10)
            _key(qtbot, panel.roll_button, Qt.Key.Key_D, CTRL_SHIFT)  # 10: fails (BOW-5)
            assert ops.lim.cup().current.success is False
        rows = panel.allowed_model.rows()
        if rows:
            _move(window, qtbot, rows[0].unit, rows[0].codes[0], str(next(hexes)))
            assert ops.lim.cup().current.moves[-1].status == "accepted"
        assert panel.phase_box.currentData() == ("operations" if ops.lim.cup().in_cup
                                                 else "no-lim")
    cup = ops.lim.cup()
    assert len(cup.activations) == chits and dialogs.errors == []
    assert not any(a.startswith("reason:") for a in dialogs.asked)  # no overrule needed
    assert sum(len(a.moves) for a in cup.activations) >= 9
    assert [a.success for a in cup.activations if a.roll is not None] == [False, False]
    # The cup is empty: the phase says so, the form is told, drawing is over.
    assert cup.phase == "no-lim" and ops.lim.phase == "no-lim"
    assert "No LIM phase" in panel.title.text() and "No LIM phase" in panel.activation_label.text()
    assert not panel.cup_button.isEnabled() and not panel.draw_button.isEnabled()
    # The No LIM phase: the desk rolls for a command (BOW-6/7).
    panel.command_box.setCurrentIndex(panel.command_box.findText("III Corps (French)"))
    _key(qtbot, panel.desk_roll_button, Qt.Key.Key_T, CTRL_SHIFT)
    assert dialogs.errors == []
    last = ops.lim.cup().current
    assert last.kind == "no-lim" and last.rolled_by == "desk" and last.roll is not None
    assert panel.drawn_lines()[-1].startswith(f"{last.seq}. ")


def _unit_id(window: MainWindow, name: str) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == name)


def _take_option(window: MainWindow, qtbot: QtBot, option: str) -> None:
    panel = lim_panel(window)
    panel.option_box.setCurrentIndex(panel.option_box.findData(option))
    _key(qtbot, panel.option_button, Qt.Key.Key_O, CTRL_SHIFT)


def test_the_orders_lim_activation_table_lists_each_options_units_BOW_3_BOW_4_BOW_11(
        make_window: Any, qtbot: QtBot) -> None:
    """Issue 27: Prussian Orders, activate one command, Röder's 4 against 4 — his unit is
    listed and moves (not "42 units stay"); each other option lists its own units."""
    window = _shown(make_window, qtbot)
    panel, ops, dialogs = lim_panel(window), window.ops, window.dialogs
    _pull(window, qtbot, "Prussian Orders")
    _take_option(window, qtbot, "activate-command")
    panel.command_box.setCurrentIndex(panel.command_box.findText(
        "Reserve cavalry of I. Armeekorps (Röder) (Prussian)"))
    panel.roll_box.setValue(4)
    _key(qtbot, panel.roll_button, Qt.Key.Key_D, CTRL_SHIFT)
    assert ops.lim.cup().current.success is True and dialogs.errors == []
    rows = panel.allowed_model.rows()
    assert [(r.unit, r.clause) for r in rows] == [("I Corps reserve cavalry (Röder)", "BOW-4")]
    assert panel.stay_label.text().startswith("41 units stay") and "BOW-4" in (
        panel.stay_label.text())
    assert panel.move_button.isEnabled()
    _move(window, qtbot, "I Corps reserve cavalry (Röder)", "tactical", "1209")
    assert [(m.unit, m.row) for m in ops.lim.cup().current.moves] == [
        ("I Corps reserve cavalry (Röder)", "BOW-4")]

    _pull(window, qtbot, "French Orders")  # option (i): any one French unit (BOW-3)
    _take_option(window, qtbot, "move-unit")
    rows = panel.allowed_model.rows()
    # Every French unit but the four Guard infantry (BOW-12): 24 − 4.
    assert len(rows) == 20 and {r.clause for r in rows} == {"BOW-3"}
    assert dialogs.errors == []


def test_move_leaders_lists_no_unit_and_says_why_BOW_11(make_window: Any, qtbot: QtBot) -> None:
    window = _shown(make_window, qtbot)
    panel = lim_panel(window)
    _pull(window, qtbot, "French Orders")
    _take_option(window, qtbot, "move-leaders")
    assert panel.allowed_model.rows() == ()
    assert "BOW-11" in panel.stay_label.text()


def test_the_no_lim_phase_is_refused_while_chits_remain_BOW_6(make_window: Any,
                                                               qtbot: QtBot) -> None:
    window = _shown(make_window, qtbot)
    panel, ops, dialogs = lim_panel(window), window.ops, window.dialogs
    _pull(window, qtbot, "IV Corps C/D")
    panel.phase_box.setCurrentIndex(panel.phase_box.findData("no-lim"))
    assert [str(e) for e in dialogs.errors] == [
        "13 LIMs are still in the cup: the No LIM phase begins only when every LIM of the "
        "turn is drawn (BOW-6)."]
    assert panel.phase_box.currentData() == "operations" and ops.lim.phase == "operations"
    # A roll there is refused citing the No LIM phase's clause, not the Orders LIM's.
    panel.command_box.setCurrentIndex(panel.command_box.findText("II. Armeekorps (Prussian)"))
    _key(qtbot, panel.roll_button, Qt.Key.Key_D, CTRL_SHIFT)
    assert "(BOW-6)" in str(dialogs.errors[-1]) and "BOW-11" not in str(dialogs.errors[-1])


def test_ctrl_shift_m_moves_the_unit_the_form_shows_not_the_tables_row_BOW_2(
        make_window: Any, qtbot: QtBot) -> None:
    """Issue 27: Hulot's move was recorded, then Vichery chosen in the order table; the
    move key recorded Hulot again ("reduced", no hex). It moves Vichery now."""
    window = _shown(make_window, qtbot)
    panel, ops, dialogs = lim_panel(window), window.ops, window.dialogs
    _pull(window, qtbot, "IV Corps C/D")
    _move(window, qtbot, "Hulot's 14e Division", "tactical", "2415")
    assert window.unit_id == _unit_id(window, "Hulot's 14e Division")  # the row chose him
    window.select_unit(_unit_id(window, "Vichery's 13e Division"))  # the order table's choice
    assert panel.chosen_unit() == _unit_id(window, "Vichery's 13e Division")
    assert panel.allowed_model.rows()[panel.allowed.currentIndex().row()].unit == (
        "Vichery's 13e Division")
    panel.movement_box.setCurrentIndex(panel.movement_box.findData("reduced"))
    _key(qtbot, panel.move_button, Qt.Key.Key_M, CTRL_SHIFT)
    moves = {m.unit: (m.movement, m.destination_hex) for m in ops.lim.cup().current.moves}
    assert moves == {"Hulot's 14e Division": ("tactical", "2415"),
                     "Vichery's 13e Division": ("reduced", "")}
    # Hulot again: refused unless the umpire says it replaces his first move.
    window.select_unit(_unit_id(window, "Hulot's 14e Division"))
    dialogs.replace_move = False
    panel.movement_box.setCurrentIndex(panel.movement_box.findData("reduced"))
    _key(qtbot, panel.move_button, Qt.Key.Key_M, CTRL_SHIFT)
    assert dialogs.asked[-1] == "replace:Hulot's 14e Division"
    assert {m.unit: m.movement for m in ops.lim.cup().current.moves}[
        "Hulot's 14e Division"] == "tactical"
    dialogs.replace_move = True
    _key(qtbot, panel.move_button, Qt.Key.Key_M, CTRL_SHIFT)
    assert {m.unit: m.movement for m in ops.lim.cup().current.moves}[
        "Hulot's 14e Division"] == "reduced"
    # A unit no activation row lists is no longer the table's row: none is shown as chosen.
    window.select_unit(_unit_id(window, "Lefol's 8e Division"))
    assert not panel.allowed.selectionModel().hasSelection()
    assert dialogs.errors == []


def test_an_orders_lim_is_played_from_the_keys_alone_BOW_4_BOW_11(make_window: Any,
                                                                   qtbot: QtBot) -> None:
    """After the chit, the keyboard is at the option (BOW-11); after "activate one command",
    at the command box, which offers the LIM's own side; after the roll, at the units it lets
    move, so Down and Ctrl+Shift+M record one — no mouse (found playing under Xvfb)."""
    window = _shown(make_window, qtbot)
    panel, ops = lim_panel(window), window.ops
    _pull(window, qtbot, "Prussian Orders")
    assert panel.option_box.hasFocus()
    assert panel.command_box.currentText().endswith("(Prussian)")
    qtbot.keyClick(panel.option_box, Qt.Key.Key_Down)  # move one unit → activate one command
    assert panel.option_box.currentData() == "activate-command"
    _key(qtbot, panel.option_button, Qt.Key.Key_O, CTRL_SHIFT)
    assert panel.command_box.hasFocus()
    röder = panel.command_box.findText("Reserve cavalry of I. Armeekorps (Röder) (Prussian)")
    while panel.command_box.currentIndex() != röder:
        qtbot.keyClick(panel.command_box, Qt.Key.Key_Down)
    qtbot.keyClick(panel.command_box, Qt.Key.Key_Tab)
    assert panel.roll_box.hasFocus()
    qtbot.keyClicks(panel.roll_box.lineEdit(), "\b4")
    _key(qtbot, panel.roll_button, Qt.Key.Key_D, CTRL_SHIFT)
    assert ops.lim.cup().current.success is True
    assert panel.allowed.hasFocus()
    assert panel.chosen_unit() == panel.allowed_model.rows()[0].unit_id
    _key(qtbot, panel.move_button, Qt.Key.Key_M, CTRL_SHIFT)
    assert [m.unit for m in ops.lim.cup().current.moves] == ["I Corps reserve cavalry (Röder)"]
