"""A filled sheet naming a unit another umpire has claimed (issue 33): the import is refused
as a whole in one sentence naming the claimant, and nothing is written; a sheet naming only
units outside the claim is imported as before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sheet_samples import fill_fields, pdf_fields
from sqlalchemy import func
from sqlmodel import select

from desk.services.common import current_battle
from desk.services.errors import ClaimedError
from desk.services.printing.form_import import import_filled_forms
from desk.services.printing.views import order_sheet_model
from desk.services.umpires.claims import claim
from desk.services.umpires.roster import add_umpire
from desk.sheets import OrderSheet
from desk.store import CampaignStore, open_campaign
from desk.store.tables.bounds import Journal, Order
from desk.store.tables.oob import Unit


def _counts(store: CampaignStore) -> tuple[int, int]:
    with store.session() as session:
        return (session.exec(select(func.count()).select_from(Order)).one(),
                session.exec(select(func.count()).select_from(Journal)).one())


def test_a_sheet_naming_a_claimed_unit_is_refused_whole_naming_the_claimant(
        campaign: Path) -> None:
    with open_campaign(campaign, umpire="") as store, store.session() as session:
        add_umpire(session=session, name="Anne", role="chief")
        add_umpire(session=session, name="Bob")
    with open_campaign(campaign, umpire="Bob") as store, store.session() as session:
        claim(session=session, battle_id=current_battle(session)[1].id or 0,
              command="19e Division")
    with open_campaign(campaign, umpire="Anne") as store:
        with store.session() as session:
            units = {u.id: u.name for u in session.exec(select(Unit))}
            pdf = OrderSheet().render(order_sheet_model(session=session, side="French",
                                                        fillable=True))
        prefixes = {int(n.rsplit("-u", 1)[1].split("-")[0]): n[:-len("verbatim")]
                    for n in pdf_fields(pdf) if n.endswith("-verbatim")}
        claimed = next(u for u in prefixes if units[u] == "1/5e Ligne")
        free = next(u for u in prefixes if units[u] == "Lobau and staff")  # above the claim
        before = _counts(store)
        both = fill_fields(pdf, {prefixes[claimed] + "verbatim": "Hold the farm.",
                                 prefixes[free] + "verbatim": "Hold the ridge."})
        with pytest.raises(ClaimedError) as refused, store.session() as session:
            import_filled_forms(session=session, sources=[("f.pdf", both)])
        assert re.fullmatch(r"1/5e Ligne: 19e Division is claimed by Bob since \d\d:\d\d UTC; "
                            r"nothing was changed \(the chief umpire may take the claim over\)",
                            str(refused.value))
        assert _counts(store) == before
        one = fill_fields(pdf, {prefixes[free] + "verbatim": "Hold the ridge."})
        with store.session() as session:
            done = import_filled_forms(session=session, sources=[("f.pdf", one)])
        assert [i.unit_id for i in done.imported] == [free]
