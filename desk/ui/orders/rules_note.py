"""The line under the order form that says what the rules allow the unit now.

Battles of Waterloo: the Movement & Command table's row and the movement types it
allows; La Bataille: what the formation change costs in movement points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from desk import i18n
from desk.rules.base import RulesSystem

if TYPE_CHECKING:
    from desk.services.screens.order_form import FormContext

translate = QCoreApplication.translate  # lupdate reads translate("OrderForm", "...") calls


def rules_note(system: RulesSystem, context: FormContext | None,
               completed: Mapping[str, object], *,
               situation: Mapping[str, object] | None = None) -> str:
    """What the rules allow the unit now, in one line ("" when they say nothing).

    ``situation``: the form's, with what its hex fields say (else the context's).
    """
    if context is None:
        return ""
    evaluate = getattr(system, "evaluate", None)
    if system.has_movement_table and evaluate is not None:
        found = evaluate(unit=context.unit, state=context.state,
                         situation=context.situation)
        names = ", ".join(i18n.term(m) for m in found.movement_types)
        if found.row:
            return translate("OrderForm", "Allowed now ({row}): {names}").format(
                row=found.row, names=names or translate("OrderForm", "no movement"))
        return translate("OrderForm", "Allowed now: no movement — {why}").format(
            why=found.finding.message) if found.finding else ""
    needed = getattr(system, "mp_needed", None)
    allowance = getattr(system, "movement_allowance", None)
    if needed is not None and allowance is not None:
        where = dict(situation if situation is not None else context.situation)
        spent = needed(unit=context.unit, state=context.state, fields=completed,
                       situation=where)
        has = allowance(unit=context.unit, state=context.state, fields=completed,
                        situation=where)
        if spent.value or has.value is not None:
            return translate("OrderForm", "Movement points: needs {working}; has {has}").format(
                working=spent.working, has=has.working)
    change_cost = getattr(system, "change_cost", None)
    target = completed.get("formation")
    if change_cost is not None and target:
        current = str(context.state.get("formation", ""))
        cost = change_cost(arm=context.unit.arm, current=current, target=str(target))
        return translate("OrderForm", "Formation change: {mp} MP — {working}").format(
            mp=cost.value, working=cost.working)
    return ""
