"""File dialogs start beside the campaign, then in the last folder the umpire used."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.printing.viewmodels import Paper
from desk.ui import settings as s
from desk.ui.dialogs import Dialogs


def test_file_dialogs_start_beside_the_campaign_then_in_the_last_folder(
        make_window: Any, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    assert scripted(window).campaign_folder == tmp_path  # the window told its dialogs
    dialogs = Dialogs(None)
    dialogs.campaign_folder = tmp_path
    assert dialogs.start_folder() == str(tmp_path)
    dialogs.settings = s.Settings(QSettings(str(tmp_path / "desk.ini"),
                                            QSettings.Format.IniFormat))
    elsewhere = tmp_path / "forms"
    elsewhere.mkdir()
    dialogs.used_folder(elsewhere / "filled.pdf")
    assert dialogs.start_folder() == str(elsewhere)
    assert dialogs.settings.get(s.LAST_FOLDER) == str(elsewhere)
    elsewhere.rmdir()  # a folder gone since: beside the campaign again
    assert dialogs.start_folder() == str(tmp_path)


def test_the_print_folder_defaults_beside_the_campaign_and_paper_is_remembered(
        make_window: Any, tmp_path: Path, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    settings = s.Settings(QSettings(str(tmp_path / "desk.ini"), QSettings.Format.IniFormat))
    window.printing.settings = settings
    settings.set(s.PAPER_SIZE, "letter")
    offer = window.printing.default_choice()
    assert offer.paper.value == "letter"
    assert offer.folder == tmp_path / f"{window.ops.context.campaign} bound 1"
    scripted(window).print_with = {"paper": Paper.A4, "level": 0, "sides": ("French",)}
    window.actions_by_name["print_sheets"].trigger()
    assert settings.get(s.PAPER_SIZE) == "a4"
    qtbot.waitUntil(lambda: bool(window.printing.written), timeout=60000)
