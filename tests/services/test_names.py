"""Loose names (issue 30, "pick, don't spell"): what the CLI forgives and what it suggests."""

from __future__ import annotations

from desk.services.names import closest, loose, loosely_named, not_found

NAMES = ["Röder's Cavalry", "1/5e Ligne", "2/5e Ligne", "Lasne bridge", "I. Armeekorps"]


def test_case_and_accents_are_forgiven() -> None:
    assert loose("  RÖDER's cavalry ") == "roder's cavalry"
    assert loosely_named("roder's cavalry", NAMES) == ["Röder's Cavalry"]
    assert loosely_named("LASNE BRIDGE", NAMES) == ["Lasne bridge"]
    assert loosely_named("Lasne", NAMES) == []  # forgiving, not guessing


def test_a_slip_is_answered_with_the_closest_names() -> None:
    assert closest("1/5e Lgne", NAMES)[0] == "1/5e Ligne"
    assert closest("Rodr's cavalry", NAMES) == ["Röder's Cavalry"]
    assert closest("banana", NAMES) == []
    assert not_found("no unit called 'banana'", "banana", NAMES) == "no unit called 'banana'"
    assert not_found("no unit called 'Lasne brige'", "Lasne brige", NAMES) == \
        "no unit called 'Lasne brige'; did you mean 'Lasne bridge'?"
