"""Orders saved in the window are in a copy of the campaign file made while it is open.

Issue 14, defect 4: an umpire entered two orders, copied the ``.desk`` file with
a file manager while the window was open, and the copy had neither. The copy
here takes the main file's bytes alone, as a file manager does.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from desk.ui.main_window import MainWindow


def _orders_in_a_copy(window: MainWindow, dest: Path) -> list[str]:
    source = window.ops.store.path
    assert source is not None  # a campaign file, not a server database
    shutil.copyfile(source, dest)  # the main file only, never its -wal
    db = sqlite3.connect(dest)
    try:
        return [r[0] for r in db.execute("SELECT verbatim FROM unit_order ORDER BY id")]
    finally:
        db.close()


def test_two_orders_saved_in_the_window_are_in_a_copy_of_the_file(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    assert _orders_in_a_copy(window, tmp_path / "before.desk") == []
    saved = []
    for n, row in enumerate(window.table_model.rows()[:2], start=1):
        window.select_unit(row.unit_id)
        window.form.verbatim_edit.setPlainText(f"Order {n}: advance on Plancenoit church")
        with qtbot.waitSignal(window.ops.campaign_changed):
            assert window.orders.save_order()
        saved.append(f"Order {n}: advance on Plancenoit church")
        assert _orders_in_a_copy(window, tmp_path / f"copy-{n}.desk") == saved
