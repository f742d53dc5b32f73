"""Leaders on the map (issue 20): placed like units, kept per bound, never overwritten.

Most demo leaders have no staff unit (Plancenoit: 19 leaders, 2 staff units),
so without these they could not stand anywhere. Each test runs on a SQLite
file and on the PostgreSQL server fixture: the Belle Alliance scenario
imported, its demo map added (every unit and every leader placed).
"""

from __future__ import annotations

import pytest
from service_helpers import call
from sqlmodel import col, select

from desk.services.bounds.close import close_bound
from desk.services.bounds.reopen import reopen_bound
from desk.services.campaign.scenarios import load_scenario
from desk.services.errors import ConcurrentChangeError
from desk.services.maps.demo import add_demo_map
from desk.services.maps.images import MapRefused
from desk.services.maps.leaders import place_leader
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.positions.leaders import (
    leader_history,
    leader_position_of,
    leader_positions_at,
    leader_version,
    remove_leader_position,
    restore_leader_position,
)
from desk.store import CampaignStore
from desk.store.tables.bounds import Journal
from desk.store.tables.leaders import LeaderPosition
from desk.store.tables.oob import Leader, Unit


def _plancenoit(store: CampaignStore) -> tuple[int, dict[str, int]]:
    info = call(store, create_campaign_from_scenario,
                data=load_scenario(rules_system="belle-alliance"))
    call(store, add_demo_map, name="plancenoit-1815")
    with store.session() as session:
        leaders = {leader.name: leader.id or 0 for leader in session.exec(select(Leader))}
    return info.battle_id, leaders


def _rows(store: CampaignStore) -> list[tuple[int, int, float | None, float | None]]:
    with store.session() as session:
        return [(r.leader_id, r.bound_id, r.x, r.y) for r in
                session.exec(select(LeaderPosition).order_by(col(LeaderPosition.id)))]


def _place(store: CampaignStore, battle: int, leader: int, x: float, y: float,
           facing: int | None = None) -> int:
    seen = call(store, leader_version, leader_id=leader)
    view, version = call(store, place_leader, battle_id=battle, leader_id=leader, x=x, y=y,
                         seen_version=seen, facing=facing)
    assert (view.x, view.y) == (x, y)
    return int(version)


def test_every_demo_leader_is_placed_though_only_two_have_a_staff_unit(
        any_store: CampaignStore) -> None:
    battle, leaders = _plancenoit(any_store)
    with any_store.session() as session:
        staff = session.exec(select(Unit).where(Unit.arm == "staff")).all()
    assert (len(leaders), len(staff)) == (19, 2)
    placed = call(any_store, leader_positions_at, battle_id=battle)
    assert set(placed) == set(leaders.values())
    assert {p.source for p in placed.values()} == {"scenario"}


def test_a_leader_moved_in_two_bounds_keeps_every_position(any_store: CampaignStore) -> None:
    battle, leaders = _plancenoit(any_store)
    simmer = leaders["Simmer"]
    start = call(any_store, leader_position_of, battle_id=battle, leader_id=simmer)
    assert start is not None and start.bound == 1
    _place(any_store, battle, simmer, 500.0, 400.0, facing=90)
    call(any_store, close_bound, battle_id=battle, backup=False)
    # Bound 2 starts where bound 1 ended, with no row copied.
    carried = call(any_store, leader_position_of, battle_id=battle, leader_id=simmer)
    assert carried is not None and (carried.bound, carried.x, carried.y) == (1, 500.0, 400.0)
    _place(any_store, battle, simmer, 520.0, 410.0)
    steps = call(any_store, leader_history, battle_id=battle, leader_id=simmer)
    assert [(s.bound, s.x, s.y) for s in steps] == [
        (1, start.x, start.y), (1, 500.0, 400.0), (2, 520.0, 410.0)]
    # The move of bound 2 gave no facing: he still faces as in bound 1.
    assert [s.facing for s in steps] == [None, 90, 90]
    then = call(any_store, leader_position_of, battle_id=battle, leader_id=simmer, bound=1)
    assert then is not None and (then.x, then.y) == (500.0, 400.0)
    with any_store.session() as session:
        lines = session.exec(select(Journal.message).where(Journal.kind == "position")).all()
    assert "Simmer in x 520, y 410 (umpire)." in lines
    # A reopen of bound 1 discards bound 2's moves, and only those.
    call(any_store, reopen_bound, battle_id=battle, discard_next=True, backup=False)
    steps = call(any_store, leader_history, battle_id=battle, leader_id=simmer)
    assert [(s.bound, s.x) for s in steps] == [(1, start.x), (1, 500.0)]


def test_a_leader_s_move_undone_and_redone(any_store: CampaignStore) -> None:
    battle, leaders = _plancenoit(any_store)
    lobau = leaders["Lobau"]
    seen = call(any_store, leader_version, leader_id=lobau)
    view, version = call(any_store, place_leader, battle_id=battle, leader_id=lobau, x=600.0,
                         y=300.0, seen_version=seen)
    before = _rows(any_store)
    version = call(any_store, remove_leader_position, battle_id=battle, position=view,
                   seen_version=version)
    where = call(any_store, leader_position_of, battle_id=battle, leader_id=lobau)
    assert where is not None and where.source == "scenario"
    assert len(_rows(any_store)) == len(before) - 1
    version = call(any_store, restore_leader_position, battle_id=battle, position=view,
                   seen_version=version)
    assert _rows(any_store) == before
    back = call(any_store, leader_position_of, battle_id=battle, leader_id=lobau)
    assert back is not None and back.id == view.id and (back.x, back.y) == (600.0, 300.0)
    # An undo with the version from before the redo is someone else's change: refused.
    with pytest.raises(ConcurrentChangeError):
        call(any_store, remove_leader_position, battle_id=battle, position=view,
             seen_version=version - 1)
    assert _rows(any_store) == before


def test_a_leader_dropped_outside_the_map_is_refused(any_store: CampaignStore) -> None:
    battle, leaders = _plancenoit(any_store)
    before = _rows(any_store)
    seen = call(any_store, leader_version, leader_id=leaders["Jeanin"])
    for x, y in ((-5.0, 100.0), (100.0, 5000.0)):
        with pytest.raises(MapRefused, match="Jeanin cannot stand outside the map"):
            call(any_store, place_leader, battle_id=battle, leader_id=leaders["Jeanin"],
                 x=x, y=y, seen_version=seen)
    assert _rows(any_store) == before
    assert call(any_store, leader_version, leader_id=leaders["Jeanin"]) == seen


def test_two_umpires_moving_one_leader_the_second_is_refused(any_store: CampaignStore) -> None:
    battle, leaders = _plancenoit(any_store)
    bony = leaders["Bony"]
    seen = call(any_store, leader_version, leader_id=bony)  # both desks showed this version
    call(any_store, place_leader, battle_id=battle, leader_id=bony, x=700.0, y=700.0,
         seen_version=seen)
    before = _rows(any_store)
    with pytest.raises(ConcurrentChangeError, match="Bony's position"):
        call(any_store, place_leader, battle_id=battle, leader_id=bony, x=100.0, y=100.0,
             seen_version=seen)
    assert _rows(any_store) == before


def test_a_leader_of_another_campaign_or_none_is_not_found(any_store: CampaignStore) -> None:
    from desk.services.errors import NotFound

    battle, _leaders = _plancenoit(any_store)
    with pytest.raises(NotFound, match="no leader number 999"):
        call(any_store, place_leader, battle_id=battle, leader_id=999, x=1.0, y=1.0,
             seen_version=1)
