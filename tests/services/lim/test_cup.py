"""The LIM cup as at the table (issue 18): the pool shown with its clauses, chits recorded
from the cup or drawn from the bound's seed, moves checked against their own activation."""

from __future__ import annotations

import hashlib

import pytest
from scenario_demo import ligny
from service_helpers import all_rows, call, script

from desk.rules.coerce import as_list, as_mapping
from desk.services.campaign.scenarios import DEMO_MASTER_SEED
from desk.services.errors import LimError
from desk.services.lim import cup, moves, undo
from desk.services.lim.moves import MoveRefused
from desk.services.orders.write import write_order
from desk.services.rolls import demo_bound_seed, first_bound_seed
from desk.store import CampaignStore

VICHERY, PECHEUX = "Vichery's 13e Division", "Pécheux's 12e Division"
GIRARD = "Girard's 7e Division"


def _recompute(seed: str, purpose: str, n: int) -> int:
    """The documented procedure of desk/services/rolls.py, written again from its text."""
    k = 0
    while True:
        h = hashlib.sha256(f"umpires-desk/v1|{seed}|{purpose}|{k}".encode()).digest()
        x = int.from_bytes(h[:8], "big")
        if x < 2 ** 64 - 2 ** 64 % n:
            return x % n
        k += 1


def test_the_cup_shows_every_chit_with_its_clause_BOW_2_BOW_4_BOW_11(
        store: CampaignStore) -> None:
    battle, _ = ligny(store)
    view = call(store, cup.cup, battle_id=battle)
    items = {i.chit: i for i in view.items}
    assert view.phase == "operations" and view.activations == ()
    assert (items["IV Corps C/D"].status, items["IV Corps C/D"].clause) == ("in-cup", "BOW-2")
    detached = items["Girard's detachment (II Corps) C/D"]
    assert (detached.status, detached.clause) == ("removed", "BOW-4")
    assert "Orders LIM activates it" in detached.why
    assert (items["Orders"].status, items["French Orders"].status) == ("removed", "in-cup")
    assert items["Prussian Orders"].side == "Prussian"
    assert items["French Artillery"].clause == "BOW-F4"
    script(store, cup.record_draw, battle_id=battle, chit="iv corps c/d")  # case forgiven
    after = {i.chit: i for i in call(store, cup.cup, battle_id=battle).items}
    assert (after["IV Corps C/D"].status, after["IV Corps C/D"].drawn_seq) == ("drawn", 1)


def test_a_chit_not_in_the_cup_is_refused_with_the_clause_and_nothing_changes(
        store: CampaignStore) -> None:
    battle, _ = ligny(store)
    script(store, cup.record_draw, battle_id=battle, chit="IV Corps C/D")
    before = all_rows(store)
    for chit, words in (("IV Corps C/D", "already drawn"), ("Orders", "BOW-F4"),
                        ("Girard's detachment (II Corps) C/D", "no LIM called")):
        with pytest.raises(LimError, match=words):
            script(store, cup.record_draw, battle_id=battle, chit=chit, draw_anyway=True)
    assert all_rows(store) == before


def test_each_bound_has_its_own_seed_and_the_desk_draws_replay_from_it(
        store: CampaignStore) -> None:
    from desk.services.bounds.close import close_bound

    battle, _ = ligny(store)
    # Bound 1 too has a seed of its own (issue 27), the demo's from its master seed.
    first = call(store, cup.bound_seed, battle_id=battle)
    assert first == demo_bound_seed(DEMO_MASTER_SEED, battle="Ligny", bound=1)
    assert first != first_bound_seed(1606)
    call(store, close_bound, battle_id=battle, backup=False)
    seed = call(store, cup.bound_seed, battle_id=battle)
    assert seed not in (first, first_bound_seed(1606)) and int(seed, 16).bit_length() > 64
    drawn = []
    for _ in range(5):
        left = call(store, cup.cup, battle_id=battle).in_cup
        act = script(store, cup.record_draw, battle_id=battle, draw_anyway=True)
        assert act.source == "desk"
        assert act.lim == left[_recompute(seed, f"lim-draw:{act.seq}", len(left))]
        drawn.append(act.lim)
    # Undo the last draw and draw again: the same chit (the seed, not the clock, decides).
    snap = call(store, undo.lim_snapshot, battle_id=battle)
    assert len(set(drawn)) == 5 and as_mapping(as_list(snap.state["draws"])[-1])["source"] == "desk"


