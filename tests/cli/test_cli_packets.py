"""``desk players`` / ``deadline`` / ``packets`` / ``turn-in`` / ``reminders`` / ``seed``,
run as the command runs them; bad input is one sentence and writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

from cli_run import desk

from desk.services.rolls import commitment


def test_packets_players_deadline_reminders_and_seed_from_the_command_line(
        tmp_path: Path) -> None:
    path = tmp_path / "plancenoit.desk"
    assert desk("demo", str(path)).returncode == 0
    before = path.read_bytes()
    bad = desk("players", str(path), "add", "--name", "Anne", "--address", "anne@", "--side",
               "French")
    assert bad.returncode == 1 and "not a mail address" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1 and path.read_bytes() == before
    past = desk("deadline", str(path), "2020-01-01T18:00")
    assert past.returncode == 1 and "already past" in past.stderr
    assert path.read_bytes() == before
    assert desk("players", str(path), "add", "--name", "Anne", "--address", "anne@example.org",
                "--side", "French").returncode == 0
    assert desk("players", str(path), "add", "--name", "Bernd", "--address",
                "bernd@example.de", "--side", "Prussian").returncode == 0
    listed = desk("players", str(path), "list")
    assert "Anne <anne@example.org>: French" in listed.stdout
    assert desk("deadline", str(path), "2099-12-03T18:00").returncode == 0
    out = tmp_path / "packets"
    made = desk("packets", str(path), "-o", str(out))
    assert made.returncode == 0, made.stderr
    assert sorted(p.name for p in out.iterdir()) == ["French - Anne", "Prussian - Bernd"]
    again = desk("packets", str(path), "-o", str(out))
    assert again.returncode == 1 and "not empty" in again.stderr
    board = desk("turn-in", str(path))
    # The deadline is still to come: nobody is late yet (issue 27).
    assert "2099-12-03 18:00" in board.stdout and "not returned yet" in board.stdout
    assert " late " not in board.stdout
    reminders = desk("reminders", str(path), "-o", str(tmp_path / "late"))
    assert reminders.returncode == 0 and len(list((tmp_path / "late").glob("*.eml"))) == 2
    refused = desk("seed", str(path), "--bound", "1")
    assert refused.returncode == 1 and "still open" in refused.stderr
    assert desk("close", str(path)).returncode == 0
    rolls = tmp_path / "rolls.json"
    shown = desk("seed", str(path), "--bound", "1", "--rolls", str(rolls))
    assert shown.returncode == 0, shown.stderr
    data = json.loads(rolls.read_text(encoding="utf-8"))
    assert commitment(data["seed"]) == data["commitment"] and data["seed"] in shown.stdout
