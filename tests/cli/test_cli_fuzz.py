"""Hostile arguments for every ``desk`` subcommand (issue 28): whatever is typed, the command
line answers with a result or one plain line, never "internal error" or a traceback.

Hypothesis draws a subcommand and, for each of its arguments, a value from a vocabulary of
what users and scripts really type wrong: numbers past 64 bits, nan and inf, words where
numbers go, line breaks, empty names, a folder where a file goes, a campaign that is a text
file. It runs derandomized (the same calls on every run) on a copy of the demo that the calls
may change. ``DESK_FUZZ_CALLS=10000`` runs the long form (on demand; the suite makes 150).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desk.cli import build_parser, main
from desk.rules import SYSTEM_IDS

CALLS = int(os.environ.get("DESK_FUZZ_CALLS", "150"))

NUMBERS = ["0", "-1", "1", "2", "3", str(2**63), str(2**64), "-9" * 30, "nan", "inf", "1e999",
           "two", "", "1.5", "0x10"]
FLOATS = ["nan", "inf", "-inf", "1e309", "-1", "0", "0.1", "30", "abc", ""]
WORDS = ["", " ", "\r\n", "Jean\nBaptiste", "1/5e Ligne", "French", "Prussian", "Lobau",
         "VI Corps", " / 2nd Div", "Ω" * 400, "'; DROP TABLE unit; --", "%s%n{0}", "\x00",
         "bridge", "banana", "0506", "99,99", "a=b", "losses=nan", "losses=1e999",
         "disorder=banana", "strength=-5"]


def _slots(tmp: Path, campaign: Path) -> dict[str, st.SearchStrategy[str]]:
    text_file = tmp / "orders.txt"
    text_file.write_text("not a campaign\n" * 20, encoding="utf-8")
    paths = [str(campaign), str(campaign), str(campaign), str(tmp / "missing.desk"),
             str(text_file), str(tmp), "/proc/self/mem"]
    outputs = [str(tmp / "out.pdf"), str(tmp / "out"), str(tmp), str(text_file),
               "/proc/forbidden/out.pdf", ""]
    return {
        "campaign": st.sampled_from(paths),
        "file": st.sampled_from([str(text_file), str(tmp / "none.png"), str(tmp), str(campaign),
                                 ""]),
        "output": st.sampled_from(outputs),
        "number": st.sampled_from(NUMBERS),
        "float": st.sampled_from(FLOATS),
        "word": st.sampled_from(WORDS) | st.text(max_size=12),
        # Never "": an empty --data-home is the working folder, not a hostile name.
        "folder": st.sampled_from([str(tmp / "menu"), str(tmp), str(text_file),
                                   "/proc/forbidden"]),
    }


# Each subcommand's arguments, by kind: a leading "-" is an option (drawn or left out).
COMMANDS: dict[str, list[tuple[str, str]]] = {
    "demo": [("", "output"), ("--rules", "system")],
    "info": [("", "campaign")],
    "import-oob": [("", "file"), ("", "output")],
    "export-oob": [("", "campaign"), ("-o", "output")],
    "add-units": [("", "campaign"), ("", "file")],
    "export-units": [("", "campaign"), ("-o", "output")],
    "sheets": [("", "campaign"), ("--side", "word"), ("--command", "word"),
               ("--bound", "number"), ("-o", "output")],
    "report": [("", "campaign"), ("--bound", "number"), ("-o", "output")],
    "import-forms": [("", "campaign"), ("", "file")],
    "chart": [("", "system"), ("--campaign", "campaign"), ("-o", "output")],
    "backups": [("", "campaign")],
    "restore": [("", "campaign"), ("", "word")],
    "settings": [("", "campaign")],
    "dispatches": [("", "campaign"), ("--bound", "number"), ("--side", "word")],
    "dispatch": [("", "campaign"), ("--from", "word"), ("--to", "word"), ("--text", "word"),
                 ("--delay", "number")],
    "dispatch-rule": [("", "campaign"), ("", "number"), ("--fate", "fate"),
                      ("--reason", "word"), ("--due", "number"), ("--captor", "word")],
    "couriers": [("", "campaign"), ("--scale", "word"), ("--set", "word")],
    "lim": [("", "campaign"), ("", "lim"), ("", "word"), ("--value", "number"),
            ("--to", "word")],
    "map-import": [("", "campaign"), ("", "file"), ("--page", "number")],
    "map-calibrate": [("", "campaign"), ("--points", "word"), ("--distance", "float")],
    "map": [("", "campaign"), ("--side", "word"), ("--bound", "number"), ("-o", "output")],
    "map-seen": [("", "campaign"), ("--side", "word"), ("", "word"), ("--bound", "number")],
    "event": [("", "campaign"), ("", "word"), ("", "word"), ("", "word")],
    "reinforcement": [("", "campaign"), ("", "word"), ("", "number")],
    "losses": [("", "campaign"), ("-o", "output")],
    "battles": [("", "campaign")],
    "new-battle": [("", "campaign"), ("", "word"), ("--date", "word"),
                   ("--start-time", "word"), ("--minutes", "number")],
    "end-battle": [("", "campaign"), ("--share", "float"), ("--set", "word"),
                   ("--preview", "flag")],
    "recovery": [("", "campaign"), ("--share", "float")],
    "close": [("", "campaign")],
    "diff": [("", "campaign"), ("", "number"), ("", "number")],
    "record": [("", "campaign"), ("--bound", "number"), ("--battle", "word")],
    "seed": [("", "campaign"), ("--bound", "number")],
    "packets": [("", "campaign"), ("--bound", "number"), ("-o", "output"), ("--from", "word")],
    "players": [("", "campaign"), ("", "players"), ("--name", "word"), ("--address", "word"),
                ("--side", "word"), ("--command", "word"), ("--reissue", "flag")],
    "umpires": [("", "campaign"), ("", "umpires"), ("", "word"), ("--role", "role"),
                ("--db-role", "word")],
    "claims": [("", "campaign"), ("", "claims"), ("--side", "word"), ("--command", "word"),
               ("--lim", "flag"), ("--reason", "word"), ("--battle", "word")],
    # Always with an address it cannot serve on: a valid one would start the server and wait.
    "serve": [("", "campaign"), ("--bind", "bind")],
    "deadline": [("", "campaign"), ("", "word"), ("--bound", "number")],
    "turn-in": [("", "campaign"), ("--bound", "number")],
    "knowledge": [("", "campaign"), ("--command", "word"), ("--bound", "number")],
    "debrief": [("", "campaign"), ("--bound", "number"), ("-o", "output")],
    "reminders": [("", "campaign"), ("-o", "output"), ("--from", "word")],
    "notes": [("", "campaign"), ("", "notes"), ("", "number"), ("--unit", "word"),
              ("--command", "word"), ("--bound", "number"), ("--text", "word")],
    "install-desktop-entry": [("--data-home", "folder")],
    "uninstall-desktop-entry": [("--data-home", "folder")],
}


def test_the_fuzz_covers_every_subcommand() -> None:
    """A subcommand added to the parser and not to COMMANDS would escape the fuzz."""
    _parser, registered = build_parser()
    assert set(COMMANDS) == registered


@st.composite
def calls(draw: st.DrawFn, slots: dict[str, st.SearchStrategy[str]]) -> list[str]:
    command = draw(st.sampled_from(sorted(COMMANDS)))
    argv = [command]
    for option, kind in COMMANDS[command]:
        if option.startswith("-") and kind != "bind" and not draw(st.booleans()):
            continue
        if kind == "flag":
            argv.append(option)
            continue
        choices = {
            "fate": ["in-transit", "lost", "captured"],
            "lim": ["pool", "record", "pending", "seed", "draw", "first", "option", "roll",
                    "move"],
            "players": ["add", "list", "remove", "link", "revoke"],
            "notes": ["add", "list", "remove"],
            "umpires": ["add", "list", "remove"],
            "claims": ["list", "claim", "release", "take-over"],
            "role": ["chief", "sector", "banana", ""],
            "bind": ["", "host", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:65536", ":abc",
                     "[::1]:-1", "8470", "\r\n:1", "Ω" * 50],
            "system": [*SYSTEM_IDS, "banana", ""],
        }
        value = draw(st.sampled_from(choices[kind]) if kind in choices else slots[kind])
        argv += [option, value] if option else [value]
    return argv


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory: pytest.TempPathFactory, demo: Path) -> Path:
    folder = tmp_path_factory.mktemp("fuzz")
    shutil.copy(demo, folder / "c.desk")
    return folder


def test_no_subcommand_gives_an_internal_error(fuzz_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    # The desktop entry goes to a throwaway menu, and nothing lands in the working folder.
    monkeypatch.setenv("XDG_DATA_HOME", str(fuzz_dir / "xdg"))
    monkeypatch.chdir(fuzz_dir)
    campaign = fuzz_dir / "c.desk"
    slots = _slots(fuzz_dir, campaign)

    @settings(max_examples=CALLS, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(calls(slots))
    def one_call(argv: list[str]) -> None:
        code = main(argv)
        err = capsys.readouterr().err
        assert "internal error" not in err and "Traceback" not in err, (argv, err)
        assert isinstance(code, int)
        if code not in (0, 2):  # 2: argparse's usage text; anything else is one line
            assert len(err.strip().splitlines()) == 1, (argv, err)

    one_call()
