"""Who did what (issue 33): the unit's history, the bound report (its model and its PDF)
and the closed bound's record name the umpire who entered each order and event; a
campaign that names no umpire shows them as before, with no name."""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from note_helpers import name_umpires
from pypdf import PdfReader

from desk.services.bounds.close import close_bound
from desk.services.bounds.events import record_event
from desk.services.bounds.record import bound_record
from desk.services.common import current_battle
from desk.services.condition.script import find_unit
from desk.services.history import unit_history
from desk.services.orders.write import write_order
from desk.services.printing.report_view import bound_report_model
from desk.services.printing.viewmodels import ReportModel
from desk.services.queries import unit_state
from desk.sheets.bound_report import BoundReport
from desk.store import open_campaign

HOLD = {"rate": "halt"}


@dataclass(frozen=True)
class Played:
    """The battle and unit played, the open bound's report and its PDF's text."""

    battle: int
    unit: int
    report: ReportModel
    text: str


def _play(path: Path, umpire: str | None) -> Played:
    """As ``umpire``: a halt ordered for the demo's first unit and an event on it, the
    bound's report printed, then the bound closed."""
    with open_campaign(path, umpire=umpire) as store:
        with store.session() as session:
            campaign, battle_row = current_battle(session)
            battle = battle_row.id or 0
            unit = find_unit(session=session, campaign_id=campaign.id or 0,
                             name="1/5e Ligne").id or 0
            seen = unit_state(session=session, battle_id=battle, unit_id=unit).version
            write_order(session=session, battle_id=battle, unit_id=unit, fields=HOLD,
                        verbatim="Hold the church", seen_version=None)
            record_event(session=session, battle_id=battle, unit_id=unit, kind="became-LD",
                         seen_version=seen)
        with store.session() as session:
            open_report = bound_report_model(session=session, bound=1)
            pdf = PdfReader(BytesIO(BoundReport().render(open_report)))
            close_bound(session=session, battle_id=battle, backup=False)
    return Played(battle, unit, open_report, "\n".join(p.extract_text() for p in pdf.pages))


def test_the_history_the_report_and_the_record_name_who_entered_each_order(
        campaign: Path) -> None:
    name_umpires(campaign, {"Marie": "chief", "Anne": "sector"})
    played = _play(campaign, "Anne")
    battle, unit, report, text = played.battle, played.unit, played.report, played.text
    with open_campaign(campaign, read_only=True, umpire="Marie") as store, \
            store.session() as session:
        first = unit_history(session=session, battle_id=battle, unit_id=unit)[0]
        record = bound_record(session=session, battle_id=battle, bound=1)
    assert first.order_umpire == "Anne"
    assert {line.kind: line.umpire for line in first.journal}["event"] == "Anne"
    ordered = next(o for o in report.orders if o.unit_id == unit)
    assert ordered.umpire == "Anne" and [e.umpire for e in report.events] == ["Anne"]
    assert "entered by Anne" in text and "recorded by Anne" in text
    did = next(u for u in record.units if u.unit_id == unit)
    assert did.did.endswith("(entered by Anne)")
    assert did.events and did.events[0].endswith("(recorded by Anne)")


def test_a_campaign_without_umpires_names_no_one(campaign: Path) -> None:
    played = _play(campaign, None)
    battle, unit, report, text = played.battle, played.unit, played.report, played.text
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        first = unit_history(session=session, battle_id=battle, unit_id=unit)[0]
        record = bound_record(session=session, battle_id=battle, bound=1)
    assert first.order  # the order is there, its umpire is not
    assert first.order_umpire == "" and all(line.umpire == "" for line in first.journal)
    assert all(o.umpire == "" for o in report.orders)
    assert "entered by" not in text and "recorded by" not in text
    did = next(u for u in record.units if u.unit_id == unit)
    assert "entered by" not in did.did and "recorded by" not in " ".join(did.events)
