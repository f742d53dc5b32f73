"""Speed of check() in Battles of Waterloo and La Bataille: under 1 ms per order.

Run on demand: ``.venv/bin/python -m pytest tests/benchmarks -q -s -k other_systems``.
Each order of a demo scenario is checked; the mean and the slowest round are printed.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import pytest

from desk.rules import get_system
from desk.rules.base import UnitInfo
from desk.rules.records import fields_record, situation_record
from desk.services.campaign.scenarios import load_scenario

pytestmark = pytest.mark.benchmark

# (order fields, situation) per system: the plain mappings RulesSystem.check takes.
ORDERS: dict[str, tuple[Mapping[str, Any], Mapping[str, Any]]] = {
    "battles-of-waterloo": ({"movement": "tactical", "destination": "St-Amand"},
                            {"bound": 2, "phase": "operations", "lim_drawn": "III Corps C/D",
                             "lim_kind": "cd", "lim_command": "III Corps", "in_command": True,
                             "lim_eligible": True}),
    "la-bataille": ({"formation": "carre", "road_march": True, "fire": True, "melee": True},
                    {"bound": 2, "terrain": "woods", "road": False, "movement_allowance": 6}),
}


def _units(rules_system: str) -> list[UnitInfo]:
    data = load_scenario(rules_system=rules_system)
    found: list[UnitInfo] = []

    def walk(side: str, command: dict[str, Any]) -> None:  # a command of the OOB JSON
        for unit in command.get("units", []):
            found.append(UnitInfo(id=len(found) + 1, name=unit["name"], arm=unit["arm"],
                                  unit_type=unit["type"], side=side, command=command["name"],
                                  strength=int(unit.get("strength", 0)),
                                  imperial_guard=bool(unit.get("imperial_guard", False)),
                                  attrs=unit.get("attrs", {})))
        for sub in command.get("commands", []):
            walk(side, sub)

    for side in data["sides"]:
        for command in side["commands"]:
            walk(side["name"], command)
    return found


@pytest.mark.parametrize("rules_system", sorted(ORDERS))
def test_check_every_unit_of_the_demo_under_1ms(rules_system: str) -> None:
    rules = get_system(rules_system, {})
    fields, situation = ORDERS[rules_system]
    units = _units(rules_system)
    states = [rules.initial_state(unit=u) for u in units]
    completed = rules.complete(fields_record(fields)).fields
    rounds, per_round, findings = 5, [], 0
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(20):
            for unit, state in zip(units, states, strict=True):
                findings += len(rules.check(unit=unit, state=state, fields=completed,
                                            situation=situation_record(situation)))
        per_round.append((time.perf_counter() - start) / (20 * len(units)))
    best, worst = min(per_round) * 1e6, max(per_round) * 1e6
    print(f"\n{rules.name} check(): {len(units)} units, {findings // (rounds * 20)} findings "
          f"per pass, best round {best:.1f} µs, worst round {worst:.1f} µs per order")
    assert worst < 1000
