"""Sheets from a real campaign file: fog of war, fillable round trip, refusals, commands."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from demo_cache import DemoCache
from pypdf import PdfReader
from sheet_samples import fill_fields, pdf_fields, pdf_text
from sqlmodel import select

from desk.cli import main
from desk.services.campaign.scenarios import create_demo_campaign
from desk.services.printing.form_import import FormRefused, import_filled_forms
from desk.services.printing.report_view import bound_report_model
from desk.services.printing.views import order_sheet_model
from desk.sheets import BoundReport, OrderSheet, SheetMode
from desk.store import open_campaign
from desk.store.tables.bounds import Order
from desk.store.tables.oob import Leader, Side, Unit


def _names(path: Path, side: str) -> tuple[set[str], set[str]]:
    with open_campaign(path, read_only=True) as store, store.session() as session:
        side_id = session.exec(select(Side.id).where(Side.name == side)).one()
        units = {u.name for u in session.exec(select(Unit).where(Unit.side_id == side_id))}
        leaders = {x.name for x in session.exec(select(Leader).where(Leader.side_id == side_id))}
    return units, leaders




def test_fog_of_war_french_sheet_shows_nothing_of_the_prussians(demo: Path) -> None:
    with open_campaign(demo, read_only=True) as store, store.session() as session:
        model = order_sheet_model(session=session, side="French", fillable=True)
    text = pdf_text(OrderSheet().render(model))
    french, _ = _names(demo, "French")
    prussian_units, prussian_leaders = _names(demo, "Prussian")
    assert french and all(name in text for name in french)
    assert not [n for n in prussian_units | prussian_leaders if n in text]
    assert "Prussian" not in text


def _sheet_text(path: Path, side: str) -> str:
    with open_campaign(path, read_only=True) as store, store.session() as session:
        return pdf_text(OrderSheet().render(order_sheet_model(session=session, side=side)))


def test_fog_of_war_hides_a_reinforcement_from_both_sides_until_it_arrives(
        campaign: Path) -> None:
    """data: reinforcements: a unit due at bound 3 is on no sheet before, its own side's only
    after; the other side never sees it."""
    from desk.services.bounds.close import close_bound
    from desk.services.condition.reinforcements import schedule_reinforcement

    french, _ = _names(campaign, "French")
    with open_campaign(campaign) as store, store.session() as session:
        side_id = session.exec(select(Side.id).where(Side.name == "French")).one()
        unit = session.exec(select(Unit).where(Unit.side_id == side_id)
                            .order_by(Unit.id.desc())).first()  # type: ignore[union-attr]
        assert unit is not None and unit.id is not None
        name, battle = unit.name, 1
        schedule_reinforcement(session=session, battle_id=battle, unit_id=unit.id, due_bound=3,
                               note="by the Lasne road")
    assert sum(name in n for n in french) == 1  # its name is its own, no other unit's part
    for bound in (1, 2, 3):
        french_text, prussian_text = _sheet_text(campaign, "French"), _sheet_text(campaign,
                                                                                 "Prussian")
        assert (name in french_text) is (bound == 3)
        assert name not in prussian_text
        assert all(n in french_text for n in french - {name})
        if bound < 3:
            with open_campaign(campaign) as store, store.session() as session:
                report = close_bound(session=session, battle_id=battle, backup=False)
            assert report.arrivals == (() if bound == 1 else
                                       (f"{name} arrives in bound 3 (by the Lasne road)",))


def test_fillable_sheet_round_trips_as_draft_orders_BA_1(campaign: Path) -> None:
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                    fillable=True))
    first = sorted(n for n in pdf_fields(pdf) if n.endswith("-rate"))[0]
    prefix = first.removesuffix("rate")
    filled = fill_fields(pdf, {prefix + "destination": "Plancenoit church",
                         prefix + "verbatim": "Take the church."})
    with open_campaign(campaign) as store, store.session() as session:
        result = import_filled_forms(session=session, sources=[("f.pdf", filled)])
    assert len(result.imported) == 1 and result.imported[0].defaulted  # rate: BA-1 default
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        order = session.exec(select(Order)).one()
        assert (order.status, order.source, order.verbatim) == ("draft", "form",
                                                                 "Take the church.")
        assert order.completed["rate"] == "normal" and "rate" in order.defaulted
        report = BoundReport().render(bound_report_model(session=session))
    assert "Take the church." in pdf_text(report)


def _options(field: dict[str, object]) -> list[str]:
    return [str(option[0]) for option in field["/Opt"]][1:]  # type: ignore[attr-defined]


def test_a_fillable_sheet_offers_each_arm_only_what_the_rules_allow_it_BA_1_BA_F4(
        demo: Path) -> None:
    with open_campaign(demo, read_only=True) as store, store.session() as session:
        arms = {u.id: u.arm for u in session.exec(select(Unit))}
        pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                    fillable=True))
    rates = {int(n.split("-u")[1].split("-")[0]): _options(f)
             for n, f in pdf_fields(pdf).items() if n.endswith("-rate")}
    formations = {int(n.split("-u")[1].split("-")[0]): _options(f)
                  for n, f in pdf_fields(pdf).items() if n.endswith("-formation")}
    by_arm = {arms[u]: (rates[u], formations[u]) for u in rates}
    assert set(by_arm) == {"infantry", "cavalry", "artillery", "staff"}
    assert by_arm["cavalry"][0] == ["normal", "fast", "charge", "halt"]
    assert by_arm["artillery"][0] == ["normal", "fast", "halt"]  # guns: data charge.rate_cm
    assert by_arm["staff"][0] == ["normal", "fast", "halt"]
    assert "square" in by_arm["infantry"][1] and "square" not in by_arm["cavalry"][1]
    assert by_arm["artillery"][1] == ["column-of-march", "limbered", "unlimbered"]
    shown = {str(option[1]) for n, f in pdf_fields(pdf).items() if n.endswith("-formation")
             for option in f["/Opt"]}
    assert "column of march" in shown and "column-of-march" not in shown  # players' words


def test_a_battalion_is_not_offered_limbering_on_a_la_bataille_sheet_LB_14(demo_cache: DemoCache,
        tmp_path: Path) -> None:
    path = tmp_path / "mockern.desk"
    demo_cache.copy(system="la-bataille", dest=path)
    with open_campaign(path, read_only=True) as store, store.session() as session:
        arms = {u.id: u.arm for u in session.exec(select(Unit))}
        pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                    fillable=True))
    fields = pdf_fields(pdf)
    limbering = {int(n.split("-u")[1].split("-")[0]) for n in fields if n.endswith("-limber")}
    french = {int(n.split("-u")[1].split("-")[0]) for n in fields if n.endswith("-verbatim")}
    assert limbering and limbering == {u for u in french if arms[u] == "artillery"}
    for name, field in fields.items():
        if name.endswith("-formation"):
            assert not {"routed", "road-march"} & set(_options(field))


def test_an_imported_order_is_checked_with_the_terrain_like_a_typed_one_BA_20(
        campaign: Path) -> None:
    # The players' sheet asks for the crossing in the order's words; the umpire's
    # fillable copy has every field.
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                    mode=SheetMode.UMPIRE, fillable=True))
    first = sorted(n for n in pdf_fields(pdf) if n.endswith("-rate"))[0]
    prefix = first.removesuffix("rate")
    # The Lasne is 8 cm wide in the demo: crossing it away from a bridge or ford is refused.
    filled = fill_fields(pdf, {prefix + "crossing": "Lasne", prefix + "destination": "far bank"})
    with open_campaign(campaign) as store, store.session() as session:
        result = import_filled_forms(session=session, sources=[("f.pdf", filled)])
    codes = {f.code for f in result.imported[0].findings}
    assert "BA_WATERWAY_WIDE" in codes  # not "the desk does not know 'Lasne'"


def test_a_form_of_another_campaign_or_bound_is_refused_and_nothing_written(
        campaign: Path) -> None:
    from dataclasses import replace

    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        model = order_sheet_model(session=session, side="French", fillable=True)
    for odd, message in ((replace(model, campaign_id=99), "another campaign"),
                         (replace(model, bound=4), "open bound is 1")):
        pdf = OrderSheet().render(odd)
        with open_campaign(campaign) as store, store.session() as session, \
                pytest.raises(FormRefused, match=message):
            import_filled_forms(session=session, sources=[("odd.pdf", pdf)])
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        assert session.exec(select(Order)).all() == []


def test_commands_write_pdfs_and_refuse_in_one_line(campaign: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "f.pdf"
    assert main(["sheets", str(campaign), "--side", "French", "--fillable", "-o", str(out)]) == 0
    assert PdfReader(out).get_fields()
    assert main(["sheets", str(campaign), "--side", "French", "--filled", "--paper", "letter",
                 "-o", str(out)]) == 0
    assert main(["chart", "battles-of-waterloo", "-o", str(tmp_path / "c.pdf")]) == 0
    assert main(["report", str(campaign), "-o", str(tmp_path / "r.pdf")]) == 0
    capsys.readouterr()
    assert main(["sheets", str(campaign), "--side", "Austrian", "-o", str(out)]) == 1
    assert main(["import-forms", str(campaign), str(tmp_path / "c.pdf")]) == 1
    errors = capsys.readouterr().err.strip().splitlines()
    assert errors == [
        "desk: this campaign has no side named 'Austrian' (it has: French, Prussian)",
        "desk: c.pdf is not a fillable order sheet from the desk (it has none of the desk's "
        "form fields)",
    ]


def test_filled_mode_needs_no_orders(demo: Path) -> None:
    with open_campaign(demo, read_only=True) as store, store.session() as session:
        model = order_sheet_model(session=session, side="Prussian", mode=SheetMode.FILLED)
        umpire = order_sheet_model(session=session, side="Prussian", mode=SheetMode.UMPIRE)
    assert "(no order written)" in pdf_text(OrderSheet().render(model))
    assert "no order: the rules' defaults apply" in pdf_text(OrderSheet().render(umpire))


def test_a_sheet_of_another_campaign_file_with_the_same_ids_is_refused(
        campaign: Path, tmp_path: Path) -> None:
    # Every campaign file numbers its campaign 1 and its units from 1: a sheet made
    # from another file, even of the same rules system, must not land on these units.
    other = tmp_path / "other.desk"
    create_demo_campaign(target=other, rules_system="belle-alliance")
    with open_campaign(other, read_only=True) as store, store.session() as session:
        pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                    fillable=True))
    prefix = sorted(n for n in pdf_fields(pdf) if n.endswith("-rate"))[0].removesuffix("rate")
    filled = fill_fields(pdf, {prefix + "verbatim": "Storm the village."})
    with open_campaign(campaign) as store, store.session() as session, \
            pytest.raises(FormRefused, match="another campaign"):
        import_filled_forms(session=session, sources=[("other.pdf", filled)])
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        assert session.exec(select(Order)).all() == []


def test_a_sheet_of_another_rules_system_is_refused_LB_9(campaign: Path, tmp_path: Path) -> None:
    other = tmp_path / "leipzig.desk"
    create_demo_campaign(target=other, rules_system="la-bataille")
    with open_campaign(other, read_only=True) as store, store.session() as session:
        model = order_sheet_model(session=session, side="Prussian", fillable=True)
    pdf = OrderSheet().render(replace(model, campaign_key=""))  # as an older sheet: no key
    prefix = sorted(n for n in pdf_fields(pdf) if n.endswith("-verbatim"))[0].removesuffix(
        "verbatim")
    filled = fill_fields(pdf, {prefix + "verbatim": "March down the road."})
    with open_campaign(campaign) as store, store.session() as session, \
            pytest.raises(FormRefused, match="another rules system"):
        import_filled_forms(session=session, sources=[("leipzig.pdf", filled)])
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        assert session.exec(select(Order)).all() == []



def test_the_report_names_defaulted_fields_by_their_labels_BA_1_BA_2(campaign: Path) -> None:
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                    fillable=True))
    prefix = sorted(n for n in pdf_fields(pdf) if n.endswith("-rate"))[0].removesuffix("rate")
    # words that set no field (a written hold is a halt since issue 30)
    filled = fill_fields(pdf, {prefix + "verbatim": "March on the churchyard."})
    with open_campaign(campaign) as store, store.session() as session:
        import_filled_forms(session=session, sources=[("f.pdf", filled)])
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        model = bound_report_model(session=session)
    defaulted = model.orders[0].defaulted
    assert "rate of march" in defaulted  # not the key "rate"
    assert not [name for name in defaulted if "_" in name]


def test_report_lists_units_without_orders_side_by_side(demo: Path) -> None:
    with open_campaign(demo, read_only=True) as store, store.session() as session:
        model = bound_report_model(session=session)
    sides = [side for side, _ in model.without_order_sides]
    assert sides == sorted(sides) and set(sides) == {"French", "Prussian"}
    assert len(model.without_order_sides) == len(model.without_order)
    # What each does, grouped a side at a time, in the close's words (issue 27 #18).
    assert len(model.without_order_steps) == len(model.without_order)
    assert {says for _side, says, _unit in model.without_order_steps} == {"holds (no order yet)"}
    text = pdf_text(BoundReport().render(model))
    french = text.index("French — holds (no order yet):")
    prussian = text.index("Prussian — holds (no order yet):")
    assert french < prussian
    prussian_units, _ = _names(demo, "Prussian")
    first_prussian = next(n for n in model.without_order_sides if n[0] == "Prussian")[1]
    assert first_prussian in prussian_units and text.index(first_prussian) > prussian


def test_fog_of_war_covers_dispatches(campaign: Path) -> None:
    """Delivered: on the recipient's sheet; captured: only on the captor's intelligence
    page; lost: on no player's page (issue 21)."""
    from desk.services.bounds.close import close_bound
    from desk.services.common import current_battle
    from desk.services.couriers import override_dispatch, set_courier_rules, write_dispatch
    from desk.store.tables.oob import Command

    texts = {"delivered": "Advance on Plancenoit by the wood",
             "captured": "Attack the church at five", "lost": "Form square by the brook"}
    with open_campaign(campaign) as store, store.session() as session:
        camp, battle = current_battle(session)
        set_courier_rules(session=session, campaign_id=camp.id or 0,
                          overrides={"loss_chance": 0, "capture_chance": 0})
        lobau = session.exec(select(Leader).where(Leader.name == "Lobau")).one()
        commands = {c.name: c.id for c in session.exec(select(Command))}
        for fate, to in (("delivered", "19e Division"), ("captured", "20e Division"),
                         ("lost", "Division Barrois")):
            writer = lobau if to != "Division Barrois" else session.exec(
                select(Leader).where(Leader.name == "Duhesme")).one()
            view = write_dispatch(session=session, battle_id=battle.id or 0,
                                  writer_id=writer.id or 0, to_command_id=commands[to],
                                  text=texts[fate], delay=1, seen_bound=1)
            if fate != "delivered":
                override_dispatch(session=session, dispatch_id=view.id, fate=fate,
                                  captor="Prussian" if fate == "captured" else None,
                                  reason="umpire", seen_version=view.version)
        close_bound(session=session, battle_id=battle.id or 0, backup=False)
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        sheets = {side: pdf_text(OrderSheet().render(order_sheet_model(
            session=session, side=side, mode=SheetMode.FILLED))) for side in
            ("French", "Prussian")}
        corps = pdf_text(OrderSheet().render(order_sheet_model(
            session=session, side="French", command="VI Corps")))
    french, prussian = sheets["French"], sheets["Prussian"]
    assert "Dispatches received" in french
    assert f"From Lobau, 16:30, to 19e Division: {texts['delivered']}" in french
    assert texts["captured"] not in french and "Intelligence" not in french
    assert "Intelligence — Prussian" in prussian
    assert f"From Lobau (French), 16:30, to 20e Division: {texts['captured']}" in prussian
    assert texts["delivered"] not in prussian
    assert not [t for t in (french, prussian, corps) if texts["lost"] in t]
    # A commander's sheet has room for his dispatches to each subordinate command.
    assert "Dispatches to your subordinates" in corps
    assert "To 19e Division:" in corps and "To 20e Division:" in corps


