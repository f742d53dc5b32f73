"""The courier ledger in the window: keyboard, writing, refusal, undo, at 1366×768 (issue 21)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.couriers import set_courier_rules
from desk.ui.changes import Change


def _choose(box: Any, text: str) -> None:
    at = box.findText(text, Qt.MatchFlag.MatchStartsWith)
    assert at >= 0, f"{text!r} not offered"
    box.setCurrentIndex(at)


def test_the_ledger_writes_refuses_and_undoes_dispatches(make_window: Any, qtbot: QtBot,
                                                         qtmodeltester: Any,
                                                         tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    window.resize(1366, 768)
    with qtbot.waitActive(window):
        window.show()
    no_chance = {"loss_chance": 0, "capture_chance": 0}
    window.ops.write(lambda s: set_courier_rules(session=s,
                                                 campaign_id=window.ops.context.campaign_id,
                                                 overrides=no_chance), Change.RELOAD)
    dock = window.courier_dock
    assert not dock.isVisible()
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.AltModifier)
    assert dock.isVisible()
    panel = dock.widget()
    assert panel.text_edit.hasFocus()
    qtmodeltester.check(panel.model)
    assert panel.table.accessibleName() == "Courier ledger"

    _choose(panel.writer_box, "Lobau")
    _choose(panel.recipient_box, "19e Division")
    panel.delay_spin.setValue(1)  # the demo's headquarters are not placed
    qtbot.keyClicks(panel.text_edit, "Advance on Plancenoit")
    qtbot.keyClick(panel.text_edit, Qt.Key.Key_Return)
    rows = panel.model.rows()
    assert [(r.writer, r.recipient, r.state) for r in rows] == \
        [("Lobau", "19e Division", "due at bound 2")]
    assert panel.text_edit.text() == ""

    # Refused in one sentence, nothing written: a dispatch without its text.
    panel.write_button.click()
    assert "needs its text" in str(scripted(window).errors[-1])
    assert len(panel.model.rows()) == 1
    qtbot.keyClicks(panel.text_edit, "Hold")

    panel.delay_spin.setValue(2)
    _choose(panel.recipient_box, "20e Division")
    panel.write_button.click()
    assert len(panel.model.rows()) == 2
    shot = tmp_path / "courier-ledger-1366x768.png"
    window.grab().save(str(shot))
    assert shot.stat().st_size > 0

    window.ops.undo_stack.undo()
    assert [r.recipient for r in panel.model.rows()] == ["19e Division"]
    window.ops.undo_stack.redo()
    assert [r.recipient for r in panel.model.rows()] == ["19e Division", "20e Division"]
    qtbot.keyClick(panel.text_edit, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.AltModifier)
    assert not dock.isVisible()
