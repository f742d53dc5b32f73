"""A hex map's grid fixed by three clicked hex centres: pixel <-> hex both ways (LB hexes)."""

from __future__ import annotations

import math

import pytest
from map_samples import green_png
from scenario import scenario, unit
from service_helpers import all_rows, call

from desk.rules.hexgrid import Hex, HexGrid
from desk.services.maps.board import import_map
from desk.services.maps.calibration import solve_affine
from desk.services.maps.hexes import calibrate_hexes, hex_plane, hex_to_pixel, pixel_to_hex
from desk.services.maps.images import MapRefused
from desk.services.oob.importer import create_campaign_from_scenario
from desk.store import CampaignStore

# The worked example of desk/services/maps/hexes.py: even columns lower.
CENTRES = [(30.0, 26.0, "0101"), (120.0, 26.0, "0301"), (30.0, 78.0, "0102")]


@pytest.fixture
def hex_store(store: CampaignStore) -> CampaignStore:
    data = scenario("la-bataille", sides=[
        {"name": "French", "leaders": [], "commands": [{"name": "I Corps", "level": "corps",
                                                         "units": [unit("1/1er", "infantry",
                                                                        "line-infantry", 9)]}]},
        {"name": "Prussian", "leaders": [], "commands": [{"name": "I Korps", "level": "corps",
                                                           "units": [unit("1/1.", "infantry",
                                                                          "line-infantry", 9)]}]},
    ])
    data["hex_grid"] = {"first": "0101", "last": "3022", "lower_columns": "even"}
    call(store, create_campaign_from_scenario, data=data)
    return store


def test_three_centres_fix_the_grid_and_the_worked_example_holds(hex_store: CampaignStore) -> None:
    info = call(hex_store, import_map, data=green_png(400, 300), name="m.png", seen_version=None)
    info = call(hex_store, calibrate_hexes, centres=CENTRES, seen_version=info.version)
    assert info.hex_grid
    from desk.services.maps.board import calibration

    cal = call(hex_store, calibration)
    assert hex_to_pixel(cal, "0202") == pytest.approx((75.0, 104.0))
    assert pixel_to_hex(cal, (75, 104)) == "0202"
    # Every hex's own centre, and points well inside it, read back as that hex.
    for column in range(1, 8):
        for row in range(1, 5):
            number = f"{column:02d}{row:02d}"
            x, y = hex_to_pixel(cal, number) or (0, 0)
            for dx, dy in ((0, 0), (8, 0), (-8, 5), (0, -10), (5, 10)):
                assert pixel_to_hex(cal, (x + dx, y + dy)) == number, (number, dx, dy)
    assert pixel_to_hex(cal, (-500, -500)) is None  # off the map's numbering


def test_a_rotated_scan_reads_right() -> None:
    grid = HexGrid.from_dict({"first": "0101", "last": "3022", "lower_columns": "odd"})
    turn = math.radians(7)

    def photo(u: float, v: float) -> tuple[float, float]:  # 33 px a unit, turned 7°, moved
        return (33 * (u * math.cos(turn) - v * math.sin(turn)) + 50,
                33 * (u * math.sin(turn) + v * math.cos(turn)) + 20)

    picks = [Hex(2, 2), Hex(9, 3), Hex(4, 8)]
    affine = solve_affine([hex_plane(grid, h) for h in picks],
                          [photo(*hex_plane(grid, h)) for h in picks])
    cal = {"hex": {"affine": list(affine), "grid": grid.to_dict()}}
    for where in (Hex(12, 14), Hex(1, 1), Hex(27, 20)):
        assert pixel_to_hex(cal, photo(*hex_plane(grid, where))) == grid.format(where)


@pytest.mark.parametrize(("centres", "says"), [
    ([(30, 26, "0101"), (120, 26, "0301"), (210, 26, "0501")], "in a row"),
    ([(30, 26, "0101"), (120, 26, "0101"), (30, 78, "0102")], "three different hexes"),
    ([(30, 26, "0101"), (120, 26, "0301")], "three hex centres, not 2"),
    ([(30, 26, "0101"), (120, 26, "9999"), (30, 78, "0102")], "off the map"),
    ([(30, 26, "0101"), (120, 26, "0301"), (30, 978, "0102")], "outside the map"),
])
def test_bad_hex_calibrations_are_refused_and_change_nothing(
        hex_store: CampaignStore, centres: list[tuple[float, float, str]], says: str) -> None:
    info = call(hex_store, import_map, data=green_png(400, 300), name="m.png", seen_version=None)
    before = all_rows(hex_store)
    with pytest.raises(MapRefused, match=says):
        call(hex_store, calibrate_hexes, centres=centres, seen_version=info.version)
    assert all_rows(hex_store) == before


def test_a_battle_without_a_hex_grid_gets_no_hexes_from_its_map(store: CampaignStore) -> None:
    from scenario import belle_alliance

    call(store, create_campaign_from_scenario, data=belle_alliance())
    info = call(store, import_map, data=green_png(400, 300), name="m.png", seen_version=None)
    with pytest.raises(MapRefused, match="no hex grid"):
        call(store, calibrate_hexes, centres=CENTRES, seen_version=info.version)
