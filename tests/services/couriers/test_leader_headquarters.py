"""A command whose leader has no staff unit has its headquarters where the leader stands.

Issue 20: most leaders are placed on their own (no "and staff" unit); a
dispatch to such a command rides to the leader, not to the first unit of his
command that happens to be placed. Lobau's staff stands at 0; the 19e
Division's battery at 100 (one bound's ride); its leader placed on his own at
250 cm makes the ride three bounds (cm on the table, through the map's calibration).
"""

from __future__ import annotations

from couriers_demo import pixel, plancenoit
from service_helpers import call
from sqlmodel import select

from desk.services.couriers import set_courier_rules, write_dispatch
from desk.services.positions.leaders import leader_version, record_leader_position
from desk.store import CampaignStore
from desk.store.tables.oob import Command, Unit


def test_a_dispatch_rides_to_the_leader_without_a_staff_unit(store: CampaignStore) -> None:
    demo = plancenoit(store)
    call(store, set_courier_rules, campaign_id=1, overrides={
        "reach": "distance", "reach_distance": 40.0, "loss_chance": 0, "capture_chance": 0})
    division = demo.commands["19e Division"]
    with store.session() as session:
        command = session.get(Command, division)
        assert command is not None and command.leader_id is not None
        leader_id = command.leader_id
        staff = session.exec(select(Unit).where(Unit.command_id == division,
                                                Unit.arm == "staff")).all()
    assert not staff  # the division's leader has no staff unit
    before = call(store, write_dispatch, battle_id=demo.battle, writer_id=demo.leaders["Lobau"],
                  to_command_id=division, text="Advance", seen_bound=1)
    assert (before.distance, before.delay_bounds) == (100.0, 1)  # to the battery: no leader yet

    seen = call(store, leader_version, leader_id=leader_id)
    x, y = pixel(250.0, 0.0)
    call(store, record_leader_position, battle_id=demo.battle, leader_id=leader_id, x=x,
         y=y, seen_version=seen)
    after = call(store, write_dispatch, battle_id=demo.battle, writer_id=demo.leaders["Lobau"],
                 to_command_id=division, text="Advance again", seen_bound=1)
    assert after.distance == 250.0
    assert (after.due_bound, after.delay_bounds) == (4, 3)
