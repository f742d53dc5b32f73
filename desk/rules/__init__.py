"""The three rules systems, as pure functions and dataclasses (no I/O, Qt or DB).

``get_system(system_id, house_rules)`` returns the :class:`RulesSystem` of a
campaign; the ids are the data files' names in ``resources/rulesets``.
"""

from __future__ import annotations

from collections.abc import Mapping

from desk.rules.base import RulesSystem

SYSTEM_IDS: tuple[str, ...] = ("belle-alliance", "battles-of-waterloo", "la-bataille")
# Each system's package, for loading a campaign's rules before they are first asked for.
SYSTEM_PACKAGES: dict[str, str] = {
    "belle-alliance": "desk.rules.belle_alliance",
    "battles-of-waterloo": "desk.rules.battles_of_waterloo",
    "la-bataille": "desk.rules.la_bataille",
}
SYSTEM_NAMES: dict[str, str] = {
    "belle-alliance": "Belle Alliance",
    "battles-of-waterloo": "Battles of Waterloo",
    "la-bataille": "La Bataille",
}


def get_system(system_id: str, house_rules: Mapping[str, object] | None = None) -> RulesSystem:
    """The rules system ``system_id`` with a campaign's house-rule overrides applied."""
    overrides = dict(house_rules or {})
    # Imported here so a campaign only pays for the system it uses.
    if system_id == "belle-alliance":
        from desk.rules import belle_alliance

        return belle_alliance.system(overrides)
    if system_id == "battles-of-waterloo":
        from desk.rules import battles_of_waterloo

        return battles_of_waterloo.system(overrides)
    if system_id == "la-bataille":
        from desk.rules import la_bataille

        return la_bataille.system(overrides)
    raise ValueError(f"unknown rules system {system_id!r} (known: {', '.join(SYSTEM_IDS)})")
