"""The campaign view at the desk: battles and strengths, ending a battle with the aftermath
reviewed and adjusted, a new battle from the campaign order of battle, the bound diff."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTime
from PySide6.QtWidgets import QPlainTextEdit
from pytestqt.qtbot import QtBot
from sqlalchemy import update
from sqlmodel import col, select

from desk.store.tables.bounds import Bound, UnitState
from desk.store.tables.campaign import Battle
from desk.ui.main_window import MainWindow


def _wound(window: MainWindow, unit_id: int, strength: int) -> None:
    """The unit's strength in the open bound, as a losses event would leave it."""
    with window.ops.store.session() as session:
        bound = session.exec(select(Bound).where(Bound.status == "open")).one()
        session.execute(update(UnitState).where(col(UnitState.bound_id) == bound.id,
                                                col(UnitState.unit_id) == unit_id)
                        .values(strength=strength))


def _cell(table: Any, row: int, column: int) -> str:
    return str(table.item(row, column).text())


def test_a_battle_ended_with_review_then_the_next_begun(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    window.resize(1366, 768)
    rows = window.table_model.rows()
    first, second = rows[2], rows[3]
    _wound(window, first.unit_id, 20)

    window.actions_by_name["campaign_view"].trigger()
    view = window.battles.view
    assert view.isVisible() and view.battles.rowCount() == 1
    assert ": 1 battle; now: " in view.heading.text()  # issue 30: not "1 battles"
    assert view.strengths.rowCount() == len(rows)
    view.grab().save("/tmp/campaign_view_1.png")

    view.end_button.click()
    review = window.battles.review
    assert review.isVisible()
    assert "Close bound 1" in review.findChild(QPlainTextEdit, "close_summary").toPlainText()
    review.share_box.setValue(150)
    review.recompute()
    assert "between 0 and 100 %" in review.problem.text()
    assert not review.commit_button.isEnabled()
    review.preset_box.setCurrentIndex(review.preset_box.findData("ten-percent-lost"))
    assert review.commit_button.isEnabled()
    row_of = {r.unit_id: i for i, r in enumerate(review.aftermath.rows)}
    lost = review.aftermath.rows[row_of[first.unit_id]]
    assert (lost.losses, lost.after) == (lost.start - 20, 20 + int((lost.start - 20) * 0.9))
    review.table.item(row_of[second.unit_id], review.AFTER).setText("3")
    review.grab().save("/tmp/campaign_aftermath.png")
    review.commit_button.click()
    assert "needs a reason" in review.problem.text() and review.isVisible()
    review.table.item(row_of[second.unit_id], review.REASON).setText("routed off the table")
    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000):
        review.commit_button.click()
    assert _cell(view.battles, 0, 1) == "ended after bound 1"
    assert not window.actions_by_name["end_battle"].isEnabled()
    strengths = {_cell(view.strengths, r, 0): r for r in range(view.strengths.rowCount())}
    assert _cell(view.strengths, strengths[second.unit], 3).split(" (")[0].endswith("→ 3")
    assert "(adjusted -" in _cell(view.strengths, strengths[second.unit], 3)  # cut to 3 by hand
    # Issue 30: what the battle cost and gave back, and the totals of each side and command.
    cost = lost.start - 20
    assert _cell(view.strengths, strengths[first.unit], 3).endswith(
        f"(lost {cost}, returned {int(cost * 0.9)})")
    sides = [r for r in range(view.totals.rowCount()) if view.totals.item(r, 0).font().bold()]
    assert len(sides) == 2 and sides[0] == 0
    side_cells = [_cell(view.totals, r, 2) for r in sides]
    assert sum("(lost" in c for c in side_cells) == 1  # the wounded unit's side only
    assert view.totals.rowCount() > 2 and _cell(view.totals, 1, 0).strip()  # its commands

    view.new_button.click()
    dialog = window.battles.new_dialog
    dialog.name_edit.setText("Wavre")
    dialog.commands.item(0).setCheckState(Qt.CheckState.Checked)
    # Issue 30: the dialog asks what `desk new-battle` takes: date, clock, minutes, seed.
    dialog.date_edit.setText("1815-06-18")
    dialog.start_edit.setTime(QTime(16, 30))
    dialog.minutes_box.setValue(20)
    dialog.seed_box.setValue(1815)
    dialog.grab().save("/tmp/new_battle_dialog.png")
    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000):
        dialog.accept()
    assert view.battles.rowCount() == 2 and _cell(view.battles, 1, 1) == "open, bound 1"
    assert window.ops.context.battle == "Wavre"
    assert ": 2 battles; now: Wavre" in view.heading.text()
    with window.ops.store.session() as session:
        wavre = session.exec(select(Battle).where(Battle.name == "Wavre")).one()
        assert (wavre.date, wavre.start_time, wavre.minutes_per_bound, wavre.seed) == \
            ("1815-06-18", "16:30", 20, 1815)
    assert 0 < len(window.table_model.rows()) < len(rows)  # one side's command only
    view.grab().save("/tmp/campaign_view_2.png")

    view.diff_button.click()
    diff = window.battles.diff_dialog
    assert diff.isVisible() and diff.table.rowCount() == 0  # bound 1 against itself
    view.reject()


