"""The players' words: how a players' sheet names the values and fields the rules use.

The rules systems speak in ids ("column-of-march", "restricted-strategic",
"pass_through"); a player's sheet must never show one. :data:`WORDS` maps every
value any system's order fields can take to the words a player reads, and
:data:`LABELS` every field's name to a short label. A test walks every system's
``order_fields()`` and ``order_choices()`` so that nothing internal shows through.

Kept here rather than with each ruleset's data because the words are the
sheets' concern: the checks and the journal keep their own wording.
"""

from __future__ import annotations

import re

# value → players' words, for every choice value of every system ("" is the empty entry).
WORDS: dict[str, str] = {
    # Belle Alliance: rate of march (BA-1), formations (BA-3), direction (BA-4), terrain (BA-6)
    "normal": "normal", "fast": "fast", "charge": "charge", "halt": "halt where it stands",
    "line": "line", "column-of-march": "column of march",
    "column-of-attack": "column of attack", "square": "square",
    "battalion-mass": "battalion mass", "skirmish-line": "skirmish line",
    "limbered": "limbered", "unlimbered": "unlimbered", "at-work": "at work",
    "at-rest": "at rest",
    "forward": "forward", "backward": "backward", "sideways": "sideways",
    "open": "open", "road": "road", "fields": "fields", "rough": "rough", "woods": "woods",
    "village": "village", "marsh": "marsh",
    # Battles of Waterloo: movement types (BOW-1) and the Orders LIM's options (BOW-11)
    "unrestricted-strategic": "strategic", "restricted-strategic": "strategic, restricted",
    "tactical": "tactical", "restricted-tactical": "tactical, restricted",
    "reduced": "reduced", "restricted-reduced": "reduced, restricted",
    "withdrawal": "withdraw", "screening": "screen", "none": "hold (no movement)",
    "move-unit": "move this unit", "activate-command": "activate the command",
    "move-leaders": "move the leaders",
    # La Bataille: formations (LB-F4), limbering (LB-14)
    "column": "column", "carre": "square", "skirmish": "skirmish order",
    "general-order": "general order", "limber": "limber", "unlimber": "unlimber",
}

# field name → the short label a player reads.
LABELS: dict[str, str] = {
    "rate": "Rate", "destination": "To", "segment": "When",
    "as_far_as_possible": "as far as possible", "formation": "Form", "fire": "fire",
    "attack": "attack", "direction": "Direction", "terrain": "Ground", "crossing": "Cross",
    "obstacles": "Obstacles", "manoeuvres": "Wheel / split", "pass_through": "Pass through",
    "movement": "Move", "orders_option": "If Orders LIM", "rally": "rally",
    "road_march": "road march", "limber": "Limber", "melee": "melee",
    "first_action_is_formation_change": "form up first", "hold": "hold position",
}

# Fields that say where the unit is rather than what it is ordered to do: the umpire
# reads them off the table (BA-6's ground), so a players' sheet does not ask for them.
UMPIRES_FIELDS: frozenset[str] = frozenset({"terrain"})

# Text fields a player says in the order's own words rather than in a box of their own:
# the order box asks for them in these words.
SAID_IN_WORDS: dict[str, str] = {
    "segment": "when", "crossing": "what it crosses", "obstacles": "obstacles",
    "manoeuvres": "wheels or splits", "pass_through": "units it passes through",
}

# The players' words for a state's standing words (a line "disorder none" says nothing).
_STATE_WORDS: dict[str, str] = {
    "disorder none": "", "disorder ld": "in light disorder",
    "disorder md": "in medium disorder", "disorder fd": "in full disorder",
}
# A clause id in brackets, "(BA-14)", "(BOW-9, BOW-10)", "(LB-9 … LB-13)".
_CLAUSES = re.compile(r"\s*\((?:[A-Z]{1,4}-F?\d+[a-z]?(?:\s*(?:,|…|\.\.\.|-|–)\s*)?)+\)"
                      r"|\s*\(bound \d+\)")


def word(value: object) -> str:
    """A value in the players' words; an unknown one spelled plainly (never an id)."""
    text = str(value)
    return WORDS.get(text, text.replace("-", " ").replace("_", " "))


def label(name: str, fallback: str) -> str:
    """A field's label on a players' sheet."""
    return LABELS.get(name, fallback)


def without_clauses(text: str) -> str:
    """``text`` with its clause ids taken out: they belong on the umpire's copy."""
    return _CLAUSES.sub("", text).strip()


def state_words(lines: tuple[str, ...]) -> tuple[str, ...]:
    """A unit's state lines as a player reads them: no clause ids, no standing words."""
    out: list[str] = []
    for line in lines:
        plain = without_clauses(line).rstrip(".")
        plain = _STATE_WORDS.get(plain.lower(), plain)
        if plain:
            out.append(plain)
    return tuple(out)
