"""Battles of Waterloo: the quick-reference chart, built from the evaluator's own data.

Every cell comes from the :class:`MovementTable` the evaluator reads, so a
printed chart cannot disagree with what the desk refuses: the Movement &
Command table (BOW-1 … BOW-10), the Orders LIM options (BOW-11), the movement
allowances (BOW-F2, with any house-rule multiplier) and the notes and facts
(BOW-11, BOW-12, BOW-F1 … BOW-F4).
"""

from __future__ import annotations

from desk.i18n import _
from desk.rules.base import Chart, ChartTable
from desk.rules.battles_of_waterloo.data import (
    SYSTEM_ID,
    Factor,
    MovementTable,
    MovementType,
    Need,
    OrdersOption,
    Phase,
    Row,
)

_NEED_TEXT = {Need.YES: "yes", Need.NO: "no", Need.ANY: "—"}


def _movement_text(table: MovementTable, row: Row) -> str:
    return ", ".join(table.labels[m] for m in row.movement) or table.labels[MovementType.NONE]


def _comment_text(table: MovementTable, row: Row) -> str:
    return " ".join(table.comment_text[c] for c in row.comments)


def movement_and_command(table: MovementTable) -> ChartTable:
    """The ten rows of the table, as the evaluator reads them."""
    rows = tuple(
        (
            row.id,
            _NEED_TEXT[row.in_command],
            _NEED_TEXT[row.lim_eligible],
            table.phase_labels[row.phase] if row.phase else "",
            row.factor_label,
            _movement_text(table, row),
            _comment_text(table, row),
        )
        for row in table.rows
    )
    return ChartTable(
        title=_("Movement & Command"),
        columns=(_("Row"), _("In command"), _("LIM eligible"), _("Phase"), _("Command factors"),
                 _("Movement allowed"), _("Comments")),
        rows=rows,
        note=_("— : does not matter. A situation no row allows is refused, naming the rule."),
    )


def orders_options(table: MovementTable) -> ChartTable:
    """The Orders LIM's three options and the rows they lead to (BOW-11)."""
    success = table.row_for(Phase.OPERATIONS, Factor.ORDERS_ACTIVATION_SUCCESS)
    failure = table.row_for(Phase.OPERATIONS, Factor.ORDERS_ACTIVATION_FAIL)
    move_unit = table.row_for(Phase.OPERATIONS, Factor.ORDERS_MOVE_UNIT)
    leaders = table.leaders_row
    return ChartTable(
        title=_("Orders LIM (BOW-11): exactly one option per draw"),
        columns=(_("Option"), _("Rows"), _("Movement allowed")),
        rows=(
            (table.option_labels[OrdersOption.MOVE_UNIT], move_unit.id,
             _movement_text(table, move_unit)),
            (table.option_labels[OrdersOption.ACTIVATE_COMMAND], f"{success.id} / {failure.id}",
             f"{_movement_text(table, success)} / {_movement_text(table, failure)}"),
            (table.option_labels[OrdersOption.MOVE_LEADERS], leaders.id,
             f"{_movement_text(table, leaders)} ({table.comment_text[leaders.comments[0]]})"
             if leaders.comments else _movement_text(table, leaders)),
        ),
    )


def allowances(table: MovementTable) -> ChartTable:
    """Each movement type's multiplier on the printed allowance, and the road limit (BOW-F2)."""
    rows = []
    for movement in MovementType:
        if movement is MovementType.NONE:
            continue
        mark = " (house rule)" if f"multiplier.{movement}" in table.overridden else ""
        rows.append((
            table.labels[movement],
            f"× {table.multipliers[movement]:g}{mark}",
            "roads and paths only" if movement in table.roads_only else "anywhere",
        ))
    return ChartTable(
        title=_("Movement allowance (BOW-F2)"),
        columns=(_("Movement type"), _("Allowance"), _("Where")),
        rows=tuple(rows),
        note=_("Strategic Movement LIM: double allowance, off roads. Other multipliers: "
               "scenario data."),
    )


def build_chart(table: MovementTable) -> Chart:
    """The whole one-page chart."""
    return Chart(
        system=SYSTEM_ID,
        title=_("Battles of Waterloo — Movement & Command"),
        tables=(movement_and_command(table), orders_options(table), allowances(table)),
        notes=table.notes,
        house_rules=table.house_rules,
    )
