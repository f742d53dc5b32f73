"""Which umpire is at the desk (issue 33): on a PostgreSQL campaign that names its umpires,
a database role none of them claims is asked which umpire it is, the answer offered first
at the next open; ``--umpire`` (DESK_UMPIRE) names one without asking. A real server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pg_umpires import demo_with_umpires
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QInputDialog
from pytestqt.qtbot import QtBot

from desk.ui.app import Desk
from desk.ui.settings import Settings


@pytest.fixture
def campaign(pg_campaign: str) -> str:
    """The demo with two umpires whose roles are not the tests' own (postgres)."""
    return demo_with_umpires(pg_campaign, chief=("Anne", "anne"), sector=("Bruno", "bruno"))


def _umpire_shown(campaign: str, tmp_path: Path, qtbot: QtBot) -> str:
    """Open the campaign as the desk does (settings kept in tmp_path), the status line's
    word on who writes at this desk, and close it again."""
    desk = Desk(Settings(QSettings(str(tmp_path / "desk.ini"), QSettings.Format.IniFormat)))
    assert desk.open(campaign)
    assert desk.window is not None
    qtbot.addWidget(desk.window)
    shown = desk.window.umpire_label.text()
    desk.shutdown()
    return shown


def test_an_unclaimed_role_is_asked_which_umpire_and_the_answer_comes_first_next_time(
        campaign: str, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[list[str], int]] = []

    def choose(_parent: Any, _title: str, _label: str, items: list[str], current: int,
               _editable: bool) -> tuple[str, bool]:
        asked.append((items, current))
        return "Bruno", True

    monkeypatch.setattr(QInputDialog, "getItem", choose)
    monkeypatch.delenv("DESK_UMPIRE", raising=False)
    for _ in range(2):
        assert _umpire_shown(campaign, tmp_path, qtbot) == "Umpire: Bruno (sector)"
    assert asked == [(["Anne", "Bruno"], 0), (["Anne", "Bruno"], 1)]  # Bruno first again


def test_the_command_line_names_the_umpire_without_asking(
        campaign: str, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: Any) -> tuple[str, bool]:
        raise AssertionError("asked, though --umpire named the umpire")

    monkeypatch.setattr(QInputDialog, "getItem", refuse)
    monkeypatch.setenv("DESK_UMPIRE", "Anne")
    assert _umpire_shown(campaign, tmp_path, qtbot) == "Umpire: Anne (chief)"
