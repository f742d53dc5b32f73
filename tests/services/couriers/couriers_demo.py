"""The Plancenoit demo (Belle Alliance) with its headquarters placed, for the courier tests.

Places in cm on the table along one road: Lobau's staff at 0, the 19e Division's
battery at 100 (one bound's ride), Brigade Tromelin at 200 (two bounds), the 20e
Division's battery at 100 but beyond a Prussian brigade standing 10 cm off the
road, and 1/5e Ligne 30 cm from Lobau (within reach of 40). They stand on a
600 x 600 pixel map calibrated at 2 cm a pixel, the table's (0, 0) at pixel
(100, 100): the couriers measure through the calibration, never in pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

from service_helpers import call
from sqlmodel import select

from desk.services.campaign.scenarios import DEMO_MASTER_SEED, load_scenario
from desk.services.maps.board import calibrate_scale, import_map
from desk.services.maps.images import png_bytes
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.positions.record import position_version, record_position
from desk.services.queries import order_table
from desk.store import CampaignStore
from desk.store.tables.oob import Command, Leader

PLACES = {"Lobau and staff": (0.0, 0.0), "Foot battery 1/8e Artillerie": (100.0, 0.0),
          "1/107e Ligne": (200.0, 0.0), "Foot battery 2/8e Artillerie": (0.0, 100.0),
          "I/18th Infantry": (10.0, 50.0), "1/5e Ligne": (30.0, 0.0),
          "1/5e Léger": (0.0, -150.0), "Bülow and staff": (900.0, 900.0)}


SIZE = 600  # pixels a side; 2 cm a pixel


def pixel(x: float, y: float) -> tuple[float, float]:
    """The map's pixel of a place in cm on the table (PLACES' (0, 0) at pixel (100, 100))."""
    return 100.0 + x / 2, 100.0 + y / 2


@dataclass(frozen=True)
class Demo:
    """Ids of the demo's battle, units, commands and leaders by name."""

    battle: int
    units: dict[str, int]
    commands: dict[str, int]
    leaders: dict[str, int]


def plancenoit(store: CampaignStore, *, placed: bool = True) -> Demo:
    """The demo as a campaign, with the units of PLACES placed in bound 1."""
    info = call(store, create_campaign_from_scenario,
                data=load_scenario(rules_system="belle-alliance"), demo_seed=DEMO_MASTER_SEED)
    units = {r.unit: r.unit_id for r in call(store, order_table, battle_id=info.battle_id)}
    with store.session() as session:
        commands = {c.name: c.id or 0 for c in session.exec(select(Command))}
        leaders = {x.name: x.id or 0 for x in session.exec(select(Leader))}
    if placed:
        image = png_bytes(SIZE, SIZE, bytes([60, 140, 60]) * (SIZE * SIZE))
        shown = call(store, import_map, data=image, name="road.png", seen_version=None,
                     battle_id=info.battle_id)
        call(store, calibrate_scale, first=(0.0, 0.0), second=(50.0, 0.0), distance=100.0,
             unit="cm", seen_version=shown.version, battle_id=info.battle_id)
    for name, (x, y) in PLACES.items() if placed else ():
        seen = call(store, position_version, battle_id=info.battle_id, unit_id=units[name])
        px, py = pixel(x, y)
        call(store, record_position, battle_id=info.battle_id, unit_id=units[name], x=px, y=py,
             seen_version=seen)
    return Demo(info.battle_id, units, commands, leaders)
