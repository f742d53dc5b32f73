"""The names a campaign knows (issue 30, "pick, don't spell"): read in the papers' order."""

from __future__ import annotations

from pathlib import Path

from demo_cache import DemoCache

from desk.rules.records import Names
from desk.services.common import current_battle
from desk.services.screens.scenario_names import scenario_names
from desk.store import open_campaign


def test_the_demo_names_its_features_units_commands_and_leaders(
        demo_cache: DemoCache, tmp_path: Path) -> None:
    path = demo_cache.copy(system="belle-alliance", dest=tmp_path / "c.desk")
    with open_campaign(path) as store, store.session() as session:
        campaign, battle = current_battle(session)
        names = scenario_names(session=session, campaign_id=campaign.id or 0,
                               battle_id=battle.id or 0)
    assert names.features[:3] == ("Lasne", "Lasne bridge", "Maransart ford")  # as the scenario
    assert names.of(Names.FEATURES) == names.features
    assert "1/5e Ligne" in names.units and "Lobau and staff" in names.units
    # in the order of battle's order: a French unit before the Prussian ones
    assert names.units.index("1/5e Ligne") < names.units.index("12-pdr Foot Battery No. 5")
    assert "Brigade Bellair" in names.of(Names.COMMANDS)
    assert names.leaders and all(names.leaders)
    assert len(set(names.units)) == len(names.units)  # each name once
