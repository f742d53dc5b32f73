"""Issue 19's whole campaign by script: three Belle Alliance battles, losses and disorder
recorded during bounds, a reinforcement arriving, each battle ended with recovery and the
next started from the campaign order of battle, the losses report and the diff — every step
a ``desk`` command as an organiser's script would run it (through the command's own entry
point, in process: tests/cli_run.py)."""

from __future__ import annotations

import re
from pathlib import Path

from cli_run import desk
from pypdf import PdfReader


def ok(*args: str) -> str:
    done = desk(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_three_battles_with_losses_reinforcement_recovery_report_and_diff(
        tmp_path: Path) -> None:
    camp = str(tmp_path / "campaign.desk")
    ok("demo", camp)
    # Battle 1: casualties and MD (BA-F2) in bound 1, a reinforcement due at bound 2.
    assert "23 left" in ok("event", camp, "1/5e Ligne", "casualties", "losses=3")
    assert "BA-F2" in ok("event", camp, "1/5e Ligne", "became-MD")
    ok("reinforcement", camp, "1/5e Léger", "2")
    closed = ok("close", camp)
    assert "1/5e Léger" in closed  # the close lists the arrival
    assert "25 left" in ok("event", camp, "1/5e Léger", "casualties", "losses=2")
    ok("close", camp)
    ended = ok("end-battle", camp, "--recovery", "ten-percent-lost")
    line = next(x for x in ended.splitlines()
                if x.strip().startswith("1/5e Ligne:") and "lost" in x)
    assert "lost 3" in line and line.rstrip().endswith("→ 25")  # 90 % of 3, rounded down: 2
    # Battle 2 starts from the campaign order of battle: the recovered strength.
    assert "begun" in ok("new-battle", camp, "Wavre")
    assert "20 left" in ok("event", camp, "1/5e Ligne", "casualties", "losses=5")
    ok("close", camp)
    ok("end-battle", camp, "--recovery", "none")
    ok("new-battle", camp, "Ligny")
    battles = ok("battles", camp)
    assert re.search(r"Plancenoit: ended", battles) and re.search(r"Wavre: ended", battles)
    assert re.search(r"Ligny: open, bound 1", battles)
    # The diff of the first battle shows what happened to whom.
    diff = ok("diff", camp, "1", "3", "--battle", "Plancenoit")
    assert "1/5e Ligne (French): disorder none → MD; strength 26 → 23" in diff
    # The losses report of an ended battle, read back.
    pdf = tmp_path / "losses.pdf"
    ok("losses", camp, "--battle", "Plancenoit", "-o", str(pdf))
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Plancenoit" in text and "French" in text
    assert "1/5e Léger\narrived" in text  # the reinforcement, on and off the table
