"""The window's Backups dialog restores the oldest of twenty backups and keeps it (issue 14)."""

from __future__ import annotations

import sqlite3
from typing import Any

from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.store import list_backups, take_backup


def test_restoring_the_oldest_backup_from_the_window_keeps_it(make_window: Any,
                                                              qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    store, folder = window.ops.store, window.ops.backup_dir
    for n in range(20):
        with store.session() as session:
            session.connection().exec_driver_sql(f"UPDATE campaign SET name = 'State {n}'")
        take_backup(store_or_path=store, backup_dir=folder, reason=f"state-{n}")
    path = store.path
    oldest = list_backups(campaign_path=path, backup_dir=folder)[-1].path
    scripted(window).backup_index = 19
    scripted(window).confirm = True
    with qtbot.waitSignal(window.campaign_requested):
        window.actions_by_name["backups"].trigger()
    assert scripted(window).errors == []
    assert oldest.exists()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT name FROM campaign").fetchone() == ("State 0",)
