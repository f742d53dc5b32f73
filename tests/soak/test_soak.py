"""Soak test: an evening at the real window in each rules system, each in its own process.

tests/soak/evening.py plays the evening from the keyboard and reports as JSON;
here each system's evening runs as a child process, so that a fatal error
(``Fatal Python error: none_dealloc`` from a leaking Qt binding, a crash in C
code) fails one test with the child's trace instead of killing pytest.

Besides orders, events, undo, closes and prints, the evening works this wave's
controls (tests/soak/board_steps.py): the map board (zoom, the bound slider, a
marker dragged through the scene), the LIM cup of Battles of Waterloo (chits
pulled, the desk drawing) and the courier ledger (dispatches written).

Asserted: the child exits cleanly; Qt said nothing at warning level or above;
resident memory grew less than 20 MiB from the warm-up to the end; every step
did what it should (a save saved, an undo undid...); and the campaign file
holds exactly what was entered (the child's own ledger against the services).

The short form (CI) types 2,000 key events per system. The long form:
``DESK_SOAK_ACTIONS=20000 pytest tests/soak -s`` (a few minutes per system).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

EVENING = Path(__file__).with_name("evening.py")
SHORT = 2000
RSS_BUDGET_KIB = 20 * 1024
STEPS = {"order", "event", "undo", "redo", "close_bound", "reopen_bound", "look_back",
         "print_sheets", "resize", "board", "lim_cup", "courier"}


def soak_actions() -> int:
    """Key events per system: DESK_SOAK_ACTIONS, or the short form."""
    value = os.environ.get("DESK_SOAK_ACTIONS", "")
    return int(value) if value.strip().isdecimal() else SHORT


# One class per system: pytest-xdist's --dist loadscope hands out a class's tests as one
# unit, so the three evenings (20-35 s each) run on both workers instead of one after the
# other on a single worker while the other has finished.
class TestBelleAlliance:
    """An evening of Belle Alliance at the window."""

    def test_an_evening_at_the_window(self, tmp_path: Path) -> None:
        evening("belle-alliance", tmp_path)


class TestBattlesOfWaterloo:
    """An evening of Battles of Waterloo at the window, its LIM cup drawn."""

    def test_an_evening_at_the_window(self, tmp_path: Path) -> None:
        evening("battles-of-waterloo", tmp_path)


class TestLaBataille:
    """An evening of La Bataille at the window, on its hex map."""

    def test_an_evening_at_the_window(self, tmp_path: Path) -> None:
        evening("la-bataille", tmp_path)


def evening(rules: str, tmp_path: Path) -> None:
    """Play ``rules``' evening in a child process and check its report."""
    actions = soak_actions()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "DESK_DATA_DIR": str(tmp_path)}
    child = subprocess.run([sys.executable, str(EVENING), rules, str(actions), str(tmp_path)],
                           env=env, capture_output=True, text=True, check=False,
                           timeout=120 + actions * 0.05)
    assert child.returncode == 0, (f"the {rules} evening died (exit {child.returncode}):\n"
                                   f"{child.stderr[-4000:]}")
    report = json.loads(child.stdout.strip().splitlines()[-1])
    growth = report["rss_end_kib"] - report["rss_warm_kib"]
    print(f"\n{rules}: {report['actions']} key events in {report['seconds']} s, "
          f"{report['bounds']} bounds, RSS {report['rss_warm_kib'] // 1024} MiB after "
          f"warm-up, {growth / 1024:+.1f} MiB at the end; steps {report['steps']}; "
          f"board, cup and ledger {report['controls']}; skipped {report['skipped']}")
    assert report["actions"] >= actions
    assert set(report["steps"]) == STEPS, "the evening left a kind of step out"
    assert report["warnings"] == [], "Qt warned"
    assert report["problems"] == [], "a key press did not do what it should"
    assert report["errors_shown"] == [], "the desk refused something the umpire did"
    assert report["differences"] == [], "the file does not hold what was entered"
    assert growth < RSS_BUDGET_KIB, f"resident memory grew {growth / 1024:.1f} MiB"
