"""Battles of Waterloo: the vocabulary and the Movement & Command table as data.

The enums are the desk's vocabulary; ``resources/rulesets/battles-of-waterloo.toml``
holds the table rows (BOW-1 … BOW-10), the movement multipliers (BOW-F2), the
comments' wording and the notes. :func:`load_table` reads that file, applies a
campaign's house rules (only the multipliers may be overridden) and refuses a
file that renames the vocabulary, so the evaluator and the chart always read the
same, checked data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from desk.rules.base import RulesDataError
from desk.rules.condition_data import PREFIXES
from desk.rules.ruleset import merge_house_rules, read_data_file

SYSTEM_ID = "battles-of-waterloo"
_NAME = "Battles of Waterloo"


class Phase(StrEnum):
    """The phases of the turn in which units move (the table's phase column)."""

    OPERATIONS = "operations"
    NO_LIM = "no-lim"
    OUT_OF_COMMAND = "out-of-command"


class MovementType(StrEnum):
    """The movement types a row may allow (order field ``movement``)."""

    UNRESTRICTED_STRATEGIC = "unrestricted-strategic"
    RESTRICTED_STRATEGIC = "restricted-strategic"
    TACTICAL = "tactical"
    RESTRICTED_TACTICAL = "restricted-tactical"
    REDUCED = "reduced"
    RESTRICTED_REDUCED = "restricted-reduced"
    WITHDRAWAL = "withdrawal"
    SCREENING = "screening"
    NONE = "none"


class LimKind(StrEnum):
    """What kind of Leader Initiative Marker a chit is (BOW-F4 adds the last two)."""

    STRATEGIC = "strategic"
    CD = "cd"
    ORDERS = "orders"
    ARTILLERY = "artillery"
    GRAND_BATTERY = "grand-battery"


class OrdersOption(StrEnum):
    """The three uses of the Orders LIM, exactly one per draw (BOW-11)."""

    MOVE_UNIT = "move-unit"
    ACTIVATE_COMMAND = "activate-command"
    MOVE_LEADERS = "move-leaders"


class Comment(StrEnum):
    """The table's comments, as ids; their wording is in the data file."""

    NO_RALLY = "no-rally"
    ONE_UNIT = "one-unit"
    ONE_COMMAND = "one-command"
    NO_ORDERS_ATTEMPT = "no-orders-attempt"
    ALTERNATE = "alternate"
    CLOSER_TO_LEADER = "closer-to-leader"
    LEADERS_ONLY = "leaders-only"


class Factor(StrEnum):
    """The 'other command factors' column: what the evaluator reads off the situation."""

    STRATEGIC_LIM = "strategic-lim"
    CD_LIM = "cd-lim"
    ORDERS_MOVE_UNIT = "orders-move-unit"
    ORDERS_ACTIVATION_SUCCESS = "orders-activation-success"
    ORDERS_ACTIVATION_FAIL = "orders-activation-fail"
    ACTIVATION_SUCCESS = "activation-success"
    ACTIVATION_FAIL = "activation-fail"
    LIMITED_ACTIVATION = "limited-activation"
    WITHIN_RANGE = "within-range"
    OUT_OF_RANGE = "out-of-range"


class Need(StrEnum):
    """A yes/no column of the table; ``any`` is the table's dash."""

    YES = "yes"
    NO = "no"
    ANY = "any"

    def admits(self, value: bool) -> bool:
        """Whether a unit with this yes/no fact fits the column."""
        return self is Need.ANY or (self is Need.YES) == value


@dataclass(frozen=True)
class Row:
    """One row of the Movement & Command table (or the BOW-11 leaders entry)."""

    id: str
    phase: Phase | None
    factor: Factor | None
    factor_label: str
    in_command: Need
    lim_eligible: Need
    movement: tuple[MovementType, ...]
    comments: tuple[Comment, ...]
    respects_idle: bool


@dataclass(frozen=True)
class ExtraLim:
    """A scenario-only LIM such as the French Artillery LIM (BOW-F4)."""

    kind: LimKind
    side: str


@dataclass(frozen=True)
class MovementTable:
    """Everything the evaluator, the pool and the chart read, checked and typed."""

    rows: tuple[Row, ...]
    leaders_row: Row
    labels: Mapping[MovementType, str]
    multipliers: Mapping[MovementType, float]
    roads_only: frozenset[MovementType]
    comment_text: Mapping[Comment, str]
    phase_labels: Mapping[Phase, str]
    option_labels: Mapping[OrdersOption, str]
    notes: tuple[tuple[str, str], ...]
    guard_lim_command: str
    guard_side: str
    die_sides: int
    formations: tuple[str, ...]
    disorder: tuple[str, ...]
    orders_lim: str
    strategic_suffix: str
    cd_suffix: str
    extra_lims: Mapping[str, ExtraLim]
    house_rules: tuple[str, ...] = ()  # one line per overridden number, for the chart
    overridden: frozenset[str] = frozenset()  # dotted keys the campaign overrode

    def row_for(self, phase: Phase, factor: Factor) -> Row:
        """The one row of ``phase`` for ``factor`` (the loader guarantees it exists)."""
        for row in self.rows:
            if row.phase is phase and row.factor is factor:
                return row
        raise RulesDataError(f"the table has no row for {phase} / {factor}")


def load_table(house_rules: Mapping[str, Any] | None = None, *, path: Path | None = None) -> (
    MovementTable
):
    """Read and check the data file, then apply the campaign's overrides.

    Raises :class:`RulesDataError` with one plain sentence when the file or an
    override is malformed (an unknown key, a negative multiplier). A campaign
    may change only the movement multipliers (``multiplier.<movement type>``).
    """
    data = read_data_file(SYSTEM_ID, name=_NAME, path=path)
    merged = merge_house_rules(data, house_rules, name=_NAME, settable=("multiplier.", *PREFIXES))
    try:
        return _build(merged.data, data)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, RulesDataError):
            raise
        raise RulesDataError(f"the Battles of Waterloo data file is malformed: {exc!r}") from exc


