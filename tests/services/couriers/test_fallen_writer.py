"""A leader who fell, or whose staff was taken, writes no dispatch (issue 21, bad input).

RULES.md has no clause for a leader's fall: the rule is campaign data
(``data: leaders.lost_until_replaced``, ``data: losses.removed``), as issue 19 keeps it.
"""

from __future__ import annotations

import pytest
from couriers_demo import plancenoit
from service_helpers import call
from sqlmodel import func, select

from desk.services.bounds.events import record_event
from desk.services.couriers import write_dispatch
from desk.services.couriers.settings import CourierRefused
from desk.services.queries import unit_state
from desk.store import CampaignStore
from desk.store.tables.couriers import Dispatch


def _event(store: CampaignStore, battle: int, unit: int, kind: str, **data: str) -> None:
    with store.session() as session:
        seen = unit_state(session=session, battle_id=battle, unit_id=unit,
                          with_events=True).version
        record_event(session=session, battle_id=battle, unit_id=unit, kind=kind, data=data,
                     seen_version=seen)


def _write(store: CampaignStore, demo: object, to: str) -> object:
    return call(store, write_dispatch, battle_id=demo.battle,  # type: ignore[attr-defined]
                writer_id=demo.leaders["Lobau"], seen_bound=1,  # type: ignore[attr-defined]
                to_command_id=demo.commands[to], text="Hold the village",  # type: ignore[attr-defined]
                route="chain", delay=1)


def _dispatches(store: CampaignStore) -> int:
    with store.session() as session:
        return int(session.exec(select(func.count()).select_from(Dispatch)).one())


def test_a_lost_leader_writes_nothing_until_replaced(store: CampaignStore) -> None:
    demo = plancenoit(store)
    staff = demo.units["Lobau and staff"]
    _event(store, demo.battle, staff, "leader-lost", leader="Lobau", fate="wounded")
    with pytest.raises(CourierRefused, match="Lobau writes no dispatch: he is lost"):
        _write(store, demo, "19e Division")
    assert _dispatches(store) == 0  # nothing written
    _event(store, demo.battle, staff, "leader-replaced", leader="Durutte")
    _write(store, demo, "19e Division")
    assert _dispatches(store) == 1


def test_a_captured_staff_writes_nothing(store: CampaignStore) -> None:
    demo = plancenoit(store)
    _event(store, demo.battle, demo.units["Lobau and staff"], "captured")
    with pytest.raises(CourierRefused, match=r"his staff \(Lobau and staff\) is captured"):
        _write(store, demo, "20e Division")
    assert _dispatches(store) == 0
