"""``desk umpires`` and ``desk claims`` (issue 33), with the global ``--umpire NAME``: the
roster added, listed and removed; a claim made, listed, refused to another umpire, taken
over by the chief with a reason and released; each refusal one line and a non-zero exit."""

from __future__ import annotations

import re
from pathlib import Path

from cli_run import desk, one_line_error


def test_the_roster_is_added_listed_and_removed(campaign: Path) -> None:
    where = str(campaign)
    assert "names no umpires" in desk("umpires", where).stdout
    assert desk("umpires", where, "add", "Anne", "--role", "chief").returncode == 0
    added = desk("umpires", where, "add", "Bob", "--db-role", "bob")
    assert added.returncode == 0, added.stderr
    assert added.stdout.splitlines() == ["Anne (chief)", "Bob (sector) · database role bob"]
    assert "an umpire called Anne already" in one_line_error(desk("umpires", where, "add",
                                                                  "anne"))
    assert "one line of plain text" in one_line_error(desk("umpires", where, "add", "A\nB"))
    assert "needs the umpire's name" in one_line_error(desk("umpires", where, "add"))
    assert "Bob is not the chief" in one_line_error(
        desk("--umpire", "Bob", "umpires", where, "add", "Cleo"))
    assert "no umpire called 'Zed'" in one_line_error(desk("umpires", where, "remove", "Zed"))
    gone = desk("umpires", where, "remove", "bob")
    assert gone.stdout.splitlines() == ["Bob is no longer an umpire of this campaign.",
                                        "Anne (chief)"]


def test_claims_are_made_listed_refused_taken_over_and_released(campaign: Path) -> None:
    where = str(campaign)
    assert "name them first (desk umpires CAMPAIGN add NAME)" in one_line_error(
        desk("claims", where, "claim", "--lim"))
    desk("umpires", where, "add", "Anne", "--role", "chief")
    desk("umpires", where, "add", "Bob")
    made = desk("--umpire", "Bob", "claims", where, "claim", "--command", "VI Corps")
    assert made.stdout.strip() == "VI Corps is claimed by Bob.", made.stderr
    assert re.fullmatch(r"VI Corps: Bob since \d\d:\d\d UTC\n",
                        desk("claims", where).stdout)
    refused = one_line_error(desk("claims", where, "claim", "--side", "French"))
    assert re.fullmatch(r"desk: VI Corps is claimed by Bob since \d\d:\d\d UTC\.", refused)
    assert "1/5e Ligne: VI Corps is claimed by Bob" in one_line_error(
        desk("event", where, "1/5e Ligne", "casualties", "losses=1"))
    assert "needs --reason" in one_line_error(
        desk("claims", where, "take-over", "--command", "VI Corps"))
    assert "only the chief umpire takes a claim over" in one_line_error(
        desk("--umpire", "Bob", "claims", where, "take-over", "--lim", "--reason", "x"))
    taken = desk("claims", where, "take-over", "--command", "VI Corps", "--reason", "Bob left")
    assert taken.stdout.strip() == "VI Corps is claimed by Anne.", taken.stderr
    assert "(taken over: Bob left)" in desk("claims", where, "list").stdout
    assert desk("event", where, "1/5e Ligne", "casualties", "losses=1").returncode == 0
    assert "only Anne or the chief umpire releases it" in one_line_error(
        desk("--umpire", "Bob", "claims", where, "release", "--command", "VI Corps"))
    assert desk("claims", where, "release", "--command", "VI Corps").returncode == 0
    assert desk("claims", where).stdout.strip() == "Nothing is claimed in this battle."
    assert "no umpire named 'Zed'" in one_line_error(desk("--umpire", "Zed", "claims", where))
    assert "--umpire needs an umpire's name" in one_line_error(desk("--umpire"))
