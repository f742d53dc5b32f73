"""Battles of Waterloo: every LIM pool step is undone exactly and redone the same (issue 7)."""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted
from window_parts import lim_panel

from desk.services.errors import LimError
from desk.services.lim.draws import draw_lim
from desk.services.lim.undo import lim_snapshot, restore_lim_pool
from desk.services.versions import pool_version
from desk.ui.changes import Change
from desk.ui.main_window import MainWindow


def _snapshot(window: MainWindow) -> Any:
    return window.ops.read(lambda s: lim_snapshot(session=s, battle_id=window.ops.battle_id))


def _seen(window: MainWindow) -> int | None:
    """The pool's version as the LIM panel shows it (what a step passes on)."""
    return lim_panel(window).seen_version()


def _allowed(window: MainWindow) -> tuple[Any, ...]:  # the units the LIM drawn lets move
    return lim_panel(window).allowed_model.rows()


def _step(window: MainWindow, qtbot: QtBot, action: str) -> None:
    """Trigger Edit > Undo or Redo and wait for the panels to hear of it."""
    with qtbot.waitSignal(window.ops.campaign_changed,
                          check_params_cb=lambda kind: kind is Change.LIM):
        window.actions_by_name[action].trigger()


def test_draw_undo_redo_gives_back_the_pool_and_the_same_lim_BOW_F4(make_window: Any,
                                                                     qtbot: QtBot) -> None:
    window = make_window("battles-of-waterloo")
    panel = lim_panel(window)
    # Draw until some unit may move, remembering the pool and the table before each draw.
    history = []
    while not _allowed(window):
        history.append((_snapshot(window), window.ops.lim_pool(), _allowed(window)))
        with qtbot.waitSignal(window.ops.campaign_changed,
                              check_params_cb=lambda kind: kind is Change.LIM):
            panel.draw_button.click()
    drawn = window.ops.lim_pool()
    after, moving = _snapshot(window), _allowed(window)
    assert window.ops.undo_stack.count() == len(history)
    assert window.actions_by_name["undo"].text().startswith("&Undo Draw LIM")

    _step(window, qtbot, "undo")
    snap, pool, allowed = history[-1]
    assert _snapshot(window) == snap  # lim_pool.state and every lim_draw row as before
    assert window.ops.lim_pool() == pool
    assert _allowed(window) == allowed and allowed != moving
    assert not any(drawn.draws[-1].lim in line for line in panel.drawn_lines())

    _step(window, qtbot, "redo")
    assert window.ops.lim_pool() == drawn  # the same LIM again: the pool draws by seed
    assert _snapshot(window) == after
    assert _allowed(window) == moving

    while window.ops.undo_stack.canUndo():  # back to the untouched pool, draw by draw
        _step(window, qtbot, "undo")
    assert _snapshot(window) == history[0][0]
    assert window.ops.lim_pool().draws == ()


def test_orders_option_activation_and_idling_are_undone_BOW_11_BOW_F3(make_window: Any,
                                                                      qtbot: QtBot) -> None:
    window = make_window("battles-of-waterloo")
    ops = window.ops
    ops.lim.draw_lim(first="French Orders", seen_version=_seen(window))
    chosen = _snapshot(window)
    ops.lim.choose_orders_option("move-unit", seen_version=_seen(window))
    assert ops.lim_pool().draws[-1].orders_option == "move-unit"
    _step(window, qtbot, "undo")
    assert ops.lim_pool().draws[-1].orders_option == ""
    assert _snapshot(window) == chosen
    assert lim_panel(window).option_button.isEnabled()  # the option may be taken again
    _step(window, qtbot, "redo")
    assert ops.lim_pool().draws[-1].orders_option == "move-unit"

    while ops.lim_pool().remaining:  # the No LIM phase: activation rolls (BOW-6/7)
        ops.lim.draw_lim(seen_version=_seen(window))
    command_id = int(lim_panel(window).command_box.itemData(0))
    before_roll = _snapshot(window)
    ops.lim.record_activation(command_id=command_id, roll=10,  # fails against any rating: idle
                          seen_version=_seen(window))
    shown = lim_panel(window).cup
    assert shown is not None and _snapshot(window).version == shown.version  # the panel shows it
    pool = ops.lim_pool()
    assert pool.draws[-1].roll == 10 and pool.idle_commands
    _step(window, qtbot, "undo")
    assert _snapshot(window) == before_roll
    assert ops.lim_pool().idle_commands == () and ops.lim_pool().draws[-1].roll is None

    ops.lim.idle_command(command_id=command_id, reason="test", seen_version=_seen(window))
    assert ops.lim_pool().idle_commands
    _step(window, qtbot, "undo")
    assert _snapshot(window) == before_roll


def test_rebuilding_the_pool_is_undone_with_the_same_rows(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("battles-of-waterloo")
    built = _snapshot(window)
    lim_panel(window).build_button.click()
    rebuilt = _snapshot(window)
    assert rebuilt == built  # rebuilding an undrawn pool gives the same pool ...
    assert window.ops.undo_stack.count() == 1  # ... and is a step of its own
    _step(window, qtbot, "undo")
    assert _snapshot(window) == built
    _step(window, qtbot, "redo")
    assert _snapshot(window) == rebuilt


def test_undo_after_another_umpires_draw_offers_reload(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("battles-of-waterloo")
    window.ops.lim.draw_lim(seen_version=_seen(window))
    with window.ops.store.session() as other:  # the other umpire's desk draws next
        theirs = draw_lim(session=other, battle_id=window.ops.battle_id,
                          seen_version=pool_version(session=other,
                                                    battle_id=window.ops.battle_id))
    scripted(window).reload = True
    with qtbot.waitSignals([window.ops.failed, window.ops.campaign_changed],
                           check_params_cbs=[lambda *_: True, lambda kind: kind is Change.RELOAD]):
        window.actions_by_name["undo"].trigger()  # refused: one dialog, Reload taken
    assert len(scripted(window).errors) == 1 and window.ops.undo_stack.count() == 0
    assert type(scripted(window).errors[-1]).__name__ == "ConcurrentChangeError"
    pool = window.ops.lim_pool()
    assert len(pool.draws) == 2 and pool.draws[-1].lim == theirs.lim  # nothing wiped
    assert lim_panel(window).drawn_lines()[-1] == f"{len(pool.draws)}. {theirs.lim}"


def test_restore_refuses_a_snapshot_of_another_bound(make_window: Any) -> None:
    window = make_window("battles-of-waterloo")
    snap = _snapshot(window)
    other = type(snap)(**{**snap.__dict__, "bound": snap.bound + 1})
    with pytest.raises(LimError, match="bound 2"), window.ops.store.session() as session:
        restore_lim_pool(session=session, battle_id=window.ops.battle_id, snapshot=other,
                         expect=snap, seen_version=snap.version)
