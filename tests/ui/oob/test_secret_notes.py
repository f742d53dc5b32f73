"""The unit panel's secret notes (issue 33): "Secret note…" keeps one as the umpire at this
window, the panel lists it under a line saying who reads it; another sector umpire's window
does not show it, the chief's names its author."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from note_helpers import name_umpires, things
from pytestqt.qtbot import QtBot
from scripted_dialogs import ScriptedDialogs

from desk.services.umpires.notes import secret_notes
from desk.store import CampaignStore, backup_sqlite, open_campaign
from desk.ui.app import build_window
from desk.ui.changes import Change
from desk.ui.main_window import MainWindow

SECRET = "Sam alone: the bridge at Lasne is mined"

Window = Callable[..., tuple[MainWindow, ScriptedDialogs]]


@pytest.fixture
def shared(demo_files: dict[str, Path], tmp_path: Path) -> Path:
    """A copy of the Belle Alliance demo with a chief (Marie) and two sector umpires."""
    path = tmp_path / "shared.desk"
    backup_sqlite(store_or_path=demo_files["belle-alliance"], dest=path)
    name_umpires(path, {"Marie": "chief", "Sam": "sector", "Lou": "sector"})
    return path


@pytest.fixture
def window_as(qtbot: QtBot, shared: Path, tmp_path: Path) -> Iterator[Window]:
    """``window_as(name, read_only=False)``: a window on the shared campaign, opened as that
    umpire (a SQLite file has one writer: the others read it)."""
    stores: list[CampaignStore] = []

    def build(umpire: str, *, read_only: bool = False) -> tuple[MainWindow, ScriptedDialogs]:
        store = open_campaign(shared, umpire=umpire, read_only=read_only)
        stores.append(store)
        dialogs = ScriptedDialogs()
        window = build_window(store=store, dialogs=dialogs, backup_dir=tmp_path / "backups",
                              drafts_dir=tmp_path / f"drafts-{umpire}")
        qtbot.addWidget(window)
        return window, dialogs

    yield build
    for store in stores:
        store.close()


def test_a_note_is_kept_and_shown_to_its_author_and_the_chief_only(
        window_as: Window, shared: Path, qtbot: QtBot) -> None:
    at = things(shared)
    sam, sams_dialogs = window_as("Sam")
    sam.select_unit(at.unit_id)
    panel = sam.unit_panel
    assert "seen only by you and the chief umpire" in panel.notes_title.text()
    assert not panel.notes_label.isVisibleTo(panel)
    sams_dialogs.note_text = None  # cancelled: nothing kept
    panel.note_button.click()
    sams_dialogs.note_text = SECRET + "\nsecond line"
    with qtbot.waitSignal(sam.ops.campaign_changed,
                          check_params_cb=lambda change: change is Change.NOTE):
        panel.note_button.click()
    assert sams_dialogs.asked == [f"note:{at.unit}", f"note:{at.unit}"]
    assert SECRET in panel.notes_label.text() and "second line" in panel.notes_label.text()
    assert panel.notes_label.isVisibleTo(panel) and "<b>Sam</b>" not in panel.notes_label.text()
    with open_campaign(shared, read_only=True, umpire="Marie") as store, \
            store.session() as session:
        assert [(n.author, n.text) for n in secret_notes(session=session)] == [
            ("Sam", SECRET + "\nsecond line")]

    lou, _lous = window_as("Lou", read_only=True)
    lou.select_unit(at.unit_id)
    assert SECRET not in lou.unit_panel.notes_label.text()
    assert not lou.unit_panel.notes_label.isVisibleTo(lou.unit_panel)

    marie, _maries = window_as("Marie", read_only=True)
    marie.select_unit(at.unit_id)
    chiefs = marie.unit_panel
    assert "<b>Sam</b>: " + SECRET in chiefs.notes_label.text()
    assert "the chief umpire (you)" in chiefs.notes_title.text()


def test_a_read_only_window_offers_no_note(make_window: Callable[..., MainWindow]) -> None:
    window = make_window(read_only=True)
    first = window.table_model.rows()[0].unit_id
    window.select_unit(first)
    assert not window.unit_panel.note_button.isEnabled()
