"""Positions (desk/services/positions): one record per change, per unit, bound and activation.

The Leipzig demo starts every unit in its scenario hex; a record never
overwrites another; a bound starts from the last positions; undo and redo put
back exactly the row taken; a stale write or a hex off the map changes nothing.
"""

from __future__ import annotations

import pytest
from service_helpers import all_rows, call, present

from desk.services.bounds.close import close_bound
from desk.services.bounds.reopen import reopen_bound
from desk.services.campaign.scenarios import load_scenario
from desk.services.errors import ConcurrentChangeError
from desk.services.oob.export import export_oob_json
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.positions.queries import hex_map_of, history, position_of, positions_at
from desk.services.positions.record import (
    PositionRefused,
    position_version,
    record_position,
    remove_position,
    restore_position,
)
from desk.services.queries import order_table
from desk.store import CampaignStore


def _leipzig(store: CampaignStore) -> tuple[int, dict[str, int]]:
    info = call(store, create_campaign_from_scenario,
                data=load_scenario(rules_system="la-bataille"))
    return info.battle_id, {r.unit: r.unit_id for r in call(store, order_table,
                                                             battle_id=info.battle_id)}


def _place(store: CampaignStore, battle: int, unit: int, hex_number: str) -> int:
    seen = call(store, position_version, battle_id=battle, unit_id=unit)
    view, version = call(store, record_position, battle_id=battle, unit_id=unit,
                         hex=hex_number, seen_version=seen)
    assert view.hex == hex_number
    return int(version)


def test_every_leipzig_unit_starts_in_its_scenario_hex_on_the_scenario_grid(
        any_store: CampaignStore) -> None:
    battle, ids = _leipzig(any_store)
    placed = call(any_store, positions_at, battle_id=battle)
    assert set(placed) == set(ids.values())  # every unit, none left to ask for
    assert placed[ids["1/1er Régiment d'artillerie de marine"]].hex == "1410"
    assert {p.source for p in placed.values()} == {"scenario"}
    hexmap = call(any_store, hex_map_of, battle_id=battle)
    assert hexmap is not None and hexmap.terrain_of("1410") == "village"
    assert hexmap.has_road("0506") and (hexmap.grid.first, hexmap.grid.last) == ("0101", "3022")
    # The export carries the grid and the hexes, so a campaign imported again starts there.
    exported = call(any_store, export_oob_json, battle_id=battle)
    assert exported["hex_grid"]["roads"][0] == "0104"
    assert exported["sides"][1]["commands"][0]["commands"][1]["units"][2]["hex"] == "0506"


def test_a_record_never_overwrites_and_a_bound_starts_from_the_last_positions(
        store: CampaignStore) -> None:
    battle, ids = _leipzig(store)
    hussars = ids["Brandenburg Hussars"]
    _place(store, battle, hussars, "0310")
    _place(store, battle, hussars, "0411")  # moved again in the same bound
    call(store, close_bound, battle_id=battle, backup=False)
    assert present(call(store, position_of, battle_id=battle, unit_id=hussars)).hex == "0411"
    _place(store, battle, hussars, "0512")  # bound 2
    steps = call(store, history, unit_id=hussars)
    assert [(p.bound, p.hex, p.source) for p in steps] == [
        (1, "0209", "scenario"), (1, "0310", "umpire"), (1, "0411", "umpire"),
        (2, "0512", "umpire")]
    # Looking back: bound 1 ends at 0411; bound 2 at 0512.
    looking_back = call(store, position_of, battle_id=battle, unit_id=hussars, bound=1)
    assert present(looking_back).hex == "0411"
    assert call(store, positions_at, battle_id=battle, bound=2)[hussars].hex == "0512"


