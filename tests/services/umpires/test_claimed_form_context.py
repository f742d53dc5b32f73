"""The order form's context of a claimed unit (issue 33): read-only for the other umpires,
saying whose claim and since when; as before for the claimant and for unclaimed units."""

from __future__ import annotations

import re
from pathlib import Path

from umpire_helpers import ANNE, BOB, battle_and_units, desk_of, name_umpires

from desk.services.screens.order_form import form_context
from desk.services.umpires.claims import claim


def test_a_claimed_units_form_is_read_only_for_the_other_umpire_only(campaign: Path) -> None:
    name_umpires(campaign)
    with desk_of(campaign, BOB) as store, store.session() as session:
        battle, units = battle_and_units(store)
        claim(session=session, battle_id=battle, command="19e Division")
        mine = form_context(session=session, battle_id=battle, unit_id=units["1/5e Ligne"])
    assert (mine.editable, mine.claimed_by) == (True, "")
    with desk_of(campaign, ANNE) as store, store.session() as session:
        theirs = form_context(session=session, battle_id=battle, unit_id=units["1/5e Ligne"])
        free = form_context(session=session, battle_id=battle,
                            unit_id=units["Lobau and staff"])  # VI Corps, above the claim
    assert not theirs.editable
    assert re.fullmatch(rf"{BOB} since \d\d:\d\d UTC", theirs.claimed_by)
    assert (free.editable, free.claimed_by) == (True, "")
