"""The casualties grid at the desk: a melee's five figures typed down the column from the
keyboard, checked per row, recorded as ONE undo step (issue 30; data: losses.casualties)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QTableWidget, QTableWidgetItem

from desk.ui.bounds.grid_dialog import (
    CASUALTIES,
    CHECK,
    STATE,
    UNIT,
    CasualtiesGridDialog,
    GridTable,
)


def _item(table: QTableWidget, row: int, column: int) -> QTableWidgetItem:
    item = table.item(row, column)
    assert item is not None, (row, column)
    return item


def _strengths(window: Any, ids: list[int]) -> dict[int, int]:
    return {u.unit_id: u.strength for u in window.ops.grid_units() if u.unit_id in ids}


def _open_grid(window: Any, qtbot: Any, drive: Any) -> None:
    """Open the grid (modal) and let ``drive(dialog)`` type into it; a failure closes it."""
    failed: list[BaseException] = []

    def start() -> None:
        dialog = window.bounds.last_grid
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(20, start)  # not shown yet: its exec() has not begun
            return
        try:
            dialog.activateWindow()
            qtbot.waitUntil(dialog.isActiveWindow)
            drive(dialog)
        except BaseException as exc:  # closed, so that exec() returns and the test fails
            failed.append(exc)
            if dialog is not None:
                dialog.reject()

    window.bounds.last_grid = None
    QTimer.singleShot(50, start)
    window.actions_by_name["casualties_grid"].trigger()
    if failed:
        raise failed[0]


def _keys(qtbot: Any, dialog: Any, text: str) -> None:
    """Type ``text`` where the grid's focus is, a key at a time (the first opens the cell's
    editor, which takes the focus)."""
    for char in text:
        qtbot.keyClicks(dialog.focusWidget(), char)


def _key(qtbot: Any, dialog: Any, key: Qt.Key,
         modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(dialog.focusWidget(), key, modifier)


def test_five_casualties_typed_down_the_column_one_ctrl_z_restores_them(
        make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    with qtbot.waitActive(window):
        window.show()
    first = next(r.unit_id for r in window.table_model.rows() if r.unit == "1/5e Ligne")
    window.select_unit(first)
    seen: dict[str, Any] = {}

    def drive(dialog: CasualtiesGridDialog) -> None:
        table: GridTable = dialog.table
        scope = dialog.scopes[dialog.scope_box.currentIndex()]
        assert scope.command_id is not None  # the chosen unit's command
        assert table.currentColumn() == CASUALTIES and table.currentRow() == 0
        assert QApplication.focusWidget() is table
        ids = [_item(table, r, UNIT).data(Qt.ItemDataRole.UserRole) for r in range(5)]
        assert first in ids
        seen["ids"] = ids
        seen["before"] = _strengths(window, ids)
        dialog.grab().save(str(Path(os.environ.get("DESK_GRAB_DIR", tmp_path)) / "grid.png"))
        for figure in ("1", "2", "3", "2", "1"):
            _keys(qtbot, dialog, figure)
            _key(qtbot, dialog, Qt.Key.Key_Return)
        assert table.currentRow() == min(5, table.rowCount() - 1)  # Enter went down each time
        assert [_item(table, r, CASUALTIES).text() for r in range(5)] == ["1", "2", "3", "2", "1"]
        assert all(_item(table, r, CHECK).text() == "" for r in range(5))
        _key(qtbot, dialog, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)

    _open_grid(window, qtbot, drive)
    assert not window.bounds.last_grid.isVisible()
    ids, before = seen["ids"], seen["before"]
    after = _strengths(window, ids)
    assert [before[i] - after[i] for i in ids] == [1, 2, 3, 2, 1]
    assert window.ops.undo_stack.count() == 1
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.table.setFocus()
    with qtbot.waitSignal(window.ops.campaign_changed):
        qtbot.keyClick(window.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _strengths(window, ids) == before
    assert window.ops.undo_stack.count() == 1 and window.ops.undo_stack.index() == 0
    window.ops.undo_stack.redo()  # redo records the whole grid again, and undo takes it back
    assert [before[i] - _strengths(window, ids)[i] for i in ids] == [1, 2, 3, 2, 1]
    window.ops.undo_stack.undo()
    assert _strengths(window, ids) == before and not window.dialogs.errors


def test_an_impossible_row_is_refused_in_its_row_and_nothing_is_written(
        make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    seen: dict[str, Any] = {}

    def drive(dialog: CasualtiesGridDialog) -> None:
        table: GridTable = dialog.table
        dialog.scope_box.setCurrentIndex(0)  # all units
        strength = int(_item(table, 1, 1).text())
        _keys(qtbot, dialog, "2")
        _key(qtbot, dialog, Qt.Key.Key_Return)
        _keys(qtbot, dialog, str(strength + 5))
        _key(qtbot, dialog, Qt.Key.Key_Return)
        seen["check"] = _item(table, 1, CHECK).text()
        dialog.grab().save(str(Path(os.environ.get("DESK_GRAB_DIR", tmp_path)) / "refused.png"))
        assert _item(table, 0, CHECK).text() == ""
        table.setCurrentCell(2, STATE)  # a new state, chosen from the rules' list
        _key(qtbot, dialog, Qt.Key.Key_F2)
        combo = dialog.focusWidget()
        assert isinstance(combo, QComboBox)  # the state cell's editor
        seen["states"] = [combo.itemText(i) for i in range(combo.count())]
        _key(qtbot, dialog, Qt.Key.Key_Escape)
        # refused: the grid stays open
        _key(qtbot, dialog, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        seen["open"] = dialog.isVisible()
        dialog.reject()

    _open_grid(window, qtbot, drive)
    assert seen["open"], seen
    assert "(data: losses.casualties)" in seen["check"]
    assert "Became MD" in seen["states"]
    assert window.ops.undo_stack.count() == 0