def test_activation_rolls_typed_or_rolled_by_the_desk_are_recorded_as_such_BOW_F1(
        store: CampaignStore) -> None:
    battle, _ = ligny(store)
    seed = call(store, cup.bound_seed, battle_id=battle)
    script(store, cup.choose_first, battle_id=battle, chit="French Orders")
    script(store, cup.take_option, battle_id=battle, option="activate-command")
    girard = _command_id(store, battle, "Girard's detachment (II Corps)")
    act = script(store, cup.record_roll, battle_id=battle, command_id=girard)
    assert (act.rolled_by, act.rating, act.command) == ("desk", 5, "Girard's detachment (II Corps)")
    assert act.roll == 1 + _recompute(seed, "activation:1:Girard's detachment (II Corps)", 10)
    assert act.success is (act.roll <= 5)
    # The Prussian Orders LIM cannot activate a French command (BOW-11).
    script(store, cup.record_draw, battle_id=battle, chit="Prussian Orders", draw_anyway=True)
    script(store, cup.take_option, battle_id=battle, option="activate-command")
    with pytest.raises(LimError, match="BOW-11"):
        script(store, cup.record_roll, battle_id=battle, command_id=girard, value=3)
    roder = _command_id(store, battle, "Reserve cavalry of I. Armeekorps (Röder)")
    typed = script(store, cup.record_roll, battle_id=battle, command_id=roder, value=9)
    assert (typed.rolled_by, typed.roll, typed.rating, typed.success) == ("typed", 9, 4, False)


def _command_id(store: CampaignStore, battle: int, name: str) -> int:
    from sqlmodel import select

    from desk.store.tables.oob import Command

    with store.session() as session:
        return next(c.id or 0 for c in session.exec(select(Command)) if c.name == name)


def test_orders_stand_and_moves_are_checked_against_their_own_LIM_not_a_later_one_BOW_2_BOW_4(
        store: CampaignStore) -> None:
    # The reported defect: IV Corps moved under its C/D LIM (draw 1); after a later Orders
    # LIM, Vichery's tactical order was refused under BOW-4. It must stand, no overrule.
    battle, ids = ligny(store)
    script(store, cup.record_draw, battle_id=battle, chit="IV Corps C/D")
    script(store, moves.record_move, battle_id=battle, seq=1, unit_id=ids[PECHEUX],
           movement="tactical", destination_hex="1208")
    script(store, cup.record_draw, battle_id=battle, chit="French Orders", draw_anyway=True)
    script(store, cup.take_option, battle_id=battle, option="activate-command")
    order = script(store, write_order, battle_id=battle, unit_id=ids[VICHERY],
                   fields={"movement": "tactical", "destination": "Saint-Amand"})
    assert (order.status, order.findings) == ("accepted", ())
    late = script(store, moves.record_move, battle_id=battle, seq=1, unit_id=ids[VICHERY],
                  movement="tactical", destination_hex="1209", path_hexes=["1309"])
    assert (late.row, late.status, late.path_hexes) == ("BOW-2", "accepted", ("1309",))
    # Under draw 2 (the Orders LIM, no roll yet) the same move is refused, citing BOW-4.
    with pytest.raises(MoveRefused) as refused:
        script(store, moves.record_move, battle_id=battle, seq=2, unit_id=ids[VICHERY],
               movement="tactical")
    assert [f.clause for f in refused.value.findings] == ["BOW-4"]


