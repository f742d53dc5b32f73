"""Claims (issue 33): who holds which side, command or LIM cup of a battle, since when;
refused to a second umpire in one sentence naming the first; released by the holder or the
chief, taken over by the chief with a reason; ended by the close; kept across a restart."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlmodel import col, select
from umpire_helpers import ANNE, BOB, battle_and_units, desk_of, name_umpires

from desk.services.bounds.close import close_bound
from desk.services.errors import ClaimedError, ServiceError
from desk.services.umpires.claims import claim, claims, release, take_over
from desk.store import open_campaign
from desk.store.tables.bounds import Journal
from desk.store.tables.umpires import Claim

SINCE = r"since \d\d:\d\d UTC"


def _journal(path: Path, kind: str = "claim") -> list[tuple[str, str, str]]:
    with desk_of(path, ANNE) as store, store.session() as session:
        return [(j.message, j.reason, j.umpire) for j in session.exec(
            select(Journal).where(Journal.kind == kind).order_by(col(Journal.id)))]


def test_a_campaign_without_umpires_refuses_claims_saying_to_name_them(
        campaign: Path) -> None:
    with open_campaign(campaign, umpire="") as store:
        battle, _units = battle_and_units(store)
        with pytest.raises(ServiceError, match=r"names no umpires.*desk umpires CAMPAIGN add"), \
                store.session() as session:
            claim(session=session, battle_id=battle, command="VI Corps")
        with store.session() as session:
            assert session.exec(select(Claim)).all() == []


def test_a_claim_is_listed_by_whom_and_since_when_and_journalled(campaign: Path) -> None:
    name_umpires(campaign)
    with desk_of(campaign, BOB) as store, store.session() as session:
        battle, _units = battle_and_units(store)
        made = claim(session=session, battle_id=battle, command="vi corps")  # case forgiven
        claim(session=session, battle_id=battle, side="Prussian")
        again = claim(session=session, battle_id=battle, command="VI Corps")  # his already
        listed = claims(session=session, battle_id=battle)
    assert (made.label, made.umpire, made.target.startswith("command:")) == (
        "VI Corps", BOB, True)
    assert again == made
    assert [(c.label, c.umpire) for c in listed] == [("VI Corps", BOB), ("Prussian", BOB)]
    assert re.fullmatch(rf"{BOB} {SINCE}", listed[0].held)
    assert _journal(campaign) == [(f"{BOB} claimed VI Corps.", "", BOB),
                                  (f"{BOB} claimed Prussian.", "", BOB)]


def test_a_second_umpire_is_refused_in_one_sentence_naming_the_claimant(
        campaign: Path) -> None:
    name_umpires(campaign)
    with desk_of(campaign, BOB) as store, store.session() as session:
        battle, _units = battle_and_units(store)
        claim(session=session, battle_id=battle, command="VI Corps")
        claim(session=session, battle_id=battle, lim=True)
    with desk_of(campaign, ANNE) as store:
        for named, words in (({"command": "VI Corps"}, "VI Corps"),
                             ({"lim": True}, "The LIM cup"),
                             # overlapping: a division inside his corps, the side around it
                             ({"command": "19e Division"}, "VI Corps"),
                             ({"side": "French"}, "VI Corps")):
            with pytest.raises(ClaimedError) as refused, store.session() as session:
                claim(session=session, battle_id=battle, **named)
            assert re.fullmatch(rf"{words} is claimed by {BOB} {SINCE}\.", str(refused.value))
        with store.session() as session:
            assert {c.umpire for c in claims(session=session, battle_id=battle)} == {BOB}
            claim(session=session, battle_id=battle, side="Prussian")  # no overlap: hers


def test_release_is_the_holders_or_the_chiefs_and_is_journalled(campaign: Path) -> None:
    name_umpires(campaign)
    with desk_of(campaign, ANNE) as store, store.session() as session:
        battle, _units = battle_and_units(store)
        claim(session=session, battle_id=battle, command="VI Corps")
    with desk_of(campaign, BOB) as store:
        with pytest.raises(ClaimedError, match=rf"only {ANNE} or the chief"), \
                store.session() as session:
            release(session=session, battle_id=battle, command="VI Corps")
        with store.session() as session:
            claim(session=session, battle_id=battle, side="Prussian")
    with desk_of(campaign, ANNE) as store, store.session() as session:
        release(session=session, battle_id=battle, command="VI Corps")
        release(session=session, battle_id=battle, side="Prussian")  # the chief: anyone's
        assert claims(session=session, battle_id=battle) == ()
        with pytest.raises(ServiceError, match="VI Corps is not claimed"):
            release(session=session, battle_id=battle, command="VI Corps")
    assert [m for m, _r, _u in _journal(campaign)][-2:] == [
        f"{ANNE} released VI Corps.", f"{ANNE} released Prussian ({BOB}'s)."]


def test_only_the_chief_takes_a_claim_over_and_only_with_a_reason(campaign: Path) -> None:
    name_umpires(campaign)
    with desk_of(campaign, BOB) as store, store.session() as session:
        battle, _units = battle_and_units(store)
        claim(session=session, battle_id=battle, command="VI Corps")
    with desk_of(campaign, ANNE) as store:
        with pytest.raises(ServiceError, match=f"give a reason to take VI Corps over from {BOB}"), \
                store.session() as session:
            take_over(session=session, battle_id=battle, reason="  ", command="VI Corps")
        with store.session() as session:
            taken = take_over(session=session, battle_id=battle, reason="Bob went home",
                              command="VI Corps")
            listed = claims(session=session, battle_id=battle)
    assert (taken.umpire, taken.reason) == (ANNE, "Bob went home")
    assert [(c.umpire, c.reason) for c in listed] == [(ANNE, "Bob went home")]
    assert _journal(campaign)[-1] == (f"{ANNE} took VI Corps over from {BOB}.",
                                      "Bob went home", ANNE)
    with desk_of(campaign, BOB) as store, store.session() as session, \
            pytest.raises(ServiceError, match="only the chief umpire takes a claim over"):
        take_over(session=session, battle_id=battle, reason="mine", command="VI Corps")


def test_the_close_ends_the_battles_claims_with_one_journal_line(campaign: Path) -> None:
    name_umpires(campaign)
    with desk_of(campaign, BOB) as store, store.session() as session:
        battle, _units = battle_and_units(store)
        claim(session=session, battle_id=battle, command="VI Corps")
        claim(session=session, side="Prussian", battle_id=battle)
    with desk_of(campaign, ANNE) as store, store.session() as session:
        close_bound(session=session, battle_id=battle, backup=False)
        assert claims(session=session, battle_id=battle) == ()
    assert _journal(campaign)[-1] == (
        f"Claims ended with the close of the bound: VI Corps ({BOB}), Prussian ({BOB}).",
        "", ANNE)


def test_a_claim_survives_closing_and_reopening_the_file(campaign: Path) -> None:
    name_umpires(campaign)
    with desk_of(campaign, BOB) as store, store.session() as session:
        battle, _units = battle_and_units(store)
        made = claim(session=session, battle_id=battle, command="VI Corps")
    with desk_of(campaign, ANNE) as store, store.session() as session:
        kept = claims(session=session, battle_id=battle)
    assert [(c.target, c.umpire, c.since) for c in kept] == [
        (made.target, BOB, made.since)]
