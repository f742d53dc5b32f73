"""Filled commander's sheets: what a commander wrote for a subordinate's unit is a dispatch.

A fillable sheet printed for one command is its leader's: an order filled in
for a unit of that very command is his own unit's order (a draft, as any
imported order), but one for a unit of a subordinate command is a dispatch
from him to that unit, carried and delayed as any other (desk/services/couriers)
— where the campaign uses couriers (the courier setting ``use``; a table game
without a map has none: there every order on the sheet is an order). A whole
side's sheet has no single writer: its orders stay orders.

A dispatch the couriers refuse (the leader has written his limit this bound,
his staff is lost ...) refuses nothing else: that unit's order is imported as a
draft carrying the refusal as its finding, which the umpire may overrule with a
reason (``desk dispatch --reason``, ``write_dispatch(reason=...)``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, select

from desk.i18n import _
from desk.rules.base import Finding, OrderFields, RulesSystem, Severity
from desk.rules.couriers import DISPATCH_OVER_LIMIT, DISPATCH_REFUSED, LIMIT_CLAUSE
from desk.services.couriers import CourierRefused, couriers_in_use, rules_for, write_dispatch
from desk.services.couriers.settings import DispatchLimitReached, HeadquartersUnplaced
from desk.services.oob.names import NameLookupError, campaign_names, resolve
from desk.services.printing.formfields import FilledForm
from desk.store.tables.bounds import Bound
from desk.store.tables.oob import Command, Leader, Side


@dataclass(frozen=True)
class SheetWriter:
    """The leader of a one-command sheet: who writes its subordinates' dispatches."""

    leader_id: int
    leader: str
    command_id: int


def sheet_writer(session: Session, *, campaign_id: int, side: str,
                 command: str | None) -> SheetWriter | None:
    """The leader of the sheet's one command (a name, or its " / " path); None for a whole
    side's sheet, a command the side does not have, or a command without a leader."""
    if not command:
        return None
    side_row = session.exec(select(Side).where(Side.campaign_id == campaign_id,
                                               Side.name == side)).first()
    if side_row is None:
        return None
    rows = {c.id: c for c in session.exec(select(Command).where(Command.side_id == side_row.id))}
    paths = campaign_names(session, campaign_id, side_id=side_row.id).paths  # its side's
    try:
        command_id = resolve(command, {paths[i]: i for i in rows if i is not None and i in paths},
                             what=f"{side} command")
    except NameLookupError:
        return None
    found = rows[command_id]
    leader = session.get(Leader, found.leader_id) if found.leader_id is not None else None
    if leader is None:
        return None
    return SheetWriter(leader.id or 0, leader.name, command_id)


def form_writers(session: Session, *, forms: Sequence[FilledForm],
                 campaign_id: int) -> dict[int, SheetWriter]:
    """For each unit filled on a one-command sheet: that command's leader."""
    writers: dict[int, SheetWriter] = {}
    for form in forms:
        binding = form.binding
        if binding is None:
            continue
        writer = sheet_writer(session, campaign_id=campaign_id, side=binding.side,
                              command=binding.command)
        if writer is not None:
            writers.update(dict.fromkeys(form.values, writer))
    return writers


def send_as_dispatches(session: Session, *, battle_id: int, bound: Bound,
                       units: Mapping[int | None, tuple[Any, str, str]],
                       writers: Mapping[int, SheetWriter],
                       values: dict[int, OrderFields], verbatims: dict[int, str],
                       labels: Mapping[int, str], system: RulesSystem,
                       ) -> tuple[tuple[str, ...], dict[int, Finding]]:
    """Write the dispatches, where the campaign uses couriers: their units are taken out of
    ``values`` (no order from the form). Returns the units sent to, and the finding of each
    unit whose dispatch the couriers refused (its order stays in ``values``: a draft)."""
    if not writers or not couriers_in_use(session, battle_id=battle_id):
        return (), {}
    sent: list[str] = []
    held: dict[int, Finding] = {}
    minimum: int | None = None
    for unit_id in sorted(values, key=lambda u: units[u][0].sort_key):
        unit = units[unit_id][0]
        writer = writers.get(unit_id)
        fields, verbatim = values[unit_id], verbatims[unit_id]
        if writer is None or unit.command_id == writer.command_id or not (fields or verbatim):
            continue
        name = labels.get(unit_id, unit.name)
        text = verbatim or system.summarize(system.complete(fields).fields)
        def send(delay: int | None = None, *, writer_id: int = writer.leader_id,
                 unit_id: int = unit_id, text: str = text,
                 fields: Mapping[str, object] = fields) -> None:
            write_dispatch(session=session, battle_id=battle_id, writer_id=writer_id,
                           to_unit_id=unit_id, text=text, fields=fields,
                           seen_bound=bound.number, delay=delay)

        try:
            try:
                send()
            except HeadquartersUnplaced:  # the minimum delay; the umpire may rule otherwise
                if minimum is None:
                    minimum = rules_for(session, campaign_id=_campaign_of(
                        session, battle_id)).min_delay_bounds
                send(minimum)
        except DispatchLimitReached as exc:
            held[unit_id] = Finding(DISPATCH_OVER_LIMIT, Severity.ERROR, LIMIT_CLAUSE, _(
                "{leader} has written {written} dispatches in bound {bound}, the limit per "
                "leader ({clause}): this order to {unit} waits as a draft; the umpire may "
                "send it with a reason").format(leader=exc.leader, written=exc.written,
                                                bound=exc.bound, clause=LIMIT_CLAUSE,
                                                unit=name))
            continue
        except CourierRefused as exc:
            held[unit_id] = Finding(DISPATCH_REFUSED, Severity.ERROR, "", _(
                "Not sent by courier: {exc} This order waits as a draft.").format(
                    exc=str(exc).rstrip(".") + "."))
            continue
        sent.append(name)
        del values[unit_id], verbatims[unit_id]
    return tuple(sent), held


def _campaign_of(session: Session, battle_id: int) -> int:
    from desk.services.common import get_battle

    return get_battle(session, battle_id).campaign_id
