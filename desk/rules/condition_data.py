"""The campaign data of condition and losses: each ruleset's shared tables, house rules in.

The ``[losses]``, ``[morale]``, ``[leaders]``, ``[skirmishers]`` and
``[reinforcements]`` tables of a ruleset's TOML (no RULES.md clause: campaign data,
cited as "data: losses.casualties"), read with the campaign's overrides into one
frozen :class:`ConditionData`. Re-exported by :mod:`desk.rules.condition`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from desk.rules.base import RulesDataError
from desk.rules.ruleset import flatten, merge_house_rules, read_data_file

# The data tables read here; a campaign may override any of their keys.
PREFIXES = ("losses.", "morale.", "leaders.", "skirmishers.", "reinforcements.")


@dataclass(frozen=True)
class ConditionData:
    """The ``[losses]``, ``[morale]``, ``[leaders]``, ``[skirmishers]``, ``[reinforcements]``
    tables of a ruleset, house rules applied."""

    casualty_unit: str
    destroyed_at: int
    removed: tuple[str, ...]
    rout: str
    rally: str
    lost_until_replaced: bool
    detached_max: float
    roll_die: int
    roll_at: int


def load_condition(system_id: str, house_rules: Mapping[str, Any] | None, *,
                   name: str) -> ConditionData:
    """The condition tables of ``system_id``'s data file with the campaign's overrides."""
    raw = read_data_file(system_id, name=name)
    ours: dict[str, Any] = {k: raw[k] for k in (p.rstrip(".") for p in PREFIXES) if k in raw}
    house = {k: v for k, v in flatten(house_rules or {}).items() if k.startswith(PREFIXES)}
    merged = merge_house_rules(ours, house, name=name).values
    try:
        return ConditionData(
            casualty_unit=str(merged["losses.casualties"]),
            destroyed_at=int(merged["losses.destroyed_at"]),
            removed=tuple(str(r) for r in merged["losses.removed"]),
            rout=str(merged["morale.rout"]), rally=str(merged["morale.rally"]),
            lost_until_replaced=bool(merged["leaders.lost_until_replaced"]),
            detached_max=float(merged["skirmishers.detached_max"]),
            roll_die=int(merged["reinforcements.roll_die"]),
            roll_at=int(merged["reinforcements.roll_at"]))
    except KeyError as missing:
        raise RulesDataError(f"The {name} data file lacks {missing.args[0]!r}.") from None
