"""A whole bound of losses and condition in each system: recorded, refused, struck out,
carried by the close, and taken back by a reopen (data: losses.*, morale.*, BA-F2, LB-F2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from condition_helpers import battle_id, demo, event, state, units
from demo_cache import DemoCache
from service_helpers import all_rows

from desk.services.bounds.close import close_bound
from desk.services.bounds.events import list_events, remove_event
from desk.services.bounds.reopen import reopen_bound
from desk.services.condition.strengths import strengths_now
from desk.services.errors import ServiceError
from desk.services.queries import unit_state
from desk.store import CampaignStore, open_campaign


def _close(path: Path) -> None:
    with open_campaign(path) as store:
        bid = battle_id(store)
        with store.session() as session:
            close_bound(session=session, battle_id=bid, backup=False)


def test_a_belle_alliance_bound_of_losses_md_fd_rout_rally_is_carried_and_undone(
        tmp_path: Path, demo_cache: DemoCache) -> None:
    path = demo(demo_cache, tmp_path, "belle-alliance")
    with open_campaign(path) as store:
        foot = [u for u in units(store, "infantry") if u[2] >= 20]  # battalions, not tirailleurs
        assert len(foot) >= 7
        (a, _, sa), (b, _, sb), (c, _, _), (d, _, _), (e, _, se), (f, _, _) = foot[:6]
        event(store, a, "casualties", losses=3, cause="musketry")
        event(store, a, "casualties", losses=2)
        event(store, b, "became-MD")
        event(store, c, "became-FD")
        event(store, d, "routed")
        event(store, d, "rallied", disorder="LD")
        event(store, e, "skirmishers-detached", figures=4)
        event(store, e, "casualties", losses=1)
        event(store, f, "leader-lost", leader="Colonel Roussel", fate="killed")
        rows = all_rows(store)
        with pytest.raises(ServiceError, match=rf"{sa} figures lost is more than the unit's "
                           rf"{sa - 5} \(data: losses.casualties\)"):
            event(store, a, "casualties", losses=sa)  # 5 already lost
        with pytest.raises(ServiceError, match=r"nothing to rally \(data: morale.rally\)"):
            event(store, foot[6][0], "rallied")  # a steady battalion
        assert all_rows(store) == rows  # refused: nothing written, not even a version
        assert state(store, a)["strength"] == sa - 5
        assert state(store, d)["disorder"] == "LD" and state(store, d)["routed"] is False
        bid = battle_id(store)
        with store.session() as session:
            now = strengths_now(session=session, battle_id=bid)
        assert (now[e].strength, now[e].effective) == (se - 5, se - 1)  # skirmishers: its men
    _close(path)
    with open_campaign(path) as store:
        assert state(store, a, now=False)["strength"] == sa - 5
        assert state(store, b, now=False)["disorder"] == "MD"
        assert state(store, c, now=False)["disorder"] == "FD"
        assert state(store, d, now=False)["disorder"] == "LD"
        after_e = state(store, e, now=False)
        assert (after_e["strength"], after_e["skirmishers"]) == (se - 5, 4)
        assert state(store, f, now=False)["leader_lost"] is True
        assert "4 figures out as skirmishers" in _lines(store, e)
        event(store, e, "skirmishers-returned", lost=1)
        assert state(store, e)["strength"] == se - 2
        event(store, f, "leader-replaced", leader="Major Faure")
        assert "Led by Major Faure" in _lines(store, f)
        bid = battle_id(store)
        with store.session() as session:
            struck = list_events(session=session, battle_id=bid, unit_id=f)
            seen = unit_state(session=session, battle_id=bid, unit_id=f,
                              with_events=True).version
            remove_event(session=session, event_id=struck[-1].id, reason="typed in error",
                         seen_version=seen)
        assert state(store, f)["leader_lost"] is True  # the replacement struck: none again
        assert sb == state(store, b)["strength"]
    with open_campaign(path) as store:
        bid = battle_id(store)
        with store.session() as session:
            reopen_bound(session=session, battle_id=bid, discard_next=True, backup=False)
    with open_campaign(path) as store:
        assert state(store, a)["strength"] == sa - 5  # bound 1 open again, its events kept
        assert state(store, a, now=False)["strength"] == sa


def _lines(store: CampaignStore, unit_id: int) -> tuple[str, ...]:
    bid = battle_id(store)
    with store.session() as session:
        return unit_state(session=session, battle_id=bid, unit_id=unit_id,
                          with_events=True).lines


def test_a_la_bataille_bound_of_increments_lost_rout_rally_and_capture_LB_F2(
        tmp_path: Path, demo_cache: DemoCache) -> None:
    path = demo(demo_cache, tmp_path, "la-bataille")
    with open_campaign(path) as store:
        foot = [u for u in units(store, "infantry") if u[2] >= 5]
        (a, _, sa), (b, _, _), (c, _, sc), (d, _, sd) = foot[:4]
        event(store, a, "increments-lost", increments=2)
        event(store, b, "routed")
        event(store, c, "disordered")
        event(store, c, "rallied")
        event(store, d, "captured")
        rows = all_rows(store)
        with pytest.raises(ServiceError, match=r"more than the unit's .*data: losses.casualties"):
            event(store, a, "increments-lost", increments=sa)
        with pytest.raises(ServiceError, match=r"captured: nothing more happens to it"):
            event(store, d, "casualties", losses=1)
        assert all_rows(store) == rows
    _close(path)
    with open_campaign(path) as store:
        assert state(store, a, now=False)["strength"] == sa - 2
        assert state(store, b, now=False)["disorder"] == "routed"
        assert state(store, c, now=False)["disorder"] == "good-order"
        captured = state(store, d, now=False)
        assert (captured["strength"], captured["status"], captured["removed_strength"]) == (
            0, "captured", sd)
        assert sc == state(store, c)["strength"]
        assert "No longer in the battle: captured" in _lines(store, d)


def test_a_battles_of_waterloo_turn_of_sp_lost_rout_rally_and_a_unit_leaving(
        tmp_path: Path, demo_cache: DemoCache) -> None:
    path = demo(demo_cache, tmp_path, "battles-of-waterloo")
    with open_campaign(path) as store:
        foot = [u for u in units(store, "infantry") if u[2] >= 5]
        (a, _, sa), (b, _, _), (c, _, sc) = foot[:3]
        event(store, a, "casualties", losses=2, cause="fire")
        event(store, b, "routed")
        event(store, c, "left-table", where="north edge")
        with pytest.raises(ServiceError, match=r"nothing to rally \(data: morale.rally\)"):
            event(store, a, "rallied")
        with pytest.raises(ServiceError, match=r"more than the unit's"):
            event(store, a, "casualties", losses=sa)
    _close(path)
    with open_campaign(path) as store:
        assert state(store, a, now=False)["strength"] == sa - 2
        routed = state(store, b, now=False)
        assert (routed["disorder"], routed["routed"]) == ("disrupted", True)
        event(store, b, "rallied")
        assert state(store, b)["disorder"] == "none"
        gone = state(store, c, now=False)
        assert (gone["status"], gone["strength"]) == ("left-table", sc)  # its men not lost