def test_undo_takes_back_exactly_the_row_and_redo_puts_it_back(store: CampaignStore) -> None:
    battle, ids = _leipzig(store)
    uhlans = ids["Brandenburg Uhlans"]
    before = all_rows(store)
    seen = call(store, position_version, battle_id=battle, unit_id=uhlans)
    view, version = call(store, record_position, battle_id=battle, unit_id=uhlans, hex="0311",
                         seen_version=seen)
    version = call(store, remove_position, battle_id=battle, position=view, seen_version=version)
    assert present(call(store, position_of, battle_id=battle, unit_id=uhlans)).hex == "0210"
    after_undo = all_rows(store)
    assert {t: after_undo[t] for t in before if t not in ("journal", "unit_state")} == \
        {t: before[t] for t in before if t not in ("journal", "unit_state")}
    call(store, restore_position, battle_id=battle, position=view, seen_version=version)
    again = present(call(store, position_of, battle_id=battle, unit_id=uhlans))
    assert (again.id, again.hex) == (view.id, "0311")


def test_a_stale_write_or_a_hex_off_the_map_changes_nothing(store: CampaignStore) -> None:
    battle, ids = _leipzig(store)
    dragoons = ids["Lithuanian Dragoons"]
    seen = call(store, position_version, battle_id=battle, unit_id=dragoons)
    _place(store, battle, dragoons, "0411")  # another umpire, meanwhile
    before = all_rows(store)
    with pytest.raises(ConcurrentChangeError):
        call(store, record_position, battle_id=battle, unit_id=dragoons, hex="0512",
             seen_version=seen)
    fresh = call(store, position_version, battle_id=battle, unit_id=dragoons)
    for bad, words in (("3123", "Hex: hex 3123 is off the map, whose hexes run from 0101 to "
                                "3022."),
                       ("23x4", "Hex: '23x4' is not a hex number")):
        with pytest.raises(PositionRefused) as refused:
            call(store, record_position, battle_id=battle, unit_id=dragoons, hex=bad,
                 seen_version=fresh)
        assert str(refused.value).startswith(words)
    assert all_rows(store) == before


def test_an_order_moves_its_unit_at_the_close_and_a_reopen_takes_the_move_back(
        store: CampaignStore) -> None:
    from desk.services.positions.grid import record_order_moves

    battle, ids = _leipzig(store)
    unit = ids["I/Brandenburg Infantry"]
    with store.session() as session:  # what the close does with an executed order
        from desk.services.common import get_bound

        bound = get_bound(session, battle, 1)
        assert record_order_moves(session, bound_id=bound.id or 0,
                                  orders={unit: {"to_hex": "1110"}}) == 1
    call(store, close_bound, battle_id=battle, backup=False)
    assert present(call(store, position_of, battle_id=battle, unit_id=unit)).hex == "1110"
    call(store, reopen_bound, battle_id=battle, backup=False)
    with store.session() as session:
        from sqlmodel import select

        from desk.store.tables.positions import Position

        sources = sorted(p.source for p in session.exec(
            select(Position).where(Position.unit_id == unit)))
    # A reopen removes the order moves of the bound it reopens, and nothing else.
    assert sources == ["scenario"]


def test_a_scenario_hex_off_its_grid_is_refused_with_the_units_place(
        store: CampaignStore) -> None:
    from desk.services.errors import ImportRefused

    data = load_scenario(rules_system="la-bataille")
    data["sides"][0]["commands"][0]["units"][0]["hex"] = "3123"
    before = all_rows(store)
    with pytest.raises(ImportRefused) as refused:
        call(store, create_campaign_from_scenario, data=data)
    assert str(refused.value) == ("sides[0].commands[0].units[0]: hex 3123 is off the map, "
                                  "whose hexes run from 0101 to 3022.")
    assert all_rows(store) == before
    data["hex_grid"] = {"first": "0101", "last": "3022", "lower_columns": "left"}
    with pytest.raises(ImportRefused, match=r"^hex_grid: The lower columns are"):
        call(store, create_campaign_from_scenario, data=data)
