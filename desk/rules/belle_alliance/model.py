"""Typed order, unit state and situation of Belle Alliance, read from plain mappings.

The protocol edge speaks JSON-like mappings; the checks and computations work
on these frozen dataclasses. The readers never raise: an odd value becomes
"unknown" (``None`` or the raw text kept for the finding that names it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from desk.rules.belle_alliance.data import (
    BAData,
    CrossingKind,
    Direction,
    Disorder,
    Formation,
    Rate,
)
from desk.rules.coerce import as_float, as_int, as_member


def as_names(value: Any) -> tuple[str, ...]:
    """Names from a list or from comma-separated text, blanks dropped."""
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        return ()
    return tuple(str(item).strip() for item in items if str(item).strip())


def as_text(value: Any) -> str:
    """Text with blanks trimmed; None is empty."""
    return "" if value is None else str(value).strip()


def as_formation(value: Any) -> Formation | None:
    """A formation id, or None when empty or unknown."""
    return as_member(Formation, as_text(value))


def as_disorder(data: BAData, value: Any) -> Disorder | None:
    """A degree of disorder, reading aliases such as SD for LD (BA-F1); None if unknown."""
    text = as_text(value) or "none"
    if text in data.aliases:
        return data.aliases[text]
    return as_member(Disorder, text)


@dataclass(frozen=True)
class Order:
    """One written order (BA-F4), after the defaults of BA-1 and BA-2."""

    rate_text: str
    rate: Rate | None
    destination: str
    segment: str
    as_far_as_possible: bool
    formation_text: str
    formation: Formation | None  # the change of formation ordered, None = keep
    fire: bool
    attack: bool
    direction_text: str
    direction: Direction | None
    terrain: str
    crossing: str
    obstacles: tuple[str, ...]
    manoeuvres: tuple[str, ...]
    pass_through: tuple[str, ...]


def read_order(data: BAData, fields: Mapping[str, Any]) -> Order:
    """The typed order; call on completed fields (an empty rate reads as the default)."""
    rate_text = as_text(fields.get("rate")) or data.default_rate.value
    direction_text = as_text(fields.get("direction")) or Direction.FORWARD.value
    rate = as_member(Rate, rate_text)
    direction = as_member(Direction, direction_text)
    return Order(
        rate_text=rate_text,
        rate=rate,
        destination=as_text(fields.get("destination")),
        segment=as_text(fields.get("segment")),
        as_far_as_possible=bool(fields.get("as_far_as_possible", False)),
        formation_text=as_text(fields.get("formation")),
        formation=as_formation(fields.get("formation")),
        fire=fields.get("fire") is True,
        attack=fields.get("attack") is True,
        direction_text=direction_text,
        direction=direction,
        terrain=as_text(fields.get("terrain")),
        crossing=as_text(fields.get("crossing")),
        obstacles=as_names(fields.get("obstacles")),
        manoeuvres=as_names(fields.get("manoeuvres")),
        pass_through=as_names(fields.get("pass_through")),
    )


@dataclass(frozen=True)
class Crossing:
    """A terrain feature the order crosses: waterway, bridge, ford or obstacle."""

    name: str
    kind: CrossingKind | None
    width_cm: float | None
    waterway_width_cm: float | None


def read_crossing(value: Any) -> Crossing | None:
    """The ``situation["crossing"]`` mapping, or None when absent or not a mapping."""
    if not isinstance(value, Mapping):
        return None
    try:
        kind: CrossingKind | None = CrossingKind(as_text(value.get("kind")))
    except ValueError:
        kind = None
    return Crossing(
        name=as_text(value.get("name")),
        kind=kind,
        width_cm=as_float(value.get("width_cm")),
        waterway_width_cm=as_float(value.get("waterway_width_cm")),
    )


@dataclass(frozen=True)
class PassTarget:
    """A unit the order passes through (BA-15 … BA-17), as the services describe it."""

    name: str
    own: bool
    formation: Formation | None
    abandoned_guns: bool
    soutien_distance_cm: float | None


def read_pass_targets(value: Any) -> tuple[PassTarget, ...]:
    """The ``situation["pass_through"]`` list; entries that are not mappings are skipped."""
    if not isinstance(value, list | tuple):
        return ()
    return tuple(
        PassTarget(
            name=as_text(item.get("name")) or "another unit",
            own=as_text(item.get("side")) != "enemy",
            formation=as_formation(item.get("formation")),
            abandoned_guns=item.get("abandoned_guns") is True,
            soutien_distance_cm=as_float(item.get("soutien_distance_cm")),
        )
        for item in value
        if isinstance(item, Mapping)
    )


@dataclass(frozen=True)
class Situation:
    """What the services know about the unit's surroundings at order time."""

    bound: int | None
    terrain: tuple[str, ...]
    crossing: Crossing | None
    pass_through: tuple[PassTarget, ...]
    nearest_opponent_cm: float | None
    obstacles: tuple[str, ...]
    forced_action: bool
    # The desk's working for a distance it measured from the positions, by situation key
    # ("nearest_closed_opponent_cm", "soutien_distance_cm:<name>"); empty when typed.
    measured: Mapping[str, str] = field(default_factory=dict)


