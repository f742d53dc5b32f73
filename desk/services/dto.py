"""Frozen data the services return to the window, the sheets and the command line.

Never live ORM objects: a caller may keep these after the session is closed,
compare them, and hand them to another thread. Mappings inside are fresh
copies owned by the value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from desk.rules.base import Finding, StateRecord
from desk.rules.records import state_record


@dataclass(frozen=True)
class CampaignInfo:
    """A campaign as created or imported: its battle, sides and size."""

    id: int
    name: str
    rules_system: str
    battle_id: int
    battle: str
    sides: tuple[str, ...]
    units: int
    current_bound: int
    game_time: str


@dataclass(frozen=True)
class OrderView:
    """One order as stored: as written, as completed, its findings and status."""

    id: int
    unit_id: int
    unit: str
    bound: int
    verbatim: str
    fields: Mapping[str, object]
    completed: Mapping[str, object]
    defaulted: tuple[str, ...]
    findings: tuple[Finding, ...]
    status: str  # accepted, overruled, cancelled (draft: imported, not yet checked)
    override_reason: str
    source: str
    summary: str
    # The order row's version: a later write passes it as seen_version (not compared).
    version: int = field(default=0, compare=False)
    umpire: str = field(default="", compare=False)  # who wrote it last ("": not named)


# The order fields behind the order table's "rate", "destination" and "formation"
# columns, in order of preference, with the column's title: Belle Alliance's rate of
# march, Battles of Waterloo's movement, La Bataille's road march; the position or
# hex to reach; the formation the order takes (Belle Alliance, La Bataille; Battles
# of Waterloo's orders set none). The formation is picked first, and the rate never
# shows the same field.
RATE_KEYS = ("rate", "movement_type", "movement", "road_march", "formation_change",
             "formation")
DESTINATION_KEYS = ("destination", "objective", "target", "to_hex")
FORMATION_KEYS = ("formation", "formation_change")
COLUMN_TITLES = {"rate": "Rate", "movement_type": "Movement", "movement": "Movement",
                 "road_march": "Road march", "formation_change": "Formation",
                 "formation": "Formation", "destination": "Destination",
                 "objective": "Objective", "target": "Target", "to_hex": "To hex"}


def column_key(names: Iterable[str], keys: tuple[str, ...]) -> str | None:
    """The first of ``keys`` that a rules system has among its order field ``names``."""
    present = set(names)
    return next((key for key in keys if key in present), None)


def table_keys(names: Iterable[str]) -> tuple[str | None, str | None, str | None]:
    """The order table's rate, destination and formation fields among a system's ``names``
    (None: the system has none); the rate is never the formation's field."""
    present = list(names)
    formation = column_key(present, FORMATION_KEYS)
    rate = column_key([n for n in present if n != formation], RATE_KEYS)
    return rate, column_key(present, DESTINATION_KEYS), formation


class OrderRow(NamedTuple):
    """One line of the order table: a unit and its order (if any) in one bound.

    ``rate``, ``destination`` and ``formation`` hold the fields :func:`table_keys`
    picks; ``current_formation`` is the unit's at the bound's start (what an order
    that sets none keeps). ``state`` is what the row is to the close: saved, draft,
    cancelled, none, continued (``continued_from`` says whose order), lim (moved
    under the LIMs). A named tuple, as frozen as a dataclass and built in a third
    of its time: the table of 20,000 units is made of them (see
    :mod:`desk.services.order_rows`).
    """

    unit_id: int
    unit: str
    side: str
    command: str
    arm: str
    order_id: int | None
    summary: str
    rate: str
    destination: str
    status: str  # none, accepted, overruled, cancelled, draft
    worst: Finding | None
    defaulted: tuple[str, ...] = ()
    verbatim: str = ""  # the order as written
    formation: str = ""
    current_formation: str = ""
    findings: tuple[Finding, ...] = ()
    override_reason: str = ""  # the umpire's reason, for an overruled order
    state: str = "none"  # saved, draft, cancelled, none, continued, lim
    continued_from: int = 0  # the bound whose order the close continues (or continued)


@dataclass(frozen=True)
class UnitStateView:
    """A unit's state at the start of one bound, with the rules' plain lines about it."""

    unit_id: int
    unit: str
    bound: int
    formation: str
    disorder: str
    strength: int
    data: Mapping[str, object]
    lines: tuple[str, ...] = ()
    # The unit_state row's version: an event write passes it as seen_version.
    version: int | None = field(default=None, compare=False)

    def as_mapping(self) -> StateRecord:
        """The state as the rules system sees it (columns and data in one record)."""
        return state_record({
            **self.data,
            "formation": self.formation,
            "disorder": self.disorder,
            "strength": self.strength,
        })


