"""Speed figures of the order book (run on demand: pytest tests/benchmarks -s).

Targets (issue 6): closing a bound of 2,000 units under 0.5 s, growing linearly
(10,000 units under 11 × the 1,000-unit time); the order table of 2,000 units
under 50 ms (its rows are built as they are read: the time with every row built
is printed beside it); a unit's history over 200 bounds under 10 ms. Campaigns are made
programmatically (Belle Alliance battalions), each on a real SQLite file.

Issue 28: the close of 2,000 units within 3 × its floor, the processor time bare
``sqlite3`` (the standard library, no SQLAlchemy, no rules) takes to make the same
writes in a copy of the same file: the two UPDATEs of the bound and the battle, the
new bound, one unit_state row per unit (its JSON data serialised) and the close's
journal lines. Processor time, because the machine the benchmarks run on is shared:
the wall-clock figures are printed beside it. The closed campaign is an evening's, not
2,000 copies of one battalion: strengths, formations, disorder and orders (rates, changes
of formation) vary, so that what the rules remember of a kind of unit is measured at the
rate it is found in play (the close prints how many kinds of state its units were in).
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import sys
import time
from pathlib import Path
from statistics import median
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "services"))

from scenario import generated

from desk.services.bounds.close import close_bound
from desk.services.errors import OrderRefused
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


_FORMATIONS = ("line", "column-of-attack", "column-of-march", "square", "skirmish-line")
_DISORDERS = ("none", "none", "none", "LD", "MD")
_RATES = ("", "normal", "fast", "charge", "halt")
_CHANGES = ("", "", "", "line", "column-of-attack", "square")


def _evening(path: Path, units: int) -> tuple[CampaignStore, int]:
    """:func:`_campaign` as an evening leaves it: each unit its own strength, units in
    five formations, a fifth of them disordered, and the orders of every other unit at
    each rate (a charge, a halt), some changing formation (seeded, the same each run)."""
    store = open_campaign(path, create=True, backup_dir=path.parent / "backups")
    with store.session() as session:
        info = create_campaign_from_scenario(session=session,
                                             data=generated("belle-alliance", units=units))
    rolls = random.Random(units)
    with sqlite3.connect(path) as db:
        db.executemany("UPDATE unit_state SET formation = ?, disorder = ?, strength = ? "
                       "WHERE unit_id = ?",
                       [(rolls.choice(_FORMATIONS), rolls.choice(_DISORDERS),
                         rolls.randint(8, 24), unit_id) for unit_id in range(1, units + 1)])
    with store.session() as session:
        for unit_id in range(1, units + 1, 2):
            fields: dict[str, object] = {"destination": "the ridge", "rate": rolls.choice(_RATES),
                                         "formation": rolls.choice(_CHANGES)}
            try:
                write_order(session=session, battle_id=info.battle_id, unit_id=unit_id,
                            fields=fields, seen_version=None)
            except OrderRefused:  # a charge in disorder, say: the umpire overrules, as one may
                write_order(session=session, battle_id=info.battle_id, unit_id=unit_id,
                            fields=fields, seen_version=None, override_reason="as umpired")
    return store, info.battle_id


def _timed(store: CampaignStore, fn: Any, **kwargs: Any) -> float:
    with store.session() as session:
        start = time.perf_counter()
        fn(session=session, **kwargs)
        elapsed = time.perf_counter() - start
    return elapsed


def _timed_both(store: CampaignStore, fn: Any, **kwargs: Any) -> tuple[float, float]:
    """(wall, processor) seconds of one call in its own session (the commit not counted)."""
    with store.session() as session:
        wall, cpu = time.perf_counter(), time.process_time()
        fn(session=session, **kwargs)
        return time.perf_counter() - wall, time.process_time() - cpu


class _BareClose:
    """The writes of a close made by bare ``sqlite3`` in a copy of the campaign file.

    Copied after a close, so the copy holds the rows a close writes: the states it
    opened the bound with and its journal lines. Each run closes the open bound
    again as those rows say, in one transaction rolled back after the timing (so
    that every run writes into the same file).
    """

    def __init__(self, source: Path, copy: Path, battle_id: int) -> None:
        with sqlite3.connect(source) as live, sqlite3.connect(copy) as target:
            live.backup(target)
        self.db = sqlite3.connect(copy, isolation_level=None)
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
            self.db.execute(f"PRAGMA {pragma}")
        self.battle = battle_id
        self.bound, self.number = self.db.execute(
            "SELECT id, number FROM bound WHERE battle_id = ? AND status = 'open'",
            (battle_id,)).fetchone()
        self.states = [(uid, f, d, s, json.loads(data)) for uid, f, d, s, data in self.db.execute(
            "SELECT unit_id, formation, disorder, strength, data FROM unit_state "
            "WHERE bound_id = ? ORDER BY id", (self.bound,))]
        self.lines = self.db.execute(
            "SELECT unit_id, kind, message, reason, clause FROM journal WHERE bound_id = "
            "(SELECT id FROM bound WHERE battle_id = ? AND number = ?) AND kind = 'close' "
            "ORDER BY id", (battle_id, self.number - 1)).fetchall()

    def run(self) -> tuple[float, float]:
        """(wall, processor) seconds of the writes, before the rollback."""
        db, bound, battle = self.db, self.bound, self.battle
        wall, cpu = time.perf_counter(), time.process_time()
        db.execute("BEGIN IMMEDIATE")
        db.execute("UPDATE bound SET status = 'closed', closed_at = ?, "
                   "version_id = version_id + 1 WHERE id = ? AND status = 'open'",
                   ("2026-12-01 20:00:00.000000", bound))
        db.execute("UPDATE battle SET current_bound = current_bound + 1, "
                   "version_id = version_id + 1 WHERE id = ?", (battle,))
        new = db.execute("INSERT INTO bound (battle_id, number, game_time, status, seed, "
                         "version_id) VALUES (?, ?, '10:00', 'open', ?, 1)",
                         (battle, self.number + 1, "0" * 32)).lastrowid
        db.executemany("INSERT INTO unit_state (bound_id, unit_id, formation, disorder, "
                       "strength, data, version_id) VALUES (?, ?, ?, ?, ?, ?, 1)",
                       [(new, uid, f, d, s, json.dumps(data))
                        for uid, f, d, s, data in self.states])
        stamp = "2026-12-01 20:00:00.000000"
        # The umpire column too: the desk's close names who closed on each line (issue 33).
        db.executemany("INSERT INTO journal (battle_id, bound_id, unit_id, kind, message, "
                       "reason, clause, umpire, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, '', ?)",
                       [(battle, bound, *line, stamp) for line in self.lines])
        done = time.perf_counter() - wall, time.process_time() - cpu
        db.execute("ROLLBACK")
        return done

    def close(self) -> None:
        """Close the copy's connection."""
        self.db.close()


