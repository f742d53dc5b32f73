"""The units under each activation of a Ligny turn (issue 27): every Orders LIM option and
the No LIM rolls list the units the Movement & Command table lets move, as the move
service checks them; a roll out of place cites its own clause; a move's hex is checked,
a move never takes a unit off the board, and a unit moves once under one LIM."""

from __future__ import annotations

import pytest
from scenario_demo import ligny
from service_helpers import all_rows, call, present, script
from sqlmodel import select

from desk.services.battles.diff import bound_diff
from desk.services.bounds.close import close_bound
from desk.services.errors import LimError
from desk.services.history import journal
from desk.services.lim import cup, moves
from desk.services.lim.units import activation_units
from desk.services.positions.queries import position_of
from desk.services.positions.record import record_position
from desk.store import CampaignStore
from desk.store.tables.oob import Command

RODER = "Reserve cavalry of I. Armeekorps (Röder)"
RODER_UNIT = "I Corps reserve cavalry (Röder)"


def _command(store: CampaignStore, name: str) -> int:
    with store.session() as session:
        return session.exec(select(Command.id).where(Command.name == name)).one() or 0


def _moving(store: CampaignStore, battle: int) -> dict[str, str]:
    return {u.unit: u.row for u in call(store, activation_units, battle_id=battle)
            if u.movement_types}


def _stay_clauses(store: CampaignStore, battle: int) -> set[str]:
    return {u.finding.clause for u in call(store, activation_units, battle_id=battle)
            if u.finding is not None}


def _place(store: CampaignStore, battle: int, unit_id: int, x: float, y: float) -> None:
    """The unit's marker on the map, by its map point (the demo's map has no hex grid)."""
    from desk.services.versions import state_version

    seen = call(store, state_version, battle_id=battle, unit_id=unit_id)
    call(store, record_position, battle_id=battle, unit_id=unit_id, x=x, y=y,
         source="scenario", seen_version=seen)


def _orders(store: CampaignStore, battle: int, option: str) -> None:
    script(store, cup.record_draw, battle_id=battle, chit="Prussian Orders")
    script(store, cup.take_option, battle_id=battle, option=option)


def test_an_orders_lim_activation_lists_the_activated_commands_units_BOW_4(
        store: CampaignStore) -> None:
    """The issue's evening: Prussian Orders, activate one command, Röder rolls 4 (rating 4)."""
    battle, ids = ligny(store)
    _orders(store, battle, "activate-command")
    act = script(store, cup.record_roll, battle_id=battle, command_id=_command(store, RODER),
                 value=4)
    assert (act.roll, act.rating, act.success) == (4, 4, True)
    assert _moving(store, battle) == {RODER_UNIT: "BOW-4"}
    assert "BOW-4" in _stay_clauses(store, battle)  # the others: another command activates
    move = script(store, moves.record_move, battle_id=battle, seq=1, unit_id=ids[RODER_UNIT],
                  movement="tactical")
    assert (move.row, move.status) == ("BOW-4", "accepted")


def test_a_failed_orders_activation_lists_no_unit_BOW_5(store: CampaignStore) -> None:
    battle, _ = ligny(store)
    _orders(store, battle, "activate-command")
    script(store, cup.record_roll, battle_id=battle, command_id=_command(store, RODER), value=9)
    assert _moving(store, battle) == {}
    assert "BOW-5" in _stay_clauses(store, battle)


def test_move_one_unit_lists_the_sides_units_until_one_has_moved_BOW_3(
        store: CampaignStore) -> None:
    battle, ids = ligny(store)
    _orders(store, battle, "move-unit")
    moving = _moving(store, battle)
    assert set(moving.values()) == {"BOW-3"} and len(moving) == 18  # every Prussian unit
    assert "Hulot's 14e Division" not in moving  # the Prussian Orders LIM moves no French unit
    script(store, moves.record_move, battle_id=battle, seq=1, unit_id=ids["9. Brigade (Borcke)"],
           movement="tactical")
    assert _moving(store, battle) == {"9. Brigade (Borcke)": "BOW-3"}
    assert "BOW-3" in _stay_clauses(store, battle)


def test_move_leaders_lists_no_unit_of_the_line_BOW_11(store: CampaignStore) -> None:
    battle, _ = ligny(store)
    _orders(store, battle, "move-leaders")
    assert _moving(store, battle) == {}  # the demo's units are no leader units
    assert _stay_clauses(store, battle) >= {"BOW-11"}


def test_no_lim_rolls_list_the_rolling_command_BOW_6_BOW_7(store: CampaignStore) -> None:
    battle, _ = ligny(store)
    while call(store, cup.cup, battle_id=battle).in_cup:
        act = script(store, cup.record_draw, battle_id=battle, draw_anyway=True)
        if act.kind == "orders":
            script(store, cup.take_option, battle_id=battle, option="move-unit")
    script(store, cup.record_roll, battle_id=battle, command_id=_command(store, "III Corps"),
           value=1)
    moving = _moving(store, battle)
    assert set(moving.values()) == {"BOW-6"} and len(moving) == 5
    script(store, cup.record_roll, battle_id=battle, command_id=_command(store, "IV Corps"),
           value=10, draw_anyway=True)
    assert _moving(store, battle) == {}
    assert "BOW-7" in _stay_clauses(store, battle)


