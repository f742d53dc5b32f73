"""The players' pages on a PostgreSQL campaign (issue 32): the same application, the same
page, a sending of orders stored as a draft; refused and wrong links alike."""

from __future__ import annotations

import re

import pytest
from sqlmodel import select
from starlette.testclient import TestClient

from desk.services.campaign.scenarios import DEMO_MASTER_SEED, load_scenario
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.packets.players import add_player
from desk.services.pages.links import issue_link
from desk.store import open_campaign
from desk.store.tables.bounds import Order
from desk.web.app import build_app


@pytest.mark.postgres
def test_a_page_and_its_orders_on_postgresql(pg_campaign: str) -> None:
    with open_campaign(pg_campaign) as store, store.session() as session:
        create_campaign_from_scenario(session=session,
                                      data=load_scenario(rules_system="belle-alliance"),
                                      demo_seed=DEMO_MASTER_SEED)
    with open_campaign(pg_campaign) as store, store.session() as session:
        add_player(session=session, name="Anne", address="anne@example.org", side="French")
        token = issue_link(session=session, who="Anne").token
    with TestClient(build_app(pg_campaign), follow_redirects=False) as client:
        page = client.get(f"/p/{token}")
        assert page.status_code == 200 and "Anne" in page.text
        assert client.get(f"/p/{token[:-1]}").status_code == 404
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page.text)
        unit = re.findall(r'name="u(\d+)-verbatim"', page.text)[-1]
        assert csrf is not None
        sent = client.post(f"/p/{token}/orders", data={
            f"u{unit}-verbatim": "Hold the village", "csrf": csrf.group(1), "bound": "1"})
        assert sent.status_code == 303
        assert "Received at" in client.get(f"/p/{token}").text
    with open_campaign(pg_campaign, read_only=True) as store, store.session() as session:
        draft = session.exec(select(Order).where(Order.unit_id == int(unit))).one()
        assert (draft.status, draft.source, draft.verbatim) == ("draft", "form",
                                                                "Hold the village")
