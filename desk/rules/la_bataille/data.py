"""La Bataille's numbers and vocabulary, read from ``la-bataille.toml`` with house rules.

The data file is flattened to dotted keys (``road_march.mp_per_hex``) so a
campaign can override any number or list by the same key; an unknown key or a
value of the wrong type raises :class:`~desk.rules.base.RulesDataError` with a
plain sentence. :class:`LBData` is the typed view the checks, computations and
the chart all read, so they can never disagree.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from desk.resources import ruleset_path
from desk.rules.base import RulesDataError

SYSTEM_ID = "la-bataille"


class Arm(StrEnum):
    """The arms of La Bataille (docs/oob-format.md)."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    ARTILLERY = "artillery"


class Formation(StrEnum):
    """Formation ids shared with the order of battle (LB-F4, LB-14)."""

    COLUMN = "column"
    LINE = "line"
    CARRE = "carre"
    SKIRMISH = "skirmish"
    GENERAL_ORDER = "general-order"
    ROAD_MARCH = "road-march"
    ROUTED = "routed"
    LIMBERED = "limbered"
    UNLIMBERED = "unlimbered"


class Disorder(StrEnum):
    """The three morale states (LB-F2)."""

    GOOD_ORDER = "good-order"
    DISORDERED = "disordered"
    ROUTED = "routed"


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = value
    return flat


def _same_kind(default: Any, value: Any) -> bool:
    # bool is an int in Python; a flag must stay a flag and a number a number.
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, int | float):
        return isinstance(value, int | float) and value >= 0
    if isinstance(default, list):
        return isinstance(value, list | tuple) and all(isinstance(v, str) for v in value)
    return isinstance(value, type(default))


def merge_house_rules(
    defaults: Mapping[str, Any], house_rules: Mapping[str, Any]
) -> tuple[dict[str, Any], frozenset[str]]:
    """The flat data with the campaign's overrides applied, and which keys they changed."""
    merged = dict(defaults)
    changed: set[str] = set()
    for key, value in house_rules.items():
        if key not in defaults:
            raise RulesDataError(
                f"La Bataille has no number called {key!r} to override "
                f"(known: {', '.join(sorted(defaults))})"
            )
        if not _same_kind(defaults[key], value):
            raise RulesDataError(
                f"house rule {key!r} must be like {defaults[key]!r}, not {value!r}"
            )
        merged[key] = list(value) if isinstance(value, tuple) else value
        if merged[key] != defaults[key]:
            changed.add(key)
    _refuse_zero_divisors(merged)
    return merged, frozenset(changed)


def _refuse_zero_divisors(values: Mapping[str, Any]) -> None:
    # A divisor or a per-hex count of 0 would divide by zero in the middle of a bound.
    for key, value in values.items():
        if (key.endswith("divisor") or key == "road_march.increments_per_hex") and value < 1:
            raise RulesDataError(f"{key!r} must be at least 1, not {value!r}")


@dataclass(frozen=True)
class LBData:
    """Every number the La Bataille checks, computations and chart use."""

    values: Mapping[str, Any]  # flat dotted keys, house rules applied
    overridden: frozenset[str]

    def number(self, key: str) -> float:
        """A number by its dotted key."""
        return float(self.values[key])

    def whole(self, key: str) -> int:
        """A whole number (a count or a divisor) by its dotted key."""
        return int(self.values[key])

    def names(self, key: str) -> tuple[str, ...]:
        """A list of ids by its dotted key."""
        return tuple(str(v) for v in self.values[key])

    def flag(self, key: str) -> bool:
        """A yes/no setting by its dotted key."""
        return bool(self.values[key])

    def house(self, *keys: str) -> bool:
        """True when any of ``keys`` was overridden by the campaign."""
        return any(k in self.overridden for k in keys)

    def formations(self, arm: str) -> tuple[str, ...]:
        """The formations open to ``arm`` (LB-F4); none for an unknown arm."""
        key = f"formations.{arm}"
        return self.names(key) if key in self.values else ()

    def change_cost(self, arm: str) -> int:
        """MP to change formation for ``arm`` (LB-F3; artillery LB-14)."""
        key = f"change_mp.{arm}"
        return self.whole(key) if key in self.values else self.whole("change_mp.infantry")

    def general_order_terrain(self, terrain: str) -> bool:
        """True for the hexes where combat formations are in general order (LB-6)."""
        return terrain in self.names("general_order.terrain")

    def stacking_limit(self, terrain: str) -> int:
        """Increments per hex in general order in ``terrain``; 0 when not set (LB-8)."""
        key = f"general_order.stacking.{terrain}"
        return self.whole(key) if key in self.values else 0

    def house_rule_lines(self) -> tuple[str, ...]:
        """One line per overridden number, for the chart's footer."""
        return tuple(
            f"{key} = {self.values[key]!r} (house rule)" for key in sorted(self.overridden)
        )


def read_defaults(path: Path | None = None) -> dict[str, Any]:
    """The data file's numbers as flat dotted keys."""
    source = path or ruleset_path(SYSTEM_ID)
    try:
        with source.open("rb") as handle:
            return _flatten(tomllib.load(handle))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise RulesDataError(f"cannot read the La Bataille data file {source}: {error}") from error


def load(house_rules: Mapping[str, Any], path: Path | None = None) -> LBData:
    """The data file with a campaign's house rules applied."""
    values, changed = merge_house_rules(read_defaults(path), house_rules)
    return LBData(values=values, overridden=changed)
