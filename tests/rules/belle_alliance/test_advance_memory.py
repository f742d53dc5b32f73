"""What Belle Alliance's advance() remembers of a kind of unit (the close's speed, issue 28)
gives what a fresh advance gives: the charge cooldown and melee penalty (BA-13, BA-14),
the march without orders (BA-1, BA-2), the change of formation, each unit's own strength.

advance() remembers its outcome for a unit without events by everything it reads but the
strength; these tests hold that nothing it reads is left out of what it remembers by.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from desk.rules.base import UnitInfo
from desk.rules.belle_alliance import BelleAlliance, system
from desk.rules.belle_alliance.data import SYSTEM_ID
from desk.rules.belle_alliance.parse import load_data
from desk.rules.condition_data import load_condition
from desk.rules.records import fields_record, state_record

INFANTRY = UnitInfo(id=1, name="1/5e Ligne", arm="infantry", unit_type="line-infantry",
                    side="French", command="VI Corps", strength=24)

DATA = load_data({})
CONDITION = load_condition(SYSTEM_ID, {}, name="Belle Alliance")

# Units, states and orders as a close finds them, from few values each so that a run holds
# several units of one kind and units differing in one thing only: mostly the desk's own
# values, sometimes text, numbers of the wrong type, or a crossing (not remembered by).
word = st.sampled_from(["line", "square", "LD", "SD", "none", "charge", "halt", "", "woods"])
odd = st.one_of(st.none(), st.booleans(), st.sampled_from([0, 1, 2, 3, 2.0]), word)
states = st.fixed_dictionaries(
    {"formation": st.sampled_from(["line", "square", "column-of-march"]),
     "disorder": st.sampled_from(["none", "LD", "SD"])},
    optional={"last_charge_bound": odd, "melee_penalty_bound": odd, "fast_this_bound": odd,
              "charged_this_bound": odd, "rate_this_bound": odd, "terrain": odd,
              "routed": odd, "crossing": st.one_of(st.none(), st.fixed_dictionaries(
                  {"feature": st.just("the Dyle"), "kind": st.just("ford"),
                   "since_bound": st.integers(1, 3)}))})
orders = st.one_of(st.none(), st.fixed_dictionaries(
    {}, optional={"rate": odd, "formation": odd, "terrain": odd, "destination": word}))
units = st.builds(UnitInfo, id=st.integers(1, 9), name=st.just("a battalion"),
                  arm=st.sampled_from(["infantry", "cavalry"]),
                  unit_type=st.sampled_from(["line-infantry", "hussars"]),
                  side=st.just("French"), command=st.just("VI Corps"), strength=st.just(20))
STATE_KEYS = ["formation", "disorder", "last_charge_bound", "melee_penalty_bound",
              "fast_this_bound", "charged_this_bound", "rate_this_bound", "terrain", "routed"]
ORDER_KEYS = ["rate", "formation", "terrain", "destination"]
# One thing changed from a first unit: a state's or an order's value, the order taken away
# or given, the bound, the strength, the arm. A change the memory did not key on would be
# given the first unit's outcome.
changes = st.one_of(
    st.tuples(st.just("state"), st.sampled_from(STATE_KEYS), odd),
    st.tuples(st.just("order"), st.sampled_from(ORDER_KEYS), odd),
    st.tuples(st.just("no order"), st.just(""), st.none()),
    st.tuples(st.just("bound"), st.just(""), st.integers(2, 4)),
    st.tuples(st.just("strength"), st.just(""), st.integers(0, 40)),
    st.tuples(st.just("arm"), st.just(""), st.sampled_from(["infantry", "cavalry"])))
Case = tuple[UnitInfo, dict[str, Any], dict[str, Any] | None, int, int]


def changed(case: Case, change: tuple[str, str, Any]) -> Case:
    """``case`` with one thing changed (see :data:`changes`)."""
    unit, state, fields, strength, bound = case
    what, key, value = change
    if what == "state":
        return unit, {**state, key: value}, fields, strength, bound
    if what == "order":
        return unit, state, {**(fields or {}), key: value}, strength, bound
    if what == "no order":
        return unit, state, None if fields is not None else {}, strength, bound
    if what == "bound":
        return unit, state, fields, strength, value
    if what == "strength":
        return unit, state, fields, value, bound
    return replace(unit, arm=value), state, fields, strength, bound


@settings(max_examples=500, deadline=None)
@given(first=st.tuples(units, states, orders, st.integers(0, 40), st.integers(2, 3)),
       others=st.lists(changes, min_size=1, max_size=8))
def test_ba14_remembered_advance_is_a_fresh_one_with_each_units_strength(
        first: Case, others: list[tuple[str, str, Any]]) -> None:
    rules = BelleAlliance(DATA, CONDITION)  # one system through the run, as in a close
    for unit, state, fields, strength, bound in [first, *(changed(first, c) for c in others)]:
        given_state = state_record({**state, "strength": strength})
        order = None if fields is None else fields_record(fields)
        got = rules.advance(unit=unit, state=given_state, fields=order, events=(), bound=bound)
        # A system that remembers nothing yet.
        expected = BelleAlliance(DATA, CONDITION).advance(unit=unit, state=given_state,
                                                          fields=order, events=(), bound=bound)
        assert got == expected
        assert got.state["strength"] == strength


def test_ba14_a_charge_remembered_in_one_bound_counts_from_the_next_in_the_next() -> None:
    rules = system({})
    state = state_record({"formation": "line", "disorder": "none", "strength": 18})
    charge = fields_record({"rate": "charge"})
    third = rules.advance(unit=INFANTRY, state=state, fields=charge, events=(), bound=3)
    fourth = rules.advance(unit=INFANTRY, state=state, fields=charge, events=(), bound=4)
    assert third.state["last_charge_bound"] == 3
    assert fourth.state["last_charge_bound"] == 4
    assert any("(BA-14)" in line and "bound 4" in line for line in fourth.journal)


def test_ba1_a_unit_without_orders_is_not_the_same_kind_as_one_ordered_to_march() -> None:
    rules = system({})
    state = state_record({"formation": "column-of-march", "disorder": "none", "strength": 20})
    ordered = rules.advance(unit=INFANTRY, state=state, fields=fields_record({}), events=(),
                            bound=2)
    unordered = rules.advance(unit=INFANTRY, state=state, fields=None, events=(), bound=2)
    assert not any("(BA-1, BA-2)" in line for line in ordered.journal)
    assert any("(BA-1, BA-2)" in line for line in unordered.journal)


def test_a_state_of_equal_values_but_other_types_is_another_kind() -> None:
    # True == 1 as keys go, but only True is a rout (the state reads ``routed is True``).
    rules = system({})
    routed = rules.advance(unit=INFANTRY, state=state_record(
        {"formation": "line", "disorder": "FD", "strength": 9, "routed": True}),
        fields=None, events=(), bound=2)
    one = rules.advance(unit=INFANTRY, state=state_record(
        {"formation": "line", "disorder": "FD", "strength": 9, "routed": 1}),
        fields=None, events=(), bound=2)
    assert routed.state["routed"] is True
    assert one.state["routed"] is False


def test_each_remembered_state_is_a_dict_of_its_own() -> None:
    rules = system({})
    state = state_record({"formation": "line", "disorder": "none", "strength": 12})
    first = rules.advance(unit=INFANTRY, state=state, fields=None, events=(), bound=2)
    first.state["formation"] = "square"  # a caller changing its copy changes no other's
    second = rules.advance(unit=INFANTRY, state=state, fields=None, events=(), bound=2)
    assert second.state["formation"] == "line"
