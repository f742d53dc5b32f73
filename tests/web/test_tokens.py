"""The players' links (issue 32): a wrong, revoked or malformed token, a wrong path, another
player's form, a form without its hidden token or with a stale one — each refused with
the same plain words, and nothing stored."""

from __future__ import annotations

import re

from pages_campaign import PagesCampaign, every_row
from starlette.testclient import TestClient

from desk.services.pages.links import reissue_link, revoke_link
from desk.store import open_campaign

NOT_FOUND = "Not found\n"


def _csrf(client: TestClient, token: str) -> str:
    found = re.search(r'name="csrf" value="([0-9a-f]+)"', client.get(f"/p/{token}").text)
    assert found is not None
    return found.group(1)


def _orders(client: TestClient, token: str, unit_text: str) -> dict[str, str]:
    """A filled form for the player's first unit, as the page would post it."""
    page = client.get(f"/p/{token}").text
    name = re.search(r'name="(u\d+-verbatim)"', page)
    assert name is not None
    return {name.group(1): unit_text, "bound": "1"}


def test_a_wrong_token_or_path_gets_the_same_plain_not_found(
        client: TestClient, pages: PagesCampaign) -> None:
    anne = pages.tokens["Anne"]
    wrong = [client.get(path) for path in (
        "/p/" + "A" * 43, "/p/", "/p/x/map.png", "/", "/static/other.css", "/p/" + "x" * 5000,
        f"/p/{anne}/map.png/more", f"/p/{anne[:-1]}", "/p/%00", "/../etc/passwd")]
    wrong += [client.post(f"/p/{'B' * 43}/orders", data={"bound": "1"}),
              client.get(f"/p/{anne}/orders"),  # a POST route asked with GET
              client.delete(f"/p/{anne}")]
    assert {(r.status_code, r.text) for r in wrong} == {(404, NOT_FOUND)}
    assert {r.headers["content-security-policy"] for r in wrong}  # headers on refusals too


def test_a_revoked_or_reissued_link_stops_working(client: TestClient,
                                                  pages: PagesCampaign) -> None:
    anne, bernd = pages.tokens["Anne"], pages.tokens["Bernd"]
    assert client.get(f"/p/{anne}").status_code == 200
    with open_campaign(pages.path) as store, store.session() as session:
        revoke_link(session=session, who="Anne")
        fresh = reissue_link(session=session, who="Bernd").token
    assert (client.get(f"/p/{anne}").status_code, client.get(f"/p/{anne}").text) == (
        404, NOT_FOUND)
    assert client.get(f"/p/{bernd}").status_code == 404  # the old link of a reissued one
    assert client.get(f"/p/{fresh}").status_code == 200


def test_forms_without_their_token_or_of_another_page_store_nothing(
        client: TestClient, pages: PagesCampaign) -> None:
    anne, claire, bernd = (pages.tokens[n] for n in ("Anne", "Claire", "Bernd"))
    filled = _orders(client, anne, "Advance on Plancenoit")
    before = every_row(pages.path)
    refused = [
        client.post(f"/p/{anne}/orders", data=filled),  # replayed without its hidden token
        client.post(f"/p/{anne}/orders", data={**filled, "csrf": "0" * 64}),
        client.post(f"/p/{anne}/orders", data={**filled, "csrf": _csrf(client, claire)}),
        client.post(f"/p/{bernd}/orders", data={**filled, "csrf": _csrf(client, anne)}),
        client.post(f"/p/{anne}/orders", data={**filled, "bound": "2",
                                               "csrf": _csrf(client, anne)}),
    ]
    assert [r.status_code for r in refused] == [403] * 5
    assert all("reload the page" in r.text for r in refused)
    assert every_row(pages.path) == before  # nothing stored, not even a journal line
    # Bernd's own form naming Anne's French unit: that unit is not on his page, not read.
    bernd_form = {**filled, "csrf": _csrf(client, bernd)}
    assert client.post(f"/p/{bernd}/orders", data=bernd_form).status_code == 303
    after = every_row(pages.path)
    changed = sorted(t for t in before if before[t] != after[t])
    assert changed == ["journal", "player_submission"]  # his sending is recorded, no order


def test_a_runaway_client_is_slowed_down(pages: PagesCampaign) -> None:
    from desk.web.app import build_app

    with TestClient(build_app(pages.path, page_requests=3, order_sendings=1)) as slow:
        anne = pages.tokens["Anne"]
        codes = [slow.get(f"/p/{anne}").status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        assert slow.get(f"/p/{pages.tokens['Bernd']}").status_code == 200  # per link
        sent = [slow.post(f"/p/{anne}/orders", data={"bound": "1"}).status_code
                for _ in range(2)]
        assert sent == [403, 429]


def test_a_request_too_large_is_refused_before_it_is_read(
        client: TestClient, pages: PagesCampaign) -> None:
    before = every_row(pages.path)
    anne = pages.tokens["Anne"]
    big = {**_orders(client, anne, "x" * 70_000), "csrf": _csrf(client, anne)}
    response = client.post(f"/p/{anne}/orders", data=big)
    assert response.status_code == 413
    assert every_row(pages.path) == before