def read_situation(value: Mapping[str, Any]) -> Situation:
    """The typed situation; missing or odd keys read as unknown."""
    if not isinstance(value, Mapping):
        value = {}
    return Situation(
        bound=as_int(value.get("bound")),
        terrain=as_names(value.get("terrain")),
        crossing=read_crossing(value.get("crossing")),
        pass_through=read_pass_targets(value.get("pass_through")),
        nearest_opponent_cm=as_float(value.get("nearest_closed_opponent_cm")),
        obstacles=as_names(value.get("obstacles")),
        forced_action=value.get("forced_action") is True,
        measured={str(k): str(v) for k, v in (value.get("measured") or {}).items()}
        if isinstance(value.get("measured"), Mapping) else {},
    )


# The unit's state between bounds. Its plain form always has "formation", "disorder" and
# "strength", plus "last_charge_bound" (BA-14), "melee_penalty_bound" (BA-13),
# "fast_this_bound" (BA-10), "charged_this_bound", "rate_this_bound" (BA-1, BA-9, BA-11,
# BA-12), "crossing" ({"feature", "kind", "since_bound"}, BA-20/21) and "terrain" (BA-3, BA-6).


@dataclass(frozen=True)
class CrossingProgress:
    """A crossing begun and not yet completed (it may last several bounds)."""

    feature: str
    kind: str
    since_bound: int | None

    def to_dict(self) -> dict[str, Any]:
        """Plain form for the state mapping."""
        return {"feature": self.feature, "kind": self.kind, "since_bound": self.since_bound}


@dataclass(frozen=True)
class UnitState:
    """Formation, disorder and what the next orders must remember."""

    formation: Formation | None
    disorder: Disorder | None  # None: the stored value is not a degree of disorder
    strength: int
    last_charge_bound: int | None = None
    melee_penalty_bound: int | None = None
    fast_this_bound: bool = False
    charged_this_bound: bool = False
    rate_this_bound: Rate | None = None
    crossing: CrossingProgress | None = None
    terrain: str | None = None
    routed: bool = False  # in rout until rallied (campaign data morale.rout, morale.rally)

    def to_dict(self) -> dict[str, Any]:
        """Plain, JSON-serialisable form."""
        return {
            "formation": self.formation.value if self.formation else None,
            "disorder": (self.disorder or Disorder.NONE).value,
            "strength": self.strength,
            "last_charge_bound": self.last_charge_bound,
            "melee_penalty_bound": self.melee_penalty_bound,
            "fast_this_bound": self.fast_this_bound,
            "charged_this_bound": self.charged_this_bound,
            "rate_this_bound": self.rate_this_bound.value if self.rate_this_bound else None,
            "crossing": self.crossing.to_dict() if self.crossing else None,
            "terrain": self.terrain,
            "routed": self.routed,
        }

    def but(self, **changes: Any) -> UnitState:
        """A copy with some fields changed."""
        return replace(self, **changes)


def read_state(data: BAData, value: Mapping[str, Any]) -> UnitState:
    """The typed state; odd or missing values read as unknown, never raise."""
    if not isinstance(value, Mapping):
        value = {}
    crossing = value.get("crossing")
    progress = None
    if isinstance(crossing, Mapping) and as_text(crossing.get("feature")):
        progress = CrossingProgress(
            feature=as_text(crossing.get("feature")),
            kind=as_text(crossing.get("kind")),
            since_bound=as_int(crossing.get("since_bound")),
        )
    rate = as_member(Rate, as_text(value.get("rate_this_bound")))
    return UnitState(
        formation=as_formation(value.get("formation")),
        disorder=as_disorder(data, value.get("disorder")),
        strength=max(0, as_int(value.get("strength")) or 0),
        last_charge_bound=as_int(value.get("last_charge_bound")),
        melee_penalty_bound=as_int(value.get("melee_penalty_bound")),
        fast_this_bound=value.get("fast_this_bound") is True,
        charged_this_bound=value.get("charged_this_bound") is True,
        rate_this_bound=rate,
        crossing=progress,
        terrain=as_text(value.get("terrain")) or None,
        routed=value.get("routed") is True,
    )
