"""A player's orders sent from their page reach the umpire's open window (issues 32 and
28's seam): the players' pages write the campaign file on an engine of their own, and the
window, watching the file (desk.ui.live.FileChanges), lists the drafts within a couple of
seconds, with no reload. The real application (Starlette's test client) and a real window
(offscreen) on one file."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from pages_campaign import PagesCampaign
from pytestqt.qtbot import QtBot
from starlette.testclient import TestClient

from desk.store import open_campaign
from desk.ui.main_window import MainWindow

WITHIN_MS = 3_000  # the window asks the file once a second


@pytest.fixture
def window(qtbot: QtBot, pages: PagesCampaign) -> Iterator[MainWindow]:
    """The umpire's window on the pages' campaign, shown."""
    from desk.ui.app import build_window

    with open_campaign(pages.path) as store:
        shown = build_window(store=store,
                             backup_dir=pages.path.parent / "backups",
                             drafts_dir=pages.path.parent / "drafts")
        qtbot.addWidget(shown)
        shown.show()
        yield shown
        shown.close()


def test_orders_sent_from_a_page_show_as_drafts_in_the_open_window(
        window: MainWindow, client: TestClient, pages: PagesCampaign, qtbot: QtBot) -> None:
    anne = pages.tokens["Anne"]
    page = client.get(f"/p/{anne}").text
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
    assert csrf is not None
    ordered = {r.unit_id for r in window.table_model.rows() if r.order_id is not None}
    unit = next(int(u) for u in re.findall(r'name="u(\d+)-verbatim"', page)
                if int(u) not in ordered)
    sent = client.post(f"/p/{anne}/orders", data={f"u{unit}-verbatim": "Hold the village",
                                                  "csrf": csrf.group(1), "bound": "1"})
    assert sent.status_code == 303

    def listed() -> bool:
        row = next(r for r in window.table_model.rows() if r.unit_id == unit)
        return row.status == "draft" and row.verbatim == "Hold the village"

    qtbot.waitUntil(listed, timeout=WITHIN_MS)
    assert "the file changed outside this window" in window.statusBar().currentMessage()
