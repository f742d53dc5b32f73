"""The Movement & Command table (BOW-1 … BOW-10), the Orders LIM (BOW-11) and the Guard (BOW-12).

Expected movement types and comments are written out here from RULES.md, not
read from the data file, so a slip in the TOML fails these tests.
"""

from __future__ import annotations

from typing import Any

import pytest

from desk.rules.base import Severity
from desk.rules.battles_of_waterloo.data import Comment, MovementTable, load_table
from desk.rules.battles_of_waterloo.data import MovementType as M
from desk.rules.battles_of_waterloo.model import UnitFacts
from desk.rules.battles_of_waterloo.table import evaluate, movement_allowance

FULL = (M.RESTRICTED_STRATEGIC, M.TACTICAL, M.REDUCED, M.WITHDRAWAL, M.SCREENING)
IN_ELIGIBLE = UnitFacts(command="II Corps", side="French", in_command=True, lim_eligible=True)
IN_NOT_ELIGIBLE = UnitFacts(command="IV Corps", side="French", in_command=True, lim_eligible=False)
OUT = UnitFacts(command="II Corps", side="French", in_command=False)
ROLL_OK = {"roll": 3, "rating": 5}
ROLL_BAD = {"roll": 8, "rating": 5}


@pytest.fixture(scope="module")
def table() -> MovementTable:
    return load_table()


ROWS: list[Any] = [
    pytest.param(IN_ELIGIBLE, "operations", {"lim_kind": "strategic", "lim_side": "French"},
                 (M.UNRESTRICTED_STRATEGIC,), (Comment.NO_RALLY,), id="BOW-1"),
    pytest.param(IN_ELIGIBLE, "operations", {"lim_kind": "cd", "lim_command": "II Corps"},
                 FULL, (), id="BOW-2"),
    pytest.param(OUT, "operations", {"lim_kind": "orders", "orders_option": "move-unit"},
                 FULL, (Comment.ONE_UNIT,), id="BOW-3"),
    pytest.param(IN_NOT_ELIGIBLE, "operations",
                 {"lim_kind": "orders", "orders_option": "activate-command",
                  "lim_command": "IV Corps", "activation": ROLL_OK, "attempts": 1},
                 FULL, (Comment.ONE_COMMAND,), id="BOW-4"),
    pytest.param(IN_NOT_ELIGIBLE, "operations",
                 {"lim_kind": "orders", "orders_option": "activate-command",
                  "activation": ROLL_BAD},
                 (), (Comment.ONE_COMMAND, Comment.NO_RALLY), id="BOW-5"),
    pytest.param(IN_NOT_ELIGIBLE, "no-lim", {"activation": ROLL_OK},
                 FULL, (Comment.NO_ORDERS_ATTEMPT,), id="BOW-6"),
    pytest.param(IN_NOT_ELIGIBLE, "no-lim", {"activation": {"roll": 9, "rating": 2}},
                 (), (Comment.NO_ORDERS_ATTEMPT, Comment.NO_RALLY), id="BOW-7"),
    pytest.param(IN_NOT_ELIGIBLE, "no-lim", {"limited_activation": True},
                 (M.RESTRICTED_TACTICAL, M.RESTRICTED_REDUCED, M.WITHDRAWAL, M.SCREENING),
                 (Comment.NO_ORDERS_ATTEMPT,), id="BOW-8"),
    pytest.param(OUT, "out-of-command", {"within_detachment_range": True},
                 (M.RESTRICTED_TACTICAL, M.RESTRICTED_REDUCED), (Comment.ALTERNATE,), id="BOW-9"),
    pytest.param(OUT, "out-of-command", {"within_detachment_range": False},
                 (M.RESTRICTED_REDUCED,), (Comment.ALTERNATE, Comment.CLOSER_TO_LEADER),
                 id="BOW-10"),
]


@pytest.mark.parametrize(("unit", "phase", "situation", "movement", "comments"), ROWS)
def test_each_row_gives_exactly_its_movement_and_comments(
    request: pytest.FixtureRequest, table: MovementTable, unit: UnitFacts, phase: str,
    situation: dict[str, Any], movement: tuple[M, ...], comments: tuple[Comment, ...],
) -> None:
    row_id = request.node.callspec.id
    found = evaluate(unit, phase, situation, table=table)
    assert found.finding is None
    assert found.row == row_id
    assert found.movement_types == movement
    assert found.comments == comments


