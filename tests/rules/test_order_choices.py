"""``order_choices``: what the players' sheets offer an arm is what the checks allow it.

For every arm of every system and every value of every choice field: a value
left out for the arm is refused by ``check()`` with an error under the arm's
clause (BA-F4, LB-F4, LB-14) or data key (charge.rate_cm); a value kept draws
no such error. The sheets print these choices, so a player is never offered
what the umpire must refuse.
"""

from __future__ import annotations

from typing import Any

import pytest

from desk.rules import get_system
from desk.rules.base import RulesSystem, Severity, UnitInfo
from desk.rules.records import fields_record

# The clauses (and their finding codes) that refuse a value because of the arm.
ARM_CLAUSES = {
    "belle-alliance": ({"data: charge.rate_cm.artillery", "data: charge.rate_cm.staff", "BA-F4"},
                       {"BA_CHARGE_ARM", "BA_FORMATION_ARM"}),
    "la-bataille": ({"LB-F4", "LB-14"}, {"LB_FORMATION_NOT_FOR_ARM", "LB_LIMBER_ARTILLERY_ONLY"}),
}
ARMS = ("infantry", "cavalry", "artillery", "staff")
UNIT_TYPES = {"infantry": "line-infantry", "cavalry": "light-cavalry",
              "artillery": "foot-artillery", "staff": "staff"}


def _unit(arm: str) -> UnitInfo:
    return UnitInfo(id=1, name="Unit", arm=arm, unit_type=UNIT_TYPES[arm], side="French",
                    command="VI Corps", strength=12,
                    attrs={"movement_allowance": 6, "morale": 35, "melee": 12, "fire": 9})


def _cases(system_id: str) -> list[Any]:
    system = get_system(system_id, {})
    cases = []
    for arm in ARMS:
        narrowed = system.order_choices(arm=arm)
        for spec in system.order_fields():
            if spec.name not in narrowed:
                continue
            for value in (str(c) for c in spec.choices if c):
                kept = value in narrowed[spec.name]
                cases.append(pytest.param(system_id, arm, spec.name, value, kept,
                                          id=f"{system_id}-{arm}-{spec.name}-{value}"))
    return cases


def _errors(system: RulesSystem, arm: str, field: str, value: str) -> list[tuple[str, str]]:
    unit = _unit(arm)
    state = system.initial_state(unit=unit)
    fields = system.complete(fields_record({field: value})).fields
    found = system.check(unit=unit, state=state, fields=fields,
                         situation={"bound": 10, "terrain": "clear"})
    return [(f.clause, f.code) for f in found if f.severity is Severity.ERROR]


@pytest.mark.parametrize(("system_id", "arm", "field", "value", "kept"),
                         _cases("belle-alliance") + _cases("la-bataille"))
def test_a_value_left_out_for_an_arm_is_one_the_checks_refuse_BA_1_BA_F4_LB_F4_LB_14(
        system_id: str, arm: str, field: str, value: str, kept: bool) -> None:
    clauses, codes = ARM_CLAUSES[system_id]
    errors = _errors(get_system(system_id, {}), arm, field, value)
    if kept:
        assert not [e for e in errors if e[1] in codes]
    else:
        assert [e for e in errors if e[0] in clauses], errors


def test_guns_and_staff_are_not_offered_the_charge_BA_1() -> None:
    ba = get_system("belle-alliance", {})
    assert ba.order_choices(arm="cavalry")["rate"] == ("normal", "fast", "charge", "halt")
    assert ba.order_choices(arm="artillery")["rate"] == ("normal", "fast", "halt")
    assert ba.order_choices(arm="staff")["rate"] == ("normal", "fast", "halt")
    assert "square" not in ba.order_choices(arm="cavalry")["formation"]
    assert ba.order_choices(arm="dragoons") == {}  # unknown arm: the checks warn instead


def test_limbering_is_for_artillery_only_and_routed_is_never_ordered_LB_14_LB_F2() -> None:
    lb = get_system("la-bataille", {})
    assert lb.order_choices(arm="infantry")["limber"] == ()
    assert lb.order_choices(arm="artillery")["limber"] == ("limber", "unlimber")
    for arm in ("infantry", "cavalry", "artillery"):
        formations = lb.order_choices(arm=arm)["formation"]
        assert "routed" not in formations and "road-march" not in formations


def test_battles_of_waterloo_narrows_nothing_by_arm_BOW_2() -> None:
    bow = get_system("battles-of-waterloo", {})
    assert all(bow.order_choices(arm=arm) == {} for arm in (*ARMS, "leader"))
