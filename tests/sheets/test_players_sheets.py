"""The players' sheets of a real campaign: a page budget, a round trip, and no umpire's secrets.

Issue 17: the Plancenoit demo's 38 French units took 13 pages in umpire's
language, offered a charge to a unit in its cooldown, and printed the umpire's
reason for overruling on the player's sheet.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import pytest
from demo_cache import DemoCache
from pypdf import PdfReader, PdfWriter
from sheet_samples import pdf_fields, pdf_pages, pdf_text
from sqlmodel import Session, select

from desk.rules import SYSTEM_IDS, get_system
from desk.services.bounds.close import close_bound
from desk.services.common import add_journal, current_battle
from desk.services.orders.write import write_order
from desk.services.printing import vocabulary
from desk.services.printing.form_import import import_filled_forms
from desk.services.printing.views import order_sheet_model
from desk.sheets import OrderSheet, SheetMode
from desk.store import open_campaign
from desk.store.tables.bounds import Bound, Order
from desk.store.tables.oob import Side, Unit

SECRET = "ZEBRA-7 agreed at the table"  # the umpire's reason for overruling (and a note)
CLAUSE_ID = re.compile(r"\b(?:BA|BOW|LB)-F?\d")
# Ids a player must never read: the rules' values and field names that are not words.
INTERNAL = sorted({value for value, words in vocabulary.WORDS.items()
                   if value != words and ("-" in value or "_" in value)}
                  | {"pass_through", "as_far_as_possible", "orders_option", "disorder none"})


@pytest.fixture
def session_of(campaign: Path) -> Iterator[Session]:
    with open_campaign(campaign) as store, store.session() as session:
        yield session


def _french(session: Session, arm: str) -> Unit:
    side = session.exec(select(Side).where(Side.name == "French")).one()
    unit = session.exec(select(Unit).where(Unit.side_id == side.id, Unit.arm == arm)).first()
    assert unit is not None, f"no French {arm} in the demo"
    return unit


def _sheet(session: Session, *, mode: SheetMode, fillable: bool) -> bytes:
    return OrderSheet().render(order_sheet_model(session=session, side="French", mode=mode,
                                                 fillable=fillable))


def _shown(pdf: bytes) -> str:
    """What a player reads: the text, the form fields' tooltips and the words of their
    lists (their export values are the rules' ids, read by the import, never shown)."""
    parts = [pdf_text(pdf), str(PdfReader(BytesIO(pdf)).metadata)]
    for field in pdf_fields(pdf).values():
        parts.append(str(field.get("/TU", "")))
        parts += [str(option[1]) for option in field.get("/Opt", ())]
    return "\n".join(parts)


def _values(pdf: bytes) -> str:
    return "\n".join(str(field.get("/V", "")) for field in pdf_fields(pdf).values())


def _overruled_charge(session: Session) -> Unit:
    """A French cavalry regiment's charge, with the umpire's reason for allowing it."""
    battle = current_battle(session)[1]
    hussars = _french(session, "cavalry")
    write_order(session=session, battle_id=battle.id or 0, unit_id=hussars.id or 0,
                # No square for cavalry (BA-F4): refused unless the umpire overrules.
                fields={"rate": "charge", "attack": True, "formation": "square"},
                verbatim="Charge the guns by the church.", override_reason=SECRET,
                seen_version=None)
    bound = session.exec(select(Bound).where(Bound.battle_id == battle.id,
                                             Bound.number == battle.current_bound)).one()
    add_journal(session, battle_id=battle.id or 0, bound_id=bound.id, unit_id=hussars.id,
                kind="note", message="ZEBRA-9: the umpire's own note on the hussars")
    session.commit()
    return hussars


def test_the_plancenoit_french_sheets_fit_four_pages_and_keep_every_units_order(
        demo: Path) -> None:
    with open_campaign(demo, read_only=True) as store, store.session() as session:
        french = {u.id for u in session.exec(select(Unit).join(Side).where(
            Side.name == "French"))}
        fillable = _sheet(session, mode=SheetMode.BLANK, fillable=True)
        paper = _sheet(session, mode=SheetMode.BLANK, fillable=False)
    assert len(french) == 38
    assert pdf_pages(fillable) <= 4 and pdf_pages(paper) <= 4  # 13 pages each before
    fields = pdf_fields(fillable)
    ordered = {int(n.split("-u")[1].split("-")[0]) for n in fields if n.endswith("-verbatim")}
    assert ordered == french


def test_a_filled_players_sheet_imports_back(campaign: Path) -> None:
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        pdf = _sheet(session, mode=SheetMode.BLANK, fillable=True)
        infantry = _french(session, "infantry")
        unit_id, name = infantry.id, infantry.name
    prefix = f"c1-b1-u{unit_id}-"
    writer = PdfWriter(clone_from=BytesIO(pdf))
    for page in writer.pages:
        writer.update_page_form_field_values(page, {
            prefix + "verbatim": "Form line behind the hedge and fire on the Prussians.",
            prefix + "rate": "fast", prefix + "formation": "line",
            prefix + "destination": "the hedge", prefix + "fire": "/Yes"},
            auto_regenerate=False)
    out = BytesIO()
    writer.write(out)
    with open_campaign(campaign) as store, store.session() as session:
        result = import_filled_forms(session=session, sources=[("f.pdf", out.getvalue())])
        session.commit()
    assert [o.unit for o in result.imported] == [name]
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        order = session.exec(select(Order).where(Order.unit_id == unit_id)).one()
        assert order.fields == {"rate": "fast", "formation": "line",
                                "destination": "the hedge", "fire": True}
        assert order.verbatim.startswith("Form line behind the hedge")


@pytest.mark.parametrize(("mode", "fillable"), [
    (SheetMode.BLANK, False), (SheetMode.BLANK, True),
    (SheetMode.FILLED, False), (SheetMode.FILLED, True)],
    ids=["blank", "blank-fillable", "filled", "filled-fillable"])
def test_nothing_of_the_umpires_reaches_a_players_sheet(
        session_of: Session, mode: SheetMode, fillable: bool) -> None:
    _overruled_charge(session_of)
    pdf = _sheet(session_of, mode=mode, fillable=fillable)
    seen = _shown(pdf)
    assert "ZEBRA" not in seen and "ZEBRA" not in _values(pdf)
    for word in ("overruled", "Status", "Error", "Warning", "draft", "accepted"):
        assert word not in seen
    assert not CLAUSE_ID.search(pdf_text(pdf))
    leaked = [value for value in INTERNAL if value in seen]
    assert leaked == []


def test_the_umpires_copy_keeps_the_reason_and_the_clauses(session_of: Session) -> None:
    _overruled_charge(session_of)
    text = pdf_text(_sheet(session_of, mode=SheetMode.UMPIRE, fillable=False))
    assert "ZEBRA-7" in "".join(text.split())  # the search above would see it
    assert "overruled" in text and CLAUSE_ID.search(text)


def test_a_unit_in_its_charge_cooldown_is_not_offered_the_charge_BA_14(
        session_of: Session) -> None:
    hussars = _overruled_charge(session_of)
    battle = current_battle(session_of)[1]
    close_bound(session=session_of, battle_id=battle.id or 0, backup=False)
    session_of.commit()
    pdf = _sheet(session_of, mode=SheetMode.BLANK, fillable=True)
    rates = {name: [str(o[0]) for o in field["/Opt"]] for name, field in pdf_fields(pdf).items()
             if name.endswith("-rate")}
    assert "charge" not in rates[f"c1-b2-u{hussars.id}-rate"]
    other = _french(session_of, "infantry")
    assert "charge" in rates[f"c1-b2-u{other.id}-rate"]
    text = pdf_text(_sheet(session_of, mode=SheetMode.BLANK, fillable=False))
    assert "may charge from bound 6" in text


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_value_a_system_offers_has_the_players_words(system_id: str) -> None:
    system = get_system(system_id, {})
    arms = ("infantry", "cavalry", "artillery", "staff", "leader", "")
    values = {str(c) for spec in system.order_fields() for c in spec.choices if c}
    values |= {str(c) for arm in arms for choices in system.order_choices(arm=arm).values()
               for c in choices if c}
    assert values and sorted(values - set(vocabulary.WORDS)) == []
    for value in values:
        assert "-" not in vocabulary.WORDS[value] and "_" not in vocabulary.WORDS[value]
    names = {spec.name for spec in system.order_fields() if not spec.derived}
    assert sorted(names - set(vocabulary.LABELS)) == []


@pytest.mark.parametrize("system_id", ["battles-of-waterloo", "la-bataille"])
def test_the_other_systems_players_sheets_speak_the_players_words(demo_cache: DemoCache,
        system_id: str, tmp_path: Path) -> None:
    path = tmp_path / "demo.desk"
    demo_cache.copy(system=system_id, dest=path)
    with open_campaign(path, read_only=True) as store, store.session() as session:
        for fillable in (False, True):
            pdf = _sheet(session, mode=SheetMode.BLANK, fillable=fillable)
            text = pdf_text(pdf)
            assert not CLAUSE_ID.search(text)
            shown = _shown(pdf)  # once: reading a sheet back is most of this test's time
            assert [value for value in INTERNAL if value in shown] == []


def test_the_command_prints_the_umpires_copy(campaign: Path, tmp_path: Path) -> None:
    from desk.cli import main

    out = tmp_path / "umpire.pdf"
    assert main(["sheets", str(campaign), "--side", "French", "--umpire", "-o", str(out)]) == 0
    assert "Umpire's copy" in pdf_text(out.read_bytes())