def test_close_bound_scales_linearly(tmp_path: Path) -> None:
    figures, cpu, floor = {}, {}, {}
    for units in (1_000, 2_000, 10_000):
        store, battle = _evening(tmp_path / f"c{units}.desk", units)
        # The first close also writes the rows the bare copy takes as what a close writes.
        closes = [_timed_both(store, close_bound, battle_id=battle, backup=False)]
        bare = _BareClose(tmp_path / f"c{units}.desk", tmp_path / f"bare{units}.desk", battle)
        kinds = len({(f, d, json.dumps(data, sort_keys=True)) for _, f, d, _, data in bare.states})
        floors: list[tuple[float, float]] = []
        for _ in range(5 if units == 2_000 else 2):  # interleaved: a busy spell hits both
            floors.append(bare.run())
            closes.append(_timed_both(store, close_bound, battle_id=battle, backup=False))
        bare.close()
        figures[units] = min(w for w, _ in closes)
        cpu[units], floor[units] = min(c for _, c in closes), min(c for _, c in floors)
        with_backup = _timed(store, close_bound, battle_id=battle, backup_dir=tmp_path / "b")
        print(f"\nclose bound, {units:>6} units: {figures[units] * 1000:7.1f} ms "
              f"({with_backup * 1000:.1f} ms with the backup first); processor "
              f"{cpu[units] * 1000:.1f} ms, bare sqlite3 floor {floor[units] * 1000:.1f} ms "
              f"(wall {min(w for w, _ in floors) * 1000:.1f} ms): "
              f"× {cpu[units] / floor[units]:.1f}; {kinds} kinds of state but the strength")
        store.close()
    ratio = figures[10_000] / figures[1_000]
    print(f"10,000 / 1,000 units: × {ratio:.2f}")
    assert figures[2_000] < 0.5
    assert ratio < 11
    assert cpu[2_000] <= 3 * floor[2_000]


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
