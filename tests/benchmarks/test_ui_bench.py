"""Speed and memory figures of the desk window (run on demand: pytest tests/benchmarks -s).

Targets (issues 7 and 28), on a generated Belle Alliance campaign of 2,000 units
with 200 closed bounds (``DESK_BENCH_BOUNDS`` lowers the count on a slow machine):
- start-up to a populated window within 1.5 × the floor (issue 28): a fresh
  process that imports PySide6, shows a ``QMainWindow`` holding a ``QTableView``
  and imports ``sqlmodel``; both measured here in fresh processes, interleaved,
  best of ``RUNS``; alembic, reportlab and pypdf not imported by then;
- the order table's first paint under 100 ms, with no query per row, at 2,000
  units and (issue 28) at 20,000 units, half of them with an order in the bound;
- resident memory under 250 MiB with that campaign open;
- a live check of the order form (complete + check) under 1 ms.

The campaign is made by :mod:`campaign_factory` (the services write two bounds,
bulk inserts copy them to 200). Start-up runs in fresh processes with a
bytecode cache, as an installed desk has, and open the campaign the way ``desk``
does (``Desk.open``: the store, the window, the drafts' offer, the saved geometry),
so the figure is the umpire's wait; the time of ``Desk.open`` is printed apart.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from statistics import median
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

sys.path.insert(0, str(Path(__file__).resolve().parent))

from campaign_factory import make_campaign

pytestmark = pytest.mark.benchmark

UNITS = 2_000
HUGE = 20_000  # issue 28: the order table's first paint at this size too
FIRST_PAINT = 0.1
BOUNDS = int(os.environ.get("DESK_BENCH_BOUNDS", "200"))
RUNS = 7  # best of: the machine is shared, and the target compares best with best

# The floor of issue 28: PySide6, a main window with a table view shown, and sqlmodel.
_BARE = """
import time, sys
start = time.perf_counter()
from PySide6.QtWidgets import QApplication, QMainWindow, QTableView
import sqlmodel
app = QApplication([])
window = QMainWindow(); window.setCentralWidget(QTableView())
window.resize(1440, 880); window.show(); app.processEvents()
print(time.perf_counter() - start)
"""

# The floor with sqlmodel imported before PySide6, as the desk now imports its store
# (desk.ui.launch.load_before_qt): printed beside the floor, so the order's own gain shows.
_BARE_STORE_FIRST = _BARE.replace("import sqlmodel\n", "").replace(
    "start = time.perf_counter()\n", "start = time.perf_counter()\nimport sqlmodel\n")

_DESK = """
import time, sys, json, os, tempfile
start = time.perf_counter()
from desk.ui.launch import hold_collector, load_before_qt, load_qt  # as desk's launch does:
hold_collector()  # the collector held off, the store before Qt
load_before_qt(sys.argv[1])
load_qt()
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from desk.ui.app import Desk  # the desk's own path: store, window, drafts offer, geometry
from desk.ui.settings import Settings
ini = os.path.join(tempfile.mkdtemp(), "desk.ini")  # the umpire's settings left alone
desk = Desk(Settings(QSettings(ini, QSettings.Format.IniFormat)))
opening = time.perf_counter()
assert desk.open(sys.argv[1])
opened = time.perf_counter() - opening
import gc
gc.enable()  # as run_app does once the window is open
window = desk.window
window.resize(1440, 880); app.processEvents()
elapsed = time.perf_counter() - start
rss = next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmRSS'))
heavy = [m for m in ('alembic', 'reportlab', 'pypdf') if m in sys.modules]
print(json.dumps({"seconds": elapsed, "open_seconds": opened, "rss_kib": rss, "heavy": heavy,
                  "rows": window.table_model.rowCount()}))
desk.shutdown()
"""


@pytest.fixture(scope="module")
def big_campaign(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """2,000 units, BOUNDS closed bounds, half the units with orders in each (bulk-made)."""
    path = tmp_path_factory.mktemp("bench") / "big.desk"
    start = time.perf_counter()
    make_campaign(path, units=UNITS, bounds=BOUNDS)
    print(f"\ngenerated {UNITS} units, {BOUNDS} closed bounds in "
          f"{time.perf_counter() - start:.1f} s ({path.stat().st_size / 2**20:.0f} MiB)")
    return path


@pytest.fixture(scope="module")
def huge_campaign(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """20,000 units, two closed bounds, half the units with orders, the open bound's too."""
    path = tmp_path_factory.mktemp("bench") / "huge.desk"
    start = time.perf_counter()
    make_campaign(path, units=HUGE, bounds=2, open_orders=True)
    print(f"\ngenerated {HUGE} units, 2 closed bounds and an open one with orders in "
          f"{time.perf_counter() - start:.1f} s")
    return path


def _run(code: str, *args: str, pycache: Path) -> str:
    # Byte-compiled modules, as an installed desk has them (pip compiles the wheel):
    # the checkout may run with PYTHONDONTWRITEBYTECODE, which would charge every
    # start with compiling the desk's sources. A private cache folder keeps the
    # checkout clean; the first run of each script fills it and is not counted.
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPYCACHEPREFIX": str(pycache),
           # the desk's logs and drafts in the test's folder, not the umpire's
           "DESK_DATA_DIR": str(pycache.parent / "data")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, check=True, timeout=600)
    return done.stdout.strip().splitlines()[-1]


