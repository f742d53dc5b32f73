"""A returned sheet's written words drive its fields, as they do on the order form (issue 30).

A player who writes "Hold the village" and leaves the rate of march empty means a
halt, not the rules' default "normal, as far as possible" (BA-1, BA-2): the import
reads the words with the form's own reading (desk.rules.words.read_words), so the
draft is a halt, and the draft says the field was read from the words
(``WORDS_READ``, citing the data key ``words.rate.halt``: RULES.md has no clause
for a halt). A field the player did fill keeps its value, and the disagreement is
on the draft. Real files: the demo campaign, its fillable sheet printed by the
desk, filled with pypdf as a player's viewer does, imported through the service.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from demo_cache import DemoCache
from pypdf import PdfReader, PdfWriter
from sqlmodel import select

from desk.services.printing.form_import import import_filled_forms
from desk.services.printing.views import order_sheet_model
from desk.sheets import OrderSheet
from desk.store import open_campaign
from desk.store.tables.bounds import Order
from desk.store.tables.oob import Unit


def _fill(pdf: bytes, values: dict[str, str]) -> bytes:
    """Fill a form the way a player's viewer does: pypdf, no appearance regenerated."""
    writer = PdfWriter(clone_from=BytesIO(pdf))
    for page in writer.pages:
        writer.update_page_form_field_values(page, values, auto_regenerate=False)
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def _sheet(campaign: Path) -> tuple[bytes, dict[str, str], dict[int, str]]:
    """The French side's fillable sheet, its field names, and the units' names by id."""
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                    fillable=True))
        names = {u.id or 0: u.name for u in session.exec(select(Unit))}
    fields = dict(PdfReader(BytesIO(pdf)).get_fields() or {})
    return pdf, {n: n for n in fields}, names


def _prefixes(fields: dict[str, str]) -> list[str]:
    """Each unit's field prefix on the sheet ("…-u12-"), in sheet order."""
    return sorted({n[:-len("verbatim")] for n in fields if n.endswith("-verbatim")})


def _unit(prefix: str) -> int:
    return int(prefix.rstrip("-").rsplit("-u", 1)[1])


def _orders(campaign: Path) -> dict[int, dict[str, Any]]:
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        return {o.unit_id: o.model_dump() for o in session.exec(select(Order))}


@pytest.fixture
def campaign(tmp_path: Path, demo_cache: DemoCache) -> Path:
    return demo_cache.copy(system="belle-alliance", dest=tmp_path / "ba.desk")


def test_hold_the_village_on_a_sheet_arrives_as_a_halt_draft_BA_1_BA_2(campaign: Path) -> None:
    """BA-1/BA-2 give "normal, as far as possible" to an order with no rate and no
    criteria; the words "Hold the village" ask for the halt (data: words.rate.halt)."""
    pdf, fields, _names = _sheet(campaign)
    hold, march = _prefixes(fields)[:2]
    filled = _fill(pdf, {hold + "verbatim": "Hold the village",
                         march + "verbatim": "March on Plancenoit"})
    with open_campaign(campaign) as store, store.session() as session:
        result = import_filled_forms(session=session, sources=[("french.pdf", filled)])
    imported = {o.unit_id: o for o in result.imported}
    held = imported[_unit(hold)]
    assert held.summary == "halt where it stands"
    (note,) = [f for f in held.findings if f.code == "WORDS_READ"]
    assert note.clause == "words.rate.halt"
    assert note.message == ("'hold' written: rate of march set to halt from the words "
                            "(words.rate.halt)")
    assert imported[_unit(march)].summary == "normal as far as possible"  # no words for it
    stored = _orders(campaign)[_unit(hold)]
    assert (stored["status"], stored["source"]) == ("draft", "form")
    assert stored["fields"] == {"rate": "halt"} and stored["completed"]["rate"] == "halt"
    assert stored["verbatim"] == "Hold the village"  # the words beside the fields they drove
    assert "WORDS_READ" in {f["code"] for f in stored["findings"]}


def test_a_rate_the_player_chose_stays_and_the_draft_says_the_words_disagree_BA_1(
        campaign: Path) -> None:
    """The sheet's own field wins over the words (the umpire decides on the draft)."""
    pdf, fields, _names = _sheet(campaign)
    prefix = _prefixes(fields)[0]
    filled = _fill(pdf, {prefix + "verbatim": "Stay in reserve", prefix + "rate": "fast"})
    with open_campaign(campaign) as store, store.session() as session:
        result = import_filled_forms(session=session, sources=[("french.pdf", filled)])
    (draft,) = result.imported
    assert draft.summary.startswith("fast")
    codes = {f.code: f for f in draft.findings}
    assert "WORDS_READ" not in codes
    assert codes["WORDS_DISAGREE"].message == ("'stay' written, rate of march is fast "
                                               "(words.rate.halt)")
    assert _orders(campaign)[_unit(prefix)]["fields"]["rate"] == "fast"