@dataclass(frozen=True)
class JournalLine:
    """One line of the journal: what happened, to which unit, in which bound, and why."""

    id: int
    bound: int | None
    unit_id: int | None
    unit: str
    kind: str
    message: str
    reason: str
    clause: str
    created_at: datetime
    umpire: str = ""  # who wrote it (issue 33; "" where the campaign names no umpire)


@dataclass(frozen=True)
class HistoryEntry:
    """A unit in one bound: its state at the start, its order, and the journal of that bound.

    The state is as stored, without the rules' lines about it (``lines`` is empty): the
    history shows formation, disorder and strength; the unit panel's lines come from
    :func:`desk.services.queries.unit_state` for the bound shown.
    """

    bound: int
    game_time: str
    state: UnitStateView
    order: str
    journal: tuple[JournalLine, ...]
    order_umpire: str = ""  # who entered the order (issue 33; "" none named, or no order)


@dataclass(frozen=True)
class StateChange:
    """One key of a unit's state that differs between two bounds."""

    key: str
    before: object  # a state's value as stored (text, a number, a crossing's mapping)
    after: object


@dataclass(frozen=True)
class StateDiff:
    """What changed in one unit's state from one bound to another."""

    unit_id: int
    unit: str
    from_bound: int
    to_bound: int
    changes: tuple[StateChange, ...]


@dataclass(frozen=True)
class CrossingView:
    """A unit's passage over a waterway, bridge, ford or obstacle."""

    id: int
    unit_id: int
    unit: str
    feature: str
    started_bound: int
    completed_bound: int | None
    status: str


@dataclass(frozen=True)
class EventView:
    """An in-bound event recorded against a unit, with its journal line."""

    id: int
    unit_id: int
    bound: int
    kind: str
    data: Mapping[str, object]
    journal: str
    findings: tuple[Finding, ...] = ()
    # The unit's state row's version after this event: the next event write's seen_version.
    state_version: int = field(default=0, compare=False)


@dataclass(frozen=True)
class CloseReport:
    """What closing a bound did."""

    battle_id: int
    closed_bound: int
    opened_bound: int
    game_time: str
    units: int
    without_order: int
    crossings_started: int
    crossings_completed: int
    backup: Path | None = None
    arrivals: tuple[str, ...] = ()  # the reinforcements that came on ("Bülow arrives in …")
    dispatches_delivered: int = 0  # dispatches due at the opened bound, now its orders


@dataclass(frozen=True)
class ReopenReport:
    """What reopening a bound undid."""

    battle_id: int
    reopened_bound: int
    removed_states: int
    removed_journal: int
    backup: Path | None = None  # taken first when work in the next bound was discarded


@dataclass(frozen=True)
class LimDrawView:
    """One LIM drawn from the pool, with any Orders option and activation roll."""

    seq: int
    lim: str
    command_id: int | None
    orders_option: str
    roll: int | None
    rating: int | None
    success: bool | None
    note: str
    pool_version: int = field(default=0, compare=False)  # the pool row's, after this draw


@dataclass(frozen=True)
class LimPoolView:
    """A turn's LIM pool: what was put in, what is left, what was drawn, who is idle."""

    bound: int
    seed: int
    chits: tuple[str, ...]
    remaining: tuple[str, ...]
    draws: tuple[LimDrawView, ...]
    idle_commands: tuple[str, ...] = ()  # command names
    version: int = field(default=0, compare=False)  # the pool row's: a step's seen_version


@dataclass(frozen=True)
class ImportReport:
    """What an order-of-battle import added."""

    sides: int
    commands: int
    units: int
    # What the import read otherwise than written ("line 3: the command path ... has an
    # empty part ..."): imported, but the umpire should know.
    warnings: tuple[str, ...] = ()

    def sentence(self, source: str) -> str:
        """The one line the window and the command line show: "Added 2 units from …",
        with the warnings after it."""
        def counted(number: int, noun: str) -> str:
            return f"{number} {noun}{'' if number == 1 else 's'}"

        said = (f"Added {counted(self.units, 'unit')} from {source} "
                f"({counted(self.commands, 'new command')}, {counted(self.sides, 'new side')}).")
        return " ".join([said, *(f"Warning: {w}." for w in self.warnings)])


@dataclass(frozen=True)
class BackupInfo:
    """One backup file of a campaign."""

    path: Path
    created: datetime
    size: int
    label: str = ""
    extra: Mapping[str, object] = field(default_factory=dict)
