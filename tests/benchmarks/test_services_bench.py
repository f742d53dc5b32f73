"""Speed figures of the order book (run on demand: pytest tests/benchmarks -s).

Targets (issue 6): closing a bound of 2,000 units under 0.5 s, growing linearly
(10,000 units under 11 × the 1,000-unit time); the order table of 2,000 units
under 50 ms (its rows are built as they are read: the time with every row built
is printed beside it); a unit's history over 200 bounds under 10 ms. Campaigns are made
programmatically (Belle Alliance battalions), each on a real SQLite file.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from statistics import median
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "services"))

from scenario import generated

from desk.services.bounds.close import close_bound
from desk.services.history import unit_history
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.queries import order_table
from desk.store import CampaignStore, open_campaign

pytestmark = pytest.mark.benchmark


def _campaign(path: Path, units: int) -> tuple[CampaignStore, int]:
    store = open_campaign(path, create=True, backup_dir=path.parent / "backups")
    with store.session() as session:
        info = create_campaign_from_scenario(session=session,
                                             data=generated("belle-alliance", units=units))
    with store.session() as session:  # half the units with orders, as on a club evening
        for unit_id in range(1, units + 1, 2):
            write_order(session=session, battle_id=info.battle_id, unit_id=unit_id,
                        fields={"destination": "the ridge"}, seen_version=None)
    return store, info.battle_id


def _timed(store: CampaignStore, fn: Any, **kwargs: Any) -> float:
    with store.session() as session:
        start = time.perf_counter()
        fn(session=session, **kwargs)
        elapsed = time.perf_counter() - start
    return elapsed


def test_close_bound_scales_linearly(tmp_path: Path) -> None:
    figures = {}
    for units in (1_000, 2_000, 10_000):
        store, battle = _campaign(tmp_path / f"c{units}.desk", units)
        figures[units] = min(_timed(store, close_bound, battle_id=battle, backup=False)
                             for _ in range(2))
        with_backup = _timed(store, close_bound, battle_id=battle, backup_dir=tmp_path / "b")
        print(f"\nclose bound, {units:>6} units: {figures[units] * 1000:7.1f} ms "
              f"({with_backup * 1000:.1f} ms with the backup first)")
        store.close()
    ratio = figures[10_000] / figures[1_000]
    print(f"10,000 / 1,000 units: × {ratio:.2f}")
    assert figures[2_000] < 0.5
    assert ratio < 11


def _every_row(session: Any, **kwargs: Any) -> None:
    for row in order_table(session=session, **kwargs):  # each row built, as a sheet reads them
        assert row.unit_id


def test_order_table_of_2000_units(tmp_path: Path) -> None:
    store, battle = _campaign(tmp_path / "c.desk", 2_000)
    times, full = [], []
    for _ in range(5):  # interleaved: a busy spell of the shared machine hits both
        times.append(_timed(store, order_table, battle_id=battle))
        full.append(_timed(store, _every_row, battle_id=battle))
    print(f"\norder table, 2,000 units: median {median(times) * 1000:.1f} ms "
          f"(floor 50 ms), best {min(times) * 1000:.1f} ms; with every row built "
          f"(1,000 orders summarised): median {median(full) * 1000:.1f} ms; load average "
          f"{os.getloadavg()[0]:.1f}")
    store.close()
    assert median(times) < 0.05


def test_unit_history_over_200_bounds(tmp_path: Path) -> None:
    store, battle = _campaign(tmp_path / "c.desk", 10)
    for _ in range(199):
        with store.session() as session:
            close_bound(session=session, battle_id=battle, backup=False)
    times = [_timed(store, unit_history, battle_id=battle, unit_id=1) for _ in range(10)]
    with store.session() as session:
        assert len(unit_history(session=session, battle_id=battle, unit_id=1)) == 200
    print(f"\nunit history, 200 bounds: median {median(times) * 1000:.2f} ms (floor 10 ms), "
          f"best {min(times) * 1000:.2f} ms; load average {os.getloadavg()[0]:.1f}")
    store.close()
    assert median(times) < 0.01
