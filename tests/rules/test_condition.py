"""Condition and losses shared by the three systems: campaign data, never invented clauses
(data: losses.casualties, losses.removed, morale.rout, morale.rally, skirmishers.detached_max)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest

from desk.rules import get_system
from desk.rules.base import RulesDataError, Severity, UnitInfo
from desk.rules.records import EventRecord, state_record

SYSTEMS = ("belle-alliance", "la-bataille", "battles-of-waterloo")
UNIT = UnitInfo(id=1, name="1/5e Ligne", arm="infantry", unit_type="line-infantry",
                side="French", command="Brigade Bellair", strength=24)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_condition_clause_is_a_rules_md_id_or_a_data_key_of_the_ruleset(
        system_id: str) -> None:
    system = get_system(system_id, {})
    from desk.resources import ruleset_path

    data = ruleset_path(system_id).read_text(encoding="utf-8")
    for kind in system.event_kinds():
        for clause in (kind.clause, *(f.clause for f in kind.fields)):
            if clause.startswith("data: "):
                table, key = clause[6:].split(".")
                assert re.search(rf"^\[{table}\][^\[]*^{key} = ", data, re.M | re.S), clause
            else:
                assert clause == "" or re.fullmatch(r"(BA|BOW|LB)-F?\d+", clause), clause


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_turn_of_losses_is_carried_by_advance_in_the_systems_unit(system_id: str) -> None:
    system = get_system(system_id, {})
    start = system.initial_state(unit=UNIT)
    events: list[EventRecord] = [{"kind": "casualties", "data": {"losses": 3}},
              {"kind": "leader-lost", "data": {"leader": "Roussel"}},
              {"kind": "casualties", "data": {"losses": 2}},
              {"kind": "captured", "data": {}}]
    now: Mapping[str, Any] = start
    for e in events[:3]:
        out = system.apply_event(unit=UNIT, state=state_record(now), event=e["kind"],
                                 data=e["data"], bound=4)
        assert not out.findings
        assert out.journal.endswith(("(data: losses.casualties)",
                                     "(data: leaders.lost_until_replaced)"))
        now = out.state
    assert now["strength"] == 19 and now["leader_lost"] is True
    after = system.advance(unit=UNIT, state=start, fields=None, events=events, bound=4)
    assert (after.state["strength"], after.state["status"], after.state["leader_lost"]) == (
        0, "captured", True)
    unit = system.condition.casualty_unit
    assert f"Bound 4: captured with 19 {unit} (data: losses.removed)" in after.journal
    # Carried on: the next bound's advance keeps what its typed state knows nothing of.
    later = system.advance(unit=UNIT, state=after.state, fields=None, events=[], bound=5)
    assert later.state["status"] == "captured" and later.state["removed_strength"] == 19
    refused = system.apply_event(unit=UNIT, state=after.state, event="casualties",
                                 data={"losses": 1}, bound=5)
    assert refused.findings[0].clause == "data: losses.removed"
    (warning,) = system.check(unit=UNIT, state=after.state, fields={}, situation={})
    assert warning.severity is Severity.WARNING and warning.clause == "data: losses.removed"


@pytest.mark.parametrize(("system_id", "one"), [("belle-alliance", "1 figure"),
                                                ("la-bataille", "1 increment"),
                                                ("battles-of-waterloo", "1 SP")])
def test_one_casualty_is_journalled_in_the_singular(system_id: str, one: str) -> None:
    """data: losses.casualties — the journal counts one loss as "1 figure", two as plural."""
    system = get_system(system_id, {})
    start = system.initial_state(unit=UNIT)
    unit = system.condition.casualty_unit
    out = system.apply_event(unit=UNIT, state=start, event="casualties",
                             data={"losses": 1}, bound=4)
    assert out.journal.startswith(f"Bound 4: lost {one}: ")
    two = system.apply_event(unit=UNIT, state=start, event="casualties",
                             data={"losses": 2}, bound=4)
    assert two.journal.startswith(f"Bound 4: lost 2 {unit}: ")


def test_house_rules_change_the_condition_data_and_a_bad_one_is_refused() -> None:
    ba = get_system("belle-alliance", {"morale.rout": "MD", "losses.destroyed_at": 4})
    state = ba.initial_state(unit=UNIT)
    routed = ba.apply_event(unit=UNIT, state=state, event="routed", data={}, bound=2)
    assert routed.state["disorder"] == "MD" and routed.state["routed"] is True
    nearly = ba.apply_event(unit=UNIT, state=state, event="casualties", data={"losses": 20},
                            bound=2)
    assert nearly.state["status"] == "destroyed"
    assert nearly.journal.endswith("destroyed (data: losses.destroyed_at)")
    with pytest.raises(RulesDataError, match=r"losses\.destroyed_at"):
        get_system("battles-of-waterloo", {"losses.destroyed_at": "many"})


def test_skirmishers_detached_within_the_share_and_returned_BA() -> None:
    ba = get_system("belle-alliance", {})
    state = ba.initial_state(unit=UNIT)
    too_many = ba.apply_event(unit=UNIT, state=state, event="skirmishers-detached",
                              data={"figures": 13}, bound=1)
    assert too_many.findings[0].message == (
        "A battalion of 24 figures may detach 1 to 12 as skirmishers (0 already out) "
        "(data: skirmishers.detached_max)")
    out = ba.apply_event(unit=UNIT, state=state, event="skirmishers-detached",
                         data={"figures": 6}, bound=1).state
    assert (out["strength"], out["skirmishers"]) == (18, 6)
    back = ba.apply_event(unit=UNIT, state=out, event="skirmishers-returned", data={"lost": 2},
                          bound=2).state
    assert (back["strength"], back["skirmishers"]) == (22, 0)
    assert "out as skirmishers" not in " ".join(ba.describe_state(state=back, bound=2))
