"""The LIM pool: build (BOW-F4), seeded draws, rolls (BOW-F1), idling (BOW-F3)."""

from __future__ import annotations

import json

import pytest

from desk.resources import scenario_path
from desk.rules.battles_of_waterloo import (
    CommandSpec,
    PoolError,
    PoolSpec,
    PoolState,
    build_pool,
    choose_orders_option,
    draw,
    draw_rows,
    next_turn,
    record_activation,
)
from desk.rules.battles_of_waterloo.data import LimKind

SPEC = PoolSpec(
    sides=("French", "Prussian"),
    commands=(
        CommandSpec("II Corps", "French"),
        CommandSpec("Imperial Guard", "French", imperial_guard=True),
        CommandSpec("IV Corps", "Prussian"),
        CommandSpec("Reserve", "Prussian", lim_eligible=False),
    ),
    extra_lims=("French Artillery", "French Grand Battery"),
)


def _draw_all(pool: PoolState, first: str | None = None) -> tuple[PoolState, list[str]]:
    names = []
    pool, chit = draw(pool, first=first)
    names.append(chit.name)
    while not pool.exhausted:
        pool, chit = draw(pool)
        names.append(chit.name)
    return pool, names


def _to_orders(pool: PoolState) -> PoolState:
    pool, _ = draw(pool, first="Orders")
    return pool


def test_bow_f4_pool_holds_cd_per_eligible_command_strategic_orders_and_extras() -> None:
    pool = build_pool(SPEC, turn=1, seed=7)
    assert sorted(c.name for c in pool.chits) == sorted([
        "II Corps C/D", "Imperial Guard C/D", "IV Corps C/D",  # not Reserve: not eligible
        "French Strategic Movement", "Prussian Strategic Movement", "Orders",
        "French Artillery", "French Grand Battery",
    ])
    assert pool.chit("Imperial Guard C/D").imperial_guard is True
    assert pool.chit("French Grand Battery").kind is LimKind.GRAND_BATTERY


def test_bow_f4_extras_only_where_the_scenario_has_them() -> None:
    plain = PoolSpec(sides=SPEC.sides, commands=SPEC.commands)
    names = {c.name for c in build_pool(plain, turn=1, seed=7).chits}
    assert "French Artillery" not in names and "Orders" in names


def test_bow_f4_unknown_extra_lim_is_refused() -> None:
    spec = PoolSpec(sides=("French",), commands=(), extra_lims=("Dutch Balloon",))
    with pytest.raises(PoolError, match="unknown LIM"):
        build_pool(spec, turn=1, seed=1)


def test_seeded_pool_draws_every_chit_exactly_once_and_replays() -> None:
    pool = build_pool(SPEC, turn=3, seed=1815)
    _, order = _draw_all(pool)
    assert sorted(order) == sorted(c.name for c in pool.chits)
    _, again = _draw_all(build_pool(SPEC, turn=3, seed=1815))
    assert again == order
    orders = {tuple(_draw_all(build_pool(SPEC, turn=3, seed=s))[1]) for s in range(8)}
    assert len(orders) > 1  # the seed matters


def test_stored_pool_replays_the_rest_of_the_turn() -> None:
    pool = build_pool(SPEC, turn=2, seed=99)
    pool, _ = draw(pool)
    pool, _ = draw(pool)
    stored = PoolState.from_dict(pool.to_dict())
    assert stored == pool
    assert _draw_all(stored)[1] == _draw_all(pool)[1]


def test_initiative_winner_chooses_the_first_lim_only() -> None:
    pool, first = draw(build_pool(SPEC, turn=1, seed=5), first="French Strategic Movement")
    assert first.name == "French Strategic Movement" and pool.first_lim == first.name
    with pytest.raises(PoolError, match="only the first"):
        draw(pool, first="Orders")
    with pytest.raises(PoolError, match="no LIM called"):
        draw(build_pool(SPEC, turn=1, seed=5), first="Nobody's LIM")


def test_empty_pool_refuses_another_draw() -> None:
    pool, _ = _draw_all(build_pool(SPEC, turn=1, seed=5))
    with pytest.raises(PoolError, match="No LIM phase"):
        draw(pool)