def test_start_up_memory_and_lazy_imports(big_campaign: Path, tmp_path: Path) -> None:
    pycache = tmp_path / "pycache"
    _run(_BARE, pycache=pycache)  # warm-up: fills the bytecode cache
    _run(_DESK, str(big_campaign), pycache=pycache)
    bares, store_first, runs = [], [], []
    for _ in range(RUNS):  # interleaved, so that a busy spell of the machine hits all three
        bares.append(float(_run(_BARE, pycache=pycache)))
        store_first.append(float(_run(_BARE_STORE_FIRST, pycache=pycache)))
        runs.append(json.loads(_run(_DESK, str(big_campaign), pycache=pycache)))
    bare = min(bares)
    best = min(runs, key=lambda r: r["seconds"])
    desk = best["seconds"]
    rss = max(r["rss_kib"] for r in runs) / 1024
    load = os.getloadavg()[0]
    print(f"\nstart-up, best of {RUNS} (load average {load:.1f}): floor (main window + "
          f"table view + import sqlmodel) {bare * 1000:.0f} ms; desk populated "
          f"({runs[0]['rows']} rows) {desk * 1000:.0f} ms: × {desk / bare:.2f} (target × 1.5), "
          f"of which Desk.open (store and window) {best['open_seconds'] * 1000:.0f} ms; "
          f"resident {rss:.0f} MiB; "
          f"heavy imports: {runs[0]['heavy'] or 'none'}; the floor with sqlmodel imported "
          f"before PySide6 {min(store_first) * 1000:.0f} ms (× {desk / min(store_first):.2f})")
    assert runs[0]["rows"] == UNITS
    assert runs[0]["heavy"] == []
    assert rss < 250
    assert desk <= 1.5 * bare


def _first_paint(qtbot: QtBot, path: Path,
                 tmp_path: Path) -> tuple[list[float], list[float], int, int]:
    """Fetch + first paint of the order table, RUNS times: the times, the paints' part of
    them, queries per fetch and paint, rows."""
    from sqlalchemy import event

    from desk.store import open_campaign
    from desk.ui.app import build_window

    with open_campaign(path) as store:
        window = build_window(store=store, backup_dir=tmp_path)
        qtbot.addWidget(window)
        window.resize(1440, 880)
        # Exposed, or repaint() paints nothing: the first paint is measured, not skipped.
        with qtbot.waitExposed(window):
            window.show()
        queries: list[str] = []

        def count(*args: Any) -> None:
            queries.append(str(args[2])[:40])

        event.listen(store.engine, "before_cursor_execute", count)
        times: list[float] = []
        paints: list[float] = []
        for _ in range(RUNS):
            queries.clear()
            start = time.perf_counter()
            window.table_model.set_rows(window.ops.order_rows())
            fetched = time.perf_counter()
            window.table.viewport().repaint()
            times.append(time.perf_counter() - start)
            paints.append(time.perf_counter() - fetched)
        event.remove(store.engine, "before_cursor_execute", count)
        rows = window.table_model.rowCount()
        window.close()
    return times, paints, len(queries), rows


def test_order_table_first_paint_without_a_query_per_row(qtbot: QtBot, big_campaign: Path,
                                                         huge_campaign: Path,
                                                         tmp_path: Path) -> None:
    """Issue 28: the first paint of 20,000 rows builds only the rows it shows."""
    figures = {}
    for path, units in ((big_campaign, UNITS), (huge_campaign, HUGE)):
        times, paints, queries, rows = _first_paint(qtbot, path, tmp_path)
        print(f"\norder table of {units:,} rows, fetch + first paint: median "
              f"{median(times) * 1000:.1f} ms (floor {FIRST_PAINT * 1000:.0f} ms), "
              f"best {min(times) * 1000:.1f} ms, of which the paint {median(paints) * 1000:.1f} "
              f"ms (median), {queries} queries; load average {os.getloadavg()[0]:.1f}")
        assert rows == units
        assert queries < 12  # one service call and the shown rows' read, not 2,000
        figures[units] = median(times)
    assert max(figures.values()) < FIRST_PAINT  # both printed first


def test_live_check_under_a_millisecond(qtbot: QtBot, big_campaign: Path,
                                        tmp_path: Path) -> None:
    from PySide6.QtWidgets import QLineEdit

    from desk.rules.records import fields_record
    from desk.store import open_campaign
    from desk.ui.app import build_window

    with open_campaign(big_campaign) as store:
        window = build_window(store=store, backup_dir=tmp_path)
        qtbot.addWidget(window)
        window.select_unit(window.table_model.rows()[3].unit_id)
        system, form = window.ops.system, window.form
        fields = {"rate": "fast", "destination": "the church", "crossing": "x"}
        context, destination = form.context, form.editors["destination"]
        assert context is not None and isinstance(destination, QLineEdit)
        checks = []
        for _ in range(2000):
            start = time.perf_counter()
            completed = system.complete(fields_record(fields)).fields
            system.check(unit=context.unit, state=context.state, fields=completed,
                         situation=context.situation)
            checks.append(time.perf_counter() - start)
        edits = []
        for i in range(200):  # the whole edit: read the widgets, check, show the findings
            start = time.perf_counter()
            destination.setText(f"the church {i}")
            edits.append(time.perf_counter() - start)
        print(f"\nlive check (complete + check): median {median(checks) * 1e6:.0f} µs; "
              f"a whole keystroke on the form: median {median(edits) * 1e3:.2f} ms")
        assert median(checks) < 0.001
