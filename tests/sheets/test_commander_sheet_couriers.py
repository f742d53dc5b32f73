"""A commander's filled sheet: his units' orders are orders, his subordinates' go by courier.

Issue 27, defect 2: printed with the defaults (one PDF per command under the side),
five battalions filled on Lobau's VI Corps sheet were refused whole ("Lobau has
written 3 dispatches … nothing was imported"). Now: where the campaign uses
couriers (the setting ``use``: auto, with a calibrated map as the demo's), the
sheet says in one line beside each subordinate's unit that its order goes as
Lobau's dispatch; the import sends three and keeps the others as drafts carrying
the limit's finding (data: couriers.limit_per_leader), which the umpire overrules
with ``desk dispatch --reason``. Where the campaign has no couriers (a table game
without a map), every order on the sheet is an order.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from demo_cache import DemoCache
from sheet_samples import fill_fields, pdf_fields, pdf_text
from sqlmodel import col, select

from desk.cli import main
from desk.rules.couriers import DISPATCH_OVER_LIMIT, LIMIT_CLAUSE
from desk.services.couriers import ledger, set_courier_rules
from desk.services.oob.importer import create_campaign_file
from desk.services.printing.form_import import import_filled_forms
from desk.services.printing.views import order_sheet_model
from desk.sheets import OrderSheet, SheetMode
from desk.store import open_campaign
from desk.store.tables.bounds import Journal, Order
from desk.store.tables.oob import Unit

BATTALIONS = ("1/5e Ligne", "2/5e Ligne", "1/11e Ligne", "2/11e Ligne", "1/27e Ligne")
NOTE = ("By courier: an order here is Lobau's dispatch (at most 3 a bound), in force when it "
        "arrives.")


@pytest.fixture(scope="module")
def plancenoit(tmp_path_factory: pytest.TempPathFactory, demo_cache: DemoCache) -> Path:
    """The Belle Alliance demo (a calibrated map: couriers in use), couriers that never
    lose a dispatch (the fates are not what these tests are about)."""
    path = demo_cache.copy(system="belle-alliance",
                           dest=tmp_path_factory.mktemp("ba") / "plancenoit.desk")
    with open_campaign(path) as store, store.session() as session:
        set_courier_rules(session=session, campaign_id=1,
                          overrides={"loss_chance": 0, "capture_chance": 0})
    return path


@pytest.fixture
def campaign(plancenoit: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "copy.desk"
    copy.write_bytes(plancenoit.read_bytes())
    return copy




def _corps_sheet(campaign: Path, mode: SheetMode = SheetMode.BLANK,
                 fillable: bool = True) -> tuple[bytes, dict[str, int]]:
    """Lobau's sheet as the Print dialog's default makes it: one PDF for VI Corps."""
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                    command="VI Corps", mode=mode,
                                                    fillable=fillable))
        ids = {u.name: u.id or 0 for u in session.exec(select(Unit))}
    return pdf, ids


def _filled_corps_sheet(campaign: Path,
                        units: tuple[str, ...] = BATTALIONS) -> tuple[Path, dict[str, int]]:
    pdf, ids = _corps_sheet(campaign)
    fields = pdf_fields(pdf)

    def verbatim(name: str) -> str:
        return next(n for n in fields if n.endswith(f"-u{ids[name]}-verbatim"))

    values = {verbatim(name): f"{name}: advance on Plancenoit by the wood." for name in units}
    if "Lobau and staff" in ids:
        values[verbatim("Lobau and staff")] = "Ride to the church."
    sheet = campaign.parent / "lobau.pdf"
    sheet.write_bytes(fill_fields(pdf, values))
    return sheet, ids


def _orders(campaign: Path) -> dict[int, dict[str, Any]]:
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        return {o.unit_id: o.model_dump() for o in session.exec(select(Order))}


def test_five_battalions_on_lobaus_sheet_send_three_dispatches_and_keep_two_drafts(
        campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet, ids = _filled_corps_sheet(campaign)
    assert main(["import-forms", str(campaign), str(sheet)]) == 0
    out = capsys.readouterr().out
    assert "Imported 3 draft orders into bound 1" in out  # his staff's, and the two held
    assert "Sent 3 dispatches by courier: 1/5e Ligne, 2/5e Ligne, 1/11e Ligne." in out
    held = ("Lobau has written 3 dispatches in bound 1, the limit per leader (data: "
            "couriers.limit_per_leader): this order to 2/11e Ligne waits as a draft; the umpire "
            "may send it with a reason")
    assert "  2/11e Ligne: " in out and held in out
    orders = _orders(campaign)
    assert set(orders) == {ids["Lobau and staff"], ids["2/11e Ligne"], ids["1/27e Ligne"]}
    for name in ("2/11e Ligne", "1/27e Ligne"):
        order = orders[ids[name]]
        assert (order["status"], order["source"]) == ("draft", "form")
        assert order["verbatim"] == f"{name}: advance on Plancenoit by the wood."
        first = order["findings"][0]
        assert (first["code"], first["severity"], first["clause"]) == (
            DISPATCH_OVER_LIMIT, "error", LIMIT_CLAUSE)
    staff = orders[ids["Lobau and staff"]]
    assert DISPATCH_OVER_LIMIT not in {f["code"] for f in staff["findings"]}
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        sent = ledger(session=session, battle_id=1)
    assert [(v.writer, v.recipient) for v in sent] == [
        ("Lobau", "1/5e Ligne"), ("Lobau", "2/5e Ligne"), ("Lobau", "1/11e Ligne")]


def test_the_umpire_sends_a_held_dispatch_with_a_reason_and_its_draft_goes_with_it(
        campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``desk dispatch --reason`` overrules the limit (journalled as an override); without
    a reason the limit refuses in one sentence and nothing is written."""
    sheet, ids = _filled_corps_sheet(campaign)
    assert main(["import-forms", str(campaign), str(sheet)]) == 0
    capsys.readouterr()
    assert main(["dispatch", str(campaign), "--from", "Lobau", "--to", "1/27e Ligne",
                 "--text", "Advance on Plancenoit by the wood."]) == 1
    assert capsys.readouterr().err.strip() == (
        "desk: Lobau has written 3 dispatches in bound 1, the limit per leader: nothing "
        "written (give a reason to overrule it).")
    reason = "Lobau's orders to his corps went in one packet"
    assert main(["dispatch", str(campaign), "--from", "Lobau", "--to", "2/11e Ligne",
                 "--text", "Advance on Plancenoit by the wood.", "--reason", reason]) == 0
    assert "Lobau → 2/11e Ligne" in capsys.readouterr().out
    orders = _orders(campaign)
    assert orders[ids["2/11e Ligne"]]["status"] == "cancelled"  # it goes once, by courier
    assert orders[ids["1/27e Ligne"]]["status"] == "draft"  # still waiting for the umpire
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        sent = ledger(session=session, battle_id=1)
        overrides = session.exec(select(Journal).where(Journal.kind == "override")).all()
        lines = [(j.reason, j.clause, j.message) for j in overrides]
    assert [v.recipient for v in sent][-1] == "2/11e Ligne" and len(sent) == 4
    assert lines == [(reason, LIMIT_CLAUSE, "Umpire overruled the limit per leader for "
                      "dispatch 1.4: Lobau had written 3 in bound 1, the limit is 3.")]