def test_bow_11_exactly_one_orders_option_per_draw() -> None:
    pool = choose_orders_option(_to_orders(build_pool(SPEC, turn=1, seed=2)), option="move-unit")
    assert pool.draws[-1].orders_option is not None
    with pytest.raises(PoolError, match="exactly one"):
        choose_orders_option(pool, option="move-leaders")
    with pytest.raises(PoolError, match="just been drawn"):
        choose_orders_option(draw(build_pool(SPEC, turn=1, seed=2), first="II Corps C/D")[0],
                             option="move-unit")


@pytest.mark.parametrize(("roll", "success"), [
    pytest.param(4, True, id="BOW-F1-roll-equal-rating-succeeds"),
    pytest.param(5, False, id="BOW-F1-roll-above-rating-fails"),
])
def test_bow_f1_activation_roll_kept_with_its_rating(roll: int, success: bool) -> None:
    pool = choose_orders_option(_to_orders(build_pool(SPEC, turn=1, seed=2)),
                                option="activate-command")
    pool = record_activation(pool, command="Reserve", roll=roll, rating=4)
    record = pool.activations[-1]
    assert (record.roll, record.rating, record.success, record.draw_seq) == (roll, 4, success, 1)
    assert draw_rows(pool)[0] == {"seq": 1, "lim": "Orders", "command": "Reserve",
                                       "orders_option": "activate-command", "roll": roll,
                                       "rating": 4, "success": success}


@pytest.mark.parametrize(("under_orders", "roll", "clause"), [
    pytest.param(True, 3, "BOW-4", id="BOW-4-orders-lim-success-moves"),
    pytest.param(True, 9, "BOW-5", id="BOW-5-orders-lim-failure-idles"),
    pytest.param(False, 3, "BOW-6", id="BOW-6-no-lim-success-moves"),
    pytest.param(False, 9, "BOW-7", id="BOW-7-no-lim-failure-idles"),
])
def test_the_rules_name_the_clause_of_an_activation_roll(under_orders: bool, roll: int,
                                                         clause: str) -> None:
    # The one place that decides it: the services' journal and the LIM panel read it.
    if under_orders:
        pool = choose_orders_option(_to_orders(build_pool(SPEC, turn=1, seed=2)),
                                    option="activate-command")
    else:
        pool, _ = _draw_all(build_pool(SPEC, turn=1, seed=2))
    pool = record_activation(pool, command="Reserve", roll=roll, rating=4)
    assert pool.activations[-1].clause == clause


def test_bow_f3_failed_activation_idles_the_command_for_the_turn() -> None:
    pool = choose_orders_option(_to_orders(build_pool(SPEC, turn=1, seed=2)),
                                option="activate-command")
    pool = record_activation(pool, command="Reserve", roll=9, rating=3)
    assert "Reserve" in pool.idle
    finished = pool
    while not finished.exhausted:
        finished, _ = draw(finished)
    with pytest.raises(PoolError, match="BOW-F3"):
        record_activation(finished, command="Reserve", roll=1, rating=9)
    assert next_turn(finished, SPEC).idle == frozenset()
    assert next_turn(finished, SPEC).turn == 2 and next_turn(finished, SPEC).draws == ()


@pytest.mark.parametrize("roll", [0, 11, True, "3"], ids=lambda r: f"BOW-F1-bad-roll-{r!r}")
def test_bow_f1_roll_must_be_a_d10(roll: object) -> None:
    pool, _ = _draw_all(build_pool(SPEC, turn=1, seed=4))
    with pytest.raises(PoolError, match="d10"):
        record_activation(pool, command="Reserve", roll=roll, rating=5)  # type: ignore[arg-type]


def test_bow_6_second_attempt_in_one_turn_is_refused() -> None:
    pool, _ = _draw_all(build_pool(SPEC, turn=1, seed=4))
    pool = record_activation(pool, command="Reserve", roll=2, rating=5)
    assert pool.activations[-1].draw_seq is None  # the No LIM phase
    with pytest.raises(PoolError, match="already tried"):
        record_activation(pool, command="Reserve", roll=2, rating=5)


