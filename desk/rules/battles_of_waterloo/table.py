"""Battles of Waterloo: the Movement & Command table's evaluator (BOW-1 … BOW-12).

:func:`evaluate` reads the situation of one unit at one moment of the turn,
works out which "other command factor" applies, finds the one row of the table
(from the data file) for that phase and factor, then checks the row's columns
(in command? LIM eligible?), its comments (no Orders-phase attempt, one attempt)
and the Imperial Guard note. The answer is always either a row id with its
movement types and comments, or a finding saying why the table does not allow
the situation: never a silent "no movement".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from desk.i18n import _
from desk.rules.base import Finding, Severity, finding
from desk.rules.battles_of_waterloo.data import (
    Comment,
    Factor,
    LimKind,
    MovementTable,
    MovementType,
    Need,
    OrdersOption,
    Phase,
    Row,
    load_table,
)
from desk.rules.battles_of_waterloo.model import Situation, UnitFacts

_ACTIVATION_FACTORS = frozenset({
    Factor.ORDERS_ACTIVATION_SUCCESS, Factor.ORDERS_ACTIVATION_FAIL,
    Factor.ACTIVATION_SUCCESS, Factor.ACTIVATION_FAIL,
})


@dataclass(frozen=True)
class Evaluation:
    """The table's answer: ``row`` and what it allows, or ``finding`` and nothing allowed."""

    row: str | None
    movement_types: tuple[MovementType, ...] = ()
    comments: tuple[Comment, ...] = ()
    finding: Finding | None = None

    def allows(self, movement: MovementType) -> bool:
        """Whether ``movement`` may be ordered now (no movement is always allowed)."""
        return movement is MovementType.NONE or movement in self.movement_types


@dataclass(frozen=True)
class Allowance:
    """A unit's movement allowance for one movement type (BOW-F2)."""

    points: float
    roads_only: bool
    multiplier: float
    house_rule: bool


def movement_allowance(table: MovementTable, *, base: float, movement: MovementType) -> Allowance:
    """The printed allowance times the type's multiplier; strategic under a C/D LIM keeps to roads.

    Worked example (BOW-F2): a unit printing 6 moves 12 under the Strategic
    Movement LIM, anywhere; under its C/D LIM restricted strategic movement
    also gives 12 by default, but on roads and paths only.
    """
    multiplier = table.multipliers[movement]
    return Allowance(
        points=max(base, 0.0) * multiplier,
        roads_only=movement in table.roads_only,
        multiplier=multiplier,
        house_rule=f"multiplier.{movement}" in table.overridden,
    )


def _refuse(code: str, clause: str, message: str, *, warning: bool = False) -> Evaluation:
    severity = Severity.WARNING if warning else Severity.ERROR
    # ``message`` comes translated: each caller marks its own sentence.
    return Evaluation(row=None, finding=finding(code, severity, clause, f"{message}."))


def _same(a: str | None, b: str | None) -> bool:
    return (a or "").strip().casefold() == (b or "").strip().casefold()


def _is_guard_lim(sit: Situation, table: MovementTable) -> bool:
    return sit.lim_kind is LimKind.CD and (
        sit.lim_imperial_guard or _same(sit.lim_command, table.guard_lim_command)
    )


