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

    fields: OrderFields
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


class OrderFields(TypedDict, total=False):
    """An order's fields, every system's, by the names of its :class:`FieldSpec` (the form,
    the sheets and the CLI build them from ``order_fields()``): a choice as its value, a
    flag as a bool, a number as written, a field of several names as a list or as text
    separated by commas. Each system reads its own fields forgivingly.
    """

    # Belle Alliance (BA-1 to BA-21)
    rate: str | None
    destination: str | None  # also Battles of Waterloo and La Bataille
    segment: str | None
    as_far_as_possible: bool | None
    direction: str | None
    formation: str | None  # also La Bataille
    terrain: str | None
    crossing: str | None
    obstacles: str | list[str] | None
    pass_through: str | list[str] | None
    manoeuvres: str | None
    attack: bool | None
    fire: bool | None  # also La Bataille
    # Battles of Waterloo (BOW-1 to BOW-11)
    movement: str | None
    orders_option: str | None
    rally: bool | None
    # La Bataille (LB-4 to LB-9, LB-F3)
    hold: bool | None
    from_hex: str | None
    to_hex: str | None
    path_hexes: int | str | None
    road_march: bool | None
    limber: str | None
    melee: bool | None
    first_action_is_formation_change: bool | None


def fields_record(value: Mapping[str, object]) -> OrderFields:
    """Fields from outside the rules (the form's widgets by spec name, a sheet, the CLI's
    JSON, a stored order) as the record: a copy, every key kept."""
    return cast("OrderFields", dict(value))


class EventValues(TypedDict, total=False):
    """What an in-bound event was given: the values of its :class:`EventKind`'s fields, by
    their names, every system's (a flag as a bool, a number as written). Each system
    reads the values of its own kinds forgivingly."""

    # Belle Alliance (BA-9 to BA-21)
    distance_cm: float | str | None  # measured on the table
    charging: bool | None
    terrain: str | None
    rate: str | None
    through: str | None
    position: str | None
    feature: str | None
    kind: str | None  # a crossing's kind
    forced: bool | None
    opponent_formation: str | None
    opponent_disorder: str | None
    # La Bataille (LB-F1 to LB-F5)
    formation: str | None
    roll: int | str | None
    increments: int | str | None
    road: bool | None
    # Battles of Waterloo (BOW-9, BOW-10, BOW-F3) and its morale data
    in_command: bool | None
    disrupted: bool | None
    disorder: str | None
    rout_disorder: str | None
    rally_disorder: str | None
    # The campaign data's events (desk.rules.condition): losses, leaders, skirmishers
    losses: int | str | None
    cause: str | None
    where: str | None
    leader: str | None
    fate: str | None
    figures: int | str | None
    lost: int | str | None


def event_values(value: Mapping[str, object]) -> EventValues:
    """An event's values from outside the rules (the event dialog's widgets, the CLI's
    JSON, a stored event) as the record: a copy, every key kept."""
    return cast("EventValues", dict(value))


class EventRecord(TypedDict, total=False):
    """One in-bound event as a bound's close hands it to ``advance()``: its kind and the
    values its :class:`EventKind`'s fields were given (``data``, keyed by their names).
    ``event`` and ``code`` are older files' spellings of ``kind``; each system reads all
    three."""

    kind: str
    event: str
    code: str
    data: EventValues


class CrossingSituation(TypedDict, total=False):
    """The bridge or ford an order names, as the desk finds it in the battle's terrain."""

    name: str
    kind: str
    width_cm: float | None
    waterway_width_cm: float | None


class PassSituation(TypedDict, total=False):
    """A unit an order passes through (BA-15 to BA-18), and its soutien's distance."""

    name: str
    side: str  # "own" or "enemy"
    formation: str
    abandoned_guns: bool
    soutien_distance_cm: float  # measured through the map's calibration, or typed


class ActivationSituation(TypedDict, total=False):
    """A command's activation roll (BOW-4, BOW-6): its roll, its rating, whether it passed."""

    roll: int
    rating: int
    success: bool


class SituationRecord(TypedDict, total=False):
    """What the desk knows about a unit's surroundings when its order is checked, every
    system's keys: the services gather it (the battle's terrain, the map's hexes and
    distances, the LIM cup) and the umpire or a script may add to it (the CLI's
    ``--situation``); each system reads the keys it knows, forgivingly.

    Distances are centimetres on the table, measured through the map's calibration
    (desk.services.maps); ``measured`` keeps the working of each measured value by its key.
    """

    bound: int
    measured: dict[str, str]
    # Belle Alliance (BA-3, BA-6, BA-9, BA-15 to BA-21)
    terrain: str | list[str]  # La Bataille: the hex's terrain; Belle Alliance: names
    crossing: CrossingSituation
    pass_through: list[PassSituation]
    nearest_closed_opponent_cm: float
    obstacles: list[str]
    forced_action: bool
    # La Bataille (LB-4 to LB-9, LB-F3): the hexes, the road, the carre
    hex: str
    destination_hex: str
    road: bool
    destination_terrain: str
    destination_road: bool
    movement_allowance: float
    move_mp: float
    hexes: int
    road_hexes: int
    road_route: list[str]
    broken_down: bool
    assaulting_carre: bool
    in_carre_hex: bool
    defensive_fire_suffered: bool
    in_carre: bool
    batteries_firing_from_carre: int
    hexsides: int
    stacked_increments: int
    # Battles of Waterloo (BOW-2 to BOW-11): the turn's phase, the LIM drawn, the rolls
    phase: str
    intent: bool
    in_command: bool
    lim_eligible: bool
    idle: bool
    lim_drawn: str
    lim_kind: str
    lim_side: str | None
    lim_command: str | None
    lim_imperial_guard: bool
    orders_option: str
    activation: ActivationSituation
    limited_activation: bool
    within_detachment_range: bool
    attempted_in_orders_phase: bool
    attempts: int


def situation_record(value: Mapping[str, object]) -> SituationRecord:
    """A situation from outside the desk's own gathering (the CLI's JSON, a script, the
    form's typed values) as the record: a copy, every key kept; each system reads its
    keys forgivingly, so an odd value counts as unknown rather than raising."""
    return cast("SituationRecord", dict(value))


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
