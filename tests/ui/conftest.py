"""Fixtures for the window tests: real demo campaigns on disk, a window over each.

Each demo campaign is made once per session and copied (SQLite's backup API)
for every test that writes, so tests never share a file. The window's modal
questions are answered by :class:`ScriptedDialogs` (tests/ui/scripted_dialogs.py), a real
subclass of the desk's :class:`~desk.ui.dialogs.Dialogs` with the answers set by the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from demo_cache import DemoCache
from pytestqt.qtbot import QtBot
from scripted_dialogs import ScriptedDialogs

from desk.store import backup_sqlite, open_campaign
from desk.ui.main_window import MainWindow


@pytest.fixture
def scripted_dialogs() -> type[ScriptedDialogs]:
    """The test double's class, for windows a test builds itself (no import of conftest)."""
    return ScriptedDialogs


@pytest.fixture(scope="session")
def demo_files(demo_cache: DemoCache) -> dict[str, Path]:
    """One pristine demo campaign per rules system."""
    return {system: demo_cache.pristine(system)
            for system in ("belle-alliance", "battles-of-waterloo", "la-bataille")}


def fresh_copy(demo_files: dict[str, Path], system: str, folder: Path) -> Path:
    """A private copy of a demo campaign for one test."""
    path = folder / f"{system}.desk"
    backup_sqlite(store_or_path=demo_files[system], dest=path)
    return path


@pytest.fixture
def make_window(qtbot: QtBot, demo_files: dict[str, Path],
                tmp_path: Path) -> Iterator[Any]:
    """``make_window(system)`` → a shown main window over a private copy of that demo
    (``settings``: the desk's settings the window reads and writes, e.g. its panels)."""
    from desk.ui.app import build_window

    stores = []

    def build(system: str = "belle-alliance", *, read_only: bool = False,
              settings: Any = None) -> Any:
        path = fresh_copy(demo_files, system, tmp_path)
        store = open_campaign(path, read_only=read_only)
        stores.append(store)
        window = build_window(store=store, dialogs=ScriptedDialogs(),
                              backup_dir=tmp_path / "backups", settings=settings)
        qtbot.addWidget(window)
        return window

    yield build
    for store in stores:
        store.close()


@pytest.fixture
def place_at() -> Any:
    """``place_at(window, name, x, y)``: the window's unit ``name`` recorded at pixel (x, y)
    of the map, as a drag would record it (so a test does not hang on the demo's layout)."""
    from desk.services.maps.placing import place_unit
    from desk.services.positions.record import position_version
    from desk.ui.changes import Change

    def place(window: MainWindow, name: str, x: float, y: float) -> None:
        unit = next(r.unit_id for r in window.table_model.rows() if r.unit == name)
        battle_id = window.ops.battle_id
        seen = window.ops.read(lambda s: position_version(session=s, battle_id=battle_id,
                                                          unit_id=unit))
        window.ops.write(lambda s: place_unit(session=s, battle_id=battle_id, unit_id=unit, x=x,
                                              y=y, seen_version=seen), Change.EVENT)

    return place
