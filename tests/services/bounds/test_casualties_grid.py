"""The casualties grid: five units' losses in one call, all-or-nothing, undone at once
(data: losses.casualties, BA-F2)."""

from __future__ import annotations

from pathlib import Path

from demo_cache import DemoCache
from service_helpers import all_rows

from desk.services.bounds.events import list_events
from desk.services.bounds.grid import (
    GridRow,
    GridUnit,
    check_grid,
    grid_units,
    record_grid,
    state_kinds,
    strike_grid,
)
from desk.services.common import current_battle, get_campaign, rules_of
from desk.services.queries import unit_state
from desk.store import CampaignStore, open_campaign


def _battle(store: CampaignStore) -> int:
    with store.session() as session:
        return current_battle(session)[1].id or 0


def _now(store: CampaignStore, battle: int, unit_id: int) -> tuple[int, str]:
    with store.session() as session:
        view = unit_state(session=session, battle_id=battle, unit_id=unit_id, with_events=True)
    state = view.as_mapping()
    strength = state["strength"]
    assert isinstance(strength, int)
    return strength, str(state.get("disorder"))


def _five(store: CampaignStore, battle: int) -> list[GridUnit]:
    with store.session() as session:
        units = grid_units(session=session, battle_id=battle)
    foot = [u for u in units if u.strength >= 20][:5]
    assert len(foot) == 5
    return foot


def test_five_casualties_in_one_call_and_one_undo_data_losses_casualties(
        tmp_path: Path, demo_cache: DemoCache) -> None:
    path = demo_cache.copy(system="belle-alliance", dest=tmp_path / "ba.desk")
    with open_campaign(path) as store:
        battle = _battle(store)
        five = _five(store, battle)
        before = {u.unit_id: _now(store, battle, u.unit_id) for u in five}
        rows = [GridRow(unit_id=u.unit_id, casualties=i + 1, seen_version=u.version)
                for i, u in enumerate(five)]
        rows[0] = GridRow(unit_id=five[0].unit_id, casualties=1, state="became-MD",
                          seen_version=five[0].version)
        rows.append(GridRow(unit_id=_five(store, battle)[0].unit_id + 10_000))  # empty: skipped
        with store.session() as session:
            done = record_grid(session=session, battle_id=battle, rows=rows, cause="melee")
        assert not done.refused and len(done.events) == 6  # five casualties, one MD
        for i, u in enumerate(five):
            assert _now(store, battle, u.unit_id)[0] == u.strength - (i + 1)
        assert _now(store, battle, five[0].unit_id)[1] == "MD"
        with store.session() as session:
            events = list_events(session=session, battle_id=battle)
        assert [e.data.get("cause") for e in events if e.kind == "casualties"] == ["melee"] * 5
        with store.session() as session:
            strike_grid(session=session, events=[(e.unit_id, e.id) for e in done.events],
                        seen=dict(done.versions or {}), reason="undone at the desk")
            assert list_events(session=session, battle_id=battle) == ()
        assert {u.unit_id: _now(store, battle, u.unit_id) for u in five} == before


def test_one_impossible_row_writes_nothing_and_says_why_data_losses_casualties(
        tmp_path: Path, demo_cache: DemoCache) -> None:
    path = demo_cache.copy(system="belle-alliance", dest=tmp_path / "ba.desk")
    with open_campaign(path) as store:
        battle = _battle(store)
        five = _five(store, battle)
        rows = [GridRow(unit_id=u.unit_id, casualties=2, seen_version=u.version) for u in five]
        too_many = five[3].strength + 1
        rows[3] = GridRow(unit_id=five[3].unit_id, casualties=too_many,
                          seen_version=five[3].version)
        snapshot = all_rows(store)
        with store.session() as session:
            done = record_grid(session=session, battle_id=battle, rows=rows)
        assert done.refused and done.events == ()
        assert list(done.refusals or {}) == [five[3].unit_id]
        refusal = (done.refusals or {})[five[3].unit_id]
        assert refusal.startswith(f"{five[3].name}: ")
        assert "(data: losses.casualties)" in refusal
        assert all_rows(store) == snapshot  # nothing written, not even a version
        with store.session() as session:  # the per-row check says the same, row by row
            assert check_grid(session=session, battle_id=battle, rows=rows) == done.refusals
            steady = GridRow(unit_id=five[0].unit_id, state="no-such-state")
            assert "no new state" in check_grid(session=session, battle_id=battle,
                                                 rows=[steady])[five[0].unit_id]


def test_each_system_offers_its_disorder_and_morale_states(demo_cache: DemoCache,
                                                          tmp_path: Path) -> None:
    """BA-F2, BOW-1, LB-F2: the new states are the systems' own condition events."""
    for system, expected in (("belle-alliance", {"became-MD", "became-FD", "routed"}),
                             ("battles-of-waterloo", {"disorder", "routed", "rallied"}),
                             ("la-bataille", {"disordered", "routed"})):
        path = demo_cache.copy(system=system, dest=tmp_path / f"{system}.desk")
        with open_campaign(path) as store, store.session() as session:
            campaign = get_campaign(session, current_battle(session)[1].campaign_id)
            codes = {k.code for k in state_kinds(rules_of(campaign))}
        assert expected <= codes
