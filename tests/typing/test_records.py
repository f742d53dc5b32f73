"""An order's fields, a unit's state, the order's situation and the bound's events cross
the layers as named records, ``OrderFields``, ``StateRecord``, ``SituationRecord``,
``EventRecord`` and its ``EventValues`` (issue 29): a misspelt key or a value of the wrong
kind written into any of them fails mypy, and every key a rules system writes into a
state is one the record names, so the record cannot fall behind the rules.

``_misuses`` is never run: CI's mypy run over the tests checks it, and strict's
unused-ignore check fails the day one of its lines stops being an error.
"""

from __future__ import annotations

import pytest

from desk.rules import get_system
from desk.rules.base import OrderFields, RulesSystem, SituationRecord, StateRecord, UnitInfo
from desk.rules.records import state_record

UNITS = {
    "belle-alliance": UnitInfo(1, "1/ Ligne", "infantry", "line-infantry", "French",
                               "I Corps", 24),
    "battles-of-waterloo": UnitInfo(1, "1/ Ligne", "infantry", "line-infantry", "French",
                                    "I Corps", 24),
    "la-bataille": UnitInfo(1, "1/ Ligne", "infantry", "line-infantry", "French",
                            "I Corps", 8),
}


def _misuses(system: RulesSystem, unit: UnitInfo) -> None:
    """Lines mypy must refuse, each with the error code it gives."""
    misspelt: StateRecord = {"formaton": "line"}  # type: ignore[typeddict-unknown-key]
    wrong_kind: StateRecord = {"strength": "six"}  # type: ignore[typeddict-item]
    state = system.initial_state(unit=unit)
    state["last_charged_bound"] = 3  # type: ignore[typeddict-unknown-key]
    state["routed"] = "yes"  # type: ignore[typeddict-item]
    system.advance(unit=unit, state={"formation": 1}, fields=None,  # type: ignore[typeddict-item]
                   events=[], bound=1)
    far: SituationRecord = {"nearest_opponent_cm": 90.0}  # type: ignore[typeddict-unknown-key]
    near: SituationRecord = {"nearest_closed_opponent_cm": "far"}  # type: ignore[typeddict-item]
    system.check(unit=unit, state=state, fields={},
                 situation={"bound": "five"})  # type: ignore[typeddict-item]
    rat: OrderFields = {"rat": "fast"}  # type: ignore[typeddict-unknown-key]
    rate: OrderFields = {"rate": 5}  # type: ignore[typeddict-item]
    system.complete({"as_far_as_possible": "yes"})  # type: ignore[typeddict-item]
    system.advance(unit=unit, state=state, fields=None, bound=1,
                   events=[{"kind": 3}])  # type: ignore[typeddict-item]
    system.apply_event(unit=unit, state=state, event="casualties", bound=1,
                       data={"loses": 3})  # type: ignore[typeddict-unknown-key]
    del misspelt, wrong_kind, far, near, rat, rate


def _every_key(system: RulesSystem, unit: UnitInfo) -> set[str]:
    """Every key the system writes into a state: its start, a bound with no order, a hold,
    and each of its events recorded with empty data (refused or not)."""
    start = system.initial_state(unit=unit)
    written = [start,
               system.advance(unit=unit, state=start, fields=None, events=[], bound=1).state,
               system.advance(unit=unit, state=start, fields=system.hold_fields(), events=[],
                              bound=1).state]
    for kind in system.event_kinds():
        written.append(system.apply_event(unit=unit, state=start, event=kind.code, data={},
                                          bound=1).state)
    return {key for state in written for key in state}


@pytest.mark.parametrize("system_id", sorted(UNITS))
def test_every_key_a_system_writes_is_one_the_state_record_names(system_id: str) -> None:
    system = get_system(system_id, {})
    named = set(StateRecord.__optional_keys__) | set(StateRecord.__required_keys__)
    assert _every_key(system, UNITS[system_id]) <= named


def test_a_stored_state_read_as_the_record_keeps_a_newer_desks_keys() -> None:
    stored = {"formation": "line", "disorder": "none", "strength": 12, "morale_tokens": 2}
    record = state_record(stored)
    assert dict(record) == stored and record is not stored
    ba = get_system("belle-alliance", {})
    after = ba.advance(unit=UNITS["belle-alliance"], state=record, fields=None, events=[],
                       bound=1).state
    assert after["formation"] == "line"  # BA: the state the rules read back from it
