"""``desk notes CAMPAIGN add|list|remove`` (issue 33): a note kept on a unit, a command or
the open bound, listed for its author and the chief only, removed by number; each
refusal one line."""

from __future__ import annotations

import os
import re
from pathlib import Path

from cli_run import desk, one_line_error
from note_helpers import name_umpires


def _as(umpire: str) -> dict[str, str]:
    return {**os.environ, "DESK_UMPIRE": umpire}


def test_notes_are_kept_listed_for_their_author_and_the_chief_and_removed(
        campaign: Path) -> None:
    name_umpires(campaign, {"Marie": "chief", "Sam": "sector"})
    where = str(campaign)
    kept = desk("notes", where, "add", "--unit", "1/5e Ligne", "--text",
                "The 5e Ligne is short of cartridges\nsay nothing", env=_as("Sam"))
    assert kept.returncode == 0, kept.stderr
    assert "kept on 1/5e Ligne (seen only by you and the chief umpire)" in kept.stdout
    assert desk("notes", where, "add", "--command", "VI Corps", "--text", "Lobau hesitates",
                env=_as("Marie")).returncode == 0
    assert "bound 1 of Plancenoit" in desk("notes", where, "add", "--bound", "--text",
                                           "Rain at six", env=_as("Sam")).stdout

    sams = desk("notes", where, "list", env=_as("Sam")).stdout
    assert "short of cartridges\n    say nothing" in sams and "Rain at six" in sams
    assert "Lobau" not in sams  # the chief's own note is the chief's
    chiefs = desk("notes", where, "list", env=_as("Marie")).stdout
    assert re.search(r"#1 · 1/5e Ligne \(unit\) · Sam · ", chiefs)
    assert "Lobau hesitates" in chiefs and "Rain at six" in chiefs
    only_unit = desk("notes", where, "list", "--unit", "1/5e Ligne", env=_as("Marie")).stdout
    assert "cartridges" in only_unit and "Lobau" not in only_unit

    refused = one_line_error(desk("notes", where, "remove", "2", env=_as("Sam")))
    assert refused == "desk: there is no secret note number 2 of yours"
    assert "removed" in desk("notes", where, "remove", "1", env=_as("Sam")).stdout
    assert "cartridges" not in desk("notes", where, "list", env=_as("Marie")).stdout


def test_each_refusal_is_one_line(campaign: Path) -> None:
    where = str(campaign)
    for args, said in [
        (("add", "--text", "x"), "needs what the note is on"),
        (("add", "--unit", "1/5e Ligne"), "notes add needs --text"),
        (("add", "--unit", "1/5e Ligne", "--text", "  "), "needs some text"),
        (("add", "--unit", "Nobody", "--text", "x"), "no unit called 'Nobody'"),
        (("add", "--command", "Nobody", "--text", "x"), "no command named 'Nobody'"),
        (("add", "--bound", "9", "--text", "x"), "bound 9 has not been played"),
        (("remove",), "needs the note's number"),
        (("remove", "0"), "no secret note number 0"),
        (("list", "3"), "takes no note number"),
    ]:
        assert said in one_line_error(desk("notes", where, *args)), args
    name_umpires(campaign, {"Marie": "chief"})
    assert "no umpire named 'Zed' (its umpires: Marie)" in one_line_error(
        desk("notes", where, "list", env=_as("Zed")))
