"""What the LIM panel says about a turn, in words: each draw, the current activation, its units.

Plain functions over the pool as the services return it, so the panel only
places the words. Clause ids are the rules' own and never translated.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from desk.services.dto import LimDrawView, LimPoolView
from desk.services.screens.lim_panel import units_now
from desk.ui.lim_models import ActivationRow

if TYPE_CHECKING:
    from desk.ui.operations import Operations

CONTEXT = "LimPanel"


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def roll_text(draw: LimDrawView) -> str:
    """"roll 10 vs 9: failed", or "" before any roll."""
    if draw.roll is None:
        return ""
    text = (_tr("roll {roll} vs {rating}: activated") if draw.success
            else _tr("roll {roll} vs {rating}: failed"))
    return text.format(roll=draw.roll, rating=draw.rating)


def draw_line(draw: LimDrawView) -> str:
    """One line of the drawn list: "3. IV Corps C/D — move one unit — roll 10 vs 9: failed"."""
    parts = [f"{draw.seq}. {draw.lim}"]
    parts += [p for p in (draw.orders_option, roll_text(draw), draw.note) if p]
    return " — ".join(parts)


def title_html(pool: LimPoolView | None) -> str:
    """The panel's heading: "LIM pool · turn 1 · 12 of 13 in the cup"."""
    if pool is None:
        return _tr("<b>LIM pool</b> · none for this bound yet: build it")
    return _tr("<b>LIM pool</b> · turn {turn} · {left} of {total} in the cup").format(
        turn=pool.bound, left=len(pool.remaining), total=len(pool.chits))


def activation_html(pool: LimPoolView | None, *, command: str = "") -> str:
    """The current activation: its LIM, command, option and roll, and who is idle."""
    if pool is None:
        return ""
    if not pool.draws:
        text = _tr("No LIM drawn yet: record the chit pulled from the cup, or let the desk "
                   "draw.")
    else:
        last = pool.draws[-1]
        text = _tr("<b>Activation {n}: {lim}</b>").format(n=last.seq, lim=last.lim)
        if command:
            text += " · " + _tr("command {command}").format(command=command)
        if last.orders_option:
            text += " · " + _tr("option: {option}").format(option=last.orders_option)
        if last.roll is not None:
            text += " · " + roll_text(last) + " (BOW-F1)"
        if not pool.remaining:
            text += "<br>" + _tr("The pool is empty: every LIM of the turn has been drawn.")
    if pool.idle_commands:
        text += "<br>" + _tr("Idle: {commands}").format(commands=", ".join(pool.idle_commands))
    return text


def activation_rows(ops: Operations) -> tuple[list[ActivationRow], str]:
    """The units the current LIM lets move, each with the row's clause; and why the rest stay.

    The second part is one line: how many units stay, and the commonest reason
    the table gives, with its clause ("40 units stay: The C/D LIM drawn is IV
    Corps's … (BOW-2)").
    """
    evaluate = getattr(ops.system, "evaluate", None)
    if evaluate is None:  # the movement table's question, asked only of a system that has one
        return [], ""
    rows: list[ActivationRow] = []
    reasons: Counter[tuple[str, str]] = Counter()  # (clause, message): units that stay
    for now in ops.read(units_now, battle_id=ops.battle_id):
        found = evaluate(unit=now.unit, state=now.state,
                         situation={**now.situation, "phase": ops.lim.phase})
        if found.movement_types:
            names = ", ".join(m.value.replace("-", " ") for m in found.movement_types)
            rows.append(ActivationRow(unit_id=now.unit.id, unit=now.unit.name,
                                      command=now.unit.command, may=names,
                                      clause=found.row or ""))
        else:
            finding = found.finding
            reasons[(finding.clause, finding.message) if finding else ("", "")] += 1
    stay = sum(reasons.values())
    if not stay:
        return rows, ""
    clauses = sorted({clause for clause, _m in reasons if clause})
    if len(reasons) == 1 and next(iter(reasons))[1]:  # one reason for all: say it
        clause, message = next(iter(reasons))
        why = message if not clause or clause in message else f"{message} ({clause})"
        return rows, _tr("{n} units stay: {why}").format(n=stay, why=why)
    return rows, _tr("{n} units stay ({clauses}).").format(n=stay, clauses=", ".join(clauses))
