"""The campaign's PostgreSQL server stops under an open window and starts again (issue 33):
the status line says so in one sentence, what the umpire typed stays on the form and in the
draft file, a save meanwhile is refused in one sentence with nothing written, and once the
server is back the window reads everything again and the same save goes through.
A server of its own (tests/pg.py), stopped and started for real."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pg import PgServer, unavailable_reason
from pytestqt.qtbot import QtBot
from scripted_dialogs import ScriptedDialogs, scripted
from sqlmodel import select

from desk.services.campaign.scenarios import load_scenario
from desk.services.oob.importer import create_campaign_from_scenario
from desk.store import StoreError, open_campaign
from desk.store.tables.bounds import Order


@pytest.fixture
def own_server() -> Iterator[PgServer]:
    """A server this test alone stops and starts (the session's stays up for the others)."""
    reason = unavailable_reason()
    if reason:
        pytest.skip(reason)
    server = PgServer().start()
    yield server
    server.stop()


def test_the_server_going_away_loses_no_typing_and_the_save_goes_through_after(
        own_server: PgServer, qtbot: QtBot, tmp_path: Path) -> None:
    from desk.ui.app import build_window

    url = own_server.create_database()
    with open_campaign(url, create=True) as store, store.session() as session:
        create_campaign_from_scenario(session=session,
                                      data=load_scenario(rules_system="belle-alliance"))
    store = open_campaign(url)
    try:
        window = build_window(store=store, dialogs=ScriptedDialogs(),
                              backup_dir=tmp_path / "backups", drafts_dir=tmp_path / "drafts")
        qtbot.addWidget(window)
        live = window.live
        assert live is not None
        qtbot.waitUntil(lambda: live.listening, timeout=10_000)
        unit_id = window.table_model.rows()[0].unit_id
        window.select_unit(unit_id)
        window.form.verbatim_edit.setPlainText("Hold the churchyard")

        own_server.pause()
        qtbot.waitUntil(lambda: bool(window.server_note.text()), timeout=10_000)
        assert "cannot be reached" in window.server_note.text()
        assert not window.orders.save_order()  # refused in one sentence, nothing written
        (error,) = scripted(window).errors
        assert isinstance(error, StoreError) and "\n" not in str(error)
        assert window.form.verbatim() == "Hold the churchyard"  # the typing stays
        drafts = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "drafts").iterdir())
        assert "Hold the churchyard" in drafts  # and is on disk, as every keystroke is

        own_server.resume()
        qtbot.waitUntil(lambda: not window.server_note.text(), timeout=15_000)
        assert window.form.verbatim() == "Hold the churchyard"  # the re-read kept it too
        assert window.orders.save_order()
        with store.session() as session:
            found = session.exec(select(Order.verbatim).where(Order.unit_id == unit_id)).all()
        assert found == ["Hold the churchyard"]
    finally:
        store.close()