def test_a_commanders_filled_sheet_sends_dispatches_to_subordinate_units(campaign: Path) -> None:
    """On Lobau's VI Corps sheet, his staff's order is an order; the 1/5e Ligne's (Brigade
    Bellair) is a dispatch from Lobau, due when the ride from his staff takes it (issue 21)."""
    from desk.services.couriers import ledger

    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                    command="VI Corps", fillable=True))
        ids = {u.name: u.id for u in session.exec(select(Unit))}
    fields = pdf_fields(pdf)
    staff = next(n for n in fields if f"-u{ids['Lobau and staff']}-" in n and
                 n.endswith("verbatim"))
    line = next(n for n in fields if f"-u{ids['1/5e Ligne']}-" in n and n.endswith("verbatim"))
    filled = fill_fields(pdf, {staff: "Ride to the church.", line: "Take the church."})
    with open_campaign(campaign) as store, store.session() as session:
        result = import_filled_forms(session=session, sources=[("lobau.pdf", filled)])
        sent = ledger(session=session, battle_id=1)
        orders = {o.unit_id: o.source for o in session.exec(select(Order))}
    assert [o.unit for o in result.imported] == ["Lobau and staff"]
    assert result.dispatched == ("1/5e Ligne",)
    assert orders == {ids["Lobau and staff"]: "form"}  # no order for 1/5e Ligne yet
    assert [(v.writer, v.recipient, v.text, v.fate) for v in sent] == \
        [("Lobau", "1/5e Ligne", "Take the church.", "in-transit")]
    assert sent[0].due_bound == 1 + sent[0].delay_bounds >= 2  # the demo's units are placed
