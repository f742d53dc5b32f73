"""``desk lim``: a Battles of Waterloo turn scripted from the command line (issue 18)."""

from __future__ import annotations

from pathlib import Path

from cli_run import desk, one_line_error


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


def test_an_orders_lim_activation_moves_its_command_and_pending_lists_it_BOW_4(
        tmp_path: Path) -> None:
    """Issue 27: the Prussian Orders LIM activates Röder (4 against 4); his unit moves."""
    path = str(tmp_path / "ligny.desk")
    assert desk("demo", path, "--rules", "battles-of-waterloo").returncode == 0
    desk("lim", path, "draw", "--chit", "Prussian Orders")
    desk("lim", path, "option", "activate-command")
    rolled = desk("lim", path, "roll", "Reserve cavalry of I. Armeekorps (Röder)", "--value", "4")
    assert "activated" in rolled.stdout
    pending = desk("lim", path, "pending").stdout.splitlines()
    assert pending[0] == "LIM 1 (Prussian Orders): 1 units may move; 0 moved, 1 still to move."
    assert pending[1].startswith("  I Corps reserve cavalry (Röder) (Reserve cavalry of I. "
                                 "Armeekorps (Röder)): may move: restricted-strategic, tactical")
    assert pending[1].endswith("(BOW-4)")
    moved = desk("lim", path, "move", "I Corps reserve cavalry (Röder)", "--type", "tactical",
                 "--to", "1209")
    assert moved.stdout == "I Corps reserve cavalry (Röder) moves under LIM 1: tactical (BOW-4)\n"
    assert desk("lim", path, "pending").stdout.splitlines()[1].endswith(
        "moved: tactical → 1209 (BOW-4)")


def test_a_bad_hex_and_a_second_move_are_refused_and_diff_shows_the_moves_BOW_2(
        tmp_path: Path) -> None:
    path = str(tmp_path / "ligny.desk")
    assert desk("demo", path, "--rules", "battles-of-waterloo").returncode == 0
    desk("lim", path, "draw", "--chit", "IV Corps C/D")
    hulot = ("lim", path, "move", "Hulot's 14e Division")
    assert "'banana' is not a hex number" in one_line_error(
        desk(*hulot, "--type", "tactical", "--to", "banana"))
    assert desk(*hulot, "--type", "tactical", "--to", "2415").returncode == 0
    again = one_line_error(desk(*hulot, "--type", "reduced"))
    assert "already has a move under LIM 1 (tactical → 2415)" in again
    assert desk(*hulot, "--type", "reduced", "--to", "2416", "--replace").returncode == 0
    record = desk("lim", path, "record").stdout
    assert "Hulot's 14e Division: reduced → 2416" in record and "2415" not in record
    assert desk("close", path).returncode == 0
    diff = desk("diff", path, "1", "2").stdout
    line = next(x for x in diff.splitlines() if x.startswith("  Hulot's 14e Division"))
    assert "position x " in line and "→ hex 2416" in line  # the marker's place, then the hex
    assert "moves — → bound 1 LIM 1 (IV Corps C/D): reduced → 2416" in line