def _operations(unit: UnitFacts, sit: Situation, table: MovementTable) -> Row | Evaluation:
    kind = sit.lim_kind
    if kind is None:
        return _refuse("BOW_NO_LIM", "BOW-2", _("In the Operations phase a unit moves only "
                                                "under a drawn LIM, and none is given"))
    if kind is LimKind.STRATEGIC:
        if sit.lim_side and unit.side and not _same(sit.lim_side, unit.side):
            return _refuse("BOW_OTHER_SIDE", "BOW-1", _("The {lim_side} Strategic Movement LIM "
                                                        "moves only {lim_side} units").format(
                                                          lim_side=sit.lim_side))
        return table.row_for(Phase.OPERATIONS, Factor.STRATEGIC_LIM)
    if kind is LimKind.CD:
        if unit.guard_infantry and _is_guard_lim(sit, table):
            return table.row_for(Phase.OPERATIONS, Factor.CD_LIM)
        if not sit.lim_command:
            return _refuse("BOW_LIM_COMMAND", "BOW-2", _("Say whose C/D LIM was drawn"))
        if not _same(sit.lim_command, unit.command):
            return _refuse("BOW_OTHER_COMMAND", "BOW-2", _("The C/D LIM drawn is "
                                                           "{lim_command}'s, not that of this "
                                                           "unit's command ({command})").format(
                                                             lim_command=sit.lim_command,
                                                             command=unit.command or _("unknown")))
        return table.row_for(Phase.OPERATIONS, Factor.CD_LIM)
    if kind is LimKind.ORDERS:
        if sit.lim_side and unit.side and not _same(sit.lim_side, unit.side):
            return _refuse("BOW_OTHER_SIDE", "BOW-11", _("The {lim} LIM is the {lim_side} "
                                                         "side's: it moves only {lim_side} "
                                                         "units").format(
                                                           lim=sit.lim_drawn or "Orders",
                                                           lim_side=sit.lim_side))
        return _orders(unit, sit, table)
    return _refuse("BOW_NOT_MOVEMENT_LIM", "BOW-F4", _("The {lim} LIM is not on the Movement "
                                                       "& Command table: the umpire rules on "
                                                       "what it does").format(
                                                         lim=sit.lim_drawn or kind), warning=True)


def _orders(unit: UnitFacts, sit: Situation, table: MovementTable) -> Row | Evaluation:
    option = sit.orders_option
    if option is None:
        return _refuse("BOW_ORDERS_OPTION", "BOW-11", _("The Orders LIM needs exactly one "
                                                        "option: move one unit, try to "
                                                        "activate one command, or move leaders"))
    if option is OrdersOption.MOVE_UNIT:
        # BOW-3: one unit, in command or not, whatever its command's LIM.
        return table.row_for(Phase.OPERATIONS, Factor.ORDERS_MOVE_UNIT)
    if option is OrdersOption.MOVE_LEADERS:
        if unit.is_leader:
            return table.leaders_row
        return _refuse("BOW_LEADERS_ONLY", "BOW-11", _("The Orders LIM was used to move "
                                                       "leaders, so this unit does not move"))
    if sit.lim_command and not _same(sit.lim_command, unit.command):
        return _refuse("BOW_OTHER_COMMAND", "BOW-4", _("The Orders LIM is activating "
                                                       "{lim_command}, and only one command "
                                                       "may try").format(
                                                         lim_command=sit.lim_command))
    if sit.activation is None:
        return _refuse("BOW_NO_ROLL", "BOW-4", _("Record the activation roll before the "
                                                 "command moves"))
    success = sit.activation.success
    # BOW-4 on a success; BOW-5 (no movement, no rally) on a failure.
    factor = Factor.ORDERS_ACTIVATION_SUCCESS if success else Factor.ORDERS_ACTIVATION_FAIL
    return table.row_for(Phase.OPERATIONS, factor)


def _no_lim(sit: Situation, table: MovementTable) -> Row | Evaluation:
    if sit.limited_activation and sit.activation is not None:
        return _refuse("BOW_LIMITED_AND_ROLL", "BOW-8", _("A command either declares Limited "
                                                          "Activation or rolls to activate, "
                                                          "not both"))
    if sit.limited_activation:
        return table.row_for(Phase.NO_LIM, Factor.LIMITED_ACTIVATION)
    if sit.activation is None:
        return _refuse("BOW_NO_ROLL", "BOW-6", _("In the No LIM phase record the activation "
                                                 "roll or declare Limited Activation before "
                                                 "the command moves"))
    success = sit.activation.success
    # BOW-6 on a success; BOW-7 (no movement, no rally) on a failure.
    factor = Factor.ACTIVATION_SUCCESS if success else Factor.ACTIVATION_FAIL
    return table.row_for(Phase.NO_LIM, factor)


