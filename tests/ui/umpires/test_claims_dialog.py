"""Campaign ▸ Claims (issue 33): claiming from the window, on a real SQLite demo with a
chief (Anne) and a sector umpire (Bob). A claim is listed with its umpire; the other
umpire's window, on the same file, shows the unit's form read-only once it reads again;
a release ends it; the chief takes one over with a reason (journalled); a refusal is one
sentence in the dialog and changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from scripted_dialogs import ScriptedDialogs
from sqlmodel import select

from desk.services.umpires.roster import add_umpire
from desk.store import CampaignStore, backup_sqlite, open_campaign
from desk.store.tables.bounds import Journal
from desk.store.tables.umpires import Claim
from desk.ui.main_window import MainWindow
from desk.ui.umpires.dialog import REASON, WHAT, WHO, ClaimsDialog

UNIT = "1/5e Ligne"  # of Brigade Bellair, VI Corps, French


@pytest.fixture
def named_campaign(demo_files: dict[str, Path], tmp_path: Path) -> Path:
    """A private Belle Alliance demo naming Anne (chief) and Bob (sector)."""
    path = backup_sqlite(store_or_path=demo_files["belle-alliance"], dest=tmp_path / "c.desk")
    with open_campaign(path, umpire="") as store, store.session() as session:
        add_umpire(session=session, name="Anne", role="chief")
        add_umpire(session=session, name="Bob")
    return path


@pytest.fixture
def window_as(qtbot: QtBot, named_campaign: Path, tmp_path: Path
              ) -> Iterator[Callable[..., MainWindow]]:
    """``window_as(umpire)``: a window on the campaign as that umpire, its unit chosen.
    The first holds the file's writer lock; the others write beside it, as two desks on
    one SQLite file do."""
    from desk.ui.app import build_window

    stores: list[CampaignStore] = []

    def build(umpire: str) -> MainWindow:
        store = open_campaign(named_campaign, umpire=umpire, beside_writer=bool(stores))
        stores.append(store)
        window = build_window(store=store, dialogs=ScriptedDialogs(),
                              backup_dir=tmp_path / "backups", drafts_dir=tmp_path / umpire)
        qtbot.addWidget(window)
        window.select_unit(_unit(window, UNIT))
        return window

    yield build
    for store in stores:
        store.close()


def _unit(window: MainWindow, name: str) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == name)


def _listed(dialog: ClaimsDialog) -> list[tuple[str, str]]:
    return [(dialog.cell(r, WHAT), dialog.cell(r, WHO)) for r in range(dialog.table.rowCount())]


def _claims(window: MainWindow) -> list[tuple[str, str, str]]:
    return window.ops.read(lambda s: [(c.target, c.umpire, c.reason)
                                      for c in s.exec(select(Claim))])


def test_claim_the_units_command_lists_it_and_locks_the_other_umpires_form(
        window_as: Callable[..., MainWindow], qtmodeltester: Any) -> None:
    bob = window_as("Bob")
    anne = window_as("Anne")
    bob.actions_by_name["claims"].trigger()
    dialog = bob.claims.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.command_button.text().replace("&", "") == "Claim Brigade Bellair (command)"
    assert dialog.side_button.text().replace("&", "") == "Claim French (side)"
    assert dialog.who.text() == "You are Bob, a sector umpire."
    assert not dialog.take_over_button.isEnabled()  # a sector umpire takes nothing over
    assert _listed(dialog) == []
    dialog.command_button.click()
    assert _listed(dialog) == [("Brigade Bellair", "Bob")]
    assert dialog.refusal.isHidden()
    qtmodeltester.check(dialog.table.model())
    assert bob.form.verbatim_edit.isEnabled()  # his own claim: his to write

    anne.ops.reload()  # a SQLite desk reads another's change when it reads again
    assert "claimed by Bob since" in anne.form.header.text()
    assert not anne.form.verbatim_edit.isEnabled()

    dialog.choose(_claims(bob)[0][0])
    dialog.release_button.click()
    assert _listed(dialog) == [] and _claims(bob) == []
    anne.ops.reload()
    assert "read-only" not in anne.form.header.text()
    assert anne.form.verbatim_edit.isEnabled()


def test_the_chief_takes_a_claim_over_with_a_reason(
        window_as: Callable[..., MainWindow]) -> None:
    bob = window_as("Bob")
    bob.claims.show_claims().side_button.click()  # Bob claims the French
    anne = window_as("Anne")
    dialog = anne.claims.show_claims()
    assert _listed(dialog) == [("French", "Bob")]
    assert dialog.take_over_button.isEnabled()
    dialog.take_over_button.click()  # no reason typed: refused in one sentence
    assert dialog.refusal.text() == "Give a reason to take French over from Bob."
    assert _listed(dialog) == [("French", "Bob")]
    dialog.reason_edit.setText("Bob left for the station")
    dialog.take_over_button.click()
    assert _listed(dialog) == [("French", "Anne")]
    assert dialog.cell(0, REASON) == "Bob left for the station"
    assert dialog.refusal.isHidden() and dialog.reason_edit.text() == ""
    journal = anne.ops.read(lambda s: [(j.message, j.reason) for j in s.exec(
        select(Journal).where(Journal.kind == "claim"))])
    assert ("Anne took French over from Bob.", "Bob left for the station") in journal
    assert anne.form.verbatim_edit.isEnabled()  # the chief's now


def test_a_refusal_is_one_sentence_and_changes_nothing(
        window_as: Callable[..., MainWindow]) -> None:
    anne = window_as("Anne")
    anne.claims.show_claims().command_button.click()
    bob = window_as("Bob")
    dialog = bob.claims.show_claims()
    before = _claims(bob)
    dialog.side_button.click()  # the French: Brigade Bellair, inside it, is Anne's
    text = dialog.refusal.text()
    assert text.startswith("Brigade Bellair is claimed by Anne since ") and text.endswith("UTC.")
    assert dialog.refusal.isVisible()
    assert _claims(bob) == before and _listed(dialog) == [("Brigade Bellair", "Anne")]
    assert not dialog.release_button.isEnabled()  # Anne's claim: not Bob's to release


def test_a_campaign_naming_no_umpires_says_how_and_offers_nothing(make_window: Any) -> None:
    window = make_window("battles-of-waterloo")
    window.select_unit(window.table_model.rows()[0].unit_id)
    dialog = window.claims.show_claims()
    assert "desk umpires CAMPAIGN add NAME --role chief" in dialog.empty.text()
    assert dialog.empty.isVisible() and not dialog.who.isVisible()
    assert dialog.lim_button.isVisible()  # Battles of Waterloo has a LIM cup
    for button in (dialog.command_button, dialog.side_button, dialog.lim_button,
                   dialog.release_button, dialog.take_over_button):
        assert not button.isEnabled()


def test_the_lim_cup_is_claimed_and_enter_in_the_reason_takes_it_over(
        qtbot: QtBot, demo_files: dict[str, Path], tmp_path: Path) -> None:
    from PySide6.QtCore import Qt

    from desk.ui.app import build_window

    path = backup_sqlite(store_or_path=demo_files["battles-of-waterloo"],
                         dest=tmp_path / "bow.desk")
    with open_campaign(path, umpire="") as store, store.session() as session:
        add_umpire(session=session, name="Anne", role="chief")
        add_umpire(session=session, name="Bob")
    bob_store = open_campaign(path, umpire="Bob")
    anne_store = open_campaign(path, umpire="Anne", beside_writer=True)
    try:
        bob, anne = (build_window(store=s, dialogs=ScriptedDialogs(),
                                  backup_dir=tmp_path / "backups", drafts_dir=tmp_path / n)
                     for s, n in ((bob_store, "bob"), (anne_store, "anne")))
        qtbot.addWidget(bob)
        qtbot.addWidget(anne)
        mine = bob.claims.show_claims()
        assert mine.lim_button.isVisible() and mine.lim_button.isEnabled()
        assert not mine.command_button.isEnabled()  # no unit chosen: only the cup
        mine.lim_button.click()
        assert _listed(mine) == [("the LIM cup", "Bob")]
        dialog = anne.claims.show_claims()
        dialog.reason_edit.setText("the cup goes round the table")
        qtbot.keyClick(dialog.reason_edit, Qt.Key.Key_Return)
        assert _listed(dialog) == [("the LIM cup", "Anne")]
        assert dialog.isVisible()  # Enter took it over; it did not close the dialog
    finally:
        bob_store.close()
        anne_store.close()