def test_the_sheet_says_in_one_line_which_units_orders_go_by_courier(campaign: Path) -> None:
    pdf, _ids = _corps_sheet(campaign, fillable=False)
    text = " ".join(pdf_text(pdf).split())
    # VI Corps has 20 units; only Lobau's staff is of VI Corps itself.
    assert text.count(NOTE) == 19
    assert "Lobau and staff" in text
    umpire = " ".join(pdf_text(_corps_sheet(campaign, SheetMode.UMPIRE)[0]).split())
    assert umpire.count(NOTE) == 19


def test_with_couriers_off_every_order_on_the_sheet_is_an_order(
        campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settings", str(campaign), "--couriers", "off"]) == 0
    assert capsys.readouterr().out.strip() == (
        "Couriers: off: no couriers: every order on a sheet is an order (a table game "
        "without a map); was auto.")
    assert main(["settings", str(campaign)]) == 0
    assert "Couriers: off: no couriers" in capsys.readouterr().out
    pdf, _ids = _corps_sheet(campaign, fillable=False)
    text = " ".join(pdf_text(pdf).split())
    assert "By courier" not in text and "Dispatches to your subordinates" not in text
    sheet, ids = _filled_corps_sheet(campaign)
    assert main(["import-forms", str(campaign), str(sheet)]) == 0
    out = capsys.readouterr().out
    assert "Imported 6 draft orders into bound 1" in out and "by courier" not in out
    orders = _orders(campaign)
    assert {ids[n] for n in BATTALIONS} <= set(orders)
    assert not [o for o in orders.values()
                if DISPATCH_OVER_LIMIT in {f["code"] for f in o["findings"]}]


def _table_game() -> dict[str, Any]:
    """A corps with a division under it, and no map: a table game."""
    def battalion(name: str) -> dict[str, Any]:
        return {"name": name, "arm": "infantry", "type": "line-infantry", "strength": 24,
                "formation": "line"}

    return {
        "format": "umpires-desk-oob", "version": 1,
        "campaign": {"name": "Table game", "rules_system": "belle-alliance"},
        "battle": {"name": "Plancenoit", "start_time": "16:00"},
        "sides": [{"name": "French", "leaders": [{"name": "Lobau"}, {"name": "Simmer"}],
                   "commands": [{"name": "VI Corps", "level": "corps", "leader": "Lobau",
                                 "units": [battalion("1/1er Ligne")],
                                 "commands": [{"name": "19e Division", "level": "division",
                                               "leader": "Simmer",
                                               "units": [battalion(n) for n in BATTALIONS]}]}]},
                  {"name": "Prussian", "leaders": [], "commands": [
                      {"name": "IV Corps", "level": "corps", "units": [battalion("I/18th")]}]}],
    }


def test_a_table_game_without_a_map_has_no_couriers_by_default(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.desk"
    create_campaign_file(path=path, data=_table_game())
    assert main(["settings", str(path)]) == 0
    assert ("Couriers: auto: by courier where the battle has a calibrated map or a hex grid, "
            "else none (this battle: none)") in capsys.readouterr().out
    sheet, _ids = _filled_corps_sheet(path)
    assert "By courier" not in pdf_text(_corps_sheet(path, fillable=False)[0])
    with open_campaign(path) as store, store.session() as session:
        result = import_filled_forms(session=session, sources=[("lobau.pdf", sheet.read_bytes())])
    assert result.dispatched == () and len(result.imported) == 5
    with open_campaign(path, read_only=True) as store, store.session() as session:
        units = session.exec(select(Unit.id).where(col(Unit.name).in_(BATTALIONS))).all()
        drafts = session.exec(select(Order.unit_id).where(Order.status == "draft")).all()
    assert set(units) <= set(drafts)


def test_a_held_draft_saved_as_an_order_still_needs_the_umpires_reason(campaign: Path) -> None:
    """A held draft saved through the order form (amend_order, as the window's Save does)
    keeps the limit's finding: a plain save would skip the courier and its limit. With a
    reason it is overruled and journalled, like any other rule (issue 27 #2)."""
    from desk.services.errors import OrderRefused
    from desk.services.orders.write import amend_order

    sheet, ids = _filled_corps_sheet(campaign)
    with open_campaign(campaign) as store, store.session() as session:
        import_filled_forms(session=session, sources=[("lobau.pdf", sheet)])
    held = _orders(campaign)[ids["2/11e Ligne"]]
    with open_campaign(campaign) as store, store.session() as session, \
            pytest.raises(OrderRefused) as refused:
        amend_order(session=session, order_id=held["id"], seen_version=held["version_id"])
    assert DISPATCH_OVER_LIMIT in {f.code for f in refused.value.findings}
    assert _orders(campaign)[ids["2/11e Ligne"]]["status"] == "draft"  # nothing changed
    with open_campaign(campaign) as store, store.session() as session:
        amend_order(session=session, order_id=held["id"], seen_version=held["version_id"],
                    override_reason="the ADC rode himself")
        lines = [(line.clause or "", line.reason) for line in session.exec(
            select(Journal).where(Journal.kind == "override"))]
    saved = _orders(campaign)[ids["2/11e Ligne"]]
    assert (saved["status"], saved["override_reason"]) == ("overruled", "the ADC rode himself")
    assert any(LIMIT_CLAUSE in clause and reason == "the ADC rode himself"
               for clause, reason in lines)
