"""What the LIM panel says about a turn, in words: each draw, the current activation, its units.

Plain functions over the pool as the services return it, so the panel only
places the words. Clause ids are the rules' own and never translated.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from desk import i18n
from desk.rules.base import Severity
from desk.services.lim.views import REMOVED, ActivationView, CupView, MoveView, PendingUnit
from desk.ui.lim.models import ActivationRow

if TYPE_CHECKING:
    from desk.ui.operations import Operations

translate = QCoreApplication.translate  # lupdate reads translate("LimPanel", "...")


def command_items(ops: Operations) -> list[tuple[str, int]]:
    """Every command, depth first as the order of battle lists them: ("IV Corps (French)", id)."""
    from desk.services.screens.startup import oob_nodes

    items = []
    for side in ops.read(lambda s: oob_nodes(session=s, campaign_id=ops.context.campaign_id)):
        stack = list(side.commands)
        while stack:
            command = stack.pop(0)
            items.append((f"{command.name} ({side.name})", command.id))
            stack[:0] = command.commands
    return items


def roll_text(act: ActivationView) -> str:
    """"roll 10 vs 9: failed (BOW-5)", or "" before any roll; "desk" when the desk rolled."""
    if act.roll is None:
        return ""
    text = (translate("LimPanel", "roll {roll} vs {rating}: activated") if act.success
            else translate("LimPanel", "roll {roll} vs {rating}: failed")).format(
                roll=act.roll, rating=act.rating)
    by = translate("LimPanel", "desk") + ", " if act.rolled_by == "desk" else ""
    return f"{text} ({by}{act.clause})"


def draw_line(act: ActivationView) -> str:
    """One line of the drawn list: "3. Orders — activate-command — roll 10 vs 9: failed …"."""
    parts = [f"{act.seq}. {act.lim}"]
    if act.source == "first":
        parts.append(translate("LimPanel", "initiative's choice"))
    parts += [p for p in (act.orders_option, roll_text(act)) if p]
    return " — ".join(parts)


def phase_label(phase: str) -> str:
    """The turn's phase in words."""
    labels = {"operations": translate("LimPanel", "Operations phase"),
              "no-lim": translate("LimPanel", "No LIM phase"),
              "out-of-command": translate("LimPanel", "Out of Command phase")}
    return labels.get(phase, phase)


def title_html(cup: CupView | None) -> str:
    """The heading: "LIM pool · turn 1 · 12 of 13 in the cup", or the No LIM phase."""
    if cup is None:
        return translate("LimPanel", "<b>LIM pool</b> · none for this bound yet: build it")
    left = len(cup.in_cup)
    if not left:
        return translate("LimPanel", "<b>LIM pool</b> · turn {turn} · the cup is empty: "
                         "<b>{phase}</b>").format(turn=cup.bound, phase=phase_label(cup.phase))
    return translate("LimPanel", "<b>LIM pool</b> · turn {turn} · {left} of {total} in the "
                     "cup").format(turn=cup.bound, left=left,
                                   total=sum(1 for i in cup.items if i.status != REMOVED))


def activation_html(cup: CupView | None) -> str:
    """The current activation: its LIM, command, option and roll, and who is idle."""
    if cup is None:
        return ""
    act = cup.current
    if act is None:
        text = translate("LimPanel", "No LIM drawn yet: choose the chit pulled from the cup "
                         "(Ctrl+L, Enter), or let the desk draw (Ctrl+Shift+G).")
    else:
        text = translate("LimPanel", "<b>Activation {n}: {lim}</b>").format(n=act.seq, lim=act.lim)
        if act.command:
            text += " · " + translate("LimPanel", "command {command}").format(command=act.command)
        if act.orders_option:
            text += " · " + translate("LimPanel", "option: {option}").format(
                option=act.orders_option)
        if act.roll is not None:
            text += " · " + roll_text(act)
    if not cup.in_cup and cup.activations:
        text += "<br>" + translate("LimPanel", "Every LIM of the turn is drawn: {phase}.").format(
            phase=phase_label(cup.phase))
    if cup.idle_commands:
        text += "<br>" + translate("LimPanel", "Idle: {commands}").format(
            commands=", ".join(cup.idle_commands))
    return text


