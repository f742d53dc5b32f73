"""Battles of Waterloo: a written order is the player's intent for the whole turn.

Orders are written before any LIM is drawn; the draws decide what happens, the
activations record it. So an order is checked against every row of the
Movement & Command table the unit could move under this turn (its side's
Strategic LIM, its command's C/D LIM, the Orders LIM, the No LIM and Out of
Command phases), never against the LIM drawn last: a command that moved under
its C/D LIM (BOW-2) is not a "command whose LIM is not in the pool" (BOW-4)
because the Orders LIM came out later. Only a movement type that no row open
to the unit allows is refused. The moves themselves are checked against their
own activation (desk/services/lim/moves.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from desk.i18n import _
from desk.rules.base import ERROR, Finding, finding
from desk.rules.battles_of_waterloo.data import MovementTable, MovementType, Phase
from desk.rules.battles_of_waterloo.model import UnitFacts
from desk.rules.battles_of_waterloo.table import Evaluation, evaluate


def _candidates(unit: UnitFacts) -> tuple[tuple[Phase, Mapping[str, object]], ...]:
    win = {"roll": 1, "rating": 10, "success": True}
    return (
        (Phase.OPERATIONS, {"lim_kind": "strategic", "lim_side": unit.side}),
        (Phase.OPERATIONS, {"lim_kind": "cd", "lim_command": unit.command,
                            "lim_imperial_guard": unit.imperial_guard}),
        (Phase.OPERATIONS, {"lim_kind": "orders", "orders_option": "move-unit"}),
        (Phase.OPERATIONS, {"lim_kind": "orders", "orders_option": "activate-command",
                            "lim_command": unit.command, "activation": win}),
        (Phase.NO_LIM, {"activation": win}),
        (Phase.NO_LIM, {"limited_activation": True}),
        (Phase.OUT_OF_COMMAND, {"within_detachment_range": True}),
        (Phase.OUT_OF_COMMAND, {"within_detachment_range": False}),
    )


def turn_rows(unit: UnitFacts, table: MovementTable) -> tuple[Evaluation, ...]:
    """Every row this unit could move under this turn (one evaluation each, no refusals)."""
    found = (evaluate(unit, phase, sit, table=table) for phase, sit in _candidates(unit))
    return tuple(e for e in found if e.row is not None and e.finding is None)


def intent_findings(unit: UnitFacts, movement: MovementType,
                    table: MovementTable) -> list[Finding]:
    """An error only when no row open to the unit this turn allows ``movement``."""
    if movement is MovementType.NONE:
        return []
    rows = turn_rows(unit, table)
    if any(movement in e.movement_types for e in rows):
        return []
    allowed = sorted({m for e in rows for m in e.movement_types},
                     key=lambda m: list(MovementType).index(m))
    words = ", ".join(table.labels[m].lower() for m in allowed) or _("no movement")
    clause = "BOW-12" if unit.guard_infantry or not rows else rows[0].row or "BOW-12"
    return [finding("BOW_MOVEMENT_NOT_THIS_TURN", ERROR, clause,
                    _("{label} movement is allowed under no row this unit may move under this "
                      "turn; it may use: {allowed}.").format(label=table.labels[movement],
                                                             allowed=words))]


def own_row(unit: UnitFacts, table: MovementTable) -> str:
    """The row a unit usually moves under, for its fields' citation on forms and sheets.

    Guard infantry: BOW-12; out of command: the Out of Command phase's first row (BOW-9);
    a command whose C/D LIM is not in the pool: the Orders LIM activation (BOW-4);
    otherwise its command's C/D LIM (BOW-2). Read from the table data, so a citation
    follows the rows' ids.
    """
    from desk.rules.battles_of_waterloo.data import Factor

    if unit.guard_infantry:
        return "BOW-12"
    if not unit.in_command:
        return table.row_for(Phase.OUT_OF_COMMAND, Factor.WITHIN_RANGE).id
    if not unit.lim_eligible:
        return table.row_for(Phase.OPERATIONS, Factor.ORDERS_ACTIVATION_SUCCESS).id
    return table.row_for(Phase.OPERATIONS, Factor.CD_LIM).id
