"""The Ligny demo (Battles of Waterloo) as a campaign, for the LIM services tests."""

from __future__ import annotations

from service_helpers import call

from desk.services.campaign.scenarios import DEMO_MASTER_SEED, load_scenario
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.queries import order_table
from desk.store import CampaignStore


def ligny(store: CampaignStore) -> tuple[int, dict[str, int]]:
    """The demo's battle id and its units' ids by name (bound 1 seeded as the demo is)."""
    info = call(store, create_campaign_from_scenario,
                data=load_scenario(rules_system="battles-of-waterloo"),
                demo_seed=DEMO_MASTER_SEED)
    return info.battle_id, {r.unit: r.unit_id for r in call(store, order_table,
                                                             battle_id=info.battle_id)}
