"""Two umpires claiming one target at the same moment, each from their own desk (issue 33):
exactly one claim is kept, and the other umpire is told in one sentence who holds it and
since when. On SQLite the writers queue (BEGIN IMMEDIATE) and the second reads the first's
claim; on PostgreSQL both may read nothing, and the table's unique (battle, target) refuses
the second INSERT, which the desk turns into the same sentence."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from campaign_template import CampaignTemplate
from umpire_helpers import ANNE, BOB, battle_and_units

from desk.services.campaign.scenarios import load_scenario
from desk.services.errors import ClaimedError
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.umpires.claims import claim, claims, release
from desk.services.umpires.roster import add_umpire
from desk.store import CampaignStore, open_campaign

ROUNDS = 8
TARGETS: tuple[dict[str, object], ...] = (
    {"command": "VI Corps"}, {"side": "Prussian"}, {"lim": True}, {"command": "14. Brigade"})


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def two_desks(request: pytest.FixtureRequest, tmp_path: Path,
              campaign_template: CampaignTemplate) -> Iterator[tuple[CampaignStore,
                                                                     CampaignStore]]:
    """Anne's and Bob's desks on one new Plancenoit campaign: a SQLite file (Bob's desk
    beside the writer, as a second process would be) or a PostgreSQL database."""
    sqlite = request.param == "sqlite"
    target: str | Path = (campaign_template.sqlite(tmp_path / "shared.desk") if sqlite
                          else str(request.getfixturevalue("pg_campaign")))
    with open_campaign(target, umpire="", backup_dir=tmp_path / "backups") as first, \
            first.session() as session:
        create_campaign_from_scenario(session=session,
                                      data=load_scenario(rules_system="belle-alliance"))
        add_umpire(session=session, name=ANNE, role="chief")
        add_umpire(session=session, name=BOB)
    anne = open_campaign(target, umpire=ANNE, backup_dir=tmp_path / "backups")
    bob = open_campaign(target, umpire=BOB, beside_writer=sqlite)
    yield anne, bob
    bob.close()
    anne.close()


def _race(desks: tuple[CampaignStore, CampaignStore], battle: int,
          target: dict[str, object]) -> dict[str, object]:
    """Both desks claim ``target`` at once; each umpire's result or refusal."""
    start = threading.Barrier(len(desks))
    results: dict[str, object] = {}

    def run(desk: CampaignStore) -> None:
        start.wait()
        try:
            with desk.session() as session:
                results[desk.identity.name] = claim(session=session, battle_id=battle,
                                                    **target)  # type: ignore[arg-type]
        except ClaimedError as exc:
            results[desk.identity.name] = exc

    threads = [threading.Thread(target=run, args=(d,)) for d in desks]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_two_umpires_claiming_one_target_at_once_one_wins_the_other_is_told_who(
        two_desks: tuple[CampaignStore, CampaignStore]) -> None:
    anne, _bob = two_desks
    battle, _units = battle_and_units(anne)
    winners: list[str] = []
    for n in range(ROUNDS):
        target = TARGETS[n % len(TARGETS)]
        results = _race(two_desks, battle, target)
        refused = {who: r for who, r in results.items() if isinstance(r, ClaimedError)}
        assert len(results) == 2 and len(refused) == 1, results
        winner = next(who for who in results if who not in refused)
        loser = next(iter(refused))
        assert re.fullmatch(rf".+ is claimed by {winner} since \d\d:\d\d UTC\.",
                            str(refused[loser]))
        with anne.session() as session:
            held = claims(session=session, battle_id=battle)
            assert [c.umpire for c in held] == [winner]
            release(session=session, battle_id=battle, **target)  # type: ignore[arg-type]
        winners.append(winner)
    assert set(winners) <= {ANNE, BOB}
