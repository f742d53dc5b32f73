"""How fast can *any* populated window start? The floor under the desk's start-up.

Run on demand: ``python tests/benchmarks/bench_start_floor.py [campaign]``; not
collected by pytest (no ``test_`` prefix). Issue 28 asks for start-up to a
populated window within 1.5 × its floor (``bare`` here): a PySide6 main window
holding a table view, shown, plus ``import sqlmodel`` (issue 7 had asked for
1.25 × a bare window without the table view). This script measures, in fresh
processes interleaved with the bare window and best of ``RUNS`` (the same
method as ``test_ui_bench``), windows that do less than the desk, to show what
each part costs:

1. ``floor``: the bare window plus a tree and a 2,000-row table over a minimal
   ``QAbstractTableModel``, its rows read with the standard ``sqlite3`` module
   (no ORM class, no Qt namespace enums, no rules): the least a populated
   window costs (opening a file, fonts, layout, the first paint);
2. ``+ ORM classes``: the same after importing the SQLModel tables the window's first
   screen reads (campaign, order of battle, bounds, terrain: ``desk.store.tables`` loads
   each module with its first reader, issue 28);
3. ``+ Qt namespace, rules``: the same after touching ``PySide6.QtCore.Qt``
   (its ~90 enums are made on first use) and loading the Belle Alliance rules,
   which the order table's summaries and the form need;
4. ``desk``: the desk's own start-up (``test_ui_bench``'s script).

Argument: a campaign file (made with ``campaign_factory`` when omitted).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from campaign_factory import make_campaign
from test_ui_bench import _BARE, _DESK, _run

RUNS = 7

_FLOOR = """
import time, sys, sqlite3
start = time.perf_counter()
from PySide6.QtWidgets import QApplication, QMainWindow, QSplitter, QTableView, QTreeView
from PySide6.QtCore import QAbstractTableModel
import sqlmodel
app = QApplication([])
{extra}
rows = sqlite3.connect(sys.argv[1]).execute(
    "select u.name, c.name, u.arm from unit u join command c on c.id = u.command_id "
    "order by u.id").fetchall()

class Rows(QAbstractTableModel):
    def rowCount(self, parent=None):
        return len(rows)
    def columnCount(self, parent=None):
        return 7
    def data(self, index, role=0):
        return rows[index.row()][index.column()] if role == 0 and index.column() < 3 else None

window = QMainWindow(); split = QSplitter(); table = QTableView(); model = Rows()
table.setModel(model); split.addWidget(QTreeView()); split.addWidget(table)
window.setCentralWidget(split); window.resize(1440, 880); window.show(); app.processEvents()
print(time.perf_counter() - start)
"""

_FIRST_TABLES = "import desk.store.tables.bounds, desk.store.tables.terrain"
_STAGES = {
    "floor: populated window, raw sqlite3": "",
    "+ the first screen's ORM classes": _FIRST_TABLES,
    "+ Qt namespace, Belle Alliance rules": (
        _FIRST_TABLES + "\nfrom PySide6.QtCore import Qt\n"
        "from desk.rules import get_system\nget_system('belle-alliance', {})"),
}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if len(sys.argv) > 1:
            campaign = Path(sys.argv[1])
        else:
            campaign = folder / "big.desk"
            make_campaign(campaign, units=2_000, bounds=20)
        pycache = folder / "pycache"
        scripts = {name: _FLOOR.replace("{extra}", extra) for name, extra in _STAGES.items()}
        times: dict[str, list[float]] = {name: [] for name in ("bare", *scripts, "desk")}
        for _ in range(RUNS + 1):  # the first round fills the bytecode cache: not counted
            times["bare"].append(float(_run(_BARE, pycache=pycache)))
            for name, script in scripts.items():
                times[name].append(float(_run(script, str(campaign), pycache=pycache)))
            times["desk"].append(json.loads(_run(_DESK, str(campaign), pycache=pycache))["seconds"])
        bare = min(times["bare"][1:])
        print(f"best of {RUNS}, {campaign.name}:")
        for name, values in times.items():
            best = min(values[1:])
            print(f"  {name:40s} {best * 1000:6.0f} ms  × {best / bare:.2f}")


if __name__ == "__main__":
    main()
