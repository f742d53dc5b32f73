"""A campaign that flags late orders (``desk settings --late-orders flag``, issue 32): after
the deadline the page still takes orders, saying they arrive marked late; a sending is
stored as drafts whose first finding says it came late, shown in the umpire's review, and
the page tells the player "received at HH:MM, after the deadline: the umpire decides"."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from pages_campaign import PagesCampaign
from sqlmodel import select
from starlette.testclient import TestClient

from desk.services.campaign.settings import set_late_orders
from desk.services.common import findings_of
from desk.services.packets.deadlines import set_deadline
from desk.services.pages.submit import SENT_LATE
from desk.services.queries import order_table
from desk.store import open_campaign
from desk.store.tables.bounds import Order
from desk.web.app import build_app


def _form(client: TestClient, token: str) -> tuple[str, list[int], str]:
    page = client.get(f"/p/{token}").text
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
    assert csrf is not None
    return csrf.group(1), [int(u) for u in re.findall(r'name="u(\d+)-verbatim"', page)], page


def test_late_orders_are_taken_marked_late_where_the_campaign_flags_them(
        pages: PagesCampaign) -> None:
    due = datetime.now(UTC).replace(microsecond=0) + timedelta(hours=1)
    with open_campaign(pages.path) as store, store.session() as session:
        set_deadline(session=session, bound=None, when=due)
        set_late_orders(session=session, policy="flag")
        typed = set(session.exec(select(Order.unit_id).where(Order.source == "desk")))
    late = build_app(pages.path, clock=lambda: due + timedelta(minutes=5))
    anne = pages.tokens["Anne"]
    with TestClient(late, follow_redirects=False) as client:
        csrf, units, page = _form(client, anne)
        assert "arrive marked late" in page and "<button" in page
        assert "takes no more orders" not in page
        first = next(u for u in units if u not in typed)
        sent = client.post(f"/p/{anne}/orders", data={
            f"u{first}-verbatim": "Advance on Plancenoit church", "csrf": csrf, "bound": "1"})
        assert sent.status_code == 303
        again = client.get(f"/p/{anne}").text
    shown = (due + timedelta(minutes=5)).strftime("%H:%M")
    assert f"Received at {shown} UTC, after the deadline: the umpire decides." in again
    assert SENT_LATE not in again and "whether it stands" not in again  # the umpire's text
    with open_campaign(pages.path, read_only=True) as store, store.session() as session:
        draft = session.exec(select(Order).where(Order.unit_id == first)).one()
        stored, findings = (draft.source, draft.status), findings_of(draft.findings)
        table = order_table(session=session, battle_id=pages.battle_id)
        index = table.unit_ids.index(first)
        row, tags = table[index], table.tags(index)
    assert stored == ("form", "draft")
    assert findings[0].code == SENT_LATE and "after the deadline" in findings[0].message
    # The review list shows it with the draft's findings, and "Show: warnings" finds it.
    assert row.status == "draft" and row.findings[0].code == SENT_LATE
    assert "|warning|" in tags
