"""Losses at the window: casualties and rout recorded from the unit panel's event list, shown
in the panel and the history, refused beyond the strength, undone; the losses report from
the Print menu (data: losses.casualties, BA-F2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QDesktopServices
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.ui.main_window import MainWindow


def _unit(window: MainWindow, name: str) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == name)


def _event(window: MainWindow, qtbot: QtBot, kind: str, **data: Any) -> None:
    scripted(window).event_values = data
    with qtbot.waitSignal(window.ops.campaign_changed, check_params_cb=lambda k: k == "event"):
        window.orders.record_event_kind(kind)


def test_casualties_and_rout_show_in_the_panel_are_refused_beyond_strength_and_undone(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    unit = _unit(window, "1/5e Ligne")
    window.select_unit(unit)
    assert window.unit_panel.data.state.strength == 26
    _event(window, qtbot, "casualties", losses=4, cause="canister")
    _event(window, qtbot, "skirmishers-detached", figures=3)
    _event(window, qtbot, "routed")
    panel = window.unit_panel.data
    assert (panel.state.strength, panel.state.disorder) == (19, "FD")
    assert "3 figures out as skirmishers" in window.unit_panel.state_lines(panel)
    assert [e.kind for e in panel.events] == ["casualties", "skirmishers-detached", "routed"]
    scripted(window).event_values = {"losses": 40}
    window.orders.record_event_kind("casualties")
    (refused,) = scripted(window).errors
    assert str(refused) == ("1/5e Ligne: 40 figures lost is more than the unit's 19 "
                            "(data: losses.casualties)")
    assert len(window.unit_panel.data.events) == 3  # nothing recorded
    for _ in range(3):
        with qtbot.waitSignal(window.ops.campaign_changed):
            window.ops.undo_stack.undo()
    panel = window.unit_panel.data
    assert (panel.state.strength, panel.state.disorder, panel.events) == (26, "none", ())


def test_the_losses_report_is_written_from_the_print_menu(
        make_window: Any, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window("belle-alliance")
    window.select_unit(_unit(window, "1/5e Ligne"))
    _event(window, qtbot, "casualties", losses=5)
    opened: list[Any] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", opened.append)  # no viewer in a test
    scripted(window).save_to = tmp_path / "losses.pdf"
    window.actions_by_name["print_losses"].trigger()
    qtbot.waitUntil(lambda: bool(opened), timeout=30000)
    assert "save:losses-Plancenoit.pdf" in scripted(window).asked
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "losses.pdf").pages)
    assert "Losses — Plancenoit" in text and "Brigade Bellair" in text
    assert scripted(window).errors == []
