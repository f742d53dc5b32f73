"""A move recorded under a LIM is also the unit's position, in the desk's one positions model
(issue 18), when that model (desk/services/positions) is installed."""

from __future__ import annotations

import pytest
from scenario_demo import ligny
from service_helpers import call, script

from desk.services.lim import cup, moves, undo
from desk.store import CampaignStore

positions = pytest.importorskip("desk.services.positions.queries")


def test_a_move_writes_the_position_tied_to_its_draw_and_undo_takes_it_back(
        store: CampaignStore) -> None:
    battle, ids = ligny(store)
    vichery = ids["Vichery's 13e Division"]
    act = script(store, cup.record_draw, battle_id=battle, chit="IV Corps C/D")
    before = call(store, undo.lim_snapshot, battle_id=battle)
    script(store, moves.record_move, battle_id=battle, seq=1, unit_id=vichery,
           movement="tactical", destination_hex="1209")
    where = call(store, positions.position_of, battle_id=battle, unit_id=vichery)
    assert (where.hex, where.source, where.lim_draw_id) == ("1209", "move", act.draw_id)
    after = call(store, undo.lim_snapshot, battle_id=battle)
    call(store, undo.restore_lim_pool, battle_id=battle, snapshot=before, expect=after,
         seen_version=call(store, cup.cup, battle_id=battle).version)
    again = call(store, positions.position_of, battle_id=battle, unit_id=vichery)
    assert again is None or again.source != "move"
