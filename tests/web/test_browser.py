"""A real browser at a phone's size (issue 32): Debian's headless Chromium, driven by
Playwright's Python client, opens a player's link served by ``desk serve``, fills two
orders and sends them; the drafts are then in the umpire's review list with the player's
words. Screenshots (light and dark) go to the temporary folder, to be looked at.

Skipped where the machine has no Chromium (``apt-get install chromium``) or no Playwright
client (``pip install playwright``; its own browser download is not used).
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest
from desk_served import start_serve
from pages_campaign import PagesCampaign
from sqlmodel import col, select

from desk.store import open_campaign
from desk.store.tables.bounds import Order

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no chromium here")


def test_a_player_writes_two_orders_on_a_phone(pages: PagesCampaign, tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    server, port = start_serve(pages.path, tmp_path / "serve.out")
    shots = Path(tempfile.gettempdir())
    problems: list[str] = []
    try:
        link = f"http://127.0.0.1:{port}/p/{pages.tokens['Anne']}"
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            phone = browser.new_context(viewport=PHONE, device_scale_factor=2,
                                        is_mobile=True, has_touch=True)
            page = phone.new_page()
            page.on("console", lambda m: problems.append(m.text)
                    if m.type in ("error", "warning") else None)
            page.goto(link)
            assert page.title().endswith("Anne")
            page.screenshot(path=str(shots / "desk-page-390-top.png"))
            # Units the umpire has not ordered himself (his typed order would be kept) and of
            # the player's own command (a subordinate's order would go as a dispatch).
            units = page.locator("details.unit").filter(
                has_not_text="The umpire has entered").filter(has_not_text="By courier")
            assert units.count() >= 2
            for nth in (0, 1):  # each unit is folded until tapped
                units.nth(nth).locator("summary").click()
            units.nth(0).locator("textarea").fill("Advance to the church, in column")
            units.nth(1).locator("textarea").fill("Hold the village")
            first_list = units.nth(0).locator("select").first
            first_list.select_option(index=2)
            page.locator("button[type=submit]").click()
            page.wait_for_selector(".received")
            assert re.search(r"Received at \d\d:\d\d UTC", page.inner_text(".received"))
            page.screenshot(path=str(shots / "desk-page-390.png"), full_page=True)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"]  # nothing wider than the phone
            dark = browser.new_context(viewport=PHONE, color_scheme="dark")
            night = dark.new_page()
            night.goto(link)
            night.screenshot(path=str(shots / "desk-page-390-dark.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert problems == []  # no script, style or picture refused by the page's policy
    with open_campaign(pages.path, read_only=True) as store, store.session() as session:
        drafts = session.exec(select(Order).where(Order.source == "form")
                              .order_by(col(Order.unit_id))).all()
        found = {(o.status, o.verbatim) for o in drafts}
    assert ("draft", "Advance to the church, in column") in found
    assert ("draft", "Hold the village") in found
