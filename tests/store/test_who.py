"""Who is at this desk (issue 33, desk.store.who): the umpire a campaign opens as, and
the name each order, event and journal line carries.

The umpire is the name asked for at the open (refused, naming the campaign's umpires, when
it is not one of them), else on PostgreSQL the umpire whose database role is connecting,
else on a file the chief; a campaign naming no one writes as a nameless chief, rows "".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from sqlmodel import col, select

from desk.services import versions
from desk.services.bounds.events import record_event
from desk.services.common import current_battle
from desk.services.orders.write import amend_order, write_order
from desk.services.umpires.roster import UmpireRefused, add_umpire
from desk.store import CampaignStore, StoreError, open_campaign
from desk.store.tables.bounds import BoundEvent, Journal, Order
from desk.store.tables.oob import Unit
from desk.store.who import NOBODY, Identity

UNIT = "1/5e Ligne"


def _roster(path: Path | str, *umpires: tuple[str, str, str]) -> None:
    """Name the umpires (name, role, database role) from a desk that names no one."""
    with open_campaign(path, umpire="") as store, store.session() as session:
        for name, role, db_role in umpires:
            add_umpire(session=session, name=name, role=role, db_role=db_role)


def _order(store: CampaignStore, words: str) -> Order:
    """Write (or rewrite) the unit's order; the row as stored."""
    with store.session() as session:
        battle = current_battle(session)[1].id or 0
        unit = session.exec(select(Unit).where(Unit.name == UNIT)).one().id or 0
        seen = versions.order_version(session=session, battle_id=battle, unit_id=unit)
        if seen is None:
            view = write_order(session=session, battle_id=battle, unit_id=unit, verbatim=words,
                               fields={"destination": words}, override_reason="tested",
                               seen_version=None)
        else:
            order_id = session.exec(select(Order).where(Order.unit_id == unit)).one().id or 0
            view = amend_order(session=session, order_id=order_id, verbatim=words,
                               fields={"destination": words}, override_reason="tested",
                               seen_version=seen)
        row = session.get(Order, view.id)
        assert row is not None
        session.expunge(row)
        return row


def test_a_name_asked_for_is_the_umpire_and_an_unknown_one_is_refused_naming_them(
        campaign: Path) -> None:
    _roster(campaign, ("Anne", "chief", ""), ("Bob", "sector", ""))
    with open_campaign(campaign, umpire="Bob") as store:
        assert store.identity == Identity(name="Bob", role="sector")
    with pytest.raises(StoreError, match=r"no umpire named 'Zed' \(its umpires: Anne, Bob\)"):
        open_campaign(campaign, umpire="Zed")
    with open_campaign(campaign, umpire="Anne") as store:  # the refused open held nothing
        assert store.identity.chief


def test_desk_umpire_in_the_environment_is_asked_for_when_no_name_is_passed(
        campaign: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _roster(campaign, ("Anne", "chief", ""), ("Bob", "sector", ""))
    monkeypatch.setenv("DESK_UMPIRE", "Bob")
    with open_campaign(campaign) as store:
        assert store.identity.name == "Bob"


def test_a_file_opens_as_its_chief_or_else_its_first_umpire(campaign: Path,
                                                             tmp_path: Path) -> None:
    other = tmp_path / "other.desk"
    other.write_bytes(campaign.read_bytes())
    _roster(campaign, ("Bob", "sector", ""), ("Anne", "chief", ""))
    with open_campaign(campaign, umpire="") as store:
        assert store.identity == Identity(name="Anne", role="chief")
    _roster(other, ("Bob", "sector", ""), ("Cleo", "sector", ""))
    with open_campaign(other, umpire="") as store:
        assert store.identity == Identity(name="Bob", role="sector")


def test_a_campaign_naming_no_umpire_writes_as_a_nameless_chief(campaign: Path) -> None:
    with open_campaign(campaign, umpire="") as store:
        assert store.identity == NOBODY and store.identity.chief
        assert _order(store, "the farm").umpire == ""


def test_each_order_event_and_journal_line_carries_who_wrote_it(campaign: Path) -> None:
    _roster(campaign, ("Anne", "chief", ""), ("Bob", "sector", ""))
    with open_campaign(campaign, umpire="Anne") as store:
        assert _order(store, "the farm").umpire == "Anne"
        with store.session() as session:
            battle = current_battle(session)[1].id or 0
            unit = session.exec(select(Unit).where(Unit.name == UNIT)).one().id or 0
            record_event(session=session, battle_id=battle, unit_id=unit, kind="casualties",
                         data={"losses": 1}, seen_version=versions.state_version(
                             session=session, battle_id=battle, unit_id=unit))
    with open_campaign(campaign, umpire="Bob") as store:
        assert _order(store, "the mill").umpire == "Bob"  # rewritten: his now
        with store.session() as session:
            events = [e.umpire for e in session.exec(select(BoundEvent))]
            lines = [(j.kind, j.umpire) for j in session.exec(
                select(Journal).where(col(Journal.kind).in_(["order", "event"]))
                .order_by(col(Journal.id)))]
    assert events == ["Anne"]
    assert lines[-3:] == [("order", "Anne"), ("event", "Anne"), ("order", "Bob")]


@pytest.mark.postgres
def test_on_postgresql_the_database_role_finds_its_umpire(pg_campaign: str) -> None:
    from desk.services.campaign.scenarios import load_scenario
    from desk.services.oob.importer import create_campaign_from_scenario

    with open_campaign(pg_campaign, umpire="") as store:
        with store.engine.connect() as conn:
            role = str(conn.execute(text("SELECT current_user")).scalar_one())
        assert store.identity == Identity(name=role, role="chief")  # no umpires yet
        with store.session() as session:
            create_campaign_from_scenario(session=session,
                                          data=load_scenario(rules_system="belle-alliance"))
    _roster(pg_campaign, ("Anne", "chief", ""), ("Bob", "sector", role))
    with open_campaign(pg_campaign, umpire="") as store:
        assert store.identity == Identity(name="Bob", role="sector")
    with pytest.raises(UmpireRefused, match="Bob is not the chief"):  # his role: Bob's
        _roster(pg_campaign, ("Cleo", "sector", "cleo"))
