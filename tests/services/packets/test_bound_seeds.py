"""Every bound's seed, the first included, is 128 fresh bits (issue 27).

The first bound used to take the scenario's small ``battle.seed`` (1815 for
Plancenoit), so the SHA-256 commitment printed in the bound-1 packets fell to a
brute force over small numbers and every bound-1 roll could be computed before
the orders were written. A demo stays the same every time through its own
master seed, which no packet, export or report prints.
"""

from __future__ import annotations

from pathlib import Path

from scenario import belle_alliance
from service_helpers import call
from sqlmodel import select

from desk.services.battles.aftermath import commit_aftermath
from desk.services.battles.roster import start_battle
from desk.services.campaign.scenarios import create_demo_campaign, load_scenario
from desk.services.common import current_battle
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.packets.seeds import seed_commitment
from desk.services.rolls import commitment, first_bound_seed
from desk.store import CampaignStore, open_campaign
from desk.store.tables.bounds import Bound


def _guessable(promised: str, tries: int = 5000) -> bool:
    """The brute force of the issue: the commitment of every small number as a seed."""
    return any(commitment(first_bound_seed(n)) == promised for n in range(tries))


def _bound_one(store: CampaignStore) -> str:
    number, promised = call(store, seed_commitment)
    assert number == 1
    return promised


def test_bound_one_of_an_imported_scenario_has_a_fresh_seed_no_brute_force_finds(
        tmp_path: Path) -> None:
    promised = []
    for name in ("a.desk", "b.desk"):
        with open_campaign(tmp_path / name, create=True) as store:
            call(store, create_campaign_from_scenario,
                 data=load_scenario(rules_system="belle-alliance"))
            promised.append(_bound_one(store))
            with store.session() as session:
                seed = current_battle(session)[1].seed
                own = session.exec(select(Bound)).one().seed
            assert len(own) == 32 and int(own, 16) > 2 ** 64
            assert own != first_bound_seed(seed)
    assert promised[0] != promised[1]  # two campaigns from one scenario: two seeds
    assert not any(_guessable(p) for p in promised)
    assert commitment(first_bound_seed(1815)) not in promised


def test_a_new_battle_opens_its_first_bound_with_a_fresh_seed(store: CampaignStore) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    first = _bound_one(store)
    call(store, commit_aftermath, battle_id=info.battle_id, backup=False)
    call(store, start_battle, name="Wavre")
    second = _bound_one(store)
    assert second != first and not _guessable(second)


def test_a_demo_is_the_same_every_time_from_a_master_seed_it_never_prints(
        tmp_path: Path) -> None:
    promised = []
    for name in ("one.desk", "two.desk"):
        create_demo_campaign(target=tmp_path / name, rules_system="battles-of-waterloo")
        with open_campaign(tmp_path / name) as store:
            promised.append(_bound_one(store))
    assert promised[0] == promised[1]  # reproducible
    assert not _guessable(promised[0])
