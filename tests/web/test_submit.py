"""Orders written on a player's page (issue 32) arrive as drafts for the umpire exactly as a
filled fillable sheet's do: the same rows (fields, defaults, findings, source, status) as
the form import writes from a PDF with the same values; the page then says when they
were received; the player may send again until the deadline, not after; a unit whose
order the umpire typed keeps it."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from io import BytesIO
from pathlib import Path

from pages_campaign import PagesCampaign, every_row
from pypdf import PdfReader, PdfWriter
from sqlmodel import col, select
from starlette.testclient import TestClient

from desk.services.history import journal
from desk.services.packets.deadlines import set_deadline
from desk.services.packets.plan import packet_models
from desk.services.printing.form_import import import_filled_forms
from desk.services.queries import order_table
from desk.sheets.order_sheet import OrderSheet
from desk.store import open_campaign
from desk.store.tables.bounds import Order
from desk.store.tables.players import Player
from desk.web.app import build_app

ROW = ("unit_id", "fields", "completed", "defaulted", "findings", "status", "source",
       "verbatim", "override_reason")


def _form(client: TestClient, token: str) -> tuple[str, list[int], dict[str, list[str]]]:
    """The page's hidden token, its units in order, and each list's choices."""
    page = client.get(f"/p/{token}").text
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
    assert csrf is not None
    units = [int(u) for u in re.findall(r'name="u(\d+)-verbatim"', page)]
    lists = {m.group(1): re.findall(r'<option value="([^"]*)"', m.group(2))
             for m in re.finditer(r'<select name="([^"]+)">(.*?)</select>', page)}
    return csrf.group(1), units, lists


def _orders(path: Path) -> list[tuple[object, ...]]:
    with open_campaign(path, read_only=True) as store, store.session() as session:
        rows = session.exec(select(Order).where(Order.source == "form")
                            .order_by(col(Order.unit_id)))
        return [tuple(getattr(o, k) for k in ROW) for o in rows]


def _by_pdf(path: Path, player: str, values: dict[tuple[int, str], str]) -> None:
    """The same orders written on the player's packet's fillable sheet and imported."""
    with open_campaign(path, read_only=True) as store, store.session() as session:
        player_id = session.exec(select(Player.id).where(Player.name == player)).one()
        (packet,) = packet_models(session=session, with_maps=False, player_id=player_id)
    sheet = OrderSheet().render(packet.sheet)
    fields = PdfReader(BytesIO(sheet)).get_fields() or {}
    named = {f"c{packet.sheet.campaign_id}-b1-u{u}-{k}": v for (u, k), v in values.items()}
    assert set(named) <= set(fields)  # the page's fields are the sheet's
    writer = PdfWriter(clone_from=BytesIO(sheet))
    for page in writer.pages:
        writer.update_page_form_field_values(page, named, auto_regenerate=False)
    out = BytesIO()
    writer.write(out)
    with open_campaign(path) as store, store.session() as session:
        import_filled_forms(session=session, sources=[("anne.pdf", out.getvalue())])


def test_orders_sent_from_the_page_are_the_drafts_a_filled_sheet_makes(
        client: TestClient, pages: PagesCampaign, tmp_path: Path) -> None:
    anne = pages.tokens["Anne"]
    csrf, units, lists = _form(client, anne)
    with open_campaign(pages.path, read_only=True) as store, store.session() as session:
        typed = set(session.exec(select(Order.unit_id).where(Order.source == "desk")))
    first, second = [u for u in units if u not in typed][:2]  # units the umpire left open
    choice = next(n for n in lists if n.startswith(f"u{first}-") and len(lists[n]) > 2)
    picked = lists[choice][2]  # not the default (the list's first entry)
    values = {(first, choice.split("-", 1)[1]): picked,
              (first, "verbatim"): "Advance on Plancenoit church",
              (second, "verbatim"): "Hold the village"}
    posted = {f"u{u}-{k}": v for (u, k), v in values.items()}
    paper = tmp_path / "paper.desk"
    paper.write_bytes(pages.path.read_bytes())

    sent = client.post(f"/p/{anne}/orders", data={**posted, "csrf": csrf, "bound": "1"})
    assert sent.status_code == 303 and sent.headers["location"].endswith(f"/p/{anne}")
    _by_pdf(paper, "Anne", values)
    drafts = _orders(pages.path)
    assert len(drafts) == 2 and drafts == _orders(paper)  # row for row, the form's
    assert {d[5] for d in drafts} == {"draft"}  # nothing is an order without the umpire

    # The umpire's review list shows them, with the player's words.
    with open_campaign(pages.path, read_only=True) as store, store.session() as session:
        table = {r.unit_id: r for r in order_table(session=session,
                                                    battle_id=pages.battle_id)}
        lines = [j.message for j in journal(session=session, battle_id=pages.battle_id)
                 if j.kind == "player-orders"]
    assert table[first].status == "draft" and table[second].status == "draft"
    assert len(lines) == 1 and lines[0].startswith("Orders from Anne (French) received")
    names = [n for n, i in pages.units["French"].items() if i in (first, second)]
    assert all(n in lines[0] for n in names)

    page = client.get(f"/p/{anne}").text
    assert re.search(r"Received at \d\d:\d\d UTC", page)
    assert "Advance on Plancenoit church" in page and f'value="{picked}" selected' in page

    # Amended before the deadline: the draft is replaced, one more journal line.
    again = client.post(f"/p/{anne}/orders", data={
        **posted, f"u{second}-verbatim": "Retire on Lasne", "csrf": csrf, "bound": "1"})
    assert again.status_code == 303
    assert [d[7] for d in _orders(pages.path)] == ["Advance on Plancenoit church",
                                                   "Retire on Lasne"]


def test_after_the_deadline_the_page_takes_nothing(pages: PagesCampaign) -> None:
    due = datetime.now(UTC).replace(microsecond=0) + timedelta(hours=1)
    with open_campaign(pages.path) as store, store.session() as session:
        set_deadline(session=session, bound=None, when=due)
    late = build_app(pages.path, clock=lambda: due + timedelta(minutes=1))
    with TestClient(late, follow_redirects=False) as client:
        anne = pages.tokens["Anne"]
        csrf, units, _lists = _form(client, anne)
        page = client.get(f"/p/{anne}").text
        assert "takes no more orders" in page and "<button" not in page
        before = every_row(pages.path)
        refused = client.post(f"/p/{anne}/orders", data={
            f"u{units[0]}-verbatim": "Too late", "csrf": csrf, "bound": "1"})
        assert refused.status_code == 409
        assert "were due by" in refused.text
        assert "Too late" in refused.text  # what the player wrote is shown, not lost
        assert every_row(pages.path) == before


def test_a_unit_the_umpire_ordered_keeps_his_order(client: TestClient,
                                                   pages: PagesCampaign) -> None:
    anne = pages.tokens["Anne"]
    with open_campaign(pages.path, read_only=True) as store, store.session() as session:
        row = session.exec(select(Order).where(Order.source == "desk")).one()
        typed = (row.unit_id, row.verbatim, row.status)
    csrf, _units, _lists = _form(client, anne)
    page = client.get(f"/p/{anne}").text
    assert "The umpire has entered this unit" in page
    sent = client.post(f"/p/{anne}/orders", data={
        f"u{typed[0]}-verbatim": "Charge!", "csrf": csrf, "bound": "1"})
    assert sent.status_code == 303
    with open_campaign(pages.path, read_only=True) as store, store.session() as session:
        kept = session.exec(select(Order).where(Order.unit_id == typed[0])).one()
        assert (kept.source, kept.verbatim, kept.status) == ("desk", *typed[1:])
