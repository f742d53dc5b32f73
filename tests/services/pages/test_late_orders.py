"""Orders sent from a player's page after the bound's deadline (issue 32): refused by
default; with the campaign's late-orders setting ``flag``, taken as drafts that each carry
a warning saying they came late (shown in the umpire's review with the drafts' other
findings), the journal saying so and the page telling the player the umpire decides."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlmodel import col, select

from desk.services.campaign.info import campaign_overview
from desk.services.campaign.settings import SettingError, set_late_orders
from desk.services.common import findings_of
from desk.services.history import journal
from desk.services.packets.deadlines import set_deadline
from desk.services.packets.players import add_player
from desk.services.pages.page import player_page
from desk.services.pages.submit import SENT_LATE, SubmissionRefused, submit_orders
from desk.services.printing.formfields import VERBATIM
from desk.store import open_campaign
from desk.store.tables.bounds import Order

DUE = datetime(2030, 6, 18, 18, 0, tzinfo=UTC)
AFTER = DUE + timedelta(minutes=7)


def _late_campaign(campaign: Path, *, policy: str | None) -> tuple[int, list[int]]:
    """Anne plays the French; the bound is due at DUE; the setting as given."""
    with open_campaign(campaign) as store, store.session() as session:
        anne = add_player(session=session, name="Anne", address="anne@example.org",
                          side="French")
        set_deadline(session=session, bound=None, when=DUE, now=DUE - timedelta(days=1))
        if policy is not None:
            set_late_orders(session=session, policy=policy)
        page = player_page(session=session, player_id=anne.player_id, now=DUE)
        free = [u.block.unit_id for u in page.units if not u.entered]
    return anne.player_id, free


def _drafts(campaign: Path) -> dict[int, tuple[str, list[dict[str, object]]]]:
    """Each draft a page or a sheet made: its status and findings, by unit."""
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        return {o.unit_id: (o.status, list(o.findings)) for o in session.exec(
            select(Order).where(Order.source == "form").order_by(col(Order.unit_id)))}


def test_by_default_orders_after_the_deadline_are_refused(campaign: Path) -> None:
    anne, free = _late_campaign(campaign, policy=None)
    with open_campaign(campaign) as store:
        with store.session() as session:
            assert campaign_overview(session=session).late_orders == "refuse"
            page = player_page(session=session, player_id=anne, now=AFTER)
            assert not page.taking_orders and not page.late
        with pytest.raises(SubmissionRefused, match="were due by"), store.session() as session:
            submit_orders(session=session, player_id=anne, bound=1,
                          values={free[0]: {VERBATIM: "Too late"}}, now=AFTER)
    assert _drafts(campaign) == {}


def test_flagged_late_orders_arrive_as_drafts_that_say_so(campaign: Path) -> None:
    anne, free = _late_campaign(campaign, policy="flag")
    with open_campaign(campaign) as store, store.session() as session:
        before = player_page(session=session, player_id=anne, now=DUE)
        assert before.taking_orders and not before.late  # on time: nothing said
        page = player_page(session=session, player_id=anne, now=AFTER)
        assert page.taking_orders and page.late and not page.received_late
        done = submit_orders(session=session, player_id=anne, bound=1, values={
            free[0]: {VERBATIM: "Advance on Plancenoit"}, free[1]: {VERBATIM: ""}},
            now=AFTER)
        assert done.late and len(done.drafted) == 1 and len(done.blank) == 1
        after = player_page(session=session, player_id=anne, now=AFTER)
        assert after.received_late and after.received_at is not None
        lines = [j.message for j in journal(session=session, battle_id=1)
                 if j.kind == "player-orders"]
    drafts = _drafts(campaign)
    assert list(drafts) == [free[0]]  # the unit left blank stays without a draft
    status, stored = drafts[free[0]]
    findings = findings_of(stored)
    assert status == "draft"
    assert findings[0].code == SENT_LATE and findings[0].severity.value == "warning"
    assert "18:07 UTC, after the deadline (2030-06-18 18:00 UTC)" in findings[0].message
    assert len(lines) == 1 and "after the deadline (2030-06-18 18:00 UTC)" in lines[0]
    assert "as drafts marked late" in lines[0]


def test_orders_on_time_carry_no_late_finding_with_the_setting_on(campaign: Path) -> None:
    anne, free = _late_campaign(campaign, policy="flag")
    with open_campaign(campaign) as store, store.session() as session:
        done = submit_orders(session=session, player_id=anne, bound=1,
                             values={free[0]: {VERBATIM: "Hold the village"}}, now=DUE)
        assert not done.late
        assert not player_page(session=session, player_id=anne, now=DUE).received_late
    ((_status, stored),) = _drafts(campaign).values()
    assert all(f.code != SENT_LATE for f in findings_of(stored))


def test_an_unknown_late_orders_setting_is_refused_and_changes_nothing(
        campaign: Path) -> None:
    with open_campaign(campaign) as store, store.session() as session:
        with pytest.raises(SettingError, match="not one of refuse, flag"):
            set_late_orders(session=session, policy="sometimes")
        assert campaign_overview(session=session).late_orders == "refuse"
        assert set_late_orders(session=session, policy="flag") == "refuse"
        assert campaign_overview(session=session).late_orders == "flag"
