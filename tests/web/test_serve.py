"""``desk serve`` (issue 32) as a real process on a free port, fetched with urllib; and the
pages at work while a desk holds the campaign file open for writing, as the window does."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from desk_served import free_port
from pages_campaign import PagesCampaign
from sqlmodel import select
from starlette.testclient import TestClient

from desk.store import open_campaign
from desk.store.tables.bounds import Order
from desk.web.app import build_app


def _fetch(url: str) -> tuple[int, str, dict[str, str]]:
    """The status, body and headers (names in lower case) of a GET."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            heads = {k.lower(): v for k, v in response.headers.items()}
            return response.status, response.read().decode(), heads
    except urllib.error.HTTPError as refused:
        heads = {k.lower(): v for k, v in refused.headers.items()}
        return refused.code, refused.read().decode(), heads


def test_desk_serve_prints_the_links_and_serves_the_pages(pages: PagesCampaign,
                                                        tmp_path: Path) -> None:
    with open_campaign(pages.path) as store, store.session() as session:
        from desk.services.packets.players import add_player

        add_player(session=session, name="Dora", address="dora@example.org", side="Prussian")
    port = free_port()
    log = tmp_path / "serve.out"
    with log.open("w") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "desk", "serve", str(pages.path), "--bind",
             f"127.0.0.1:{port}"], stdout=out, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        deadline = time.monotonic() + 60
        while "Serving the players' pages" not in log.read_text():
            assert server.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        said = log.read_text()
        # Dora had no link: she gets one now; the others' were made before, never shown again.
        dora = re.search(rf"Dora: (http://127\.0\.0\.1:{port}/p/\S+)", said)
        assert dora is not None, said
        assert "Anne: has a link since" in said
        assert not [t for t in pages.tokens.values() if t in said]
        while True:  # the socket may open a moment after the line is printed
            try:
                status, body, headers = _fetch(dora.group(1))
                break
            except urllib.error.URLError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        assert status == 200 and "Dora" in body
        assert headers["cache-control"] == "no-store" and "server" not in headers
        assert _fetch(f"http://127.0.0.1:{port}/p/{pages.tokens['Anne']}")[0] == 200
        assert _fetch(f"http://127.0.0.1:{port}/p/nobody")[:2] == (404, "Not found\n")
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_pages_read_and_take_orders_while_the_desk_has_the_file_open(
        pages: PagesCampaign) -> None:
    anne = pages.tokens["Anne"]
    with open_campaign(pages.path) as window, \
            TestClient(build_app(pages.path), follow_redirects=False) as client:
        assert not window.read_only  # the window's single-writer lock is held
        page = client.get(f"/p/{anne}").text
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
        unit = re.findall(r'name="u(\d+)-verbatim"', page)[-1]
        assert csrf is not None
        sent = client.post(f"/p/{anne}/orders", data={
            f"u{unit}-verbatim": "Hold the village", "csrf": csrf.group(1), "bound": "1"})
        assert sent.status_code == 303
        with window.session() as session:  # the window reads the player's draft
            draft = session.exec(select(Order).where(Order.unit_id == int(unit))).one()
            assert (draft.status, draft.source, draft.verbatim) == (
                "draft", "form", "Hold the village")
