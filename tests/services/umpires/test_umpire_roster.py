"""A campaign's umpires (issue 33): named once each (case forgiven), a chief or a sector
umpire, a PostgreSQL role each at most; only the chief changes a roster that has one; an
umpire removed ends their claims, and the rows they wrote keep their name."""

from __future__ import annotations

from pathlib import Path

import pytest
from umpire_helpers import ANNE, BOB, battle_and_units, desk_of, name_umpires

from desk.services.errors import NotFound
from desk.services.umpires.claims import claim, claims
from desk.services.umpires.roster import UmpireRefused, add_umpire, remove_umpire, umpires
from desk.store import open_campaign


def test_umpires_are_named_once_with_a_role_and_listed_in_order(campaign: Path) -> None:
    with open_campaign(campaign, umpire="") as store, store.session() as session:
        assert umpires(session=session) == ()
        add_umpire(session=session, name="  Anne ", role="chief", db_role="anne")
        add_umpire(session=session, name="Bob")
        for name, role, db_role, words in (
                ("", "sector", "", "give the umpire a name"),
                ("Jean\nBaptiste", "sector", "", "one line of plain text"),
                ("ANNE", "sector", "", "an umpire called Anne already"),
                ("Cleo", "marshal", "", "an umpire is chief or sector, not 'marshal'"),
                ("Cleo", "sector", "anne", "the database role anne is Anne's already")):
            with pytest.raises(UmpireRefused, match=words):
                add_umpire(session=session, name=name, role=role, db_role=db_role)
        listed = umpires(session=session)
    assert [(u.name, u.role, u.db_role, u.chief) for u in listed] == [
        ("Anne", "chief", "anne", True), ("Bob", "sector", "", False)]


def test_only_the_chief_changes_a_roster_that_names_one(campaign: Path) -> None:
    name_umpires(campaign)
    with desk_of(campaign, BOB) as store, store.session() as session:
        with pytest.raises(UmpireRefused, match=f"{BOB} is not the chief"):
            add_umpire(session=session, name="Cleo", role="chief")
        with pytest.raises(UmpireRefused, match=f"{BOB} is not the chief"):
            remove_umpire(session=session, name=ANNE)
    with desk_of(campaign, ANNE) as store, store.session() as session:
        add_umpire(session=session, name="Cleo")
        assert [u.name for u in umpires(session=session)] == [ANNE, BOB, "Cleo"]


def test_an_umpire_removed_ends_their_claims(campaign: Path) -> None:
    name_umpires(campaign)
    with desk_of(campaign, BOB) as store, store.session() as session:
        battle, _units = battle_and_units(store)
        claim(session=session, battle_id=battle, command="VI Corps")
    with desk_of(campaign, ANNE) as store, store.session() as session:
        claim(session=session, battle_id=battle, side="Prussian")
        assert remove_umpire(session=session, name="bob").name == BOB
        assert [c.umpire for c in claims(session=session, battle_id=battle)] == [ANNE]
        with pytest.raises(NotFound, match=r"no umpire called 'Bob' \(its umpires: Anne\)"):
            remove_umpire(session=session, name=BOB)
