"""A claim refuses the other umpires' writes (issue 33): a unit's order (written, amended,
cancelled, undone), its events (one by one or in the casualties grid), a filled sheet's
orders, its place on the map (moved, taken back, put back), its coming as a reinforcement,
and the LIM cup's steps, each with one sentence naming the claimant and since when, and
nothing written; the claimant writes as before, and so does the chief once he
has taken the claim over."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from demo_cache import DemoCache
from service_helpers import all_rows
from sqlmodel import Session
from umpire_helpers import ANNE, BOB, battle_and_units, desk_of, name_umpires

from desk.services import versions
from desk.services.bounds.events import list_events, record_event, remove_event
from desk.services.bounds.grid import GridRow, record_grid
from desk.services.condition.reinforcements import schedule_reinforcement
from desk.services.errors import ClaimedError
from desk.services.lim import cup, draws, moves, undo
from desk.services.maps.placing import place_unit
from desk.services.orders.undo import restore_order
from desk.services.orders.write import amend_order, cancel_order, write_order
from desk.services.positions.record import position_version, remove_position, restore_position
from desk.services.umpires.claims import claim, take_over
from desk.store import CampaignStore

UNIT = "1/5e Ligne"  # VI Corps / 19e Division / Brigade Bellair: the corps' claim covers it
OTHER = "Horse Battery No. 11"  # Prussian: no one's claim
SINCE = r"since \d\d:\d\d UTC"


def _order(store: CampaignStore, battle: int, unit: int, text: str) -> int:
    """Write ``text`` as the unit's order, as a script does; the order's id."""
    with store.session() as session:
        seen = versions.order_version(session=session, battle_id=battle, unit_id=unit)
        return write_order(session=session, battle_id=battle, unit_id=unit, verbatim=text,
                           fields={"destination": text}, override_reason="tested",
                           seen_version=seen).id


def _each_refused(store: CampaignStore, writes: dict[str, Callable[[Session], object]]) -> None:
    """Each write refused in the one sentence naming Bob's claim on VI Corps."""
    for name, write in writes.items():
        with pytest.raises(ClaimedError) as refused, store.session() as session:
            write(session)
        assert re.fullmatch(rf"{re.escape(UNIT)}: VI Corps is claimed by {BOB} {SINCE}; "
                            r"nothing was changed \(the chief umpire may take the claim "
                            r"over\)", str(refused.value)), name


def _writes(battle: int, unit: int, order_id: int, event_id: int
            ) -> dict[str, Callable[[Session], object]]:
    """Every write of recorded play on one unit, each reading the version it guards."""
    def seen_order(s: Session) -> int | None:
        return versions.order_version(session=s, battle_id=battle, unit_id=unit)

    def seen_state(s: Session) -> int | None:
        return versions.state_version(session=s, battle_id=battle, unit_id=unit)

    return {
        "write": lambda s: write_order(session=s, battle_id=battle, unit_id=unit,
                                       fields={"destination": "the mill"}, verbatim="x",
                                       override_reason="x", seen_version=seen_order(s)),
        "amend": lambda s: amend_order(session=s, order_id=order_id, verbatim="y",
                                       seen_version=seen_order(s)),
        "cancel": lambda s: cancel_order(session=s, order_id=order_id,
                                         seen_version=seen_order(s)),
        "undo": lambda s: restore_order(session=s, battle_id=battle, unit_id=unit,
                                        snapshot=None, seen_version=seen_order(s)),
        "event": lambda s: record_event(session=s, battle_id=battle, unit_id=unit,
                                        kind="casualties", data={"losses": 1},
                                        seen_version=seen_state(s)),
        "strike": lambda s: remove_event(session=s, event_id=event_id, reason="x",
                                         seen_version=seen_state(s)),
    }


def test_a_claim_refuses_the_other_umpires_orders_and_events_and_nothing_changes(
        campaign: Path) -> None:
    name_umpires(campaign)
    with desk_of(campaign, BOB) as store:
        battle, units = battle_and_units(store)
        unit = units[UNIT]
        order_id = _order(store, battle, unit, "the farm")
        with store.session() as session:
            event_id = record_event(session=session, battle_id=battle, unit_id=unit,
                                    kind="casualties", data={"losses": 1},
                                    seen_version=versions.state_version(
                                        session=session, battle_id=battle, unit_id=unit)).id
            claim(session=session, battle_id=battle, command="VI Corps")
    writes = _writes(battle, unit, order_id, event_id)
    with desk_of(campaign, ANNE) as store:  # the chief: refused too, until he takes it over
        before = all_rows(store)
        _each_refused(store, writes)
        with store.session() as session:
            grid = record_grid(session=session, battle_id=battle, rows=[
                GridRow(unit_id=unit, casualties=1, seen_version=versions.state_version(
                    session=session, battle_id=battle, unit_id=unit))])
        assert grid.refused and f"claimed by {BOB}" in (grid.refusals or {})[unit]
        assert all_rows(store) == before
        _order(store, battle, units[OTHER], "the wood")  # a unit no one claimed: as before
    with desk_of(campaign, BOB) as store, store.session() as session:  # the claimant writes
        assert writes["amend"](session) is not None
        assert writes["event"](session) is not None
    with desk_of(campaign, ANNE) as store:
        with store.session() as session:
            take_over(session=session, battle_id=battle, reason="Bob left",
                      command="VI Corps")
        with store.session() as session:
            writes["cancel"](session)
            writes["strike"](session)
        with store.session() as session:
            assert len(list_events(session=session, battle_id=battle, unit_id=unit)) == 1


