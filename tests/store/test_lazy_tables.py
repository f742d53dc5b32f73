"""The table modules load one by one (issue 28), and nothing that writes or migrates misses one.

The window's first screen loads the tables it reads (campaign, order of battle, bounds,
terrain), not the couriers', LIM's, map's, positions', players', leaders' or
reinforcements' (building them cost every start-up some 40–60 ms). What makes that safe:

- each table module loads the modules of the tables its foreign keys name, so a write of
  any row it holds finds them (a flush refuses a row whose key names a table not
  loaded): checked module by module, each in a fresh process;
- ``desk.store.tables.metadata``, which Alembic's env.py and ``create_all`` read,
  registers every table (pytest-alembic's ``test_model_definitions_match_ddl`` then
  compares it with the revisions' schema, test_migrations.py);
- the writes the window and the command line make after the window's start-up, each in
  a fresh process that opened the window first, into every table the window left unloaded.

The suite's own process has every table loaded (a test imports ``metadata``), so these
run in processes of their own.
"""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import desk.store.tables

ROOT = Path(__file__).resolve().parents[2]
TABLE_MODULES = sorted(m.name for m in pkgutil.iter_modules(desk.store.tables.__path__))
# the order form asks whether another umpire claimed the unit, and the unit panel reads its
# secret notes (issue 33): the umpires' tables are the first screen's too
FIRST_SCREEN = ["bounds", "campaign", "oob", "terrain", "umpires"]

_FOREIGN_KEYS = """
import importlib, json, sys
from sqlalchemy.exc import NoReferencedTableError
from sqlmodel import SQLModel
importlib.import_module("desk.store.tables." + sys.argv[1])
unresolved = []
for table in SQLModel.metadata.tables.values():
    for key in table.foreign_keys:
        try:
            key.column
        except NoReferencedTableError:
            unresolved.append(f"{table.name}.{key.parent.name} -> {key.target_fullname}")
print(json.dumps(unresolved))
"""

_METADATA = """
import importlib, json, pkgutil
from sqlmodel import SQLModel
import desk.store.tables
from desk.store.tables import metadata
asked = sorted(metadata.tables)
for module in pkgutil.iter_modules(desk.store.tables.__path__):
    importlib.import_module("desk.store.tables." + module.name)
print(json.dumps({"asked": asked, "all": sorted(SQLModel.metadata.tables),
                  "same": metadata is SQLModel.metadata}))
"""

# The window opened on the campaign as `desk CAMPAIGN` opens it and shut again; then,
# in the same process, with only what the window loaded, one command of the command line
# (the services the window's menus call, with the same writes).
_AFTER_THE_WINDOW = """
import json, os, sys, tempfile
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from desk.ui.app import Desk
from desk.ui.settings import Settings
desk = Desk(Settings(QSettings(os.path.join(tempfile.mkdtemp(), "desk.ini"),
                               QSettings.Format.IniFormat)))
assert desk.open(sys.argv[1])
app.processEvents()
desk.shutdown()
loaded = sorted(m.rsplit(".", 1)[1] for m in sys.modules if m.startswith("desk.store.tables."))
from desk.cli import main
codes = [main(command) for command in json.loads(sys.argv[2])]
print(json.dumps({"loaded": loaded, "codes": codes}))
"""


def _run(code: str, *args: str, tmp_path: Path) -> object:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT),
                                                      os.environ.get("PYTHONPATH", "")]),
           "QT_QPA_PLATFORM": "offscreen", "DESK_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("module", TABLE_MODULES)
def test_a_table_module_loads_the_tables_its_foreign_keys_name(module: str,
                                                              tmp_path: Path) -> None:
    assert _run(_FOREIGN_KEYS, module, tmp_path=tmp_path) == []


def test_metadata_registers_every_table_for_alembic(tmp_path: Path) -> None:
    found = _run(_METADATA, tmp_path=tmp_path)
    assert isinstance(found, dict)
    assert found["same"] and found["asked"] == found["all"]
    assert {"dispatch", "lim_draw", "battle_map", "player", "leader_position",
            "reinforcement", "position"} <= set(found["asked"])
    env = (ROOT / "db" / "env.py").read_text(encoding="utf-8")
    assert "from desk.store.tables import metadata" in env


def _after_the_window(path: Path, *commands: list[str], tmp_path: Path) -> list[str]:
    found = _run(_AFTER_THE_WINDOW, str(path), json.dumps(commands), tmp_path=tmp_path)
    assert isinstance(found, dict)
    assert found["codes"] == [0] * len(commands), commands
    return list(found["loaded"])


def test_writes_after_the_window_opened_find_their_tables(tmp_path: Path) -> None:
    """Belle Alliance: the first screen loads four table modules; then each write into a
    table it left unloaded, in a process of its own (the close brings the reinforcement on
    and delivers the dispatch as an order)."""
    from desk.cli import main

    path = tmp_path / "plancenoit.desk"
    assert main(["demo", str(path)]) == 0
    where = str(path)
    soon = (datetime.now(UTC) + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    writes = [
        ["reinforcement", where, "1/5e Ligne", "2"],
        ["couriers", where, "--set", "loss_chance=0"],
        ["dispatch", where, "--from", "Lobau", "--to", "19e Division", "--text", "Advance",
         "--delay", "1"],
        ["players", where, "add", "--name", "Bernd", "--address", "bernd@example.de",
         "--side", "Prussian"],
        ["deadline", where, soon],
        ["map-seen", where, "--side", "Prussian", "1/5e Ligne"],
        ["close", where],
    ]
    for command in writes:
        assert _after_the_window(path, command, tmp_path=tmp_path) == FIRST_SCREEN, command


def test_a_lim_move_after_the_window_opened_finds_its_tables(tmp_path: Path) -> None:
    """Battles of Waterloo: a move under a LIM writes a position naming its draw (the
    position's foreign key into the LIM's tables)."""
    from desk.cli import main

    path = tmp_path / "ligny.desk"
    assert main(["demo", str(path), "--rules", "battles-of-waterloo"]) == 0
    where = str(path)
    loaded = _after_the_window(path, ["lim", where, "draw", "--chit", "IV Corps C/D"],
                               ["lim", where, "move", "Vichery's 13e Division", "--type",
                                "tactical", "--to", "1209"], tmp_path=tmp_path)
    assert "lim" in loaded  # its first screen shows the cup
