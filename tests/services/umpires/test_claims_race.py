"""Two umpires claiming one target at the same moment, each from their own desk (issue 33):
exactly one claim is kept, and the other umpire is told in one sentence who holds it and
since when. On SQLite the writers queue (BEGIN IMMEDIATE) and the second reads the first's
claim; on PostgreSQL both may read nothing, and the table's unique (battle, target) refuses
the second INSERT, which the desk turns into the same sentence. Two claims that overlap (a
corps and one of its divisions, a side and one of its commands) made at once are one
claim too: on PostgreSQL the battle's row is locked for a claim's transaction, so the
second desk reads the first's claim and is refused."""

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


OVERLAPPING: tuple[tuple[dict[str, object], dict[str, object]], ...] = (
    ({"command": "VI Corps"}, {"command": "19e Division"}),
    ({"side": "Prussian"}, {"command": "14. Brigade"}),
    ({"command": "20e Division"}, {"command": "VI Corps"}))


def _race(desks: tuple[CampaignStore, CampaignStore], battle: int,
          *targets: dict[str, object]) -> dict[str, object]:
    """Both desks claim at once, each its target (one ``target``: the same for both); each
    umpire's result or refusal."""
    start = threading.Barrier(len(desks))
    results: dict[str, object] = {}

    def run(desk: CampaignStore, target: dict[str, object]) -> None:
        start.wait()
        try:
            with desk.session() as session:
                results[desk.identity.name] = claim(session=session, battle_id=battle,
                                                    **target)  # type: ignore[arg-type]
        except ClaimedError as exc:
            results[desk.identity.name] = exc

    aimed = targets * len(desks) if len(targets) == 1 else targets
    threads = [threading.Thread(target=run, args=(d, t))
               for d, t in zip(desks, aimed, strict=True)]
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


def test_two_overlapping_claims_made_at_once_one_wins_the_other_is_told_who(
        two_desks: tuple[CampaignStore, CampaignStore]) -> None:
    anne, _bob = two_desks
    battle, _units = battle_and_units(anne)
    for n in range(ROUNDS):
        pair = OVERLAPPING[n % len(OVERLAPPING)]
        results = _race(two_desks, battle, *pair)
        refused = {who: r for who, r in results.items() if isinstance(r, ClaimedError)}
        assert len(results) == 2 and len(refused) == 1, results  # never both
        winner = next(who for who in results if who not in refused)
        assert re.fullmatch(rf".+ is claimed by {winner} since \d\d:\d\d UTC\.",
                            str(next(iter(refused.values()))))
        with anne.session() as session:
            held = claims(session=session, battle_id=battle)
            assert [c.umpire for c in held] == [winner]
        won = pair[0] if winner == ANNE else pair[1]
        with anne.session() as session:  # the chief releases whoever's it is
            release(session=session, battle_id=battle, **won)  # type: ignore[arg-type]
