"""Speed of Belle Alliance's check(): one order must take under 1 ms (issue 3).

Run on demand: ``.venv/bin/python -m pytest tests/benchmarks/test_ba_check_speed.py -q -s``.
Prints the mean and the slowest of several rounds.
"""

from __future__ import annotations

import time

import pytest

from desk.rules.base import UnitInfo
from desk.rules.belle_alliance import system
from desk.rules.records import fields_record, situation_record, state_record

pytestmark = pytest.mark.benchmark

UNIT = UnitInfo(id=1, name="1/5e Ligne", arm="infantry", unit_type="line-infantry",
                side="French", command="VI Corps", strength=24)
STATE = {"formation": "line", "disorder": "FD", "strength": 24, "last_charge_bound": 5,
         "melee_penalty_bound": 6}
# A busy order: most checks have something to say.
FIELDS = {"rate": "fast", "fire": True, "direction": "sideways", "formation": "column-of-attack",
          "obstacles": "hedge, abatis", "manoeuvres": "wheel", "crossing": "Mill ford"}
SITUATION = {"bound": 6, "terrain": ["open", "woods"], "nearest_closed_opponent_cm": 60,
             "crossing": {"name": "Mill ford", "kind": "ford", "width_cm": 6},
             "pass_through": [{"name": "voltigeurs", "formation": "skirmish-line",
                               "soutien_distance_cm": 20},
                              {"name": "Prussians", "side": "enemy"}]}


def test_check_one_order_under_1ms() -> None:
    rules = system({})
    completed = rules.complete(fields_record(FIELDS)).fields
    n, rounds = 2000, 5
    per_round = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(n):
            found = rules.check(unit=UNIT, state=state_record(STATE), fields=completed,
                                situation=situation_record(SITUATION))
        per_round.append((time.perf_counter() - start) / n)
    best, worst = min(per_round) * 1e6, max(per_round) * 1e6
    print(f"\nBelle Alliance check(): {len(found)} findings per order, "
          f"best round {best:.1f} µs, worst round {worst:.1f} µs per order")
    assert worst < 1000


def test_complete_check_and_rate_of_a_plain_order() -> None:
    rules = system({})
    n = 2000
    start = time.perf_counter()
    for _ in range(n):
        completed = rules.complete({"destination": "the mill"}).fields
        rules.check(unit=UNIT, state={"formation": "column-of-march"}, fields=completed,
                    situation={"bound": 3, "terrain": "open"})
        rules.rate_for(unit=UNIT, state={"formation": "column-of-march"}, fields=completed,
                       situation={"terrain": "open"})
    per = (time.perf_counter() - start) / n * 1e6
    print(f"\nBelle Alliance complete + check + rate_for: {per:.1f} µs per order")
    assert per < 1000


def test_load_ruleset_with_house_rules() -> None:
    n = 50
    start = time.perf_counter()
    for _ in range(n):
        system({"charge.cooldown_bounds": 3})
    per = (time.perf_counter() - start) / n * 1e3
    print(f"\nBelle Alliance system(house_rules): {per:.2f} ms per load")
