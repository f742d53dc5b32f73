"""Belle Alliance's vocabulary and numbers, from ``belle-alliance.toml`` plus house rules.

The data file holds every number a check uses (the 4 bounds of BA-14, the × 2 of
BA-7, the 90 cm of BA-9, the rate table ...). ``belle_alliance.parse.load_data``
reads it, merges a campaign's house-rule overrides and returns one frozen
:class:`BAData`, which remembers which keys were overridden so that a finding
resting on one can say "(house rule)".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from desk.rules.findings import Severity

SYSTEM_ID = "belle-alliance"


class Rate(StrEnum):
    """The three rates of march (BA-1), and halt: the order to stand (campaign data ``halt``)."""

    NORMAL = "normal"
    FAST = "fast"
    CHARGE = "charge"
    HALT = "halt"


class Disorder(StrEnum):
    """The degrees of disorder; SD is read as LD (BA-F1)."""

    NONE = "none"
    LD = "LD"
    MD = "MD"
    FD = "FD"


class Arm(StrEnum):
    """The arms of the order of battle (docs/oob-format.md)."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    ARTILLERY = "artillery"
    STAFF = "staff"


class Formation(StrEnum):
    """The formations of docs/oob-format.md; the data file gives each its frontage."""

    LINE = "line"
    COLUMN_OF_MARCH = "column-of-march"
    COLUMN_OF_ATTACK = "column-of-attack"
    SQUARE = "square"
    BATTALION_MASS = "battalion-mass"
    SKIRMISH_LINE = "skirmish-line"
    LIMBERED = "limbered"
    UNLIMBERED = "unlimbered"
    AT_WORK = "at-work"
    AT_REST = "at-rest"


class Direction(StrEnum):
    """Which way an order moves the unit (BA-4)."""

    FORWARD = "forward"
    BACKWARD = "backward"
    SIDEWAYS = "sideways"


class CrossingKind(StrEnum):
    """Kinds of terrain feature an order may cross (BA-19 … BA-21)."""

    WATERWAY = "waterway"
    BRIDGE = "bridge"
    FORD = "ford"
    OBSTACLE = "obstacle"


@dataclass(frozen=True)
class FormationInfo:
    """A formation's frontage, whether it is closed (BA-9) and whose rates it uses (BA-3)."""

    id: Formation
    label: str
    frontage_cm: float
    closed: bool
    rate_as: Formation


@dataclass(frozen=True)
class ArmInfo:
    """An arm's unit types, its formations and the formation a battle starts in."""

    id: Arm
    label: str
    types: tuple[str, ...]
    formations: tuple[Formation, ...]
    initial_formation: Formation


@dataclass(frozen=True)
class TerrainInfo:
    """A terrain type; a charge stops on terrain that is not chargeable (BA-11)."""

    id: str
    label: str
    chargeable: bool


RateRow = Mapping[str, float | None]  # terrain -> cm, None = no rate of march


@dataclass(frozen=True)
class BAData:
    """Every table and number of the ruleset, after the house rules are merged."""

    raw: Mapping[str, object]
    overridden: Mapping[str, tuple[Any, Any]]  # dotted key -> (data file value, campaign value)
    default_rate: Rate
    halt_moves_cm: float  # halt.moves_cm: how far a halted unit moves (no clause: campaign data)
    fast_multiplier: float
    fast_formations: frozenset[Formation]
    fast_after_change: Severity  # rate.fast_after_change: changing into one and fast (BA-1, BA-8)
    fast_stop_distance_cm: float
    cooldown_bounds: int
    melee_penalty_bounds: int
    charge_rate_cm: Mapping[str, float | None]
    aliases: Mapping[str, Disorder]
    no_charge: frozenset[Disorder]
    no_fire_or_attack: frozenset[Disorder]
    rate_factor: Mapping[Disorder, float]
    backward_formations: frozenset[Formation]
    backward_arms: frozenset[Arm]
    sideways_formations: frozenset[Formation]
    sideways_arms: frozenset[Arm]
    passable_formations: frozenset[Formation]
    barred_disorder: frozenset[Disorder]
    soutien_fd_distance_cm: float
    waterway_free_width_cm: float
    bridge_formations: frozenset[Formation]
    bridge_terrain: str
    ford_obstacle: str
    narrow_waterway_obstacle: str
    zone_depth_cm: float
    reductions_cm: Mapping[str, float]
    obstacles_cm: Mapping[str, float]
    formations: Mapping[Formation, FormationInfo]
    arms: Mapping[Arm, ArmInfo]
    terrain: Mapping[str, TerrainInfo]
    rates_cm: Mapping[str, Mapping[Formation, RateRow]]  # arm or unit type -> formation -> row

    def house(self, *prefixes: str) -> bool:
        """True when any key under one of these dotted prefixes was overridden."""
        return any(
            key == p or key.startswith(p + ".") for key in self.overridden for p in prefixes
        )

    def rate_row(self, *, arm: str, unit_type: str, formation: Formation) -> RateRow | None:
        """The rate-table row of a unit type (else its arm) in a formation (BA-F4)."""
        wanted = self.formations[formation].rate_as
        for key in (unit_type, arm):
            table = self.rates_cm.get(key)
            if table is not None and wanted in table:
                return table[wanted]
        return None

