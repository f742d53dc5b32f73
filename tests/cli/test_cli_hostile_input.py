"""Hostile numbers, names and paths on the command line (issue 28, items 4, 5 and 7): each is
refused in one ``desk: …`` line naming what was wrong, and the campaign file is unchanged."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from desk.cli import main

HUGE = str(2**64)  # past any 64-bit column: the driver would raise OverflowError


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and "internal error" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize("args", [
    ["seed", "{c}", "--bound", HUGE],
    ["deadline", "{c}", "2030-01-01T18:00", "--bound", HUGE],
    ["diff", "{c}", "1", HUGE],
    ["reinforcement", "{c}", "1/5e Ligne", HUGE],
    ["map-seen", "{c}", "--side", "French", "--bound", HUGE, "15. Brigade"],
    ["sheets", "{c}", "--side", "French", "--bound", HUGE, "-o", "{t}/s.pdf"],
    ["packets", "{c}", "--bound", HUGE, "-o", "{t}/packets"],
    ["report", "{c}", "--bound", HUGE, "-o", "{t}/r.pdf"],
    ["turn-in", "{c}", "--bound", HUGE],
    ["map", "{c}", "--bound", HUGE, "-o", "{t}/m.pdf"],
    ["diff", "{c}", "0", "2"],
])
def test_a_bound_no_campaign_can_hold_is_no_bound(args: list[str], campaign: Path,
                                                  tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    before = digest(campaign)
    argv = [a.format(c=campaign, t=tmp_path) for a in args]
    assert main(argv) != 0
    line = one_line(capsys)
    assert line.startswith("desk: there is no bound "), line
    assert digest(campaign) == before
    assert not list(tmp_path.glob("*.pdf")) and not (tmp_path / "packets").exists()


def test_a_dispatch_number_past_any_ledger(campaign: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    before = digest(campaign)
    assert main(["dispatch-rule", str(campaign), HUGE, "--fate", "lost", "--reason", "x"]) != 0
    assert one_line(capsys) == f"desk: there is no dispatch {HUGE} in the ledger"
    assert digest(campaign) == before


def test_a_delay_past_any_count(campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = digest(campaign)
    assert main(["dispatch", str(campaign), "--from", "Lobau", "--to", "1/5e Ligne",
                 "--text", "Advance", "--delay", HUGE]) != 0
    assert f"desk: {HUGE} is not a count the desk can keep" in one_line(capsys)
    assert digest(campaign) == before


def test_a_word_for_a_bound_is_a_usage_error(campaign: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["seed", str(campaign), "--bound", "two"]) == 2
    assert "argument --bound: 'two' is not a whole number" in capsys.readouterr().err


def test_a_missing_map_image_is_named(campaign: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    before = digest(campaign)
    missing = tmp_path / "no-such-map.png"
    assert main(["map-import", str(campaign), str(missing)]) != 0
    assert one_line(capsys) == f"desk: there is no file {missing}"
    assert digest(campaign) == before


def test_a_control_character_typed_in_a_name_is_shown_not_obeyed(
        campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Found by the 10,000-call fuzz: a backup named "\r0" was echoed raw, and the
    # carriage return split the refusal in two on the terminal.
    before = digest(campaign)
    assert main(["restore", str(campaign), "\r0"]) != 0
    assert one_line(capsys) == "desk: there is no backup file \\r0"
    assert digest(campaign) == before


@pytest.mark.parametrize("name", ["Jean\nBaptiste", "Jean\r\nBcc: x@example.org", "Jean\tB"])
def test_a_player_name_is_one_line(name: str, campaign: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    before = digest(campaign)
    assert main(["players", str(campaign), "add", "--name", name,
                 "--address", "jean@example.org", "--side", "French"]) != 0
    assert "a player's name is one line of plain text" in one_line(capsys)
    assert digest(campaign) == before
    assert main(["players", str(campaign), "list"]) == 0
    assert "jean@example.org" not in capsys.readouterr().out


@pytest.mark.parametrize("command", ["packets", "reminders"])
def test_from_with_a_line_break_names_the_option(command: str, campaign: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, str(campaign), "-o", str(tmp_path / "out"),
                 "--from", "umpire@example.org\r\nBcc: all@example.org"]) == 2
    err = capsys.readouterr().err
    assert "argument --from:" in err and "is not a mail address" in err, err
    assert not (tmp_path / "out").exists()


def test_a_png_cut_in_half_is_not_stored(campaign: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 28, item 1, from the command line: refused at import, so the next ``desk map``
    draws the map that was there before instead of failing with reportlab's words."""
    from desk.services.maps.images import png_bytes

    whole = png_bytes(300, 200, bytes([80, 140, 80]) * 60_000)
    cut = tmp_path / "cut.png"
    cut.write_bytes(whole[: len(whole) // 2])
    before = digest(campaign)
    assert main(["map-import", str(campaign), str(cut)]) != 0
    assert "this PNG file is damaged or cut short" in one_line(capsys)
    assert digest(campaign) == before
    assert main(["map", str(campaign), "--side", "French", "-o", str(tmp_path / "m.pdf")]) == 0
    assert (tmp_path / "m.pdf").read_bytes().startswith(b"%PDF")