def test_enter_in_the_aftermath_table_keeps_the_cell_and_only_the_button_ends_the_battle(
        make_window: Any, qtbot: QtBot, tmp_path: Any) -> None:
    """Issue 27: Enter in a cell of the review commits the cell, the dialog stays; the End the
    battle button ends it with the typed value, and the backup taken first is named."""
    from desk.store import open_campaign
    from desk.store.backups import list_backups
    from desk.store.tables.campaign import Battle
    from desk.store.tables.oob import Unit

    window = make_window("belle-alliance")
    window.show()
    window.actions_by_name["campaign_view"].trigger()
    window.battles.view.end_button.click()
    review = window.battles.review
    assert review.isVisible()
    row = 3
    unit_id = review.aftermath.rows[row].unit_id
    table = review.table
    table.setFocus()
    table.setCurrentCell(row, review.AFTER)
    qtbot.keyClick(table, Qt.Key.Key_F2)  # edit the cell, as a user does
    editor = table.indexWidget(table.currentIndex())  # the cell's editor, open
    assert editor is not None
    editor.selectAll()
    qtbot.keyClicks(editor, "3")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.wait(50)  # the delegate commits on the next turn of the event loop
    assert review.isVisible()
    assert _cell(table, row, review.AFTER) == "3"
    table.setCurrentCell(row, review.REASON)
    qtbot.keyClick(table, Qt.Key.Key_F2)
    editor = table.indexWidget(table.currentIndex())
    qtbot.keyClicks(editor, "routed off the table")
    qtbot.keyClick(editor, Qt.Key.Key_Enter)
    qtbot.wait(50)
    qtbot.keyClick(table, Qt.Key.Key_Return)  # Enter on a cell not being edited: still open
    qtbot.wait(50)
    assert review.isVisible() and _cell(table, row, review.REASON) == "routed off the table"
    assert "desk restore" in review.findChild(type(review.problem), "aftermath_backup").text()

    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000):
        review.commit_button.click()
    with window.ops.store.session() as session:
        assert session.exec(select(Battle)).one().status == "ended"
        unit = session.get(Unit, unit_id)
        assert unit is not None and unit.strength == 3
    shown = window.statusBar().currentMessage()
    backups = list_backups(campaign_path=window.ops.store.path, backup_dir=tmp_path / "backups")
    named = [b for b in backups if b.path.name in shown]
    assert len(named) == 1 and "desk restore" in shown
    with open_campaign(named[0].path, read_only=True) as old, old.session() as session:
        assert session.exec(select(Battle)).one().status == "open"  # what a restore brings back
