"""Issue 13's acceptance test: a desk killed mid-typing offers the order back on the next start.

A child process runs the real desk (offscreen) on a demo campaign and types
part of an order with key events; the test kills it with SIGKILL (no clean
quit, no Python ``finally``), then starts the desk again the way ``desk``
does and answers the real "Restore 1 unsaved order?" box: the form shows
exactly the text and fields that were typed.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from desk.store import backup_sqlite
from desk.ui.app import Desk
from desk.ui.settings import Settings

CHILD = Path(__file__).with_name("drafts_child.py")


def _wait_ready(child: subprocess.Popen[bytes], ready: Path) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while not ready.exists():
        if child.poll() is not None:
            _out, err = child.communicate()
            pytest.fail(f"the first desk stopped ({child.returncode}): {err.decode()[-2000:]}")
        if time.monotonic() > deadline:
            child.kill()
            pytest.fail("the first desk never said it was ready")
        time.sleep(0.05)
    return dict(json.loads(ready.read_text(encoding="utf-8")))


def _answer_restore(asked: list[str]) -> QTimer:
    """Click Restore on the real box when it comes (and note what it asked)."""
    timer = QTimer()

    def look() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            asked.append(box.text())
            box.defaultButton().click()

    timer.timeout.connect(look)
    timer.start(20)
    return timer


def test_an_order_typed_before_kill_9_is_offered_back_exactly(
        qtbot: QtBot, demo_files: dict[str, Path], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = tmp_path / "campaign.desk"
    backup_sqlite(store_or_path=demo_files["belle-alliance"], dest=campaign)
    data_dir, ready, ini = tmp_path / "data", tmp_path / "ready.json", tmp_path / "desk.ini"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DESK_DATA_DIR=str(data_dir))
    child = subprocess.Popen([sys.executable, str(CHILD), str(campaign), str(ready), str(ini)],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        typed = _wait_ready(child, ready)
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.communicate(timeout=30)
    assert child.returncode == -signal.SIGKILL
    assert "\n" in typed["verbatim"] and typed["fields"]["fire"] is True  # really typed

    monkeypatch.setenv("DESK_DATA_DIR", str(data_dir))
    desk = Desk(Settings(QSettings(str(ini), QSettings.Format.IniFormat)))
    asked: list[str] = []
    timer = _answer_restore(asked)
    try:
        assert desk.open(str(campaign))
        timer.stop()
        assert desk.window is not None  # opened just above
        form = desk.window.form
        assert asked == ["Restore 1 unsaved order?"]
        assert form.context is not None and form.context.unit.name == "1/5e Ligne"
        assert form.draft_values() == (typed["verbatim"], typed["fields"])
        assert typed["fields"] == {"rate": "fast", "destination": "Plancenoit church",
                                   "fire": True}
        assert form.context is not None
        assert form.context.order is None  # offered back, not saved behind the umpire's back
        assert not form.draft_note.isHidden()
    finally:
        timer.stop()
        desk.shutdown()
        for handler in list(logging.getLogger("desk").handlers):  # the desk's log file
            if isinstance(handler, logging.FileHandler) and str(data_dir) in handler.baseFilename:
                logging.getLogger("desk").removeHandler(handler)
                handler.close()
