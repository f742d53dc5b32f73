"""Battles of Waterloo through the services: a turn's LIM pool, drawn, rolled and replayed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from scenario import scenario, unit
from service_helpers import call, present, script

from desk.services.bounds.close import close_bound
from desk.services.bounds.reopen import reopen_bound
from desk.services.errors import LimError
from desk.services.history import journal
from desk.services.lim import cup, moves
from desk.services.lim import draws as lim
from desk.services.lim.moves import MoveRefused
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.queries import order_table
from desk.store import CampaignStore

CHITS = {"III Corps C/D", "II. Korps C/D", "French Strategic Movement",
         "Prussian Strategic Movement", "Orders", "French Artillery"}


def _battle(store: CampaignStore) -> tuple[int, dict[str, int]]:
    sp = {"strength_unit": "SP"}
    data = scenario("battles-of-waterloo", lims=["French Artillery"], sides=[
        {"name": "French", "leaders": [{"name": "Vandamme", "rating": 3},
                                       {"name": "Gérard", "rating": 4}],
         "commands": [
             {"name": "III Corps", "level": "corps", "leader": "Vandamme",
              "units": [unit("Lefol", "infantry", "infantry", 6, **sp)]},
             # BOW-4: not eligible for the pool, it moves only if the Orders LIM activates it.
             {"name": "IV Corps", "level": "corps", "leader": "Gérard", "lim_eligible": False,
              "units": [unit("Pécheux", "infantry", "infantry", 5, **sp)]}]},
        {"name": "Prussian", "leaders": [{"name": "Pirch", "rating": 2}],
         "commands": [{"name": "II. Korps", "level": "corps", "leader": "Pirch",
                       "units": [unit("5. Brigade", "infantry", "infantry", 7, **sp)]}]}])
    info = call(store, create_campaign_from_scenario, data=data)
    return info.battle_id, {r.unit: r.unit_id for r in call(store, order_table,
                                                             battle_id=info.battle_id)}


def _draw_all(store: CampaignStore, battle: int, *, roll: int, command: int,
              after_roll: Callable[[], None] | None = None) -> list[str]:
    drawn: list[str] = []
    while call(store, lim.lim_pool, battle_id=battle).remaining:
        # The initiative winner takes the Orders LIM first, so the turn's Operations go on.
        draw = script(store, lim.draw_lim, battle_id=battle, first=None if drawn else "Orders")
        drawn.append(draw.lim)
        if draw.lim == "Orders":
            script(store, lim.choose_orders_option, battle_id=battle, option="activate-command")
            script(store, lim.record_activation, battle_id=battle, command_id=command, roll=roll)
            if after_roll is not None:
                after_roll()
    return drawn


def test_BOW_F4_BOW_5_BOW_F3_turn_draws_the_whole_pool_and_a_failed_roll_idles(
        any_store: CampaignStore) -> None:
    battle, ids = _battle(any_store)
    iv_corps = 2
    refusals: list[set[str]] = []

    def order_for_the_idle_command() -> None:
        # The written order is the turn's intent and stands (issue 18); the move under the
        # failed activation is what the table refuses (BOW-5).
        script(any_store, write_order, battle_id=battle, unit_id=ids["Pécheux"],
               fields={"movement": "tactical", "destination": "Saint-Amand"})
        seq = present(call(any_store, cup.current_activation, battle_id=battle)).seq
        with pytest.raises(MoveRefused) as refused:
            script(any_store, moves.record_move, battle_id=battle, seq=seq,
                   unit_id=ids["Pécheux"], movement="tactical")
        refusals.append({f.clause for f in refused.value.findings})

    drawn = _draw_all(any_store, battle, roll=9, command=iv_corps,  # 9 > Gérard's 4: fails
                      after_roll=order_for_the_idle_command)
    assert refusals == [{"BOW-5"}]
    assert set(drawn) == CHITS and len(drawn) == len(CHITS)
    with pytest.raises(LimError, match="every LIM"):
        script(any_store, lim.draw_lim, battle_id=battle)
    pool = call(any_store, lim.lim_pool, battle_id=battle)
    assert pool.idle_commands == ("IV Corps",)
    orders_draw = next(d for d in pool.draws if d.lim == "Orders")
    assert (orders_draw.orders_option, orders_draw.command_id, orders_draw.roll,
            orders_draw.rating, orders_draw.success) == ("activate-command", iv_corps, 9, 4, False)
    lines = [j for j in call(any_store, journal, battle_id=battle) if j.kind == "lim"]
    assert len([j for j in lines if j.message.startswith("LIM ")]) == len(CHITS)
    assert any(j.clause == "BOW-5" and "fails" in j.message for j in lines)


    # The next turn's pool has every chit back and nobody idle (BOW-F3 lasts one turn).
    call(any_store, close_bound, battle_id=battle, backup=False)
    fresh = call(any_store, lim.lim_pool, battle_id=battle)
    assert (fresh.bound, set(fresh.remaining), fresh.idle_commands) == (2, CHITS, ())
    assert call(any_store, lim.lim_pool, battle_id=battle, bound=1).draws == pool.draws


def test_reopen_keeps_the_bound_seed_and_a_new_bound_gets_a_fresh_one(
        any_store: CampaignStore) -> None:
    # Issue 18: one seed per bound. Reopening bound 1 keeps bound 1's seed; the bound 2
    # opened by closing again has a new random seed, not the discarded bound 2's.
    battle, _ = _battle(any_store)
    one = call(any_store, cup.bound_seed, battle_id=battle)
    call(any_store, close_bound, battle_id=battle, backup=False)
    two = call(any_store, cup.bound_seed, battle_id=battle)
    first = _draw_all(any_store, battle, roll=1, command=2)
    call(any_store, reopen_bound, battle_id=battle, discard_next=True)
    assert call(any_store, cup.bound_seed, battle_id=battle) == one
    call(any_store, close_bound, battle_id=battle, backup=False)
    again = call(any_store, cup.bound_seed, battle_id=battle)
    assert len({one, two, again}) == 3 and all(len(s) == 32 for s in (one, two, again))
    assert sorted(_draw_all(any_store, battle, roll=1, command=2)) == sorted(first)


def test_BOW_11_an_option_needs_the_orders_lim(store: CampaignStore) -> None:
    battle, _ = _battle(store)
    # The cup is shuffled from the bound's random seed: the Orders LIMs may come first.
    drawn = 1
    while (draw := script(store, lim.draw_lim, battle_id=battle)).lim == "Orders":
        drawn += 1
    with pytest.raises(LimError, match="BOW-11"):
        script(store, lim.choose_orders_option, battle_id=battle, option="move-unit")
    view = script(store, lim.idle_command, battle_id=battle, command_id=1, reason="umpire's call")
    assert "III Corps" in view.idle_commands
    assert draw.seq == drawn
