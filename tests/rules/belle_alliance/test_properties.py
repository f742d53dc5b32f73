"""Belle Alliance properties (hypothesis): check() never raises, rates are never negative,
fast before reductions is exactly twice normal (BA-7), the close reads an order as completed."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desk.rules.base import UnitInfo
from desk.rules.belle_alliance import BelleAlliance, system
from desk.rules.belle_alliance.data import BAData, Disorder, Formation, Rate
from desk.rules.belle_alliance.model import read_carried
from desk.rules.belle_alliance.orders import complete
from desk.rules.belle_alliance.parse import load_data
from desk.rules.belle_alliance.rates import rate_of_march
from desk.rules.records import event_values, fields_record, situation_record, state_record

RULES: BelleAlliance = system({})
DATA: BAData = load_data({})
TRIPLE: BAData = load_data({"rate.fast_multiplier": 3})
TERRAIN = tuple(DATA.terrain)

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                      st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12))
json_value = st.recursive(json_leaf, lambda kids: st.one_of(
    st.lists(kids, max_size=3), st.dictionaries(st.text(max_size=8), kids, max_size=3)),
    max_leaves=8)
vocab = st.sampled_from([*(f.value for f in Formation), *(r.value for r in Rate), "SD", "LD",
                         "MD", "FD", "none", *TERRAIN, "waterway", "bridge", "ford", "enemy"])
value = st.one_of(json_value, vocab)
STATE_KEYS = ["formation", "disorder", "strength", "last_charge_bound", "melee_penalty_bound",
              "fast_this_bound", "rate_this_bound", "crossing", "terrain"]
FIELD_KEYS = [f.name for f in RULES.order_fields()]
SITUATION_KEYS = ["bound", "terrain", "crossing", "pass_through", "nearest_closed_opponent_cm",
                  "obstacles", "forced_action"]
crossing = st.fixed_dictionaries({}, optional={"name": value, "kind": value, "width_cm": value,
                                               "waterway_width_cm": value})
target = st.fixed_dictionaries({}, optional={"name": value, "side": value, "formation": value,
                                             "abandoned_guns": value,
                                             "soutien_distance_cm": value})


def mapping(keys: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(st.sampled_from(keys), st.one_of(value, crossing,
                                                          st.lists(target, max_size=2)))


units = st.builds(UnitInfo, id=st.integers(0, 9), name=st.text(max_size=5),
                  arm=st.sampled_from(["infantry", "cavalry", "artillery", "staff", "navy"]),
                  unit_type=st.sampled_from(["line-infantry", "lancers", "horse-artillery",
                                             "staff", "?"]),
                  side=st.just("French"), command=st.just("VI"), strength=st.integers(-5, 40))


@settings(max_examples=300, deadline=None)
@given(unit=units, state=mapping(STATE_KEYS), fields=mapping(FIELD_KEYS),
       situation=mapping(SITUATION_KEYS))
def test_check_never_raises(unit: UnitInfo, state: dict[str, Any], fields: dict[str, Any],
                            situation: dict[str, Any]) -> None:
    for order in (fields, RULES.complete(fields_record(fields)).fields):
        found = RULES.check(unit=unit, state=state_record(state), fields=fields_record(order),
                            situation=situation_record(situation))
        assert all(f.message.endswith(f"({f.clause})") for f in found)
    rate = RULES.rate_for(unit=unit, state=state_record(state), fields=fields_record(fields),
                          situation=situation_record(situation))
    assert rate is None or rate.cm is None or rate.cm >= 0
    RULES.summarize(fields_record(fields))
    RULES.describe_state(state=state_record(state), bound=3)


@settings(max_examples=150, deadline=None)
@given(unit=units, state=mapping(STATE_KEYS), fields=st.one_of(st.none(), mapping(FIELD_KEYS)),
       event=st.sampled_from([k.code for k in RULES.event_kinds()] + ["x"]),
       data=mapping(["distance_cm", "opponent_formation", "opponent_disorder", "terrain",
                     "charging", "rate", "forced", "feature", "kind", "through"]))
def test_events_and_advance_never_raise(unit: UnitInfo, state: dict[str, Any],
                                        fields: dict[str, Any] | None, event: str,
                                        data: dict[str, Any]) -> None:
    values = event_values(data)
    out = RULES.apply_event(unit=unit, state=state_record(state), event=event, data=values,
                            bound=4)
    after = RULES.advance(unit=unit, state=out.state,
                          fields=None if fields is None else fields_record(fields),
                          events=[{"kind": event, "data": values}], bound=4)
    assert {"formation", "disorder", "strength"} <= set(after.state)


written = st.sampled_from([" Fast ", "CHARGE", "Halt", "", "  ", " line ", "Square", "wood "])


@settings(max_examples=300, deadline=None)
@given(fields=st.dictionaries(st.sampled_from(FIELD_KEYS), st.one_of(value, written)))
def test_ba1_the_close_reads_an_order_as_it_reads_it_completed(fields: dict[str, Any]) -> None:
    """advance() reads the rate (BA-1), formation (BA-3) and terrain (BA-6) it carries from
    the fields as given, without completing them first: the same as from them completed."""
    assert read_carried(DATA, fields) == read_carried(DATA, complete(DATA, fields).fields)


moves = st.fixed_dictionaries({
    "arm": st.sampled_from(["infantry", "cavalry", "artillery", "staff"]),
    "unit_type": st.sampled_from(["line-infantry", "heavy-cavalry", "horse-artillery", "staff"]),
    "formation": st.sampled_from(list(Formation)),
    "terrain": st.lists(st.sampled_from(TERRAIN), min_size=1, max_size=3),
    "disorder": st.sampled_from(list(Disorder)),
    "obstacles": st.lists(st.sampled_from(list(DATA.obstacles_cm)), max_size=4),
    "manoeuvres": st.lists(st.sampled_from(list(DATA.reductions_cm)), max_size=3),
    "change_of_formation": st.booleans(),
})


@settings(max_examples=300, deadline=None)
@given(move=moves, rate=st.sampled_from(list(Rate)))
def test_ba5_a_rate_is_never_negative(move: dict[str, Any], rate: Rate) -> None:
    result = rate_of_march(DATA, rate=rate, **move)
    assert result.cm is None or result.cm >= 0
    assert result.working


@pytest.mark.parametrize("multiplier", [2, 3], ids=["BA-7-default", "BA-7-house-rule"])
@settings(max_examples=100, deadline=None)
@given(move=moves)
def test_ba7_fast_before_reductions_is_exactly_twice_normal(
    multiplier: int, move: dict[str, Any]
) -> None:
    data = TRIPLE if multiplier == 3 else DATA
    plain = {**move, "disorder": Disorder.NONE, "obstacles": [], "manoeuvres": [],
             "change_of_formation": False}
    normal = rate_of_march(data, rate=Rate.NORMAL, **plain)
    fast = rate_of_march(data, rate=Rate.FAST, **plain)
    if normal.cm is None:
        assert fast.cm is None
    else:
        assert fast.cm == multiplier * normal.cm
