"""Another umpire's edit got there first: one clear dialog offering Reload (issue 7).

Two desks on one campaign, as the store's optimistic-lock tests have them: on
SQLite a second session of the same store (one writer per file), on
PostgreSQL two stores on the same database, each with its own window.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.errors import ConcurrentChangeError
from desk.services.orders.write import write_order
from desk.services.versions import order_version
from desk.store import ConflictError, open_campaign
from desk.ui.changes import Change
from desk.ui.dialogs import Dialogs
from desk.ui.main_window import MainWindow

UNIT = "1/5e Ligne"


def _unit(window: MainWindow) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == UNIT)


def _theirs(store: Any, window: MainWindow, unit_id: int, text: str) -> None:
    """The other umpire writes the unit's order (their own desk, their own transaction)."""
    with store.session() as other:  # a script: it reads the version, then writes
        seen = order_version(session=other, battle_id=window.ops.battle_id, unit_id=unit_id)
        write_order(session=other, battle_id=window.ops.battle_id, unit_id=unit_id,
                    fields={"destination": "Plancenoit church"}, verbatim=text,
                    seen_version=seen)


def _save_over(window: MainWindow, qtbot: QtBot, unit_id: int) -> None:
    """Umpire A saves a form loaded before the other umpire's order, and takes Reload."""
    window.form.verbatim_edit.setPlainText("Hold the village")
    scripted(window).reload = True
    with qtbot.waitSignal(window.ops.campaign_changed,
                          check_params_cb=lambda kind: kind is Change.RELOAD):
        assert not window.orders.save_order()
    assert len(scripted(window).errors) == 1
    assert isinstance(scripted(window).errors[0], ConcurrentChangeError)
    assert UNIT in str(scripted(window).errors[0])


def test_saving_over_another_umpires_order_offers_reload_sqlite(make_window: Any,
                                                                 qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    unit_id = _unit(window)
    window.select_unit(unit_id)
    assert window.form.context.order is None
    _theirs(window.ops.store, window, unit_id, "March on Plancenoit")
    _save_over(window, qtbot, unit_id)
    assert window.form.verbatim() == "March on Plancenoit"  # the reload shows their order
    assert window.form.fields().get("destination") == "Plancenoit church"
    row = window.table_model.rows()[window.table_model.row_of_unit(unit_id)]
    assert row.status == "accepted"


def test_undo_over_another_umpires_amendment_is_refused(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    unit_id = _unit(window)
    window.select_unit(unit_id)
    window.form.verbatim_edit.setPlainText("Hold the village")
    assert window.orders.save_order()
    _theirs(window.ops.store, window, unit_id, "March on Plancenoit")  # amends ours
    scripted(window).reload = True
    with qtbot.waitSignals([window.ops.failed, window.ops.campaign_changed],
                           check_params_cbs=[lambda *_: True, lambda kind: kind is Change.RELOAD]):
        window.actions_by_name["undo"].trigger()
    assert isinstance(scripted(window).errors[-1], ConcurrentChangeError)
    window.select_unit(unit_id, force=True)
    assert window.form.verbatim() == "March on Plancenoit"  # their order was not undone


def test_declining_reload_keeps_the_form(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    unit_id = _unit(window)
    window.select_unit(unit_id)
    _theirs(window.ops.store, window, unit_id, "March on Plancenoit")
    window.form.verbatim_edit.setPlainText("Hold the village")
    with qtbot.assertNotEmitted(window.ops.campaign_changed, wait=100):
        assert not window.orders.save_order()
    assert window.form.verbatim() == "Hold the village"


@pytest.fixture
def pg_windows(qtbot: QtBot, pg_database: str, tmp_path: Path,
               scripted_dialogs: Any) -> Iterator[tuple[Any, Any]]:
    """Two desks (stores and windows) on one PostgreSQL campaign."""
    from desk.services.campaign.scenarios import load_scenario
    from desk.services.oob.importer import create_campaign_from_scenario
    from desk.ui.app import build_window

    with open_campaign(pg_database, create=True) as made, made.session() as session:
        create_campaign_from_scenario(session=session,
                                      data=load_scenario(rules_system="belle-alliance"))
    stores = [open_campaign(pg_database), open_campaign(pg_database)]
    windows = []
    for store in stores:
        window = build_window(store=store, dialogs=scripted_dialogs(),
                              backup_dir=tmp_path / "backups")
        qtbot.addWidget(window)
        windows.append(window)
    yield windows[0], windows[1]
    for store in stores:
        store.close()


@pytest.mark.postgres
def test_two_desks_on_postgresql_conflict_and_reload_shows_theirs(pg_windows: Any,
                                                                  qtbot: QtBot) -> None:
    desk_a, desk_b = pg_windows
    unit_id = _unit(desk_a)
    desk_a.select_unit(unit_id)  # A opens the unit's form ...
    desk_b.select_unit(unit_id)  # ... and so does B, who saves first
    desk_b.form.verbatim_edit.setPlainText("March on Plancenoit")
    assert desk_b.orders.save_order()
    _save_over(desk_a, qtbot, unit_id)
    assert desk_a.form.verbatim() == "March on Plancenoit"
    assert desk_a.table_model.rows()[desk_a.table_model.row_of_unit(unit_id)].status \
        == "accepted"


@pytest.mark.parametrize("error", [ConcurrentChangeError("Bound 3 was changed meanwhile."),
                                   ConflictError("Another umpire changed a unit.")])
def test_the_conflict_dialog_offers_reload(qtbot: QtBot, error: Exception) -> None:
    dialogs = Dialogs(None)
    box = dialogs.conflict_box(error)
    qtbot.addWidget(box)
    assert str(error) in box.text() and "Reload" in box.text()
    assert box.defaultButton().text() == "&Reload"

    def press_reload() -> None:
        shown = QApplication.activeModalWidget()
        assert isinstance(shown, QMessageBox)
        shown.defaultButton().click()

    QTimer.singleShot(0, press_reload)
    assert dialogs.show_error(error)  # the real dialog, answered Reload
