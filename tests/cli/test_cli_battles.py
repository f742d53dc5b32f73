"""A three-battle Belle Alliance campaign driven as a script: ``desk new-battle``, ``close``,
``end-battle --recovery``, ``diff``, ``battles`` — each a command as a script runs it, each
error one line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "services"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "services" / "battles"))

import pytest
from battle_helpers import set_strength
from cli_run import desk
from scenario import belle_alliance

from desk.store import open_campaign


def ok(*args: str) -> str:
    done = desk(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def refused(path: Path, *args: str) -> str:
    before = path.read_bytes()
    done = desk(*args)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert path.read_bytes() == before
    return done.stderr.strip()


def _strength(path: Path, unit: str, value: int) -> None:
    with open_campaign(path, backup_dir=path.parent / "made") as store:
        set_strength(store, unit, value)


def test_a_campaign_of_three_battles_from_a_script(tmp_path: Path) -> None:
    oob, path = tmp_path / "oob.json", tmp_path / "campaign.desk"
    oob.write_text(json.dumps(belle_alliance()), encoding="utf-8")
    ok("import-oob", str(oob), str(path))
    ok("recovery", str(path), "--recovery", "ten-percent-lost")

    # Battle 1: bound 1 closed with its summary; the 1/5e has lost 6 in bound 2.
    closed = ok("close", str(path))
    assert closed.startswith("Closing bound 1: 4 units.") and "Bound 1 closed" in closed
    _strength(path, "1/5e Ligne", 18)
    diff = ok("diff", str(path), "1", "2")
    assert "1/5e Ligne (French): strength 24 → 18" in diff
    ended = ok("end-battle", str(path), "--set", "1/15. IR=0:captured at the ford")
    assert "Closing bound 2: 4 units." in ended
    assert "1/5e Ligne: 24 → 18, lost 6, 5 return → 23" in ended
    assert "1/15. IR: 24 → 24, lost 0, 0 return → 0 — set by the umpire: captured" in ended
    assert refused(path, "end-battle", str(path)) == \
        "desk: the battle Test field has already ended"

    # Battle 2 from the campaign order of battle: the 1/5e starts at 23.
    assert refused(path, "new-battle", str(path), "Ligny", "--commands", "IV Corps") == (
        "desk: the battle Ligny would have no units: the commands chosen have no unit with "
        "strength left")
    ok("new-battle", str(path), "Wavre", "--commands", "VI Corps")
    said = ok("battles", str(path), "--units")
    assert "1/5e Ligne (French): 24 → 23 (lost 6, returned 5)  23 → …" in said
    assert "  Prussian: 24 → 0 (adjusted -24)  —" in said  # captured, set by the umpire
    ok("close", str(path))
    _strength(path, "2/5e Ligne", 20)
    assert "2/5e Ligne (French): strength 24 → 20" in ok("diff", str(path), "1", "2")
    assert refused(path, "end-battle", str(path), "--share", "150") == \
        "desk: a recovery share must be between 0 and 100 %, not 150 %"
    assert refused(path, "diff", str(path), "1", "2", "--battle", "Austerlitz").startswith(
        "desk: the campaign Test belle-alliance has no battle called 'Austerlitz'")
    ok("end-battle", str(path), "--recovery", "roll-per-figure", "--seed", "5")

    # Battle 3; the first battle's bounds are still there to compare.
    ok("new-battle", str(path), "Paris")
    assert "1/5e Ligne (French): strength 24 → 18" in ok("diff", str(path), "1", "3",
                                                           "--battle", "Test field")
    listing = ok("battles", str(path))
    assert listing.splitlines() == ["Test field: ended after bound 2, 4 units",
                                    "Wavre: ended after bound 2, 3 units",
                                    "Paris: open, bound 1, 3 units"]


def test_the_battle_commands_speak_french(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from desk.cli import main

    path = tmp_path / "plancenoit.desk"
    assert main(["demo", str(path)]) == 0
    capsys.readouterr()
    assert main(["--language", "fr", "end-battle", str(path), "--share", "150"]) == 1
    assert capsys.readouterr().err.strip() == (
        "desk: une part de récupération doit être entre 0 et 100 %, pas 150 %")
    assert main(["--language", "fr", "battles", str(path)]) == 0
    assert capsys.readouterr().out.strip() == "Plancenoit : ouverte, bond 1, 62 unités"