def test_a_move_under_a_lim_that_does_not_activate_the_unit_is_overruled_with_a_reason(
        store: CampaignStore) -> None:
    battle, ids = ligny(store)
    script(store, cup.record_draw, battle_id=battle, chit="III Corps C/D")
    before = all_rows(store)
    with pytest.raises(MoveRefused, match="BOW-2"):
        script(store, moves.record_move, battle_id=battle, seq=1, unit_id=ids[VICHERY],
               movement="tactical")
    with pytest.raises(LimError, match="hex"):  # a place name is no hex number
        script(store, moves.record_move, battle_id=battle, seq=1, unit_id=ids[VICHERY],
               movement="tactical", destination_hex="Saint-Amand-la-Haye",
               override_reason="x")
    assert all_rows(store) == before
    move = script(store, moves.record_move, battle_id=battle, seq=1, unit_id=ids[VICHERY],
                  movement="tactical", override_reason="Gérard's messenger arrived")
    assert (move.status, move.override_reason, move.row) == (
        "overruled", "Gérard's messenger arrived", "")


def test_drawing_with_units_still_to_move_asks_first(store: CampaignStore) -> None:
    battle, ids = ligny(store)
    script(store, write_order, battle_id=battle, unit_id=ids[VICHERY],
           fields={"movement": "tactical"})
    script(store, write_order, battle_id=battle, unit_id=ids[PECHEUX],
           fields={"movement": "none"})
    script(store, cup.record_draw, battle_id=battle, chit="IV Corps C/D")
    pending = call(store, moves.pending_moves, battle_id=battle)
    assert [(p.unit, p.ordered) for p in pending] == [(VICHERY, "tactical")]
    with pytest.raises(cup.PendingMoves, match="Vichery"):
        script(store, cup.record_draw, battle_id=battle)
    script(store, moves.record_move, battle_id=battle, seq=1, unit_id=ids[VICHERY],
           movement="tactical")
    assert call(store, moves.pending_moves, battle_id=battle) == ()
    assert script(store, cup.record_draw, battle_id=battle).seq == 2


def test_undo_takes_back_a_move_and_a_draw_exactly(store: CampaignStore) -> None:
    battle, ids = ligny(store)
    script(store, cup.record_draw, battle_id=battle, chit="IV Corps C/D")
    before_move = call(store, undo.lim_snapshot, battle_id=battle)
    rows_before = all_rows(store)
    script(store, moves.record_move, battle_id=battle, seq=1, unit_id=ids[VICHERY],
           movement="tactical", destination_hex="1209")
    after_move = call(store, undo.lim_snapshot, battle_id=battle)
    assert len(after_move.moves) == 1
    seen = call(store, cup.cup, battle_id=battle).version
    call(store, undo.restore_lim_pool, battle_id=battle, snapshot=before_move,
         expect=after_move, seen_version=seen)
    rows = all_rows(store)
    assert rows["lim_move"] == rows_before["lim_move"] == []
    seen = call(store, cup.cup, battle_id=battle).version
    call(store, undo.restore_lim_pool, battle_id=battle, snapshot=after_move,
         expect=call(store, undo.lim_snapshot, battle_id=battle), seen_version=seen)
    view = call(store, cup.cup, battle_id=battle)
    assert [(m.unit, m.destination_hex) for m in view.activations[0].moves] == [(VICHERY, "1209")]


def test_after_the_last_chit_the_phase_is_no_lim_and_no_check_cites_the_last_lim(
        store: CampaignStore) -> None:
    from desk.services.screens.lim_panel import lim_situation

    battle, _ = ligny(store)
    while call(store, cup.cup, battle_id=battle).in_cup:
        act = script(store, cup.record_draw, battle_id=battle, draw_anyway=True)
        if act.kind == "orders":
            script(store, cup.take_option, battle_id=battle, option="move-unit")
    assert call(store, cup.cup, battle_id=battle).phase == "no-lim"
    situation = call(store, lim_situation, battle_id=battle, command="IV Corps")
    assert situation["phase"] == "no-lim" and "lim_drawn" not in situation