def test_a_claim_refuses_the_other_umpires_map_moves_and_reinforcements(
        campaign: Path) -> None:
    name_umpires(campaign)
    with desk_of(campaign, BOB) as store:
        battle, units = battle_and_units(store)
        unit = units[UNIT]
        with store.session() as session:  # the claimant's own move, which Anne might undo
            moved, _ = place_unit(session=session, battle_id=battle, unit_id=unit, x=120.0,
                                  y=140.0, seen_version=position_version(
                                      session=session, battle_id=battle, unit_id=unit))
        with store.session() as session:
            claim(session=session, battle_id=battle, command="VI Corps")

    def seen(s: Session, unit_id: int = unit) -> int | None:
        return position_version(session=s, battle_id=battle, unit_id=unit_id)

    writes: dict[str, Callable[[Session], object]] = {
        "move": lambda s: place_unit(session=s, battle_id=battle, unit_id=unit, x=300.0,
                                     y=200.0, seen_version=seen(s)),
        "undo move": lambda s: remove_position(session=s, battle_id=battle, position=moved,
                                               seen_version=seen(s)),
        "redo move": lambda s: restore_position(session=s, battle_id=battle, position=moved,
                                                seen_version=seen(s)),
        "reinforcement": lambda s: schedule_reinforcement(session=s, battle_id=battle,
                                                          unit_id=unit, due_bound=3),
    }
    with desk_of(campaign, ANNE) as store:
        before = all_rows(store)
        _each_refused(store, writes)
        assert all_rows(store) == before
        with store.session() as session:  # a unit no one claimed moves as before
            other = units[OTHER]
            place_unit(session=session, battle_id=battle, unit_id=other, x=300.0, y=200.0,
                       seen_version=seen(session, other))
    with desk_of(campaign, BOB) as store, store.session() as session:  # the claimant moves
        writes["move"](session)


@pytest.fixture
def ligny(demo_cache: DemoCache, tmp_path: Path) -> Path:
    """The Battles of Waterloo demo (a LIM cup), with Anne and Bob its umpires."""
    path = demo_cache.copy(system="battles-of-waterloo", dest=tmp_path / "ligny.desk")
    name_umpires(path)
    return path


def _draw(battle: int, chit: str | None = None) -> Callable[[Session], Any]:
    return lambda s: cup.record_draw(session=s, battle_id=battle, chit=chit,
                                     seen_version=versions.pool_version(session=s,
                                                                        battle_id=battle))


def test_a_claim_on_the_lim_cup_refuses_the_other_umpires_steps(ligny: Path) -> None:
    with desk_of(ligny, BOB) as store:
        battle, units = battle_and_units(store)
        with store.session() as session:
            before_step = undo.lim_snapshot(session=session, battle_id=battle)
            claim(session=session, battle_id=battle, lim=True)
        with store.session() as session:
            _draw(battle)(session)  # the claimant draws
        with store.session() as session:
            after_step = undo.lim_snapshot(session=session, battle_id=battle)
    with desk_of(ligny, ANNE) as store:
        rows = all_rows(store)
        steps: dict[str, Callable[[Session], object]] = {
            "draw": _draw(battle),
            "build": lambda s: draws.build_pool(session=s, battle_id=battle,
                                                seen_version=after_step.version),
            "move": lambda s: moves.record_move(session=s, battle_id=battle, seq=1,
                                                unit_id=next(iter(units.values())),
                                                movement="normal",
                                                seen_version=after_step.version),
            "undo": lambda s: undo.restore_lim_pool(
                session=s, battle_id=battle, snapshot=before_step, expect=after_step,
                seen_version=after_step.version),
        }
        for name, step in steps.items():
            with pytest.raises(ClaimedError) as refused, store.session() as session:
                step(session)
            assert re.fullmatch(rf"The LIM cup is claimed by {BOB} {SINCE}; nothing was "
                                r"changed \(the chief umpire may take the claim over\)",
                                str(refused.value)), name
        assert all_rows(store) == rows
