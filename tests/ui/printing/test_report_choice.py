"""Issue 30: the bound report proposes the bound just played, not the open and empty one; after
a new battle the losses report proposes the battle just ended; both may choose another, from
the keyboard, in a real dialog."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtGui import QDesktopServices

from desk.services.battles.aftermath import commit_aftermath
from desk.services.battles.recovery import recovery_rules
from desk.services.battles.roster import start_battle
from desk.services.printing.report_choice import Report, report_choice
from desk.ui.changes import Change
from desk.ui.printing.report_dialog import ReportChoiceDialog


def _close(window: Any, qtbot: Any) -> None:
    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000,
                          check_params_cb=lambda kind: kind is Change.BOUND):
        window.bounds.close_bound()


def _pdf_text(path: Path) -> str:
    return "".join(p.extract_text() for p in PdfReader(path).pages)


def test_the_reports_propose_what_was_just_played(make_window: Any, qtbot: Any, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window("belle-alliance")
    opened: list[Any] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", opened.append)  # no viewer in a test
    dialogs = window.dialogs
    _close(window, qtbot)
    _close(window, qtbot)  # bound 3 is open, empty

    dialogs.save_to = tmp_path / "report.pdf"
    window.actions_by_name["print_report"].trigger()
    qtbot.waitUntil(lambda: len(opened) == 1, timeout=30000)
    offer = dialogs.report_offers[-1]
    assert (offer.bound, [b.name for b in offer.battles]) == (2, ["Plancenoit"])
    assert "save:report-Plancenoit-bound-2.pdf" in dialogs.asked
    assert "bound 2" in _pdf_text(tmp_path / "report.pdf").lower()

    dialogs.report_pick = (offer.battle_id, 1)  # another bound, chosen in the dialog
    dialogs.save_to = tmp_path / "report1.pdf"
    window.actions_by_name["print_report"].trigger()
    qtbot.waitUntil(lambda: len(opened) == 2, timeout=30000)
    assert "bound 1" in _pdf_text(tmp_path / "report1.pdf").lower()

    # The battle ended and the next begun: the losses offered are of the one just played.
    with window.ops.store.session() as session:
        commit_aftermath(session=session, battle_id=offer.battle_id, backup=False,
                         rules=recovery_rules(preset="ten-percent-lost"))
    with window.ops.store.session() as session:
        start_battle(session=session, name="Wavre")
    window.ops.campaign_changed.emit("campaign")
    dialogs.report_pick = None
    dialogs.save_to = tmp_path / "losses.pdf"
    window.actions_by_name["print_losses"].trigger()
    qtbot.waitUntil(lambda: len(opened) == 3, timeout=30000)
    offer = dialogs.report_offers[-1]
    assert [b.name for b in offer.battles] == ["Plancenoit", "Wavre"]
    assert offer.battle_id == offer.battles[0].id
    assert "save:losses-Plancenoit.pdf" in dialogs.asked
    assert "Losses — Plancenoit" in _pdf_text(tmp_path / "losses.pdf")
    dialogs.report_pick = "cancel"
    window.actions_by_name["print_report"].trigger()  # cancelled: nothing written
    assert len(opened) == 3 and dialogs.errors == []


def test_the_dialog_follows_the_battle_chosen_and_takes_enter(make_window: Any,
                                                              qtbot: Any) -> None:
    window = make_window("belle-alliance")
    _close(window, qtbot)
    with window.ops.store.session() as session:
        battle = window.ops.battle_id
        commit_aftermath(session=session, battle_id=battle, backup=False,
                         rules=recovery_rules(preset="ten-percent-lost"))
    with window.ops.store.session() as session:
        start_battle(session=session, name="Wavre")
        wavre = report_choice(session=session, report=Report.BOUND, battle_id=battle + 1)
        shown = report_choice(session=session, report=Report.BOUND, battle_id=battle,
                              shown_bound=1)
    assert (wavre.battle_id, wavre.bound) == (battle + 1, 1)  # nothing played yet: bound 1
    dialog = ReportChoiceDialog(wavre, report=Report.BOUND)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.bound_box.maximum() == 1
    assert "still open" in dialog.hint.text()
    dialog.battle_box.setFocus()
    qtbot.keyClick(dialog.battle_box, Qt.Key.Key_Up)  # the ended battle above it
    # Its bound 1 closed, bound 2 closed by the end of the battle: the last played proposed.
    assert dialog.chosen() == (battle, 2) and dialog.bound_box.maximum() == 2
    assert "played and closed" in dialog.hint.text()
    dialog.grab().save("/tmp/report_choice.png")
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        qtbot.keyClick(dialog.bound_box, Qt.Key.Key_Return)
    assert shown.bound == 1 and shown.battles[0].played == 2  # looked back at bound 1