def test_bow_4_orders_lim_activates_one_command_whose_lim_is_not_in_the_pool() -> None:
    pool = choose_orders_option(_to_orders(build_pool(SPEC, turn=1, seed=2)),
                                option="activate-command")
    with pytest.raises(PoolError, match="BOW-4"):
        record_activation(pool, command="II Corps", roll=1, rating=5)
    pool = record_activation(pool, command="Reserve", roll=1, rating=5)
    with pytest.raises(PoolError, match="only one command"):
        record_activation(pool, command="Other", roll=1, rating=5)


def test_bow_6_no_lim_rolls_follow_an_orders_lim_drawn_last() -> None:
    # A whole turn: every other chit drawn first, the Orders LIM last (BOW-4 activates
    # Reserve), then the No LIM phase (BOW-6) lets the other commands roll.
    pool = build_pool(SPEC, turn=1, seed=2)
    for name in [c.name for c in pool.remaining if c.name != "Orders"]:
        pool, _ = draw(pool, chit=name)
    pool, last = draw(pool, chit="Orders")
    assert pool.exhausted and last.name == "Orders"
    pool = choose_orders_option(pool, option="activate-command")
    pool = record_activation(pool, command="Reserve", roll=1, rating=5)
    assert pool.activations[-1].draw_seq == len(pool.draws)  # under the Orders LIM
    pool = record_activation(pool, command="II Corps", roll=2, rating=5)
    assert pool.activations[-1].draw_seq is None  # the No LIM phase
    with pytest.raises(PoolError, match="already tried"):
        record_activation(pool, command="Reserve", roll=1, rating=5)


def test_activation_roll_outside_orders_and_no_lim_is_refused() -> None:
    pool, _ = draw(build_pool(SPEC, turn=1, seed=2), first="II Corps C/D")
    with pytest.raises(PoolError, match="BOW-6"):
        record_activation(pool, command="Reserve", roll=1, rating=5)


def test_pool_spec_from_scenario_walks_nested_commands() -> None:
    scenario = {
        "battle": {"lims": ["French Artillery"]},
        "sides": [
            {"name": "French", "commands": [
                {"name": "VI Corps", "lim_eligible": True,
                 "commands": [{"name": "Young Guard", "imperial_guard": True,
                               "lim_eligible": False}]}]},
            {"name": "Prussian", "commands": [{"name": "IV Corps"}]},
        ],
    }
    spec = PoolSpec.from_scenario(scenario)
    names = {c.name for c in build_pool(spec, turn=1, seed=0).chits}
    assert names == {"VI Corps C/D", "IV Corps C/D", "French Strategic Movement",
                     "Prussian Strategic Movement", "Orders", "French Artillery"}
    with pytest.raises(PoolError, match="lacks"):
        PoolSpec.from_scenario({"sides": [{"commands": []}]})


def test_malformed_stored_pool_is_one_clear_error() -> None:
    with pytest.raises(PoolError, match="malformed"):
        PoolState.from_dict({"turn": 1})


def test_bow_f4_ligny_demo_scenario_builds_its_pool() -> None:
    # The shipped demo scenario, read as the services will read it.
    data = json.loads(scenario_path("ligny-1815.json").read_text(encoding="utf-8"))
    pool = build_pool(PoolSpec.from_scenario(data), turn=1, seed=int(data["battle"]["seed"]))
    kinds = [c.kind for c in pool.chits]
    assert kinds.count(LimKind.STRATEGIC) == len(data["sides"])
    # Side-owned Orders LIMs (BOW-11) replace the Orders LIM that belongs to no side.
    # key=str: an Orders LIM left without a side (None) still sorts, and fails the comparison.
    orders_sides = sorted((c.side for c in pool.chits if c.kind is LimKind.ORDERS), key=str)
    assert orders_sides == ["French", "Prussian"]
    assert {LimKind.ARTILLERY, LimKind.GRAND_BATTERY} <= set(kinds)
    assert any(c.imperial_guard for c in pool.chits if c.kind is LimKind.CD)
