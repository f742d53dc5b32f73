"""Two umpires' windows on one PostgreSQL campaign (issue 33): each sees the other's change
within 2 s without a restart, from a window in this process or from another desk process;
a form being typed in is never overwritten — it says who changed the order meanwhile and
offers theirs beside yours, and a save before choosing is refused, not an overwrite.
A real PostgreSQL server (tests/pg.py), real windows (offscreen), a real second process."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_run import desk
from pg_umpires import demo_with_umpires
from pytestqt.qtbot import QtBot
from scripted_dialogs import ScriptedDialogs, scripted
from sqlmodel import select

from desk.services.errors import ConcurrentChangeError
from desk.store import CampaignStore, open_campaign
from desk.store.tables.bounds import Order
from desk.ui.changes import Change
from desk.ui.main_window import MainWindow

WITHIN_MS = 2_000  # the bound on seeing another umpire's change


@pytest.fixture
def campaign(pg_campaign: str) -> str:
    """The Belle Alliance demo on the server, with a chief (Anne) and a sector umpire."""
    return demo_with_umpires(pg_campaign)


@pytest.fixture
def window_of(qtbot: QtBot, campaign: str, tmp_path: Path
              ) -> Iterator[Callable[[str], MainWindow]]:
    """``window_of(umpire)``: a shown window on the campaign as that umpire, listening."""
    from desk.ui.app import build_window

    stores: list[CampaignStore] = []

    def build(umpire: str) -> MainWindow:
        store = open_campaign(campaign, umpire=umpire)
        stores.append(store)
        window = build_window(store=store, dialogs=ScriptedDialogs(),
                              backup_dir=tmp_path / "backups", drafts_dir=tmp_path / umpire)
        qtbot.addWidget(window)
        window.show()
        live = window.live
        assert live is not None
        qtbot.waitUntil(lambda: live.listening, timeout=10_000)
        return window

    yield build
    for store in stores:
        store.close()


def _row(window: MainWindow, unit_id: int) -> Any:
    return next(r for r in window.table_model.rows() if r.unit_id == unit_id)


def _type(window: MainWindow, unit_id: int, words: str) -> None:
    window.select_unit(unit_id)
    window.form.verbatim_edit.setPlainText(words)  # as typed: the draft keeper keeps it


def _heard(window: MainWindow, qtbot: QtBot, change: Change) -> Any:
    return qtbot.waitSignal(window.ops.campaign_changed, timeout=WITHIN_MS,
                            check_params_cb=lambda kind: kind is change)


def test_an_order_saved_in_one_window_shows_in_the_other_within_2_s(
        window_of: Callable[[str], MainWindow], qtbot: QtBot) -> None:
    anne, bruno = window_of("Anne"), window_of("Bruno")
    assert anne.umpire_label.text() == "Umpire: Anne (chief)"  # who writes at each desk
    assert bruno.umpire_label.text() == "Umpire: Bruno (sector)"
    unit_id = anne.table_model.rows()[0].unit_id
    assert _row(bruno, unit_id).order_id is None  # no order yet
    _type(anne, unit_id, "Hold the churchyard of Plancenoit")
    started = time.monotonic()
    with _heard(bruno, qtbot, Change.ORDER):
        assert anne.orders.save_order()
    assert time.monotonic() - started < WITHIN_MS / 1000
    assert _row(bruno, unit_id).order_id is not None  # theirs, listed
    assert bruno.live is not None and bruno.live.heard == 1
    assert " · Anne at " in bruno.statusBar().currentMessage()  # who, when, which units
    assert anne.table_model.rows()[0].unit in bruno.statusBar().currentMessage()
    assert anne.live is not None and anne.live.heard == 0  # its own notice: already told
    bruno.select_unit(unit_id)
    assert "entered by Anne" in bruno.form.header.text()  # who wrote the order he looks at
    assert bruno.ops.undo_stack.count() == 0 and anne.ops.undo_stack.count() == 1


def test_a_change_from_another_desk_process_reaches_the_window(
        window_of: Callable[[str], MainWindow], qtbot: QtBot, campaign: str) -> None:
    anne = window_of("Anne")
    row = anne.table_model.rows()[0]
    anne.select_unit(row.unit_id)
    assert anne.unit_panel.data is not None and not anne.unit_panel.data.events
    result = desk("event", campaign, row.unit, "casualties", "losses=1", process=True,
                  env={**os.environ, "DESK_UMPIRE": "Bruno"})
    assert result.returncode == 0, result.stderr
    qtbot.waitUntil(lambda: anne.unit_panel.data is not None
                    and bool(anne.unit_panel.data.events), timeout=WITHIN_MS)
    assert anne.live is not None and anne.live.heard == 1


def test_a_form_being_typed_keeps_its_words_and_offers_theirs(
        window_of: Callable[[str], MainWindow], qtbot: QtBot) -> None:
    anne, bruno = window_of("Anne"), window_of("Bruno")
    unit_id = anne.table_model.rows()[0].unit_id
    _type(bruno, unit_id, "Hold the farm at Papelotte")  # Bruno is typing, not saved
    _type(anne, unit_id, "Hold Frichermont")
    with _heard(bruno, qtbot, Change.ORDER):
        assert anne.orders.save_order()
    # Bruno's typing stands, and the form says whose order arrived meanwhile.
    assert bruno.form.verbatim() == "Hold the farm at Papelotte"
    assert bruno.form.meanwhile.isVisible()
    note = bruno.form.meanwhile.text()
    assert "Anne" in note and "Hold Frichermont" in note
    bruno.grab().save("/tmp/live-meanwhile.png")
    # Saving before choosing is refused as a change made meanwhile: Anne's order stands.
    assert not bruno.orders.save_order()
    assert [type(e) for e in scripted(bruno).errors] == [ConcurrentChangeError]
    with bruno.ops.store.session() as session:
        (order,) = session.exec(select(Order).where(Order.unit_id == unit_id)).all()
        assert (order.verbatim, order.umpire) == ("Hold Frichermont", "Anne")
    # Keep mine: the save now replaces theirs, knowingly, as Bruno's.
    bruno.form.meanwhile.linkActivated.emit("mine")
    assert not bruno.form.meanwhile.isVisible()
    with _heard(anne, qtbot, Change.ORDER):
        assert bruno.orders.save_order()
    with anne.ops.store.session() as session:
        (order,) = session.exec(select(Order).where(Order.unit_id == unit_id)).all()
        assert (order.verbatim, order.umpire) == ("Hold the farm at Papelotte", "Bruno")
    anne.select_unit(unit_id, force=True)
    assert anne.form.verbatim() == "Hold the farm at Papelotte"


def test_take_theirs_drops_the_typing_and_shows_their_order(
        window_of: Callable[[str], MainWindow], qtbot: QtBot) -> None:
    anne, bruno = window_of("Anne"), window_of("Bruno")
    unit_id = anne.table_model.rows()[0].unit_id
    _type(bruno, unit_id, "Hold behind the Lasne")
    _type(anne, unit_id, "Hold Frichermont")
    with _heard(bruno, qtbot, Change.ORDER):
        assert anne.orders.save_order()
    bruno.form.meanwhile.linkActivated.emit("theirs")
    assert bruno.form.verbatim() == "Hold Frichermont"
    assert bruno.form.matches_saved() and unit_id not in bruno.orders.drafts.drafts()


def test_a_change_to_another_unit_leaves_the_typing_alone(
        window_of: Callable[[str], MainWindow], qtbot: QtBot) -> None:
    anne, bruno = window_of("Anne"), window_of("Bruno")
    first, second = (r.unit_id for r in anne.table_model.rows()[:2])
    _type(bruno, first, "Hold the wood")
    _type(anne, second, "Hold the ridge")
    with _heard(bruno, qtbot, Change.ORDER):
        assert anne.orders.save_order()
    assert bruno.form.verbatim() == "Hold the wood" and not bruno.form.meanwhile.isVisible()
    assert bruno.orders.save_order()  # nothing happened to this order: saved as usual


def test_a_sector_umpires_secret_note_reaches_the_chiefs_panel_and_no_one_elses(
        window_of: Callable[[str], MainWindow], qtbot: QtBot) -> None:
    from desk.services.umpires.notes import add_note

    anne, bruno = window_of("Anne"), window_of("Bruno")
    unit_id = anne.table_model.rows()[0].unit_id
    anne.select_unit(unit_id)
    bruno.select_unit(unit_id)
    with _heard(anne, qtbot, Change.NOTE), bruno.ops.store.session() as session:
        add_note(session=session, unit_id=unit_id, text="Bruno suspects a flank march")
    assert "Bruno suspects a flank march" in anne.unit_panel.notes_label.text()  # the chief
    said = bruno.statusBar().currentMessage()
    with _heard(bruno, qtbot, Change.NOTE), anne.ops.store.session() as session:
        add_note(session=session, unit_id=unit_id, text="Grouchy will not come")
    assert "Grouchy" not in bruno.unit_panel.notes_label.text()  # a sector umpire: not his
    assert bruno.statusBar().currentMessage() == said  # not even told a note was written


def test_a_bound_closed_by_another_umpire_moves_the_window_on(
        window_of: Callable[[str], MainWindow], qtbot: QtBot) -> None:
    from desk.services.bounds.close import close_bound

    anne, bruno = window_of("Anne"), window_of("Bruno")
    unit_id = bruno.table_model.rows()[0].unit_id
    _type(bruno, unit_id, "Hold the village")
    assert bruno.orders.save_order()
    assert bruno.ops.undo_stack.count() == 1
    with _heard(bruno, qtbot, Change.BOUND), anne.ops.store.session() as session:
        close_bound(session=session, battle_id=anne.ops.battle_id, backup=False)
    assert bruno.ops.context.current_bound == 2 and bruno.shown_bound == 2
    assert bruno.ops.undo_stack.count() == 0  # his undo belonged to the closed bound
    assert "Anne at" in bruno.statusBar().currentMessage()
    assert "bound 2 opened" in bruno.statusBar().currentMessage()
