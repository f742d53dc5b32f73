"""The plain records a rules system speaks in: order fields, units, events, charts.

The shapes :class:`desk.rules.base.RulesSystem` takes and returns besides plain
mappings: an order field's spec (forms and sheets are built from it), a completed
order, a unit's permanent facts, an event kind and its outcome, a unit advanced to
the next bound, and a quick-reference chart. Re-exported by :mod:`desk.rules.base`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypedDict, cast

from desk.rules.findings import Finding


class Names(StrEnum):
    """Which of the scenario's names a text field holds (the form lists them as typed)."""

    FEATURES = "features"  # terrain features: bridges, fords, villages, woods, walls
    UNITS = "units"
    COMMANDS = "commands"
    LEADERS = "leaders"


class FieldKind(StrEnum):
    """How an order field is entered on the form and on the printed sheet."""

    TEXT = "text"
    CHOICE = "choice"
    FLAG = "flag"
    NUMBER = "number"


@dataclass(frozen=True)
class FieldSpec:
    """One field of an order in a rules system (drives the form and the sheet).

    ``default`` is what :meth:`RulesSystem.complete` fills in when the field is
    left empty (``None``: no default); ``default_label`` is how the form and the
    sheet print that default ("normal", "as far as possible"). A ``derived``
    field is set by the desk, never written by a player (Belle Alliance's "as
    far as possible" follows from an empty position and segment): forms and
    sheets show it, but offer no input for it. ``names``: the scenario's names the
    field holds, listed as the umpire types (``several``: a comma-separated list of
    them). A ``rare`` field is one most orders leave empty: the form keeps it folded
    away unless it holds a value, so the usual fields fit a laptop's screen.
    """

    name: str
    label: str
    kind: FieldKind
    choices: tuple[str, ...] = ()
    default: object = None  # a choice, a flag, a number: as the field's kind holds it
    default_label: str = ""
    clause: str = ""
    help: str = ""
    derived: bool = False
    names: Names | None = None
    several: bool = False
    rare: bool = False


@dataclass(frozen=True)
class Completed:
    """An order with the rules' defaults filled in, and which fields were defaulted."""

    fields: Mapping[str, object]
    defaulted: frozenset[str]


@dataclass(frozen=True)
class UnitInfo:
    """The permanent facts about a unit that the rules need (from the order of battle)."""

    id: int
    name: str
    arm: str
    unit_type: str
    side: str
    command: str
    strength: int
    imperial_guard: bool = False
    attrs: Mapping[str, object] = field(default_factory=dict)


class CrossingRecord(TypedDict):
    """A crossing begun and not yet done, as a unit's state keeps it (BA-20, BA-21)."""

    feature: str
    kind: str
    since_bound: int | None


class StateRecord(TypedDict, total=False):
    """A unit's state between bounds as the store keeps it (JSON), every system's keys.

    Each rules system writes the keys it keeps and reads every key forgivingly (a
    missing or odd value counts as unknown), so a file written by an older desk
    still reads. Keys, by who writes them:
    - every system: ``formation``, ``disorder``, ``strength``, ``terrain``, ``routed``;
    - Belle Alliance: the charge and melee bounds (BA-13, BA-14), what the bound's order
      did (BA-1, BA-9 to BA-12) and a crossing under way (BA-20, BA-21);
    - La Bataille: ``road`` and the ``combat_formation`` kept under general order (LB-6);
    - Battles of Waterloo: ``in_command``, ``idle`` and ``last_movement`` (BOW-2 to BOW-7);
    - the campaign data (desk.rules.condition): present or gone, leader, skirmishers.
    """

    formation: str | None
    disorder: str | None
    strength: int
    terrain: str | None
    routed: bool
    last_charge_bound: int | None
    melee_penalty_bound: int | None
    fast_this_bound: bool
    charged_this_bound: bool
    rate_this_bound: str | None
    crossing: CrossingRecord | None
    road: bool
    combat_formation: str
    in_command: bool
    idle: bool
    last_movement: str | None
    status: str
    leader: str | None
    leader_lost: bool
    skirmishers: int
    removed_strength: int


def state_record(value: Mapping[str, object]) -> StateRecord:
    """A stored state (JSON, or a system's working mapping) as the record: a copy, every key
    kept, so a key written by a newer desk survives a round trip through this one.

    The values are not checked here: each system reads its keys forgivingly (a missing or
    odd value counts as unknown), which is what lets an old campaign file still open.
    """
    return cast("StateRecord", dict(value))


@dataclass(frozen=True)
class EventKind:
    """An in-bound event the umpire may record against a unit while adjudicating."""

    code: str
    label: str
    clause: str
    fields: tuple[FieldSpec, ...] = ()
    # A change of disorder or morale that needs no data (its fields, if any, have
    # defaults): the casualties grid offers it as a row's "new state".
    condition: bool = False


@dataclass(frozen=True)
class EventOutcome:
    """What recording an event does: the unit's state now, and its journal line."""

    state: StateRecord
    journal: str
    findings: tuple[Finding, ...] = ()


@dataclass(frozen=True)
class Advanced:
    """A unit's state for the next bound and the journal lines that explain it."""

    state: StateRecord
    journal: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChartTable:
    """One table of a quick-reference chart."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class Chart:
    """The data of a one-page quick reference, built from the tables the checks use."""

    system: str
    title: str
    tables: tuple[ChartTable, ...]
    notes: tuple[tuple[str, str], ...] = ()  # (clause id, sentence)
    house_rules: tuple[str, ...] = ()  # one line per overridden number
