"""File menu: a new campaign (demo scenario or empty) and a backup restored from the window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.queries import order_table
from desk.services.screens.startup import desk_context
from desk.store import open_campaign
from desk.ui.campaign.new_campaign import NewCampaign, NewCampaignDialog
from desk.ui.changes import Change


def _context(path: Path) -> Any:
    with open_campaign(path, read_only=True) as store, store.session() as session:
        ctx = desk_context(session=session)
        rows = order_table(session=session, battle_id=ctx.battle_id)
    return ctx, rows


@pytest.mark.parametrize("system", ["belle-alliance", "battles-of-waterloo", "la-bataille"])
def test_new_empty_campaign_has_sides_and_no_units(make_window: Any, qtbot: QtBot,
                                                   tmp_path: Path, system: str) -> None:
    window = make_window("belle-alliance")
    scripted(window).new_choice = NewCampaign(name="Quatre Bras", rules_system=system, empty=True)
    scripted(window).save_to = tmp_path / "new.desk"
    with qtbot.waitSignal(window.campaign_requested) as opened:
        window.actions_by_name["new"].trigger()
    assert opened.args == [str(tmp_path / "new.desk")]
    ctx, rows = _context(tmp_path / "new.desk")
    assert (ctx.campaign, ctx.rules_system, ctx.current_bound) == ("Quatre Bras", system, 1)
    assert len(ctx.sides) == 2 and rows == ()


def test_new_campaign_from_the_demo_scenario(make_window: Any, qtbot: QtBot,
                                             tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    scripted(window).new_choice = NewCampaign(name="", rules_system="la-bataille", empty=False)
    scripted(window).save_to = tmp_path / "demo.desk"
    with qtbot.waitSignal(window.campaign_requested):
        window.files.new_campaign()
    _, rows = _context(tmp_path / "demo.desk")
    assert len(rows) > 10


def test_new_campaign_cancelled_or_on_an_existing_file(make_window: Any, qtbot: QtBot,
                                                       tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    with qtbot.assertNotEmitted(window.campaign_requested, wait=50):
        window.files.new_campaign()  # no choice: cancelled
        scripted(window).new_choice = NewCampaign(name="X", rules_system="belle-alliance",
                                                empty=True)
        taken = tmp_path / "taken.desk"
        taken.write_text("not a campaign")
        scripted(window).save_to = taken
        window.files.new_campaign()
    assert "already exists" in str(scripted(window).errors[-1])
    assert taken.read_text() == "not a campaign"


def test_new_campaign_dialog_reads_its_fields(qtbot: QtBot) -> None:
    dialog = NewCampaignDialog()
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("  Wavre ")
    dialog.system_box.setCurrentIndex(dialog.system_box.findData("battles-of-waterloo"))
    dialog.start_box.setCurrentIndex(1)
    assert dialog.choice() == NewCampaign(name="Wavre", rules_system="battles-of-waterloo",
                                          empty=True)
    dialog.name_edit.clear()
    dialog.start_box.setCurrentIndex(0)
    choice = dialog.choice()
    assert choice.name and not choice.empty


def test_restore_a_backup_closes_replaces_and_reopens(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000,
                          check_params_cb=lambda kind: kind is Change.BOUND):
        window.bounds.close_bound()  # takes a backup of bound 1 first
    path = window.ops.store.path
    assert window.ops.context.current_bound == 2

    scripted(window).backup_index = 0
    scripted(window).confirm = False  # asked first: declined, nothing happens
    with qtbot.assertNotEmitted(window.campaign_requested, wait=50):
        window.files.show_backups()
    assert window.ops.context.current_bound == 2 and "restore" in scripted(window).asked

    scripted(window).confirm = True
    with qtbot.waitSignal(window.campaign_requested) as reopened:
        window.actions_by_name["backups"].trigger()
    assert reopened.args == [str(path)]
    ctx, _ = _context(path)  # the store was closed: the file opens again, as it was
    assert ctx.current_bound == 1 and ctx.bound_open