def _out_of_command(sit: Situation, table: MovementTable) -> Row | Evaluation:
    if sit.within_detachment_range is None:
        return _refuse("BOW_RANGE_UNKNOWN", "BOW-9", _("Say whether the unit is within range "
                                                       "of its detachment leader"))
    factor = Factor.WITHIN_RANGE if sit.within_detachment_range else Factor.OUT_OF_RANGE
    return table.row_for(Phase.OUT_OF_COMMAND, factor)


def _check_row(unit: UnitFacts, sit: Situation, row: Row, table: MovementTable) -> Evaluation:
    guard_lim = row.factor is Factor.CD_LIM and _is_guard_lim(sit, table)
    if unit.guard_infantry and not (row.factor is Factor.STRATEGIC_LIM or guard_lim):
        return _refuse("BOW_GUARD_INFANTRY", "BOW-12", _("Imperial Guard infantry moves only "
                                                         "under the Imperial Guard C/D LIM or "
                                                         "the French Strategic Movement LIM"))
    if not row.in_command.admits(unit.in_command):
        if unit.in_command:
            return _refuse("BOW_COMMAND_STATUS", row.id, _("This unit is in command, and the "
                                                           "Out of Command phase moves only "
                                                           "units out of command"))
        return _refuse("BOW_COMMAND_STATUS", row.id, _("This unit is out of command, so it "
                                                       "moves only in the Out of Command phase "
                                                       "or by the Orders LIM's first option"))
    if not row.lim_eligible.admits(unit.lim_eligible):
        if row.lim_eligible is Need.YES:
            return _refuse("BOW_LIM_NOT_ELIGIBLE", row.id, _("This command's C/D LIM is not "
                                                             "eligible for the pool, so it "
                                                             "cannot have been drawn"))
        return _refuse("BOW_LIM_ELIGIBLE", row.id, _("This command's C/D LIM is in the pool, "
                                                     "so the Orders LIM may not activate it"))
    if row.respects_idle and sit.idle:
        return _refuse("BOW_IDLE", "BOW-F3", _("This command failed its activation roll and "
                                               "does nothing more this turn"))
    if Comment.NO_ORDERS_ATTEMPT in row.comments and sit.attempted_in_orders_phase:
        return _refuse("BOW_ORDERS_PHASE_ATTEMPT", row.id, _("This command already tried to "
                                                             "activate in the Orders phase, so "
                                                             "it may not activate in the No "
                                                             "LIM phase"))
    if row.factor in _ACTIVATION_FACTORS and sit.attempts > 1:
        return _refuse("BOW_SECOND_ATTEMPT", row.id, _("This would be attempt {attempts} this "
                                                       "turn; a command tries to activate "
                                                       "once").format(
                                                         attempts=sit.attempts))
    return Evaluation(row=row.id, movement_types=row.movement, comments=row.comments)


def evaluate(
    unit: UnitFacts,
    phase: object,
    situation: Situation | Mapping[str, object] | None,
    *,
    table: MovementTable | None = None,
) -> Evaluation:
    """The Movement & Command table for ``unit`` in ``phase`` and ``situation``.

    ``situation`` may be the plain mapping of docs/rules-api-battles-of-waterloo.md
    (odd or missing keys are tolerated, never raised on); ``table`` defaults to
    the shipped rules data without house rules.
    """
    data = table if table is not None else load_table()
    sit = situation if isinstance(situation, Situation) else Situation.from_mapping(situation)
    try:  # a phase as the situation gives it: anything, refused below unless a Phase's name
        step = Phase(phase) if isinstance(phase, str) else None
    except ValueError:
        step = None
    if step is None:
        return _refuse("BOW_PHASE", "BOW-1", _("The phase {phase} is not one the table knows: "
                                               "Operations, No LIM or Out of Command").format(
                                                 phase=repr(phase)))
    found: Row | Evaluation
    if step is Phase.OPERATIONS:
        found = _operations(unit, sit, data)
    elif step is Phase.NO_LIM:
        found = _no_lim(sit, data)
    else:
        found = _out_of_command(sit, data)
    if isinstance(found, Evaluation):
        return found
    return _check_row(unit, sit, found, data)
