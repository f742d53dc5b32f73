"""Two umpires record events and LIM steps at once: the second is refused, nothing is lost.

Issue 14, beside the orders (test_concurrent_orders.py): an in-bound event is
guarded by the version of the unit's state row, a LIM step by the pool row's.
Real connections on SQLite and on the PostgreSQL fixture.
"""

from __future__ import annotations

from typing import Any

import pytest
from concurrency import between, outcome, race
from service_helpers import call, present

from desk.services.bounds.events import list_events, record_event, remove_event
from desk.services.campaign.scenarios import load_scenario
from desk.services.lim import draws as lim
from desk.services.lim.undo import lim_snapshot, restore_lim_pool
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.queries import order_table, unit_state
from desk.services.versions import pool_version, state_version
from desk.store import CampaignStore

Desks = tuple[CampaignStore, CampaignStore]
EVENT = ("rate-changed", {"rate": "normal", "forced": True})  # Belle Alliance (BA-1): a refused
# event is not recorded at all (nothing to race on), so the race uses one the rules accept
ROUNDS = 30


def _campaign(desk: CampaignStore, system: str) -> tuple[int, int]:
    info = call(desk, create_campaign_from_scenario, data=load_scenario(rules_system=system))
    return info.battle_id, call(desk, order_table, battle_id=info.battle_id)[0].unit_id


def _event(battle: int, unit: int, seen: int | None) -> Any:
    kind, data = EVENT
    return lambda session: record_event(session=session, battle_id=battle, unit_id=unit,
                                        kind=kind, data=data, seen_version=seen)


def _events(desk: CampaignStore, battle: int, unit: int) -> int:
    return len(call(desk, list_events, battle_id=battle, unit_id=unit))


def _draw(battle: int, seen: int | None) -> Any:
    return lambda session: lim.draw_lim(session=session, battle_id=battle, seen_version=seen)


def _drawn(desk: CampaignStore, battle: int) -> tuple[str, ...]:
    return tuple(d.lim for d in call(desk, lim.lim_pool, battle_id=battle).draws)


def test_an_event_kind_the_tests_use_exists() -> None:
    from desk.rules import get_system

    assert EVENT[0] in {k.code for k in get_system("belle-alliance").event_kinds()}


def test_recording_an_event_after_another_umpires_is_refused(desks: Desks) -> None:
    desk_a, desk_b = desks
    battle, unit = _campaign(desk_a, "belle-alliance")
    seen = call(desk_a, unit_state, battle_id=battle, unit_id=unit, with_events=True).version
    assert seen is not None  # what A's unit panel shows
    assert outcome(desk_b, _event(battle, unit, seen)) == "ok"
    assert outcome(desk_a, _event(battle, unit, seen)) == "conflict"
    assert _events(desk_a, battle, unit) == 1  # B's, and only B's


def test_striking_an_event_after_another_umpires_is_refused(desks: Desks) -> None:
    desk_a, desk_b = desks
    battle, unit = _campaign(desk_a, "belle-alliance")
    ours = call(desk_a, _event(battle, unit, call(desk_a, state_version, battle_id=battle,
                                                  unit_id=unit)))
    assert outcome(desk_b, _event(battle, unit, ours.state_version)) == "ok"
    assert outcome(desk_a, lambda s: remove_event(session=s, event_id=ours.id, reason="undo",
                                                  seen_version=ours.state_version)) \
        == "conflict"
    assert _events(desk_a, battle, unit) == 2  # neither event was struck out
    later = present(call(desk_a, state_version, battle_id=battle, unit_id=unit))
    assert call(desk_a, remove_event, event_id=ours.id, reason="undo",
                seen_version=later) == later + 1  # with the version now, it is struck out


def test_drawing_a_lim_after_another_umpires_draw_is_refused(desks: Desks) -> None:
    desk_a, desk_b = desks
    battle, _ = _campaign(desk_a, "battles-of-waterloo")
    seen = call(desk_a, lim.lim_pool, battle_id=battle).version  # what A's LIM panel shows
    assert outcome(desk_b, _draw(battle, seen)) == "ok"
    theirs = _drawn(desk_a, battle)
    assert outcome(desk_a, _draw(battle, seen)) == "conflict"
    assert _drawn(desk_a, battle) == theirs and len(theirs) == 1