def test_a_roll_while_chits_remain_cites_the_no_lim_phase_not_the_orders_lim_BOW_6(
        store: CampaignStore) -> None:
    battle, _ = ligny(store)
    script(store, cup.record_draw, battle_id=battle, chit="IV Corps C/D")
    before = all_rows(store)
    for command in ("III Corps", "II. Armeekorps"):  # a command of either side
        with pytest.raises(LimError) as refused:
            script(store, cup.record_roll, battle_id=battle,
                   command_id=_command(store, command), value=3)
        assert "(BOW-6)" in str(refused.value) and "BOW-11" not in str(refused.value)
        assert "still in it" in str(refused.value)
    assert all_rows(store) == before  # refused: nothing written
    script(store, cup.record_draw, battle_id=battle, chit="Prussian Orders", draw_anyway=True)
    with pytest.raises(LimError, match=r"option first.*\(BOW-11\)"):
        script(store, cup.record_roll, battle_id=battle, command_id=_command(store, RODER),
               value=3)
    script(store, cup.take_option, battle_id=battle, option="activate-command")
    with pytest.raises(LimError, match=r"only a Prussian command \(BOW-11\)"):
        script(store, cup.record_roll, battle_id=battle,
               command_id=_command(store, "Girard's detachment (II Corps)"), value=3)


def test_a_moves_hex_is_checked_and_never_takes_the_unit_off_the_board(
        store: CampaignStore) -> None:
    """The demo's map has no hex grid: a hex must still be a hex number, and the marker
    stays where it stood (the hex is kept with the move)."""
    battle, ids = ligny(store)
    vichery = ids["Vichery's 13e Division"]
    _place(store, battle, vichery, 765.0, 577.0)
    script(store, cup.record_draw, battle_id=battle, chit="IV Corps C/D")
    stood = present(call(store, position_of, battle_id=battle, unit_id=vichery))
    before = all_rows(store)
    for bad in ("banana", "12", "1209x"):
        with pytest.raises(LimError, match="is not a hex number"):
            script(store, moves.record_move, battle_id=battle, seq=1, unit_id=vichery,
                   movement="tactical", destination_hex=bad)
    assert all_rows(store) == before
    script(store, moves.record_move, battle_id=battle, seq=1, unit_id=vichery,
           movement="tactical", destination_hex="1209")
    now = present(call(store, position_of, battle_id=battle, unit_id=vichery))
    assert (now.hex, now.source) == ("1209", "move")
    assert (now.x, now.y) == (stood.x, stood.y) and stood.x is not None  # still on the board


def test_a_second_move_under_one_lim_is_refused_unless_it_replaces_the_first_BOW_2(
        store: CampaignStore) -> None:
    battle, ids = ligny(store)
    hulot = ids["Hulot's 14e Division"]
    script(store, cup.record_draw, battle_id=battle, chit="IV Corps C/D")
    script(store, moves.record_move, battle_id=battle, seq=1, unit_id=hulot,
           movement="tactical", destination_hex="2415")
    before = all_rows(store)
    with pytest.raises(moves.MoveExists, match=r"already has a move under LIM 1 "
                                                r"\(tactical → 2415\)"):
        script(store, moves.record_move, battle_id=battle, seq=1, unit_id=hulot,
               movement="reduced")
    assert all_rows(store) == before
    again = script(store, moves.record_move, battle_id=battle, seq=1, unit_id=hulot,
                   movement="reduced", destination_hex="2416", replace=True)
    assert (again.movement, again.destination_hex) == ("reduced", "2416")
    assert len(present(call(store, cup.cup, battle_id=battle).current).moves) == 1
    assert "replaces the move recorded before" in call(store, journal,
                                                       battle_id=battle)[-1].message


def test_the_bound_diff_shows_the_lim_moves_and_positions(store: CampaignStore) -> None:
    battle, ids = ligny(store)
    _place(store, battle, ids["Vichery's 13e Division"], 765.0, 577.0)
    script(store, cup.record_draw, battle_id=battle, chit="IV Corps C/D")
    script(store, moves.record_move, battle_id=battle, seq=1,
           unit_id=ids["Vichery's 13e Division"], movement="tactical", destination_hex="1209")
    call(store, close_bound, battle_id=battle, backup=False)
    diff = call(store, bound_diff, battle_id=battle, a=1, b=2)
    vichery = next(u for u in diff.units if u.unit == "Vichery's 13e Division")
    changes = {key: (old, new) for key, old, new in vichery.changes}
    assert changes["position"] == ("x 765, y 577", "hex 1209")
    assert changes["moves"] == (None, "bound 1 LIM 1 (IV Corps C/D): tactical → 1209")


def test_an_orders_destination_hex_at_the_close_never_takes_the_unit_off_the_board(
        store: CampaignStore) -> None:
    """The close writes a written order's destination hex as the unit's position; on this
    map without a hex grid the marker stays where it stood, carrying the hex (as a LIM
    move's does), rather than vanishing from the board."""
    from desk.services.orders.write import write_order

    battle, ids = ligny(store)
    hulot = ids["Hulot's 14e Division"]
    _place(store, battle, hulot, 700.0, 500.0)
    script(store, write_order, battle_id=battle, unit_id=hulot,
           fields={"movement": "tactical", "to_hex": "2415"}, verbatim="To 2415",
           override_reason="the umpire's test")
    call(store, close_bound, battle_id=battle)
    now = call(store, position_of, battle_id=battle, unit_id=hulot)
    assert now is not None and now.hex == "2415"
    assert (now.x, now.y) == (700.0, 500.0)
