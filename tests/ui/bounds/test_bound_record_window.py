"""Bound ▸ Record of a closed bound (Ctrl+Alt+B, issue 30): after the closes, the umpire
sees what every unit did, one row per unit, the last closed bound first."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTableWidget
from record_play import play_two_bounds

from desk.store import backup_sqlite, open_campaign


def _text(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    assert item is not None, (row, column)
    return item.text()

CTRL_ALT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier


def test_ctrl_alt_b_shows_what_every_unit_did_in_the_last_closed_bound(
        qtbot: Any, demo_files: dict[str, Path], tmp_path: Path,
        scripted_dialogs: Any) -> None:
    from desk.ui.app import build_window

    path = backup_sqlite(store_or_path=demo_files["belle-alliance"],
                         dest=tmp_path / "record.desk")
    play_two_bounds(path)
    with open_campaign(path) as store:
        window = build_window(store=store, dialogs=scripted_dialogs(),
                              backup_dir=tmp_path / "backups")
        qtbot.addWidget(window)
        with qtbot.waitActive(window):
            window.show()
            window.activateWindow()
        window.table.setFocus()
        assert window.actions_by_name["bound_record"].isEnabled()
        qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_B, CTRL_ALT)
        dialog = window.bounds.record_dialog
        assert dialog is not None
        qtbot.waitExposed(dialog)
        table = dialog.table
        assert "bound 2" in dialog.heading.text() and "62 units" in dialog.heading.text()
        assert table.rowCount() == 62
        rows = {_text(table, r, 0): [_text(table, r, c) for c in range(5)]
                for r in range(table.rowCount())}
        assert rows["Lobau and staff"][2].startswith("no order: continues its bound 1 order")
        assert rows["1/5e Ligne"][2].startswith("order applied: normal to the wood")
        assert "→ column of march" in rows["1/5e Ligne"][4]
        assert "Bound 2: became LD (BA-12)" in rows["2/5e Ligne"][3]
        QApplication.processEvents()
        assert table.horizontalScrollBar().maximum() == 0  # the state column in sight too
        if os.environ.get("DESK_GRAB"):  # a look at it, on demand
            dialog.grab().save(os.environ["DESK_GRAB"])
        dialog.bound_box.setValue(1)
        assert "bound 1" in dialog.heading.text()
        assert _text(table, 0, 2) == "order applied: normal to the mill"
        dialog.close()
