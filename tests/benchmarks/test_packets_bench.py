"""Benchmark: packets for 4 sides of 500 units each, maps included (run on demand).

Target (issue 22): the packets (fillable sheet, map view, situation report, mail
draft per side) take under 3 x the time to print the same fillable sheets alone, in
the same run. Run: ``.venv/bin/python -m pytest tests/benchmarks/test_packets_bench.py -s``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "services"))
from scenario import scenario, unit

from desk.services.common import current_battle
from desk.services.maps.board import calibrate_scale, import_map
from desk.services.maps.images import png_bytes
from desk.services.maps.placing import deploy_unplaced
from desk.services.oob.importer import create_campaign_file
from desk.services.packets.plan import packet_models
from desk.services.packets.players import add_player
from desk.services.printing.viewmodels import SheetMode
from desk.services.printing.views import order_sheet_model
from desk.sheets import OrderSheet
from desk.sheets.packets import write_packets
from desk.store import open_campaign

SIDES, PER_SIDE = ("French", "British", "Prussian", "Dutch"), 500
WIDTH, HEIGHT = 2_400, 1_600
pytestmark = pytest.mark.benchmark


def _four_sides() -> dict[str, object]:
    sides = []
    for name in SIDES:
        commands = [{"name": f"{name} Brigade {c + 1}", "level": "brigade",
                     "units": [unit(f"{name} battalion {c * 20 + i + 1}", "infantry",
                                    "line-infantry", 20) for i in range(20)]}
                    for c in range(PER_SIDE // 20)]
        sides.append({"name": name, "leaders": [], "commands": commands})
    return scenario("belle-alliance", sides=sides)


def four_sides_on_a_map(path: Path) -> None:
    """The campaign file of the four sides, each deployed in its quarter of a calibrated
    map (the packets' and the page's benchmarks' campaign)."""
    create_campaign_file(path=path, data=_four_sides())
    band = bytes((130, 160, 90)) * WIDTH
    with open_campaign(path) as store, store.session() as session:
        info = import_map(session=session, data=png_bytes(WIDTH, HEIGHT, band * HEIGHT),
                          name="field.png", seen_version=None)
        calibrate_scale(session=session, first=(0, 0), second=(1000, 0), distance=100,
                        unit="cm", seen_version=info.version)
    with open_campaign(path) as store, store.session() as session:
        battle_id = current_battle(session)[1].id or 0
        deploy_unplaced(session=session, battle_id=battle_id, spacing=20, zones={
            name: [20 + (i % 2) * 1200, 20 + (i // 2) * 800, 1180 + (i % 2) * 1200,
                   780 + (i // 2) * 800] for i, name in enumerate(SIDES)})


def test_packets_for_four_sides_of_500_within_three_times_the_sheets(tmp_path: Path) -> None:
    path = tmp_path / "four.desk"
    four_sides_on_a_map(path)
    with open_campaign(path) as store, store.session() as session:
        for name in SIDES:
            add_player(session=session, name=f"{name} player",
                       address=f"{name.lower()}@example.org", side=name)
    with open_campaign(path, read_only=True) as store:
        started = time.perf_counter()
        for name in SIDES:
            with store.session() as session:
                model = order_sheet_model(session=session, side=name, mode=SheetMode.BLANK,
                                          fillable=True)
            (tmp_path / f"{name}.pdf").write_bytes(OrderSheet().render(model))
        sheets = time.perf_counter() - started
        started = time.perf_counter()
        with store.session() as session:
            models = packet_models(session=session)
        written = write_packets(models, tmp_path / "packets")
        packets = time.perf_counter() - started
    assert len(written) == 4 and all(len(p.files) == 4 for p in written)
    print(f"\nsheets alone {sheets:.2f} s; packets {packets:.2f} s "
          f"({packets / sheets:.2f} x)")
    assert packets < 3 * sheets
