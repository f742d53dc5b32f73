"""The players' words: how a players' sheet names the values and fields the rules use.

The words are English, marked for gettext (:mod:`desk.i18n`) and translated when
asked for: the tables are built at import, before the language is known.

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

from desk.i18n import N_, _

# value → players' words, for every choice value of every system ("" is the empty entry).
WORDS: dict[str, str] = {
    # Belle Alliance: rate of march (BA-1), formations (BA-3), direction (BA-4), terrain (BA-6)
    "normal": N_("normal"), "fast": N_("fast"), "charge": N_("charge"),
    "halt": N_("halt where it stands"),
    "line": N_("line"), "column-of-march": N_("column of march"),
    "column-of-attack": N_("column of attack"), "square": N_("square"),
    "battalion-mass": N_("battalion mass"), "skirmish-line": N_("skirmish line"),
    "limbered": N_("limbered"), "unlimbered": N_("unlimbered"), "at-work": N_("at work"),
    "at-rest": N_("at rest"),
    "forward": N_("forward"), "backward": N_("backward"), "sideways": N_("sideways"),
    "open": N_("open"), "road": N_("road"), "fields": N_("fields"), "rough": N_("rough"),
    "woods": N_("woods"),
    "village": N_("village"), "marsh": N_("marsh"),
    # Battles of Waterloo: movement types (BOW-1) and the Orders LIM's options (BOW-11)
    "unrestricted-strategic": N_("strategic"), "restricted-strategic": N_("strategic, restricted"),
    "tactical": N_("tactical"), "restricted-tactical": N_("tactical, restricted"),
    "reduced": N_("reduced"), "restricted-reduced": N_("reduced, restricted"),
    "withdrawal": N_("withdraw"), "screening": N_("screen"), "none": N_("hold (no movement)"),
    "move-unit": N_("move this unit"), "activate-command": N_("activate the command"),
    "move-leaders": N_("move the leaders"),
    # La Bataille: formations (LB-F4), limbering (LB-14)
    "column": N_("column"), "carre": N_("square"), "skirmish": N_("skirmish order"),
    "general-order": N_("general order"), "limber": N_("limber"), "unlimber": N_("unlimber"),
}

# field name → the short label a player reads.
LABELS: dict[str, str] = {
    "rate": N_("Rate"), "destination": N_("To"), "segment": N_("When"),
    "as_far_as_possible": N_("as far as possible"), "formation": N_("Form"), "fire": N_("fire"),
    "attack": N_("attack"), "direction": N_("Direction"), "terrain": N_("Ground"),
    "crossing": N_("Cross"), "obstacles": N_("Obstacles"), "manoeuvres": N_("Wheel / split"),
    "pass_through": N_("Pass through"),
    "movement": N_("Move"), "orders_option": N_("If Orders LIM"), "rally": N_("rally"),
    "road_march": N_("road march"), "limber": N_("Limber"), "melee": N_("melee"),
    "first_action_is_formation_change": N_("form up first"),
    "hold": N_("hold position"),
    "from_hex": N_("In hex"), "to_hex": N_("To hex"), "path_hexes": N_("Hexes on the way"),
}

# Fields that say where the unit is rather than what it is ordered to do: the umpire
# reads them off the table (BA-6's ground), so a players' sheet does not ask for them.
# The hex a unit stands in is the umpire's record (desk/services/positions) too.
UMPIRES_FIELDS: frozenset[str] = frozenset({"terrain", "from_hex"})

# Text fields a player says in the order's own words rather than in a box of their own:
# the order box asks for them in these words.
SAID_IN_WORDS: dict[str, str] = {
    "segment": N_("when"), "crossing": N_("what it crosses"), "obstacles": N_("obstacles"),
    "manoeuvres": N_("wheels or splits"), "pass_through": N_("units it passes through"),
}

# The players' words for a state's standing words (a line "disorder none" says nothing).
_STATE_WORDS: dict[str, str] = {
    "disorder none": "", "disorder ld": N_("in light disorder"),
    "disorder md": N_("in medium disorder"), "disorder fd": N_("in full disorder"),
}
# Arms and unit types of the orders of battle (free text there: these are the usual ones).
KINDS: dict[str, str] = {
    "infantry": N_("infantry"), "cavalry": N_("cavalry"), "artillery": N_("artillery"),
    "staff": N_("staff"), "line-infantry": N_("line infantry"),
    "light-infantry": N_("light infantry"), "grenadiers": N_("grenadiers"),
    "light-cavalry": N_("light cavalry"), "heavy-cavalry": N_("heavy cavalry"),
    "lancers": N_("lancers"), "foot-artillery": N_("foot artillery"),
    "horse-artillery": N_("horse artillery"),
}

# The rulesets' own words a players' sheet shows in a unit's state (their TOML labels:
# formations) and the strength units, marked here so that the catalogue holds them.
STATE_LABELS: tuple[str, ...] = (
    N_("line"), N_("column of march"), N_("column of attack"), N_("square"),
    N_("battalion mass"), N_("skirmish line"), N_("limbered artillery"),
    N_("unlimbered artillery"), N_("at work"), N_("at rest"),
    N_("figures"), N_("increments"), N_("SP"),
)
# A clause id in brackets, "(BA-14)", "(BOW-9, BOW-10)", "(LB-9 … LB-13)".
_CLAUSES = re.compile(r"\s*\((?:[A-Z]{1,4}-F?\d+[a-z]?(?:\s*(?:,|…|\.\.\.|-|–)\s*)?)+\)"
                      r"|\s*\(bound \d+\)")


def word(value: object) -> str:
    """A value in the players' words; an unknown one spelled plainly (never an id)."""
    text = str(value)
    known = WORDS.get(text)
    return _(known) if known else text.replace("-", " ").replace("_", " ")


def words() -> dict[str, str]:
    """Every known value in the players' words, in the language in use."""
    return {value: _(text) if text else text for value, text in WORDS.items()}


def kind(value: str) -> str:
    """A unit's arm or type in the players' words (an unknown one spelled plainly)."""
    known = KINDS.get(value)
    return _(known) if known else value.replace("-", " ").replace("_", " ")


def label(name: str, fallback: str) -> str:
    """A field's label on a players' sheet."""
    known = LABELS.get(name)
    return _(known) if known else fallback


# "(bound 3)" in the reader's language ("(bond 3)"): a state line's date, not for players.
_BOUND = N_("bound")


def without_clauses(text: str) -> str:
    """``text`` with its clause ids taken out: they belong on the umpire's copy."""
    text = re.sub(rf"\s*\({re.escape(_(_BOUND))} \d+\)", "", text)
    return _CLAUSES.sub("", text).strip()


def state_words(lines: tuple[str, ...]) -> tuple[str, ...]:
    """A unit's state lines as a player reads them: no clause ids, no standing words."""
    out: list[str] = []
    for line in lines:
        plain = without_clauses(line).rstrip(".")
        standing = _STATE_WORDS.get(plain.lower())
        plain = plain if standing is None else _(standing) if standing else ""
        if plain:
            out.append(_(plain))
    return tuple(out)