def test_undoing_a_lim_step_after_another_umpires_is_refused(desks: Desks) -> None:
    desk_a, desk_b = desks
    battle, _ = _campaign(desk_a, "battles-of-waterloo")
    before = call(desk_a, lim_snapshot, battle_id=battle)
    call(desk_a, _draw(battle, before.version))
    after = call(desk_a, lim_snapshot, battle_id=battle)
    assert outcome(desk_b, _draw(battle, after.version)) == "ok"
    assert outcome(desk_a, lambda s: restore_lim_pool(
        session=s, battle_id=battle, snapshot=before, expect=after,
        seen_version=after.version)) == "conflict"
    assert len(_drawn(desk_a, battle)) == 2  # B's draw was not wiped


def test_building_the_first_pool_twice_is_refused(desks: Desks) -> None:
    desk_a, desk_b = desks
    battle, _ = _campaign(desk_a, "battles-of-waterloo")
    first = call(desk_a, lim.lim_pool, battle_id=battle)
    undo = call(desk_a, lim_snapshot, battle_id=battle)
    empty = type(undo)(bound=undo.bound, pool_id=None, seed=0, chits=(), first_lim="",
                       state_json="{}", draws=())
    call(desk_a, restore_lim_pool, battle_id=battle, snapshot=empty, expect=undo,
         seen_version=first.version)  # the pool's build undone: no pool
    assert call(desk_a, pool_version, battle_id=battle) is None

    def build(s: Any) -> Any:
        return lim.build_pool(session=s, battle_id=battle, seen_version=None)

    assert sorted(race(desk_a, desk_b, build, build)) == ["conflict", "ok"]
    assert call(desk_a, pool_version, battle_id=battle) == 1  # one pool, built once


@pytest.mark.postgres
def test_a_draw_committed_inside_another_draw_is_caught_on_postgresql(
        pg_database: str, tmp_path: Any) -> None:
    from desk.store import open_campaign

    with open_campaign(pg_database, create=True, backup_dir=tmp_path) as desk_a, \
            open_campaign(pg_database, backup_dir=tmp_path) as desk_b:
        battle, _unit = _campaign(desk_a, "battles-of-waterloo")
        seen = call(desk_a, pool_version, battle_id=battle)
        with between(desk_a, "lim_pool", lambda: call(desk_b, _draw(battle, seen))):
            assert outcome(desk_a, _draw(battle, seen)) == "conflict"
        assert len(_drawn(desk_a, battle)) == 1


@pytest.mark.postgres
def test_an_event_committed_inside_another_is_caught_on_postgresql(
        pg_database: str, tmp_path: Any) -> None:
    from desk.store import open_campaign

    with open_campaign(pg_database, create=True, backup_dir=tmp_path) as desk_a, \
            open_campaign(pg_database, backup_dir=tmp_path) as desk_b:
        battle, unit = _campaign(desk_a, "belle-alliance")
        seen = call(desk_a, state_version, battle_id=battle, unit_id=unit)
        with between(desk_a, "unit_state", lambda: call(desk_b, _event(battle, unit, seen))):
            assert outcome(desk_a, _event(battle, unit, seen)) == "conflict"
        assert _events(desk_a, battle, unit) == 1


def test_racing_events_and_draws_one_wins_one_is_refused(desks: Desks) -> None:
    desk_a, desk_b = desks
    battle, unit = _campaign(desk_a, "belle-alliance")
    for n in range(ROUNDS):
        seen = call(desk_a, state_version, battle_id=battle, unit_id=unit)
        result = race(desk_a, desk_b, _event(battle, unit, seen), _event(battle, unit, seen))
        assert sorted(result) == ["conflict", "ok"], result
        assert _events(desk_a, battle, unit) == n + 1


def test_racing_lim_draws_one_wins_one_is_refused(desks: Desks) -> None:
    desk_a, desk_b = desks
    battle, _ = _campaign(desk_a, "battles-of-waterloo")
    rounds = 0
    while (pool := call(desk_a, lim.lim_pool, battle_id=battle)).remaining:
        if pool.draws and pool.draws[-1].lim.startswith("Orders") \
                and not pool.draws[-1].orders_option:
            call(desk_a, lim.choose_orders_option, battle_id=battle, option="move-unit",
                 seen_version=pool.version)
            continue
        result = race(desk_a, desk_b, _draw(battle, pool.version), _draw(battle, pool.version))
        assert sorted(result) == ["conflict", "ok"], result
        rounds += 1
        assert len(_drawn(desk_a, battle)) == rounds  # one draw per race, never two
    assert rounds >= 3
