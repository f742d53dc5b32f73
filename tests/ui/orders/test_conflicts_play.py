"""The window passes the version it showed; the services refuse a stale write (issue 14).

Cancelling an order, recording an event and drawing a LIM after another
umpire's change each end in one conflict dialog offering Reload, and the
other umpire's change stands. The window's own writes chain: each write, undo
and redo passes on the version the last one returned, so they never conflict
with themselves.
"""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.bounds.events import record_event
from desk.services.errors import ConcurrentChangeError
from desk.services.lim.draws import draw_lim
from desk.services.orders.write import amend_order
from desk.services.versions import pool_version, state_version
from desk.ui.changes import Change
from desk.ui.main_window import MainWindow

EVENT = ("rate-changed", {"rate": "normal", "forced": True})  # accepted (BA-1): a refused
# event is no longer recorded at all


def _reload_after(window: MainWindow, qtbot: QtBot, action: Any) -> None:
    """Run ``action``; expect one conflict dialog, answered Reload."""
    scripted(window).reload = True
    with qtbot.waitSignal(window.ops.campaign_changed,
                          check_params_cb=lambda kind: kind is Change.RELOAD):
        action()
    assert len(scripted(window).errors) == 1
    assert isinstance(scripted(window).errors[0], ConcurrentChangeError)


def test_cancelling_an_order_another_umpire_amended_offers_reload(make_window: Any,
                                                                  qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    unit_id = window.table_model.rows()[0].unit_id
    window.select_unit(unit_id)
    window.form.verbatim_edit.setPlainText("Hold the village")
    assert window.orders.save_order()
    window.select_unit(unit_id)
    order = window.form.context.order
    with window.ops.store.session() as other:  # the other umpire amends it
        amend_order(session=other, order_id=order.id, verbatim="March on",
                    seen_version=order.version)
    _reload_after(window, qtbot, window.orders.cancel_order)
    window.select_unit(unit_id, force=True)
    assert window.form.context.order.status == "accepted"  # not cancelled
    assert window.form.verbatim() == "March on"


def test_recording_an_event_after_another_umpires_offers_reload(make_window: Any,
                                                               qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    unit_id = window.table_model.rows()[0].unit_id
    window.select_unit(unit_id)
    with window.ops.store.session() as other:
        record_event(session=other, battle_id=window.ops.battle_id, unit_id=unit_id,
                     kind=EVENT[0], data=EVENT[1],
                     seen_version=state_version(session=other, battle_id=window.ops.battle_id,
                                                unit_id=unit_id))
    scripted(window).event_values = EVENT[1]
    _reload_after(window, qtbot, lambda: window.orders.record_event_kind(EVENT[0]))
    assert len(window.unit_panel.data.events) == 1  # theirs, shown after the reload


def test_drawing_after_another_umpires_draw_offers_reload(make_window: Any,
                                                         qtbot: QtBot) -> None:
    window = make_window("battles-of-waterloo")
    panel = window.lim_panel
    with window.ops.store.session() as other:
        theirs = draw_lim(session=other, battle_id=window.ops.battle_id,
                          seen_version=pool_version(session=other,
                                                    battle_id=window.ops.battle_id))
    _reload_after(window, qtbot, panel.draw_button.click)
    assert [d.lim for d in window.ops.lim_pool().draws] == [theirs.lim]  # one draw: theirs
    assert panel.drawn_lines() == [f"1. {theirs.lim}"]


def test_the_windows_own_writes_undo_and_redo_chain_without_conflict(make_window: Any,
                                                                     qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    unit_id = window.table_model.rows()[0].unit_id
    window.select_unit(unit_id)
    for text in ("Hold the village", "Hold the village and the mill"):  # save, then amend
        window.form.verbatim_edit.setPlainText(text)
        assert window.orders.save_order()
        window.select_unit(unit_id)
    scripted(window).event_values = EVENT[1]
    for _ in range(2):
        window.orders.record_event_kind(EVENT[0])
    stack = window.ops.undo_stack
    assert stack.count() == 4
    while stack.canUndo():
        stack.undo()
    while stack.canRedo():
        stack.redo()
    assert scripted(window).errors == []
    window.select_unit(unit_id, force=True)
    assert window.form.verbatim() == "Hold the village and the mill"
    assert len(window.unit_panel.data.events) == 2