@pytest.mark.parametrize(("option", "unit", "row"), [
    pytest.param("move-unit", OUT, "BOW-3", id="BOW-11-option-i-any-command-status"),
    pytest.param("activate-command", IN_NOT_ELIGIBLE, "BOW-4", id="BOW-11-option-ii"),
    pytest.param("move-leaders", UnitFacts(command="II Corps", arm="leader"), "BOW-11",
                 id="BOW-11-option-iii-leader"),
])
def test_orders_lim_options(table: MovementTable, option: str, unit: UnitFacts, row: str) -> None:
    situation = {"lim_kind": "orders", "orders_option": option, "activation": ROLL_OK}
    found = evaluate(unit, "operations", situation, table=table)
    assert (found.row, found.finding) == (row, None)
    assert found.movement_types == FULL


def test_bow_11_leaders_option_does_not_move_a_unit(table: MovementTable) -> None:
    found = evaluate(IN_ELIGIBLE, "operations",
                     {"lim_kind": "orders", "orders_option": "move-leaders"}, table=table)
    assert found.finding is not None and found.finding.clause == "BOW-11"
    assert found.movement_types == ()


def test_bow_11_orders_lim_without_an_option_is_a_finding(table: MovementTable) -> None:
    found = evaluate(IN_ELIGIBLE, "operations", {"lim_kind": "orders"}, table=table)
    assert found.row is None and found.finding is not None
    assert found.finding.code == "BOW_ORDERS_OPTION" and found.finding.clause == "BOW-11"


GUARD_INF = UnitFacts(command="Old Guard Division", side="French", arm="infantry",
                      imperial_guard=True)
GUARD_CAV = UnitFacts(command="Old Guard Division", side="French", arm="cavalry",
                      imperial_guard=True)


def test_bow_12_guard_infantry_under_its_own_commands_cd_lim_does_not_move(
    table: MovementTable,
) -> None:
    found = evaluate(GUARD_INF, "operations",
                     {"lim_kind": "cd", "lim_command": "Old Guard Division"}, table=table)
    assert found.movement_types == ()
    assert found.finding is not None and found.finding.clause == "BOW-12"


@pytest.mark.parametrize("situation", [
    pytest.param({"lim_kind": "cd", "lim_command": "Imperial Guard"}, id="BOW-12-guard-cd-lim"),
    pytest.param({"lim_kind": "cd", "lim_command": "Garde", "lim_imperial_guard": True},
                 id="BOW-12-guard-cd-lim-flag"),
    pytest.param({"lim_kind": "strategic", "lim_side": "French"}, id="BOW-12-french-strategic"),
])
def test_bow_12_guard_infantry_moves_under_guard_or_strategic_lim(
    table: MovementTable, situation: dict[str, Any],
) -> None:
    found = evaluate(GUARD_INF, "operations", situation, table=table)
    assert found.finding is None and found.movement_types


@pytest.mark.parametrize("situation", [
    pytest.param({"lim_kind": "orders", "orders_option": "move-unit"}, id="BOW-12-orders"),
    pytest.param({"lim_kind": "strategic", "lim_side": "Prussian"}, id="BOW-12-other-strategic"),
])
def test_bow_12_guard_infantry_held_by_other_lims(
    table: MovementTable, situation: dict[str, Any],
) -> None:
    found = evaluate(GUARD_INF, "operations", situation, table=table)
    assert found.finding is not None and found.movement_types == ()


def test_bow_12_guard_cavalry_follows_the_table(table: MovementTable) -> None:
    found = evaluate(GUARD_CAV, "operations",
                     {"lim_kind": "cd", "lim_command": "Old Guard Division"}, table=table)
    assert (found.row, found.movement_types) == ("BOW-2", FULL)
    orders = evaluate(GUARD_CAV, "operations", {"lim_kind": "orders", "orders_option": "move-unit"},
                      table=table)
    assert orders.row == "BOW-3"


