"""The Belle Alliance demo on a PostgreSQL database, with a chief and a sector umpire, for
the tests of several umpires live on one campaign (issue 33)."""

from __future__ import annotations

from desk.services.campaign.scenarios import load_scenario
from desk.services.oob.importer import create_campaign_from_scenario
from desk.store import open_campaign
from desk.store.tables.umpires import Umpire


def demo_with_umpires(url: str, *, chief: tuple[str, str] = ("Anne", ""),
                      sector: tuple[str, str] = ("Bruno", "")) -> str:
    """Fill the empty campaign at ``url`` with the demo and name its two umpires, each a
    (name, database role) pair ("" claims no role); the URL back."""
    with open_campaign(url) as store, store.session() as session:
        info = create_campaign_from_scenario(session=session,
                                             data=load_scenario(rules_system="belle-alliance"))
        for (name, db_role), role in ((chief, "chief"), (sector, "sector")):
            session.add(Umpire(campaign_id=info.id, name=name, role=role, db_role=db_role))
    return url
