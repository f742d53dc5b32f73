"""La Bataille's numbers and vocabulary, read from ``la-bataille.toml`` with house rules.

The data file is flattened to dotted keys (``road_march.mp_per_hex``) so a
campaign can override any number or list by the same key; an unknown key or a
value of the wrong type raises :class:`~desk.rules.base.RulesDataError` with a
plain sentence. :class:`LBData` is the typed view the checks, computations and
the chart all read, so they can never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from desk.rules.ruleset import checked_number, merge_house_rules, read_data_file

SYSTEM_ID = "la-bataille"
_NAME = "La Bataille"


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


def _refuse_zero_divisors(values: Mapping[str, Any]) -> None:
    # A divisor or a per-hex count of 0 would divide by zero in the middle of a bound.
    for key, value in values.items():
        if key.endswith("divisor") or key == "road_march.increments_per_hex":
            checked_number(f"{_NAME} {key!r}", value, minimum=1)


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


def load(house_rules: Mapping[str, Any], path: Path | None = None) -> LBData:
    """The data file with a campaign's house rules applied (as flat dotted keys)."""
    merged = merge_house_rules(read_data_file(SYSTEM_ID, name=_NAME, path=path), house_rules,
                               name=_NAME)
    _refuse_zero_divisors(merged.values)
    return LBData(values=merged.values, overridden=frozenset(merged.overridden))
