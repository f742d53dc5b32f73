"""Speed of information travelling (issue 31; run on demand: pytest tests/benchmarks -s).

Targets: the close of a bound of 2,000 units in 60 commands with "information travels"
on within 2 × the same close with it off, in the same run (processor time, the machine
being shared; wall-clock printed beside it); a headquarters' view (the army's knowledge,
its packet map with the belief, and the umpire's debrief of every headquarters) under
1 s. Each side: an army over 3 corps over 26 brigades of 38 or 39 battalions, every
command with its leader, all placed on a calibrated map, half the units with an order (as
the close benchmark of test_services_bench); the two files are copies of one.
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "services"))

from scenario import scenario, unit

from desk.services.bounds.close import close_bound
from desk.services.couriers import set_courier_rules
from desk.services.knowledge.belief import knowledge, side_belief
from desk.services.knowledge.debrief import debrief_model
from desk.services.maps.board import calibrate_scale, import_map
from desk.services.maps.images import png_bytes
from desk.services.maps.placing import deploy_unplaced
from desk.services.maps.view import map_view_model
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.store import CampaignStore, open_campaign

pytestmark = pytest.mark.benchmark

UNITS, SIZE = 2000, 2000


def _leader(name: str) -> dict[str, Any]:
    return {"name": name, "rank": "General", "rating": 3, "command_range": 60}


def _side(name: str, first: int, count: int) -> dict[str, Any]:
    """An army of 3 corps, 26 brigades between them, ``count`` battalions numbered on."""
    brigades, leaders = [], [_leader(f"{name} army leader")]
    per = count / 26
    for b in range(26):
        lo, hi = first + round(b * per), first + round((b + 1) * per)
        leaders.append(_leader(f"{name} brigadier {b + 1}"))
        brigades.append({"name": f"{name} brigade {b + 1}", "level": "brigade",
                         "leader": f"{name} brigadier {b + 1}",
                         "units": [unit(f"{name} battalion {i + 1}", "infantry",
                                        "line-infantry", 20) for i in range(lo, hi)]})
    corps = []
    for c in range(3):
        leaders.append(_leader(f"{name} corps leader {c + 1}"))
        corps.append({"name": f"{name} corps {c + 1}", "level": "corps",
                      "leader": f"{name} corps leader {c + 1}",
                      "units": [unit(f"{name} corps staff {c + 1}", "staff", "staff", 3)],
                      "commands": brigades[c * 9:(c + 1) * 9]})
    army = {"name": f"{name} army", "level": "army", "leader": f"{name} army leader",
            "units": [unit(f"{name} army staff", "staff", "staff", 3)], "commands": corps}
    return {"name": name, "leaders": leaders, "commands": [army]}


def _campaign(path: Path) -> int:
    half = UNITS // 2
    data = scenario("belle-alliance", sides=[_side("French", 0, half - 4),
                                             _side("Allied", 0, UNITS - half - 4)])
    with open_campaign(path, create=True) as store:
        with store.session() as session:
            battle = create_campaign_from_scenario(session=session, data=data).battle_id
        with store.session() as session:
            shown = import_map(session=session, data=png_bytes(
                SIZE, SIZE, bytes([60, 140, 60]) * (SIZE * SIZE)), name="field.png",
                seen_version=None, battle_id=battle)
            calibrate_scale(session=session, first=(0.0, 0.0), second=(1000.0, 0.0),
                            distance=100.0, unit="cm", seen_version=shown.version,
                            battle_id=battle)
        with store.session() as session:  # half the units with orders, as on a club evening
            for unit_id in range(1, UNITS + 1, 2):
                write_order(session=session, battle_id=battle, unit_id=unit_id,
                            fields={"destination": "the ridge"}, seen_version=None)
        with store.session() as session:
            deploy_unplaced(session=session, battle_id=battle, spacing=20.0,
                            zones={"French": [20, 20, 980, 1980],
                                   "Allied": [1020, 20, 1980, 1980]})
    return battle


def _close(store: CampaignStore, battle: int) -> tuple[float, float]:
    with store.session() as session:
        wall, cpu = time.perf_counter(), time.process_time()
        close_bound(session=session, battle_id=battle, backup=False)
        return time.perf_counter() - wall, time.process_time() - cpu


def _timed(store: CampaignStore, fn: Any, **kwargs: Any) -> tuple[float, Any]:
    with store.session() as session:
        start = time.perf_counter()
        result = fn(session=session, **kwargs)
        return time.perf_counter() - start, result


def test_a_close_with_information_travelling_and_a_headquarters_view(tmp_path: Path) -> None:
    off_path = tmp_path / "off.desk"
    battle = _campaign(off_path)
    on_path = tmp_path / "on.desk"
    shutil.copy(off_path, on_path)
    off, on = open_campaign(off_path), open_campaign(on_path)
    with on.session() as session:
        set_courier_rules(session=session, campaign_id=1,
                          overrides={"information_travels": True})
    closes: dict[str, list[tuple[float, float]]] = {"off": [], "on": []}
    for _ in range(4):  # alternately, so a busy moment of the machine hits both
        closes["off"].append(_close(off, battle))
        closes["on"].append(_close(on, battle))
    best = {k: (min(w for w, _ in v), min(c for _, c in v)) for k, v in closes.items()}
    ratio = best["on"][1] / best["off"][1]
    print(f"\nclose, {UNITS} units in 60 commands: information travels off "
          f"{best['off'][1] * 1000:.0f} ms CPU ({best['off'][0] * 1000:.0f} ms wall), on "
          f"{best['on'][1] * 1000:.0f} ms CPU ({best['on'][0] * 1000:.0f} ms wall): "
          f"x{ratio:.2f} (target <= 2)")
    with on.session() as session:
        from sqlmodel import select

        from desk.store.tables.oob import Command, Side
        army = session.exec(select(Command).where(Command.name == "French army")).one().id
        french = session.exec(select(Side).where(Side.name == "French")).one().id
    known_s, known = _timed(on, knowledge, battle_id=battle, command_id=army or 0)
    belief_s, belief = _timed(on, side_belief, campaign_id=1, battle_id=battle, bound=5,
                              side_id=french or 0, commands=None)
    map_s, view = _timed(on, map_view_model, side="French", battle_id=battle,
                         with_image=False, belief=belief)
    debrief_s, debrief = _timed(on, debrief_model, battle_id=battle)
    view_s = belief_s + map_s
    print(f"the army's knowledge ({len(known.units)} units) {known_s * 1000:.0f} ms; its map "
          f"with the belief ({len(view.markers)} markers) {view_s * 1000:.0f} ms; the debrief "
          f"of {len(debrief.headquarters)} headquarters {debrief_s * 1000:.0f} ms "
          "(target < 1 s each)")
    off.close()
    on.close()
    assert sum(1 for u in known.units if u.as_of is not None) > UNITS // 3
    assert ratio <= 2.0
    assert max(known_s, view_s, debrief_s) < 1.0
