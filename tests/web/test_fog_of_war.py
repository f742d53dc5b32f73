"""Fog of war on the players' pages (issue 32): every route, for every player of a two-side
campaign with seen and unseen enemies and a secret override reason, read whole — body
and headers — holds no other-side name but the one enemy unit that side saw, no
override reason, no finding and no umpire's word."""

from __future__ import annotations

import html
import re

import httpx2
from pages_campaign import SECRET_REASON, PagesCampaign
from sqlmodel import select
from starlette.testclient import TestClient

from desk.services.pages.page import player_map
from desk.sheets.map_picture import render_map_picture
from desk.store import open_campaign
from desk.store.tables.bounds import Order
from desk.store.tables.players import Player

OTHER = {"French": "Prussian", "Prussian": "French"}
# The umpire's words that no player's page may carry (the umpire's copy and report use them).
UMPIRE_WORDS = ("overruled", "override", "finding", "BA-", "Umpire's view", "form_secret")


def _read(response: httpx2.Response) -> str:
    """Everything a browser receives: the status line's words, the headers, the body."""
    head = "\n".join(f"{k}: {v}" for k, v in response.headers.items())
    body = response.text if "image/" not in response.headers.get("content-type", "") else ""
    return html.unescape(f"{response.reason_phrase}\n{head}\n{body}")


def _responses(client: TestClient, token: str) -> list[httpx2.Response]:
    """Every route of the player's page, and the refusals a player can provoke."""
    page = client.get(f"/p/{token}")
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page.text)
    assert csrf is not None
    return [page, client.get(f"/p/{token}/map.png"), client.get("/static/page.css"),
            client.get(f"/p/{token}/nothing"), client.get(f"/p/{token}x"),
            client.post(f"/p/{token}/orders", data={"bound": "1"}),  # no CSRF token
            # another bound's form (its hidden token is this bound's): refused as stale
            client.post(f"/p/{token}/orders", data={"bound": "9", "csrf": csrf.group(1)}),
            client.post(f"/p/{token}/orders", data={"bound": "1", "csrf": csrf.group(1)})]


def test_no_page_or_header_names_what_the_player_may_not_know(
        client: TestClient, pages: PagesCampaign) -> None:
    with open_campaign(pages.path, read_only=True) as store, store.session() as session:
        reasons = [o.override_reason for o in session.exec(select(Order)) if o.override_reason]
        findings = [str(f["message"]) for o in session.exec(select(Order)) for f in o.findings]
        players = {p.name: p.id or 0 for p in session.exec(select(Player))}
    assert reasons == [SECRET_REASON] and findings  # the campaign holds what must not show
    for player, token in pages.tokens.items():
        side = pages.sides[player]
        enemy = OTHER[side]
        seen = pages.seen[side]
        responses = _responses(client, token)
        assert [r.status_code for r in responses] == [200, 200, 200, 404, 404, 403, 403, 303]
        for response in responses:
            text = _read(response)
            assert seen not in text or response is responses[0]
            rest = text.replace(seen, "")  # a seen name may hold an unseen one's letters
            leaked = [n for n in (*pages.units[enemy], *pages.leaders[enemy]) if n in rest]
            assert leaked == [], f"{player} reads {leaked[:3]} in {response.request.url.path}"
            assert SECRET_REASON not in text
            assert [f for f in findings if f in text] == []
            assert [w for w in UMPIRE_WORDS if w in text] == []
            others = [t for p, t in pages.tokens.items() if p != player]
            assert [t for t in others if t in text] == []  # no other player's link
        assert seen in _read(responses[0])  # the one enemy unit the side saw is reported
        own = [n for n in pages.units[side] if n in _read(responses[0])]
        assert len(own) >= 5  # the page does name the player's own units
        # The picture holds only the player's map view, drawn: own units and the one seen.
        with open_campaign(pages.path, read_only=True) as store, store.session() as session:
            view = player_map(session=session, player_id=players[player])
        assert view is not None and responses[1].content == render_map_picture(view)
        enemies = {m.name for m in view.markers if m.side == enemy}
        assert enemies == {seen}
