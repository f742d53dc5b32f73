"""Courier fates are among the rolls a revealed seed lets the players recompute (issue 22)."""

from __future__ import annotations

from couriers_demo import plancenoit
from service_helpers import call

from desk.services.bounds.close import close_bound
from desk.services.couriers import set_courier_rules, write_dispatch
from desk.services.packets.seeds import revealed_seed
from desk.services.rolls import check_rolls
from desk.store import CampaignStore


def test_loss_and_capture_rolls_recompute_from_the_revealed_seed(
        store: CampaignStore) -> None:
    demo = plancenoit(store)
    lobau, b = demo.leaders["Lobau"], demo.battle
    call(store, set_courier_rules, campaign_id=1, overrides={
        "reach": "distance", "reach_distance": 40.0, "limit_per_leader": 5,
        "loss_chance": 30, "capture_chance": 50})
    for command in ("19e Division", "Brigade Tromelin", "Brigade Bony", "20e Division"):
        call(store, write_dispatch, battle_id=b, writer_id=lobau, seen_bound=1,
             to_command_id=demo.commands[command], text="Advance", route="chain")
    call(store, close_bound, battle_id=b, backup=False)
    shown = call(store, revealed_seed, bound=1)
    couriers = [r for r in shown.rolls if r.purpose.startswith("dispatch:")]
    assert len([r for r in couriers if r.purpose.endswith(":loss")]) == 4
    assert all(r.sides == 100 and r.rolled_by == "desk" for r in couriers)
    assert check_rolls(seed=shown.seed, records=shown.rolls) == ()
    assert check_rolls(seed="0" * 32, records=tuple(couriers)) != ()
