"""Typed order, unit state and situation of Belle Alliance, read from plain mappings.

The protocol edge speaks JSON-like mappings; the checks and computations work
on these frozen dataclasses. The readers never raise: an odd value becomes
"unknown" (``None`` or the raw text kept for the finding that names it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from desk.rules.belle_alliance.data import (
    BAData,
    CrossingKind,
    Direction,
    Disorder,
    Formation,
    Rate,
)
from desk.rules.coerce import as_float, as_int
from desk.rules.records import CrossingRecord, StateRecord

_T = TypeVar("_T")


def _built(cls: type[_T], values: dict[str, object]) -> _T:
    """A frozen dataclass made from every one of its fields, without its ``__init__``.

    The generated ``__init__`` of a frozen class sets each field through
    ``object.__setattr__`` (~0.3 µs a field): the readers below run twice per unit
    in a close, and give every field, so they fill the instance dict at once.
    """
    made = object.__new__(cls)
    made.__dict__.update(values)
    return made


def as_names(value: object) -> tuple[str, ...]:
    """Names from a list or from comma-separated text, blanks dropped."""
    if not value:  # most orders name none: None, "" or []
        return ()
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        return ()
    return tuple(str(item).strip() for item in items if str(item).strip())


def as_text(value: object) -> str:
    """Text with blanks trimmed; None is empty."""
    if type(value) is str:  # the usual case, without str()'s call
        return value.strip()
    return "" if value is None else str(value).strip()


# The members by value: a dict lookup instead of ``Enum(value)``, which costs ~2 µs a call
# (a close of 2,000 units reads ~12,000 of them).
_FORMATIONS: dict[str, Formation] = {f.value: f for f in Formation}
_DISORDERS: dict[str, Disorder] = {d.value: d for d in Disorder}
_RATES: dict[str, Rate] = {r.value: r for r in Rate}
_DIRECTIONS: dict[str, Direction] = {d.value: d for d in Direction}
# And back: an enum's ``.value`` is a property (~0.3 µs); a close writes three per unit.
_VALUES: dict[Formation | Disorder | Rate, str] = {
    m: m.value for members in (Formation, Disorder, Rate) for m in members}


def as_formation(value: object) -> Formation | None:
    """A formation id, or None when empty or unknown."""
    return _FORMATIONS.get(as_text(value))


def as_disorder(data: BAData, value: object) -> Disorder | None:
    """A degree of disorder, reading aliases such as SD for LD (BA-F1); None if unknown."""
    text = as_text(value) or "none"
    if text in data.aliases:
        return data.aliases[text]
    return _DISORDERS.get(text)


def as_rate(value: object) -> Rate | None:
    """A rate of march (BA-1), or None when empty or unknown."""
    return _RATES.get(as_text(value))


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


def read_order(data: BAData, fields: Mapping[str, object]) -> Order:
    """The typed order; call on completed fields (an empty rate reads as the default)."""
    get = fields.get
    rate_text = as_text(get("rate")) or data.default_rate.value
    direction_text = as_text(get("direction")) or Direction.FORWARD.value
    formation_text = as_text(get("formation"))
    return _built(Order, dict(
        rate_text=rate_text,
        rate=_RATES.get(rate_text),
        destination=as_text(get("destination")),
        segment=as_text(get("segment")),
        as_far_as_possible=bool(get("as_far_as_possible", False)),
        formation_text=formation_text,
        formation=_FORMATIONS.get(formation_text),
        fire=get("fire") is True,
        attack=get("attack") is True,
        direction_text=direction_text,
        direction=_DIRECTIONS.get(direction_text),
        terrain=as_text(get("terrain")),
        crossing=as_text(get("crossing")),
        obstacles=as_names(get("obstacles")),
        manoeuvres=as_names(get("manoeuvres")),
        pass_through=as_names(get("pass_through")),
    ))


@dataclass(frozen=True)
class Carried:
    """What of an order its unit's next state keeps: the rate it moved at (a charge, a
    halt), the formation it changed to and the terrain written on it."""

    rate: Rate | None
    formation: Formation | None
    terrain: str


def read_carried(data: BAData, fields: Mapping[str, object]) -> Carried:
    """:func:`read_order`'s rate, formation and terrain alone, for the close.

    The close advances every unit and needs only these three of the sixteen fields:
    reading the rest was a third of its rules' time at 2,000 units. The fields need not
    be completed first: the three read as they would once completed (a written rate in
    any case, no rate the default one: BA-1), which spares the close a completion per unit.
    """
    get = fields.get
    rate = get("rate")
    rate_text = rate.strip().lower() if isinstance(rate, str) else as_text(rate)
    return _built(Carried, dict(
        rate=_RATES.get(rate_text or data.default_rate.value),
        formation=_FORMATIONS.get(as_text(get("formation"))),
        terrain=as_text(get("terrain")),
    ))


@dataclass(frozen=True)
class Crossing:
    """A terrain feature the order crosses: waterway, bridge, ford or obstacle."""

    name: str
    kind: CrossingKind | None
    width_cm: float | None
    waterway_width_cm: float | None


def read_crossing(value: object) -> Crossing | None:
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


def read_pass_targets(value: object) -> tuple[PassTarget, ...]:
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


def read_situation(value: Mapping[str, object]) -> Situation:
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
        measured={str(k): str(v) for k, v in measured.items()}
        if isinstance(measured := value.get("measured"), Mapping) else {},
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

    def to_dict(self) -> CrossingRecord:
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

    def to_dict(self) -> StateRecord:
        """Plain, JSON-serialisable form."""
        return {
            "formation": _VALUES[self.formation] if self.formation else None,
            "disorder": _VALUES[self.disorder or Disorder.NONE],
            "strength": self.strength,
            "last_charge_bound": self.last_charge_bound,
            "melee_penalty_bound": self.melee_penalty_bound,
            "fast_this_bound": self.fast_this_bound,
            "charged_this_bound": self.charged_this_bound,
            "rate_this_bound": _VALUES[self.rate_this_bound] if self.rate_this_bound else None,
            "crossing": self.crossing.to_dict() if self.crossing else None,
            "terrain": self.terrain,
            "routed": self.routed,
        }

    def but(self, **changes: Any) -> UnitState:
        """A copy with some fields changed."""
        # Not dataclasses.replace(), which walks the fields (~9 µs): the class has no
        # __post_init__, so a copy of the instance dict is the same value.
        values = {**self.__dict__, **changes}
        if len(values) != len(self.__dict__):  # a name it has not: one more key
            unknown = changes.keys() - self.__dict__.keys()
            raise TypeError(f"UnitState has no field {', '.join(sorted(unknown))}")
        return _built(UnitState, values)


def read_state(data: BAData, value: Mapping[str, object]) -> UnitState:
    """The typed state; odd or missing values read as unknown, never raise."""
    if type(value) is not dict and not isinstance(value, Mapping):  # a dict: no ABC check
        value = {}
    get = value.get
    crossing = get("crossing")
    progress = None
    if crossing is not None and isinstance(crossing, Mapping) and as_text(crossing.get("feature")):
        progress = CrossingProgress(
            feature=as_text(crossing.get("feature")),
            kind=as_text(crossing.get("kind")),
            since_bound=as_int(crossing.get("since_bound")),
        )
    return _built(UnitState, dict(
        formation=as_formation(get("formation")),
        disorder=as_disorder(data, get("disorder")),
        strength=max(0, as_int(get("strength")) or 0),
        last_charge_bound=as_int(get("last_charge_bound")),
        melee_penalty_bound=as_int(get("melee_penalty_bound")),
        fast_this_bound=get("fast_this_bound") is True,
        charged_this_bound=get("charged_this_bound") is True,
        rate_this_bound=as_rate(get("rate_this_bound")),
        crossing=progress,
        terrain=as_text(get("terrain")) or None,
        routed=get("routed") is True,
    ))