def _multipliers(data: Mapping[str, Any]) -> dict[MovementType, float]:
    multipliers = {MovementType(k): float(v) for k, v in data["multiplier"].items()}
    missing = set(MovementType) - set(multipliers)
    if missing:
        raise RulesDataError(f"the data file lacks multipliers for {sorted(missing)}")
    return multipliers


def _row(entry: Mapping[str, Any], *, table_row: bool = True) -> Row:
    return Row(
        id=str(entry["id"]),
        phase=Phase(entry["phase"]) if table_row else None,
        factor=Factor(entry["factor"]) if table_row else None,
        factor_label=str(entry.get("factor_label", "")),
        in_command=Need(entry.get("in_command", "any")),
        lim_eligible=Need(entry.get("lim_eligible", "any")),
        movement=tuple(MovementType(m) for m in entry["movement"]),
        comments=tuple(Comment(c) for c in entry["comments"]),
        respects_idle=bool(entry.get("respects_idle", False)),
    )


def _build(data: Mapping[str, Any], file: Mapping[str, Any]) -> MovementTable:
    rows = tuple(_row(entry) for entry in data["row"])
    ids = [row.id for row in rows]
    if ids != [f"BOW-{n}" for n in range(1, 11)]:
        raise RulesDataError(f"the table must hold rows BOW-1 … BOW-10 in order, not {ids}")
    keys = [(row.phase, row.factor) for row in rows]
    if len(set(keys)) != len(keys):
        raise RulesDataError("two rows of the table share a phase and a factor")
    meta = data["meta"]
    pool = data["pool"]
    multipliers = _multipliers(data)
    defaults = _multipliers(file)
    changed = sorted(t for t in MovementType if multipliers[t] != defaults[t])
    labels = {MovementType(k): str(v) for k, v in data["movement"]["label"].items()}
    return MovementTable(
        rows=rows,
        leaders_row=_row(data["orders_leaders"], table_row=False),
        labels=labels,
        multipliers=multipliers,
        roads_only=frozenset(MovementType(t) for t in data["roads_only"]["types"]),
        comment_text={Comment(k): str(v) for k, v in data["comments"].items()},
        phase_labels={Phase(k): str(v) for k, v in data["phases"]["label"].items()},
        option_labels={OrdersOption(k): str(v) for k, v in data["orders_options"]["label"].items()},
        notes=tuple((str(k), str(v)) for k, v in data["notes"].items()),
        guard_lim_command=str(meta["guard_lim_command"]),
        guard_side=str(meta["guard_side"]),
        die_sides=int(meta["die_sides"]),
        formations=tuple(str(f) for f in meta["formations"]),
        disorder=tuple(str(d) for d in meta["disorder"]),
        orders_lim=str(pool["orders_lim"]),
        strategic_suffix=str(pool["strategic_suffix"]),
        cd_suffix=str(pool["cd_suffix"]),
        extra_lims={
            str(name): ExtraLim(kind=LimKind(v["kind"]), side=str(v["side"]))
            for name, v in pool["extra"].items()
        },
        house_rules=tuple(
            f"{labels[t]} movement: × {multipliers[t]:g} (rules data × {defaults[t]:g})"
            for t in changed
        ),
        overridden=frozenset(f"multiplier.{t}" for t in changed),
    )
