"""Speed figures of a long campaign (run on demand: pytest tests/benchmarks -s).

Targets (issue 19), on a Belle Alliance campaign of 10 battles × 100 bounds × 2,000
units (``DESK_BENCH_BATTLE_BOUNDS`` lowers the bounds on a slow machine):
- opening it and showing the window stays within the start-up of one battle (the
  same window, the same run, best of five each: the ratio is printed);
- a unit's strength across the battles reads in under 10 ms;
- ending a battle of 2,000 units (its open bound closed, the aftermath written)
  in under 0.5 s (issue 28; 1 s before).

Battle 1 is made by :mod:`campaign_factory` (the services write two bounds, bulk
inserts copy them); battles 2 … 10 are copies of it made inside SQLite with
``INSERT … SELECT`` (bounds, states, orders, journal), with their ``battle_unit``
rows, battles 1 … 9 ended and the tenth open.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path
from statistics import median
from typing import Any

import pytest
from sqlalchemy import insert, literal, select, update
from sqlmodel import col

sys.path.insert(0, str(Path(__file__).resolve().parent))

from campaign_factory import make_campaign
from test_ui_bench import _DESK, _run

from desk.services.battles.aftermath import commit_aftermath
from desk.services.battles.recovery import recovery_rules
from desk.services.battles.roster import unit_strengths
from desk.store import open_campaign
from desk.store.tables.bounds import Bound, Journal, Order, UnitState
from desk.store.tables.campaign import Battle
from desk.store.tables.oob import BattleUnit, Unit

pytestmark = pytest.mark.benchmark

UNITS, BATTLES = 2_000, 10
BOUNDS = int(os.environ.get("DESK_BENCH_BATTLE_BOUNDS", "100"))
RUNS = 5


def _t(model: Any) -> Any:
    return model.__table__


def _copy_battle(connection: Any, source: int, number: int, *, ended: bool) -> int:
    """Battle ``source`` copied whole as battle ``number`` (INSERT … SELECT per bound)."""
    battle_t, bound_t = _t(Battle), _t(Bound)
    row = connection.execute(select(battle_t).where(battle_t.c.id == source)).one()._asdict()
    new = connection.execute(insert(battle_t).values(
        {**{k: v for k, v in row.items() if k != "id"}, "name": f"Battle {number}",
         "status": "ended" if ended else "open"})).inserted_primary_key[0]
    for bound in connection.execute(select(bound_t).where(bound_t.c.battle_id == source)):
        values = {k: v for k, v in bound._asdict().items() if k not in ("id", "battle_id")}
        target = connection.execute(insert(bound_t).values(
            battle_id=new, **values)).inserted_primary_key[0]
        for table in (_t(UnitState), _t(Order), _t(Journal)):
            names = [c.name for c in table.columns if c.name not in ("id", "bound_id",
                                                                      "battle_id")]
            extra = ["battle_id"] if "battle_id" in table.c else []
            connection.execute(insert(table).from_select(
                ["bound_id", *extra, *names],
                select(literal(target), *[literal(new) for _ in extra],
                       *[table.c[n] for n in names]).where(table.c.bound_id == bound.id)))
    _units(connection, new, ended=ended)
    return int(new)


def _units(connection: Any, battle_id: int, *, ended: bool) -> None:
    unit_t, bu = _t(Unit), _t(BattleUnit)
    connection.execute(insert(bu).from_select(
        ["battle_id", "unit_id", "start_strength", "end_strength", "returned",
         "after_strength", "note"],
        select(literal(battle_id), unit_t.c.id, unit_t.c.strength,
               *([unit_t.c.strength, literal(0), unit_t.c.strength] if ended
                 else [literal(None), literal(None), literal(None)]), literal(""))))


@pytest.fixture(scope="module")
def campaigns(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(one battle, ten battles): the same first battle, 2,000 units, BOUNDS bounds each."""
    folder = tmp_path_factory.mktemp("battles")
    one, ten = folder / "one.desk", folder / "ten.desk"
    start = time.perf_counter()
    first = make_campaign(one, units=UNITS, bounds=BOUNDS)
    shutil.copy(one, ten)
    with open_campaign(ten) as store, store.session() as session:
        connection = session.connection()
        connection.execute(update(_t(Battle)).values(status="ended"))
        for number in range(2, BATTLES + 1):
            _copy_battle(connection, first, number, ended=number < BATTLES)
    print(f"\ngenerated {BATTLES} battles × {BOUNDS} bounds × {UNITS} units in "
          f"{time.perf_counter() - start:.1f} s ({ten.stat().st_size / 2**20:.0f} MiB)")
    return one, ten


def test_opening_ten_battles_within_one_battle(campaigns: tuple[Path, Path],
                                               tmp_path: Path) -> None:
    one, ten = campaigns
    pycache = tmp_path / "pycache"
    _run(_DESK, str(one), pycache=pycache)  # warm-up: fills the bytecode cache
    ones, tens = [], []
    for _ in range(RUNS):  # interleaved, so that a busy spell of the machine hits both
        ones.append(json.loads(_run(_DESK, str(one), pycache=pycache)))
        tens.append(json.loads(_run(_DESK, str(ten), pycache=pycache)))
    a, b = (min(r["seconds"] for r in runs) for runs in (ones, tens))
    print(f"\nwindow populated: one battle {a * 1000:.0f} ms, ten battles {b * 1000:.0f} ms "
          f"(× {b / a:.2f}); open_campaign {min(r['open_seconds'] for r in ones) * 1000:.0f} / "
          f"{min(r['open_seconds'] for r in tens) * 1000:.0f} ms")
    assert tens[0]["rows"] == UNITS
    assert b <= 1.25 * a


def test_a_units_strength_across_battles(campaigns: tuple[Path, Path]) -> None:
    with open_campaign(campaigns[1]) as store:
        times = []
        for unit_id in range(1, 2_000, 97):
            with store.session() as session:
                start = time.perf_counter()
                found = unit_strengths(session=session, unit_id=unit_id)
                times.append(time.perf_counter() - start)
            assert len(found) == BATTLES
    print(f"\na unit's strength across {BATTLES} battles: median {median(times) * 1000:.2f} ms, "
          f"worst {max(times) * 1000:.2f} ms")
    assert median(times) < 0.010


def test_ending_a_battle_of_2000_units(campaigns: tuple[Path, Path], tmp_path: Path) -> None:
    path = tmp_path / "end.desk"
    shutil.copy(campaigns[1], path)
    with open_campaign(path) as store:
        with store.session() as session:
            battle = session.scalars(select(Battle).where(col(Battle.status) == "open")).one()
            battle_id = battle.id
            assert battle_id is not None
        with store.session() as session:
            start = time.perf_counter()
            done = commit_aftermath(session=session, battle_id=battle_id, backup=False,
                                    rules=recovery_rules(preset="roll-per-figure"))
            elapsed = time.perf_counter() - start
    print(f"\nending a battle of {len(done.rows)} units (close + aftermath): "
          f"{elapsed * 1000:.0f} ms (target 500 ms)")
    assert len(done.rows) == UNITS
    assert elapsed < 0.5