def move_text(move: MoveView) -> str:
    """"tactical → 2314", with "overruled" when the umpire overruled the table."""
    text = i18n.term(move.movement)
    if move.destination_hex:
        text += f" → {move.destination_hex}"
    if move.status == "overruled":
        text += " (" + translate("LimPanel", "overruled") + ")"
    return text


def move_note(move: MoveView) -> str:
    """The move's findings, one a line ("BOW-2: …"), and the umpire's reason if overruled."""
    lines = [f"{f.clause}: {f.message}" for f in move.findings]
    if move.override_reason:
        lines.append(translate("LimPanel", "Overruled: {reason}").format(
            reason=move.override_reason))
    return "\n".join(lines)


def with_moves(rows: Sequence[ActivationRow], *, moves: Sequence[MoveView],
               pending: Sequence[PendingUnit]) -> list[ActivationRow]:
    """The rows with the moves recorded under the activation, and who is still to move.

    A unit moved by an overrule (the table did not let it move) gets a row of its own,
    citing the clause that refused it.
    """
    moved = {m.unit_id: m for m in moves}
    waiting = {p.unit_id: p for p in pending}
    out = []
    for row in rows:
        if row.unit_id in moved:
            move = moved.pop(row.unit_id)
            row = replace(row, moved=move_text(move), note=move_note(move))
        elif row.unit_id in waiting:
            row = replace(row, moved=translate("LimPanel", "to move ({ordered} ordered)").format(
                ordered=waiting[row.unit_id].ordered.replace("-", " ")))
        out.append(row)
    for move in moved.values():
        errors = [f.clause for f in move.findings if f.severity is Severity.ERROR]
        out.append(ActivationRow(unit_id=move.unit_id, unit=move.unit, command=move.command,
                                 may="", clause=move.row or ", ".join(errors),
                                 moved=move_text(move), error=bool(errors),
                                 note=move_note(move)))
    return out


def activation_rows(ops: Operations) -> tuple[list[ActivationRow], str]:
    """The units the current activation lets move, each with the row's clause; and why the
    rest stay. Asked of the same service that checks a recorded move
    (:func:`desk.services.lim.units.activation_units`), so the table never disagrees with it.

    The second part is one line: how many units stay, and the commonest reason
    the table gives, with its clause ("40 units stay: The C/D LIM drawn is IV
    Corps's … (BOW-2)").
    """
    from desk.services.lim.units import activation_units

    rows: list[ActivationRow] = []
    reasons: Counter[tuple[str, str]] = Counter()  # (clause, message): units that stay
    for unit in ops.read(lambda s: activation_units(session=s, battle_id=ops.battle_id)):
        if unit.movement_types:
            rows.append(ActivationRow(unit_id=unit.unit_id, unit=unit.unit,
                                      command=unit.command,
                                      may=", ".join(i18n.term(m) for m in unit.movement_types),
                                      clause=unit.row, codes=unit.movement_types))
        else:
            finding = unit.finding
            reasons[(finding.clause, finding.message) if finding else ("", "")] += 1
    stay = sum(reasons.values())
    if not stay:
        return rows, ""
    clauses = sorted({clause for clause, _m in reasons if clause})
    if len(reasons) == 1 and next(iter(reasons))[1]:  # one reason for all: say it
        clause, message = next(iter(reasons))
        why = message if not clause or clause in message else f"{message} ({clause})"
        return rows, translate("LimPanel", "{n} units stay: {why}").format(n=stay, why=why)
    return rows, translate("LimPanel", "{n} units stay ({clauses}).").format(
        n=stay, clauses=", ".join(clauses))
