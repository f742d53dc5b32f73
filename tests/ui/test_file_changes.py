"""Another program's change to the campaign file reaches the open window within a couple of
seconds (SQLite): the players' pages, a command line, a second desk beside the writer
(desk.store.file_changes, desk.ui.live.FileChanges). The window's own saves are not taken
for another's; a form being typed keeps its words and says an order arrived meanwhile; a
bound closed from the command line moves the window on. Real files, real windows
(offscreen), a real second process."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from scripted_dialogs import ScriptedDialogs

from desk.services import versions
from desk.services.bounds.close import close_bound
from desk.services.orders.write import write_order
from desk.store import CampaignStore, open_campaign
from desk.ui.main_window import MainWindow

WITHIN_MS = 3_000  # the watch asks the file once a second


@pytest.fixture
def window(qtbot: QtBot, campaign: Path, tmp_path: Path) -> Iterator[MainWindow]:
    """A shown window on a copy of the demo, watching its file."""
    from desk.ui.app import build_window

    with open_campaign(campaign) as store:
        shown = build_window(store=store, dialogs=ScriptedDialogs(),
                             backup_dir=tmp_path / "backups", drafts_dir=tmp_path / "drafts")
        qtbot.addWidget(shown)
        shown.show()
        assert shown.live is not None and shown.live.listening
        yield shown
        shown.close()


def _beside(campaign: Path) -> CampaignStore:
    """A second desk writing the file while the window holds it (as ``desk serve`` does)."""
    return open_campaign(campaign, beside_writer=True)


def _order(store: CampaignStore, battle: int, unit: int, words: str) -> None:
    with store.session() as session:
        seen = versions.order_version(session=session, battle_id=battle, unit_id=unit)
        write_order(session=session, battle_id=battle, unit_id=unit, verbatim=words,
                    fields={"destination": words}, override_reason="as umpired",
                    seen_version=seen)


def _row(window: MainWindow, unit_id: int) -> Any:
    return next(r for r in window.table_model.rows() if r.unit_id == unit_id)


def test_an_order_written_by_another_program_shows_in_the_window(
        window: MainWindow, campaign: Path, qtbot: QtBot) -> None:
    unit = window.table_model.rows()[0].unit_id
    assert _row(window, unit).order_id is None
    with _beside(campaign) as other:
        _order(other, window.ops.battle_id, unit, "Hold the churchyard")
    qtbot.waitUntil(lambda: _row(window, unit).order_id is not None, timeout=WITHIN_MS)
    assert "the file changed outside this window at" in window.statusBar().currentMessage()
    assert window.live is not None and window.live.heard == 1


def test_the_window_s_own_save_is_not_taken_for_another_program_s(
        window: MainWindow, qtbot: QtBot) -> None:
    unit = window.table_model.rows()[1].unit_id
    window.select_unit(unit)
    window.form.verbatim_edit.setPlainText("Advance on Plancenoit")
    assert window.orders.save_order()
    qtbot.wait(2_500)  # two looks of the watch
    assert window.live is not None and window.live.heard == 0
    assert "outside this window" not in window.statusBar().currentMessage()


def test_a_form_being_typed_keeps_its_words_when_another_program_saves_its_order(
        window: MainWindow, campaign: Path, qtbot: QtBot) -> None:
    unit = window.table_model.rows()[2].unit_id
    window.select_unit(unit)
    window.form.verbatim_edit.setPlainText("Hold the farm at Papelotte")  # typed, not saved
    with _beside(campaign) as other:
        _order(other, window.ops.battle_id, unit, "Hold Frichermont")
    qtbot.waitUntil(lambda: window.form.meanwhile.isVisible(), timeout=WITHIN_MS)
    assert window.form.verbatim() == "Hold the farm at Papelotte"
    assert "Hold Frichermont" in window.form.meanwhile.text()


def test_a_bound_closed_from_the_command_line_moves_the_window_on(
        window: MainWindow, campaign: Path, qtbot: QtBot) -> None:
    with _beside(campaign) as other, other.session() as session:
        close_bound(session=session, battle_id=window.ops.battle_id, backup=False)
    qtbot.waitUntil(lambda: window.shown_bound == 2, timeout=WITHIN_MS)
    assert window.ops.context.current_bound == 2


_SECOND_PROCESS = """
import sys
from desk.services import versions
from desk.services.bounds.events import record_event
from desk.store import open_campaign

path, battle, unit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open_campaign(path, beside_writer=True) as store, store.session() as session:
    record_event(session=session, battle_id=battle, unit_id=unit, kind="casualties",
                 data={"losses": 1}, seen_version=versions.state_version(
                     session=session, battle_id=battle, unit_id=unit))
"""


def test_an_event_from_a_second_process_reaches_the_unit_panel(
        window: MainWindow, campaign: Path, qtbot: QtBot) -> None:
    row = window.table_model.rows()[0]
    window.select_unit(row.unit_id)
    assert window.unit_panel.data is not None and not window.unit_panel.data.events
    done = subprocess.run([sys.executable, "-c", _SECOND_PROCESS, str(campaign),
                           str(window.ops.battle_id), str(row.unit_id)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    qtbot.waitUntil(lambda: window.unit_panel.data is not None
                    and bool(window.unit_panel.data.events), timeout=WITHIN_MS)
