"""Properties of the Battles of Waterloo evaluator and pool (hypothesis).

The evaluator must never raise and must always answer with a row (BOW-1 …
BOW-10, or the BOW-11 leaders entry) or a finding, whatever the situation
mapping holds; every row must be reachable; the pool must draw each chit once.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from desk.rules.base import UnitInfo
from desk.rules.battles_of_waterloo import (
    CommandSpec,
    PoolSpec,
    UnitFacts,
    build_pool,
    draw,
    evaluate,
    system,
)
from desk.rules.battles_of_waterloo.data import load_table
from desk.rules.records import fields_record, situation_record, state_record

TABLE = load_table()
BOW = system({})
ROW_IDS = {f"BOW-{n}" for n in range(1, 12)}

_junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.text(max_size=6),
                  st.lists(st.integers(), max_size=2), st.floats(allow_nan=True))
_choice = st.one_of(
    st.sampled_from(["strategic", "cd", "orders", "artillery", "grand-battery",
                     "move-unit", "activate-command", "move-leaders", "II Corps",
                     "Imperial Guard", "French", "Prussian"]),
    _junk,
)
_activation = st.one_of(
    _junk,
    st.fixed_dictionaries({"roll": st.integers(1, 10), "rating": st.integers(0, 10)}),
    st.dictionaries(st.sampled_from(["roll", "rating", "success"]), _junk, max_size=3),
)
_situation = st.one_of(_junk, st.fixed_dictionaries({}, optional={
    "lim_kind": _choice, "lim_side": _choice, "lim_command": _choice, "lim_drawn": _choice,
    "lim_imperial_guard": _junk, "orders_option": _choice, "activation": _activation,
    "limited_activation": _junk, "within_detachment_range": _junk,
    "attempted_in_orders_phase": _junk, "attempts": _junk, "idle": _junk,
}))
_unit = st.builds(
    UnitFacts,
    command=st.sampled_from(["II Corps", "Imperial Guard", ""]),
    side=st.sampled_from(["French", "Prussian", ""]),
    arm=st.sampled_from(["infantry", "cavalry", "artillery", "leader"]),
    in_command=st.booleans(), lim_eligible=st.booleans(), imperial_guard=st.booleans(),
)
_phase = st.one_of(st.sampled_from(["operations", "no-lim", "out-of-command"]), _junk)


@settings(max_examples=300, deadline=None)
@given(unit=_unit, phase=_phase, situation=_situation)
def test_bow_1_to_12_evaluator_never_raises_and_always_answers(
    unit: UnitFacts, phase: Any, situation: Any
) -> None:
    found = evaluate(unit, phase, situation, table=TABLE)
    assert (found.row is None) != (found.finding is None)
    if found.row is not None:
        assert found.row in ROW_IDS
    else:
        assert found.finding is not None and found.movement_types == ()
        assert found.finding.clause.startswith("BOW-") and found.finding.message


@settings(max_examples=150, deadline=None)
@given(situation=_situation, fields=st.dictionaries(
    st.sampled_from(["movement", "rally", "orders_option", "destination"]), _choice, max_size=4))
def test_bow_check_never_raises(situation: Any, fields: dict[str, Any]) -> None:
    unit = UnitInfo(id=1, name="u", arm="infantry", unit_type="infantry", side="French",
                    command="II Corps", strength=4, imperial_guard=True)
    sit = situation if isinstance(situation, dict) else {}
    found = BOW.check(unit=unit, state=state_record({"in_command": "maybe"}),
                      fields=fields_record(fields),
                      situation=situation_record({**sit, "phase": "operations"}))
    assert all(f.clause.startswith("BOW-") for f in found)


def test_every_row_is_reachable() -> None:
    # One hand-built situation per row proves reachability independently of hypothesis.
    in_cmd = UnitFacts(command="C", side="French", lim_eligible=False)
    cases: list[tuple[UnitFacts, str, dict[str, Any]]] = [
        (UnitFacts(command="C", side="French"), "operations", {"lim_kind": "strategic"}),
        (UnitFacts(command="C", side="French"), "operations", {"lim_kind": "cd",
                                                                "lim_command": "C"}),
        (in_cmd, "operations", {"lim_kind": "orders", "orders_option": "move-unit"}),
        (in_cmd, "operations", {"lim_kind": "orders", "orders_option": "activate-command",
                                "activation": {"roll": 1, "rating": 5}}),
        (in_cmd, "operations", {"lim_kind": "orders", "orders_option": "activate-command",
                                "activation": {"roll": 9, "rating": 5}}),
        (in_cmd, "no-lim", {"activation": {"roll": 1, "rating": 5}}),
        (in_cmd, "no-lim", {"activation": {"roll": 9, "rating": 5}}),
        (in_cmd, "no-lim", {"limited_activation": "yes"}),
        (UnitFacts(in_command=False), "out-of-command", {"within_detachment_range": "true"}),
        (UnitFacts(in_command=False), "out-of-command", {"within_detachment_range": False}),
        (UnitFacts(arm="leader"), "operations", {"lim_kind": "orders",
                                                 "orders_option": "move-leaders"}),
    ]
    rows = {evaluate(u, p, s, table=TABLE).row for u, p, s in cases}
    assert rows == ROW_IDS


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), turn=st.integers(1, 40), n=st.integers(0, 12),
       extras=st.booleans())
def test_pool_draws_each_chit_once_and_replays(seed: int, turn: int, n: int, extras: bool) -> None:
    spec = PoolSpec(sides=("French", "Allied"),
                    commands=tuple(CommandSpec(f"C{i}", "French" if i % 2 else "Allied",
                                               lim_eligible=i % 3 != 0) for i in range(n)),
                    extra_lims=("French Artillery", "French Grand Battery") if extras else ())
    orders = []
    for _ in range(2):
        pool, names = build_pool(spec, turn=turn, seed=seed, table=TABLE), []
        while not pool.exhausted:
            pool, chit = draw(pool)
            names.append(chit.name)
        orders.append(names)
    assert orders[0] == orders[1]
    assert sorted(orders[0]) == sorted(c.name for c in pool.chits)
