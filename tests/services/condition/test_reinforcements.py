"""Reinforcements: due at a bound or on a seeded roll, refused for a closed bound, arriving
with the close that opens their bound, taken back by a reopen (data: reinforcements.roll_at)."""

from __future__ import annotations

from pathlib import Path

import pytest
from condition_helpers import battle_id, demo, units
from demo_cache import DemoCache
from service_helpers import all_rows
from sqlmodel import select

from desk.services.bounds.close import close_bound
from desk.services.bounds.reopen import reopen_bound
from desk.services.condition.reinforcements import (
    arrival_roll,
    hidden_units,
    list_reinforcements,
    schedule_reinforcement,
)
from desk.services.errors import ServiceError
from desk.services.rolls import RollRecord, first_bound_seed, recompute
from desk.services.screens.close_summary import close_summary
from desk.store import open_campaign
from desk.store.tables.bounds import Bound
from desk.store.tables.campaign import Battle


def test_arrival_roll_comes_from_the_closing_bounds_seed_alone() -> None:
    seeds = [f"{n:032x}" for n in range(2, 40)]
    rolls = [arrival_roll(seed=s, unit_id=3, die=6) for s in seeds]
    assert rolls == [arrival_roll(seed=s, unit_id=3, die=6) for s in seeds]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert rolls != [arrival_roll(seed=s, unit_id=4, die=6) for s in seeds]
    # The procedure of docs/verifiable-rolls.md, purpose reinforcement:<unit id>.
    assert rolls == [int(recompute(seed=s, record=RollRecord(
        purpose="reinforcement:3", result="", sides=6))) for s in seeds]


def test_reinforcements_at_a_bound_and_on_a_roll_arrive_and_a_reopen_takes_them_back(
        tmp_path: Path, demo_cache: DemoCache) -> None:
    path = demo(demo_cache, tmp_path, "battles-of-waterloo")
    with open_campaign(path) as store:
        bid = battle_id(store)
        (at, at_name, _), (rolled, rolled_name, _) = units(store)[-2:]
        with store.session() as session:
            seed = session.get(Battle, bid).seed  # type: ignore[union-attr]
            schedule_reinforcement(session=session, battle_id=bid, unit_id=at, due_bound=2)
            schedule_reinforcement(session=session, battle_id=bid, unit_id=rolled, due_bound=2,
                                   on_roll=True, note="Pirch's corps")
            assert hidden_units(session=session, battle_id=bid, bound=1) == {at, rolled}
            assert close_summary(session=session, battle_id=bid).arrivals == (
                at_name, f"{rolled_name} (on a roll)")
        arrived_in: dict[str, int] = {}
        for number in range(1, 30):
            with store.session() as session:
                report = close_bound(session=session, battle_id=bid, backup=False)
                for line in report.arrivals:
                    arrived_in[line.split(" arrives")[0]] = number + 1
                done = {v.unit: v.arrived_bound for v in list_reinforcements(
                    session=session, battle_id=bid)}
            if all(done.values()):
                break
        assert arrived_in[at_name] == 2
        with store.session() as session:
            seeds = {b.number: b.seed or first_bound_seed(seed)
                     for b in session.exec(select(Bound).where(Bound.battle_id == bid))}
        # The first close from bound 1 on whose d6, from the closing bound's own seed,
        # reaches 4 (reinforcements.roll_at) opens the bound it arrives in.
        first = 1 + next(b for b in range(1, 40) if arrival_roll(
            seed=seeds[b], unit_id=rolled, die=6) >= 4)
        assert arrived_in[rolled_name] == first == done[rolled_name]
        with store.session() as session:
            assert hidden_units(session=session, battle_id=bid, bound=first) == set()
            reopen_bound(session=session, battle_id=bid, backup=False)
            back = {v.unit: v.arrived_bound for v in list_reinforcements(
                session=session, battle_id=bid)}
        assert back[rolled_name] is None  # its arrival was that close's
        assert back[at_name] == (2 if first > 2 else None)


def test_a_reinforcement_for_a_closed_bound_is_refused_and_nothing_changes(
        tmp_path: Path, demo_cache: DemoCache) -> None:
    path = demo(demo_cache, tmp_path, "belle-alliance")
    with open_campaign(path) as store:
        bid = battle_id(store)
        with store.session() as session:
            close_bound(session=session, battle_id=bid, backup=False)
        rows = all_rows(store)
        unit = units(store)[-1][0]
        with pytest.raises(ServiceError, match=r"^Bound 1 is already closed: a reinforcement "
                                                r"can be due at the open bound 2 or later$"), \
                store.session() as session:
            schedule_reinforcement(session=session, battle_id=bid, unit_id=unit, due_bound=1)
        assert all_rows(store) == rows
        with store.session() as session:  # due at the open bound itself: on at once
            view = schedule_reinforcement(session=session, battle_id=bid, unit_id=unit,
                                          due_bound=2)
        assert view.arrived_bound == 2
