"""The desk loads its store, the first screen's services and the campaign's rules before
Qt (issue 28: PySide6's import hook reads the source of every module imported after it).
In a fresh process, as the desk starts: every module named is loaded, PySide6 is not, a
file's rules system comes too, and a URL, a missing file or a file that is no campaign
load nothing more and raise nothing (the open says what is wrong, as before). Then Qt
comes with the hook's answers given (desk.ui.launch.load_qt): the window's modules load
without a source read, and a PySide that keeps its answers elsewhere is noticed here. The
cyclic collector is held off from the launch to the opened window, which puts what the
start-up made out of its sight; then it runs again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

_PROBE = """
import json, sys
from desk.ui.launch import _BEFORE_QT, load_before_qt
load_before_qt(sys.argv[1])
print(json.dumps({"qt": any(m.startswith("PySide6") for m in sys.modules),
                  "missing": [m for m in _BEFORE_QT if m not in sys.modules],
                  "rules": sorted(m for m in sys.modules if m.startswith("desk.rules."))}))
"""


def _loaded(target: str) -> tuple[bool, list[str], list[str]]:
    """Whether Qt came, the named modules that did not, and the rules packages' modules."""
    done = subprocess.run([sys.executable, "-c", _PROBE, target], capture_output=True,
                          text=True, check=True, timeout=120)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return bool(found["qt"]), list(found["missing"]), list(found["rules"])


def test_a_file_campaign_s_store_services_and_rules_load_before_qt(demo: Path) -> None:
    qt, missing, rules = _loaded(str(demo))
    assert not qt and missing == []
    assert "desk.rules.belle_alliance.checks" in rules  # the demo's system


@pytest.mark.parametrize("target", ["postgresql+psycopg://nobody@127.0.0.1:1/none",
                                    "/nowhere/at/all.desk", __file__])
def test_a_url_a_missing_file_or_another_file_loads_no_rules(target: str) -> None:
    qt, missing, rules = _loaded(target)
    assert not qt and missing == []
    assert not [m for m in rules if "belle_alliance" in m]


_HOOK_PROBE = """
import inspect, json, sys
from desk.ui.launch import load_before_qt, load_qt
load_before_qt(sys.argv[1])
load_qt()
read = []
getsource = inspect.getsource
def counted(thing):
    read.append(getattr(thing, "__name__", "?"))
    return getsource(thing)
inspect.getsource = counted  # what PySide's hook calls for a module it has no answer for
import desk.ui.main_window  # most of the window's modules
answers = sys.modules["__feature__"].pyside_feature_dict
print(json.dumps({"read": read, "window": answers.get("desk.ui.main_window"),
                  "store": answers.get("desk.store")}))
"""


def test_the_window_s_modules_load_without_qt_reading_their_source(demo: Path) -> None:
    done = subprocess.run([sys.executable, "-c", _HOOK_PROBE, str(demo)], capture_output=True,
                          text=True, check=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    found = json.loads(done.stdout.strip().splitlines()[-1])
    # If PySide6 no longer keeps pyside_feature_dict, the window is slower to start: see
    # load_qt's text for what the hook does with it.
    assert found["window"] == 0 and found["store"] == -1  # as the hook would have found
    assert [name for name in found["read"] if name.startswith("desk")] == []


_COLLECTOR_PROBE = """
import gc, json, sys
from desk.ui import app
from desk.ui.launch import launch_window

seen = {}
open_window = app.Desk.open


def open_and_leave(self, target, **options):
    seen["collecting while it opens"] = gc.isenabled()
    opened = open_window(self, target, **options)
    from PySide6.QtCore import QCoreApplication, QTimer

    def look():
        seen["collecting once open"] = gc.isenabled()
        seen["frozen"] = gc.get_freeze_count()
        QCoreApplication.quit()

    QTimer.singleShot(0, look)
    return opened


app.Desk.open = open_and_leave
seen["code"] = launch_window(campaign=sys.argv[1], read_only=False)
print(json.dumps(seen))
"""


def test_the_collector_waits_for_the_window_then_runs_again(demo: Path, tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "DESK_DATA_DIR": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-c", _COLLECTOR_PROBE, str(demo)],
                          capture_output=True, text=True, check=True, timeout=120, env=env)
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["code"] == 0
    assert seen["collecting while it opens"] is False  # held since the launch
    assert seen["collecting once open"] is True
    assert seen["frozen"] > 100_000  # the start-up's objects, out of the collector's walks
