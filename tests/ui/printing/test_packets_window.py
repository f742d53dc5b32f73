"""Bound → Prepare packets: the packets written off the GUI thread into a new folder,
one per side; a folder that is not empty is one dialog and nothing is written."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted


def test_prepare_packets_from_the_bound_menu(make_window: Any, qtbot: QtBot,
                                             tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    action = window.actions_by_name["prepare_packets"]
    assert action.text() and window.findChild(type(action), "prepare_packets") is action
    window.packets.choose_folder = lambda: tmp_path
    action.trigger()
    qtbot.waitUntil(lambda: len(window.packets.written) == 2, timeout=60000)
    folders = sorted(p.name for p in window.packets.written)
    assert folders == ["French", "Prussian"]
    french = next(p for p in window.packets.written if p.name == "French")
    text = "".join(page.extract_text() for page in PdfReader(
        french / "bound-1-situation.pdf").pages)
    assert "SHA-256" in text and scripted(window).errors == []
    # Again into the same (now full) folder: one refusal, nothing more written.
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    action.trigger()
    assert len(scripted(window).errors) == 1 and "not empty" in str(scripted(window).errors[0])
    assert sorted(str(p) for p in tmp_path.rglob("*")) == before


def test_turn_in_board_shows_the_late_and_writes_reminders(make_window: Any, qtbot: QtBot,
                                                           tmp_path: Path) -> None:
    from desk.services.packets.deadlines import set_deadline
    from desk.services.packets.players import add_player

    window = make_window("belle-alliance")
    with window.ops.store.session() as session:
        add_player(session=session, name="Bernd", address="bernd@example.de", side="Prussian")
    window.packets.choose_folder = lambda: tmp_path
    window.actions_by_name["turn_in_board"].trigger()
    dialog = window.packets.dialog
    assert dialog is not None and dialog.isVisible()
    table = dialog.table
    assert table.rowCount() > 2 and table.accessibleName()
    states = {table.item(r, 3).text() for r in range(table.rowCount())}
    assert states == {"not returned yet"}  # no deadline: nobody is late (issue 27 #20)
    assert "Not returned yet:" in dialog.summary.text()
    dialog.close()
    with window.ops.store.session() as session:  # a deadline already passed: late
        set_deadline(session=session, bound=None, when=datetime(2020, 1, 1, tzinfo=UTC),
                     now=datetime(2019, 12, 31, tzinfo=UTC))  # set the day before
    window.actions_by_name["turn_in_board"].trigger()
    dialog = window.packets.dialog
    assert dialog is not None
    table = dialog.table
    assert {table.item(r, 3).text() for r in range(table.rowCount())} == {"late"}
    assert dialog.summary.text().startswith("Deadline: 2020-01-01 00:00 UTC. Late:")
    assert dialog.width() <= 1366 and dialog.height() <= 768
    dialog.grab().save(str(tmp_path / "turn-in.png"))
    dialog.reminders_button.click()
    drafts = list(tmp_path.rglob("*.eml"))
    assert len(drafts) == 1 and "bernd@example.de" in drafts[0].read_text()
    assert scripted(window).errors == []
