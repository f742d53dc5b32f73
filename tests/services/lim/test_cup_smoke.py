"""Smoke: the cup services on the Ligny demo (a first whole-turn check; the full turn test
lives in test_bow_turn.py)."""

from __future__ import annotations

from scenario_demo import ligny
from service_helpers import call, script

from desk.services.lim import cup, moves
from desk.store import CampaignStore


def test_cup_lists_the_pool_and_a_recorded_chit_opens_an_activation_BOW_2(
        store: CampaignStore) -> None:
    battle, ids = ligny(store)
    view = call(store, cup.cup, battle_id=battle)
    assert view.phase == "operations"
    assert "IV Corps C/D" in view.in_cup
    act = script(store, cup.record_draw, battle_id=battle, chit="IV Corps C/D")
    assert (act.seq, act.lim, act.source, act.command) == (1, "IV Corps C/D", "cup", "IV Corps")
    move = script(store, moves.record_move, battle_id=battle, seq=1,
                  unit_id=ids["Vichery's 13e Division"], movement="tactical",
                  destination_hex="2314")
    assert (move.row, move.status) == ("BOW-2", "accepted")
