"""A courier's ride and a route's nearness to the enemy are measured in table centimetres,
through the map's calibration, the measure BA-9's distance uses (issue 27).

A 3000 x 2000 pixel map calibrated at 0.1 cm a pixel: Lobau's staff and the 19e
Division's battery stand 499 pixels apart, 49.9 cm, well within one bound's ride of
120 cm (the Belle Alliance "table" preset). Counted in pixels it was five bounds. A
Prussian brigade 200 pixels (20 cm) off the road is within the capture distance of
30 cm; counted in pixels it was 200 "units" away and never near.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from cli_run import desk
from couriers_demo import Demo, plancenoit
from service_helpers import call, present

from desk.services.couriers import set_courier_rules, write_dispatch
from desk.services.couriers.settings import HeadquartersUnplaced
from desk.services.maps.board import calibrate_scale, import_map, map_info
from desk.services.maps.images import png_bytes
from desk.services.maps.placing import place_unit
from desk.services.positions.record import position_version
from desk.store import CampaignStore, open_campaign

WIDTH, HEIGHT = 3000, 2000


@functools.cache
def _field() -> bytes:
    """The 3000 x 2000 pixel PNG (made once: six million pixels take a moment)."""
    return png_bytes(WIDTH, HEIGHT, bytes([60, 140, 60]) * (WIDTH * HEIGHT))


def _map(store: CampaignStore, *, unit: str = "cm") -> None:
    """The 3000 x 2000 map, 1,000 pixels = 100 cm (0.1 cm a pixel)."""
    info = call(store, import_map, data=_field(), name="field.png", seen_version=None)
    call(store, calibrate_scale, first=(0.0, 0.0), second=(1000.0, 0.0), distance=100.0,
         unit=unit, seen_version=info.version)


def _place(store: CampaignStore, demo: Demo, name: str, x: float, y: float) -> None:
    unit = demo.units[name]
    seen = call(store, position_version, battle_id=demo.battle, unit_id=unit)
    call(store, place_unit, battle_id=demo.battle, unit_id=unit, x=x, y=y, seen_version=seen)


def test_a_dispatch_49_9_cm_away_rides_one_bound_and_capture_counts_in_cm(
        store: CampaignStore) -> None:
    demo = plancenoit(store, placed=False)
    _map(store)
    assert present(call(store, map_info)).width == WIDTH
    call(store, set_courier_rules, campaign_id=1, overrides={"loss_chance": 0,
                                                            "capture_chance": 100})
    _place(store, demo, "Lobau and staff", 100.0, 100.0)
    _place(store, demo, "Foot battery 1/8e Artillerie", 599.0, 100.0)  # the 19e Division
    sent = call(store, write_dispatch, battle_id=demo.battle, writer_id=demo.leaders["Lobau"],
                to_command_id=demo.commands["19e Division"], text="Advance", seen_bound=1)
    assert sent.distance == pytest.approx(49.9)
    assert (sent.delay_bounds, sent.due_bound, sent.fate) == (1, 2, "in-transit")

    _place(store, demo, "I/18th Infantry", 350.0, 300.0)  # 200 px = 20 cm off the road
    taken = call(store, write_dispatch, battle_id=demo.battle, writer_id=demo.leaders["Lobau"],
                 to_command_id=demo.commands["19e Division"], text="Again", seen_bound=1)
    assert taken.rolls["nearest_enemy"] == pytest.approx(20.0)
    assert (taken.fate, taken.captor) == ("captured", "Prussian")


def test_a_map_without_a_table_scale_measures_no_ride(store: CampaignStore) -> None:
    """Calibrated in metres on the ground: no table distance, so the umpire gives the delay."""
    demo = plancenoit(store, placed=False)
    _map(store, unit="m")
    _place(store, demo, "Lobau and staff", 100.0, 100.0)
    _place(store, demo, "Foot battery 1/8e Artillerie", 599.0, 100.0)
    with pytest.raises(HeadquartersUnplaced, match="no scale in cm"):
        call(store, write_dispatch, battle_id=demo.battle, writer_id=demo.leaders["Lobau"],
             to_command_id=demo.commands["19e Division"], text="Advance", seen_bound=1)
    given = call(store, write_dispatch, battle_id=demo.battle, writer_id=demo.leaders["Lobau"],
                 to_command_id=demo.commands["19e Division"], text="Advance", seen_bound=1,
                 delay=2)
    assert (given.delay_bounds, given.distance) == (2, None)




def test_the_same_ride_through_desk_map_import_calibrate_and_dispatch(tmp_path: Path) -> None:
    path, image = tmp_path / "plancenoit.desk", tmp_path / "field.png"
    image.write_bytes(_field())
    assert desk("demo", str(path)).returncode == 0
    for args in (("map-import", str(path), str(image)),
                 ("map-calibrate", str(path), "--points", "0,0", "1000,0", "--distance",
                  "100", "--unit", "cm"),
                 ("couriers", str(path), "--set", "loss_chance=0", "--set",
                  "capture_chance=0")):
        done = desk(*args)
        assert done.returncode == 0, done.stderr
    with open_campaign(path) as store:
        from desk.services.common import current_battle
        from desk.services.queries import order_table

        with store.session() as session:
            battle = current_battle(session)[1].id or 0
        ids = {r.unit: r.unit_id for r in call(store, order_table, battle_id=battle)}
        demo = Demo(battle, ids, {}, {})
        _place(store, demo, "Lobau and staff", 100.0, 100.0)
        _place(store, demo, "Foot battery 1/8e Artillerie", 599.0, 100.0)
    sent = desk("dispatch", str(path), "--from", "Lobau", "--to",
                 "Foot battery 1/8e Artillerie", "--text", "Advance on Plancenoit")
    assert sent.returncode == 0, sent.stderr
    assert "due at bound 2" in sent.stdout