@pytest.mark.parametrize(("unit", "phase", "situation", "code", "clause"), [
    pytest.param(IN_NOT_ELIGIBLE, "no-lim", {"activation": ROLL_OK, "attempts": 2},
                 "BOW_SECOND_ATTEMPT", "BOW-6", id="BOW-6-second-attempt"),
    pytest.param(IN_NOT_ELIGIBLE, "no-lim",
                 {"activation": ROLL_OK, "attempted_in_orders_phase": True},
                 "BOW_ORDERS_PHASE_ATTEMPT", "BOW-6", id="BOW-6-tried-in-orders-phase"),
    pytest.param(IN_NOT_ELIGIBLE, "no-lim",
                 {"limited_activation": True, "attempted_in_orders_phase": True},
                 "BOW_ORDERS_PHASE_ATTEMPT", "BOW-8", id="BOW-8-tried-in-orders-phase"),
    pytest.param(IN_ELIGIBLE, "operations",
                 {"lim_kind": "orders", "orders_option": "activate-command", "activation": ROLL_OK},
                 "BOW_LIM_ELIGIBLE", "BOW-4", id="BOW-4-eligible-command"),
    pytest.param(IN_NOT_ELIGIBLE, "operations", {"lim_kind": "cd", "lim_command": "IV Corps"},
                 "BOW_LIM_NOT_ELIGIBLE", "BOW-2", id="BOW-2-not-eligible"),
    pytest.param(IN_ELIGIBLE, "operations", {"lim_kind": "cd", "lim_command": "I Corps"},
                 "BOW_OTHER_COMMAND", "BOW-2", id="BOW-2-other-command"),
    pytest.param(OUT, "operations", {"lim_kind": "strategic"},
                 "BOW_COMMAND_STATUS", "BOW-1", id="BOW-1-out-of-command"),
    pytest.param(IN_ELIGIBLE, "out-of-command", {"within_detachment_range": True},
                 "BOW_COMMAND_STATUS", "BOW-9", id="BOW-9-in-command"),
    pytest.param(IN_ELIGIBLE, "operations",
                 {"lim_kind": "cd", "lim_command": "II Corps", "idle": True},
                 "BOW_IDLE", "BOW-F3", id="BOW-F3-idle-command"),
    pytest.param(IN_ELIGIBLE, "operations", {"lim_kind": "artillery"},
                 "BOW_NOT_MOVEMENT_LIM", "BOW-F4", id="BOW-F4-artillery-lim"),
    pytest.param(IN_NOT_ELIGIBLE, "no-lim", {}, "BOW_NO_ROLL", "BOW-6", id="BOW-6-no-roll"),
    pytest.param(OUT, "out-of-command", {}, "BOW_RANGE_UNKNOWN", "BOW-9", id="BOW-9-range-unknown"),
    pytest.param(IN_ELIGIBLE, "deployment", {}, "BOW_PHASE", "BOW-1", id="BOW-1-unknown-phase"),
])
def test_situations_the_table_does_not_allow_are_findings(
    table: MovementTable, unit: UnitFacts, phase: str, situation: dict[str, Any], code: str,
    clause: str,
) -> None:
    found = evaluate(unit, phase, situation, table=table)
    assert found.row is None and found.movement_types == ()
    assert found.finding is not None
    assert (found.finding.code, found.finding.clause) == (code, clause)
    assert found.finding.message.endswith(f"({clause}).")
    expected = Severity.WARNING if clause == "BOW-F4" else Severity.ERROR
    assert found.finding.severity is expected


def test_bow_f3_failed_command_still_sees_its_own_failure_row(table: MovementTable) -> None:
    # After the failed roll is recorded the command is idle, yet BOW-5 still describes it.
    situation = {"lim_kind": "orders", "orders_option": "activate-command",
                 "activation": ROLL_BAD, "idle": True}
    assert evaluate(IN_NOT_ELIGIBLE, "operations", situation, table=table).row == "BOW-5"


def test_bow_f2_strategic_lim_doubles_and_frees_from_roads(table: MovementTable) -> None:
    free = movement_allowance(table, base=6, movement=M.UNRESTRICTED_STRATEGIC)
    assert (free.points, free.roads_only) == (12, False)
    roads = movement_allowance(table, base=6, movement=M.RESTRICTED_STRATEGIC)
    assert roads.roads_only is True
    assert movement_allowance(table, base=6, movement=M.TACTICAL).roads_only is False


def test_bow_f2_multipliers_are_scenario_data(table: MovementTable) -> None:
    house = load_table({"multiplier": {"reduced": 0.25}})
    assert movement_allowance(house, base=8, movement=M.REDUCED).points == 2
    assert movement_allowance(house, base=8, movement=M.REDUCED).house_rule is True
    assert movement_allowance(table, base=8, movement=M.REDUCED).house_rule is False
