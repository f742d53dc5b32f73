"""Start-up reads the first screen once and builds nothing hidden (issue 28).

The window the umpire waits for before every evening of play: each statement
of its first screen (context, tree, order table, the draft offer after a
crash) runs once, and the courier ledger, hidden at first show, reads nothing
until it is shown; shown, it works as before.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import event

from desk.store import backup_sqlite, open_campaign


def _started(qtbot: QtBot, demo: Path, dialogs: Any, tmp_path: Path) -> tuple[Any, list[str]]:
    """The window as ``Desk.open`` starts it (built, shown, drafts offered), and its SQL."""
    from desk.ui.app import build_window

    path = tmp_path / "campaign.desk"
    backup_sqlite(store_or_path=demo, dest=path)
    store = open_campaign(path)
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(" ".join(statement.split()))

    event.listen(store.engine, "before_cursor_execute", seen)
    window = build_window(store=store, dialogs=dialogs, backup_dir=tmp_path / "backups",
                          drafts_dir=tmp_path / "drafts")
    qtbot.addWidget(window)
    with qtbot.waitExposed(window):
        window.show()
    window.orders.offer_drafts()
    event.remove(store.engine, "before_cursor_execute", seen)
    window.destroyed.connect(store.close)
    return window, statements


def test_start_up_runs_each_query_of_the_first_screen_once(
        qtbot: QtBot, demo_files: dict[str, Path], scripted_dialogs: Any, tmp_path: Path) -> None:
    window, statements = _started(qtbot, demo_files["belle-alliance"], scripted_dialogs(),
                                  tmp_path)
    twice = {s[:100]: n for s, n in Counter(statements).items()
             if n > 1 and s.upper().startswith("SELECT")}
    assert twice == {}  # the draft offer read the whole order table a second time
    assert window.table_model.rowCount() > 10


def test_the_courier_ledger_reads_nothing_until_first_shown(
        qtbot: QtBot, demo_files: dict[str, Path], scripted_dialogs: Any, tmp_path: Path) -> None:
    window, statements = _started(qtbot, demo_files["belle-alliance"], scripted_dialogs(),
                                  tmp_path)
    assert [s for s in statements if "dispatch" in s.lower()] == []
    dock = window.courier_dock
    assert not dock.isVisible()
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.AltModifier)
    assert dock.isVisible()
    panel = dock.widget()
    assert panel.objectName() == "courier_panel" and panel.text_edit.hasFocus()
    assert panel.writer_box.count() > 0  # the address book, read once shown
