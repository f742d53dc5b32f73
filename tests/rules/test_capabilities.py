"""What each rules system says it has, which the services and the window ask instead of its id."""

from __future__ import annotations

import pytest

from desk.rules import SYSTEM_IDS, get_system
from desk.rules.base import RulesSystem
from desk.rules.records import state_record

CAPABILITIES = ("has_lim_pool", "has_turn_phases", "has_movement_table", "has_charge_cooldown")


@pytest.mark.parametrize(("system_id", "expected"), [
    ("belle-alliance", {"has_charge_cooldown"}),
    ("battles-of-waterloo", {"has_lim_pool", "has_turn_phases", "has_movement_table"}),
    ("la-bataille", set()),
])
def test_each_system_declares_its_capabilities(system_id: str, expected: set[str]) -> None:
    system: RulesSystem = get_system(system_id)
    assert {name for name in CAPABILITIES if getattr(system, name) is True} == expected
    assert all(isinstance(getattr(system, name), bool) for name in CAPABILITIES)


def test_a_movement_table_comes_with_evaluate() -> None:
    for system_id in SYSTEM_IDS:
        system = get_system(system_id)
        assert system.has_movement_table == callable(getattr(system, "evaluate", None))


def test_ba_14_charge_cooldown_follows_the_house_rule() -> None:
    assert get_system("belle-alliance").charge_available_from(state={"last_charge_bound": 5}) == 10
    house = get_system("belle-alliance", {"charge.cooldown_bounds": 2})
    assert house.charge_available_from(state={"last_charge_bound": 5}) == 8
    assert house.charge_available_from(state={}) is None
    assert house.charge_available_from(state=state_record({"last_charge_bound": "five"})) is None


@pytest.mark.parametrize("system_id", ["battles-of-waterloo", "la-bataille"])
def test_no_cooldown_elsewhere(system_id: str) -> None:
    system = get_system(system_id)
    assert system.charge_available_from(state={"last_charge_bound": 5}) is None
