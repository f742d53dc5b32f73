"""Battles of Waterloo: the typed inputs of the Movement & Command table.

The services and the window speak in plain mappings (persisted as JSON); the
evaluator wants typed facts. :meth:`Situation.from_mapping` is the one place
that turns the mapping into them, and it never raises: an odd value counts as
missing, and the evaluator then says what is missing (a finding), rather than
guessing a roll the umpire never entered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from desk.rules.battles_of_waterloo.data import LimKind, OrdersOption
from desk.rules.coerce import as_bool, as_int

_E = TypeVar("_E", bound=StrEnum)
def as_enum(cls: type[_E], value: object) -> _E | None:
    """The member of ``cls`` whose id is ``value`` (case and spaces forgiven), else None."""
    if not isinstance(value, str):
        return None
    word = value.strip().casefold().replace(" ", "-").replace("_", "-")
    for member in cls:
        if member.value == word:
            return member
    return None


def as_text(value: object) -> str | None:
    """A non-empty string, stripped, else None."""
    if isinstance(value, str) and value.strip():
        return value.strip()
    return None


@dataclass(frozen=True)
class UnitFacts:
    """What the table needs to know about the unit itself (and its command's LIM)."""

    command: str = ""
    side: str = ""
    arm: str = "infantry"
    in_command: bool = True
    lim_eligible: bool = True
    imperial_guard: bool = False

    @property
    def guard_infantry(self) -> bool:
        """BOW-12 binds Guard infantry only; Guard cavalry and artillery follow the table."""
        return self.imperial_guard and self.arm == "infantry"

    @property
    def is_leader(self) -> bool:
        """A leader unit (the Orders LIM's third option moves these)."""
        return self.arm == "leader"


@dataclass(frozen=True)
class Activation:
    """One activation roll (BOW-F1: a d10; success when the roll is at most the rating)."""

    roll: int
    rating: int
    success: bool

    @classmethod
    def from_value(cls, value: object) -> Activation | None:
        """From ``{"roll": 4, "rating": 6, "success": true}``; success is computed if absent."""
        if not isinstance(value, Mapping):
            return None
        roll, rating = as_int(value.get("roll")), as_int(value.get("rating"))
        given = as_bool(value.get("success"), None)
        if given is None and (roll is None or rating is None):
            return None
        success = given if given is not None else (roll or 0) <= (rating or 0)
        return cls(roll=roll or 0, rating=rating or 0, success=success)


@dataclass(frozen=True)
class Situation:
    """The moment of the turn: which LIM is drawn, its option, rolls and declarations."""

    lim_drawn: str | None = None
    lim_kind: LimKind | None = None
    lim_side: str | None = None
    lim_command: str | None = None
    lim_imperial_guard: bool = False
    orders_option: OrdersOption | None = None
    activation: Activation | None = None
    limited_activation: bool = False
    within_detachment_range: bool | None = None
    attempted_in_orders_phase: bool = False
    attempts: int = 0
    idle: bool = False

    @classmethod
    def from_mapping(cls, data: Mapping[str, object] | None) -> Situation:
        """Parse the plain situation mapping; never raises, odd values count as missing."""
        if not isinstance(data, Mapping):
            return cls()
        attempts = as_int(data.get("attempts"))
        activation = Activation.from_value(data.get("activation"))
        return cls(
            lim_drawn=as_text(data.get("lim_drawn")),
            lim_kind=as_enum(LimKind, data.get("lim_kind")),
            lim_side=as_text(data.get("lim_side")),
            lim_command=as_text(data.get("lim_command")),
            lim_imperial_guard=bool(as_bool(data.get("lim_imperial_guard"))),
            orders_option=as_enum(OrdersOption, data.get("orders_option")),
            activation=activation,
            limited_activation=bool(as_bool(data.get("limited_activation"))),
            within_detachment_range=as_bool(data.get("within_detachment_range"), None),
            attempted_in_orders_phase=bool(as_bool(data.get("attempted_in_orders_phase"))),
            # The attempt being evaluated counts as one even if the caller left attempts out.
            attempts=max(attempts or 0, 1 if activation is not None else 0),
            idle=bool(as_bool(data.get("idle"))),
        )


def unit_facts(
    *,
    command: str,
    side: str,
    arm: str,
    imperial_guard: bool,
    state: Mapping[str, object] | None,
    situation: Mapping[str, object] | None,
    attrs: Mapping[str, object] | None = None,
) -> UnitFacts:
    """UnitFacts from a unit's OOB facts, its state and the situation (situation wins).

    ``in_command`` is read from the situation, else the state, else true;
    ``lim_eligible`` from the situation, else the unit's attrs, else true.
    """
    sit = situation if isinstance(situation, Mapping) else {}
    st = state if isinstance(state, Mapping) else {}
    extra = attrs if isinstance(attrs, Mapping) else {}
    in_command = as_bool(sit.get("in_command"), None)
    if in_command is None:
        in_command = as_bool(st.get("in_command"), True)
    eligible = as_bool(sit.get("lim_eligible"), None)
    if eligible is None:
        eligible = as_bool(extra.get("lim_eligible"), True)
    return UnitFacts(
        command=command,
        side=side,
        arm=arm,
        in_command=bool(in_command),
        lim_eligible=bool(eligible),
        imperial_guard=imperial_guard,
    )
