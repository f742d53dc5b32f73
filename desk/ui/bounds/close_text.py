"""The close question's text: what closing the bound leaves behind, in the window's language.

Units without an order and what each does, orders typed but not saved, late
players, reinforcements and dispatches due next bound, overruled orders: each
list cut at twelve names so the question stays on the screen. The drafts the
close would not apply (imported from a filled sheet, not saved as orders) come
first and are never cut: every unit that would lose one is named.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from desk.ui.plural import Counted

if TYPE_CHECKING:
    from desk.services.screens.close_summary import CloseSummary

translate = QCoreApplication.translate  # the "Dialogs" context, as before the move


def _without_order_lines(summary: CloseSummary) -> list[str]:
    """Unit by unit, what each unit without an order does at the close (first 12)."""
    head = Counted().without_order(len(summary.without_order), no_order=summary.no_order)
    lines = ["\n" + head]
    steps = summary.without_order_steps or summary.without_order
    lines += [f"• {step}" for step in steps[:12]]
    if len(steps) > 12:
        lines.append(translate("Dialogs", "and {n} more").format(
            n=len(steps) - 12))
    return lines


def close_question(summary: CloseSummary, *, unsaved: Sequence[str] = ()) -> str:
    """The close question's text (``unsaved``: units whose order is typed, not saved)."""
    lines = [Counted().close_bound(bound=summary.bound, units=summary.units)]
    if unsaved:
        etc = " …" if len(unsaved) > 12 else ""
        lines.append("\n" + translate(
            "Dialogs", "Typed but not saved (save them first, or these units close "
            "without that order): {names}").format(names=", ".join(unsaved[:12]) + etc))
    if summary.drafts:
        lines.append("\n" + translate(
            "Dialogs", "Drafts not saved as orders (from a filled sheet or a dispatch): the "
            "close does not apply them, and these units follow the no-order setting: "
            "{names}. Close all the same?").format(names=", ".join(summary.drafts)))
    if summary.without_order:
        lines += _without_order_lines(summary)
    if summary.lim_moved:
        lines.append("\n" + translate("Dialogs", "Moved under the LIMs (the close applies "
                                        "the moves recorded):"))
        lines += [f"• {line}" for line in summary.lim_moved[:12]]
        if len(summary.lim_moved) > 12:
            lines.append(translate("Dialogs", "and {n} more").format(
                n=len(summary.lim_moved) - 12))
    if summary.late:
        lines.append("\n" + translate("Dialogs", "Late, no orders returned: {names}").format(
            names=", ".join(summary.late)))
    if summary.arrivals:
        lines.append("\n" + translate("Dialogs", "Reinforcements due in bound {n}: "
                                       "{names}").format(n=summary.bound + 1,
                                                         names=", ".join(summary.arrivals)))
    if summary.overruled:
        overruled = translate("Dialogs", "1 order overrules the rules:") \
            if len(summary.overruled) == 1 \
            else translate("Dialogs", "{count} orders overrule the rules:")
        lines.append("\n" + overruled.format(count=len(summary.overruled)))
        lines += [f"• {unit}: {reason}" for unit, reason in summary.overruled[:12]]
    if summary.arriving:
        lines.append("\n" + translate("Dialogs", "{count} dispatches arrive in bound {n} "
                                       "and become their recipients' orders:").format(
            count=len(summary.arriving), n=summary.bound + 1))
        lines += [f"• {line}" for line in summary.arriving[:12]]
    return "\n".join(lines)
