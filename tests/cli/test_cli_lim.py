"""``desk lim``: a Battles of Waterloo turn scripted from the command line (issue 18)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def desk(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "desk", *args], capture_output=True,
                          text=True, timeout=120, env=dict(os.environ))


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode != 0 and "Traceback" not in result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("desk: ")
    return line


def test_a_turn_is_scripted_and_bad_input_is_one_line_BOW_2_BOW_5(tmp_path: Path) -> None:
    path = str(tmp_path / "ligny.desk")
    assert desk("demo", path, "--rules", "battles-of-waterloo").returncode == 0
    pool = desk("lim", path, "pool")
    assert pool.returncode == 0 and "BOW-4   Girard's detachment (II Corps) C/D" in pool.stdout
    assert desk("lim", path, "draw", "--chit", "IV Corps C/D").stdout == "LIM 1: IV Corps C/D\n"
    moved = desk("lim", path, "move", "Vichery's 13e Division", "--type", "tactical",
                 "--to", "1209")
    assert moved.stdout == "Vichery's 13e Division moves under LIM 1: tactical (BOW-2)\n"
    refused = one_line_error(desk("lim", path, "move", "Lefol's 8e Division", "--type",
                                  "tactical"))
    assert "BOW-2" in refused and "reason" in refused
    assert "no LIM called 'Nope'" in one_line_error(desk("lim", path, "draw", "--chit", "Nope"))
    assert "no unit called" in one_line_error(desk("lim", path, "move", "Nobody", "--type",
                                                  "tactical"))
    desk("lim", path, "draw", "--chit", "French Orders")
    desk("lim", path, "option", "activate-command")
    rolled = desk("lim", path, "roll", "Girard's detachment (II Corps)", "--value", "9")
    assert rolled.stdout.strip() == ("Girard's detachment (II Corps): rating 5, roll 9: failed "
                                     "(typed from real dice)")
    record = desk("lim", path, "record").stdout
    assert "1. IV Corps C/D (cup)" in record and "Vichery's 13e Division: tactical → 1209" in record
    assert len(desk("lim", path, "seed").stdout.strip()) == 32
