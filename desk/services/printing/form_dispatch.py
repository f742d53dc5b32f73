"""Filled commander's sheets: what a commander wrote for a subordinate's unit is a dispatch.

A fillable sheet printed for one command is its leader's: an order filled in
for a unit of that very command is his own unit's order (a draft, as any
imported order), but one for a unit of a subordinate command is a dispatch
from him to that unit, carried and delayed as any other (desk/services/couriers).
A whole side's sheet has no single writer: its orders stay orders. Refusals
(over the leader's limit ...) refuse the whole import, nothing written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session, select

from desk.i18n import _
from desk.rules.base import RulesSystem
from desk.services.couriers import CourierRefused, rules_for, write_dispatch
from desk.services.couriers.settings import HeadquartersUnplaced
from desk.services.errors import ServiceError
from desk.services.printing.formfields import FilledForm
from desk.store.models import Bound, Command, Side


class FormDispatchRefused(ServiceError):
    """A commander's sheet whose dispatches cannot be written; nothing was imported."""


def form_writers(session: Session, *, forms: Sequence[FilledForm],
                 campaign_id: int) -> dict[int, tuple[int, int]]:
    """For each unit filled on a one-command sheet: (its leader's id, that command's id)."""
    writers: dict[int, tuple[int, int]] = {}
    for form in forms:
        binding = form.binding
        if binding is None or not binding.command:
            continue
        side = session.exec(select(Side).where(Side.campaign_id == campaign_id,
                                               Side.name == binding.side)).first()
        name = binding.command.split(" / ")[-1]
        command = session.exec(select(Command).where(
            Command.side_id == (side.id if side else 0), Command.name == name)).first()
        if command is None or command.leader_id is None:
            continue
        for unit_id in form.values:
            writers[unit_id] = (command.leader_id, command.id or 0)
    return writers


def send_as_dispatches(session: Session, *, battle_id: int, bound: Bound,
                       units: Mapping[int | None, tuple[Any, str, str]],
                       writers: Mapping[int, tuple[int, int]],
                       values: dict[int, dict[str, Any]], verbatims: dict[int, str],
                       labels: Mapping[int, str], system: RulesSystem) -> tuple[str, ...]:
    """Write the dispatches; their units are taken out of ``values`` (no order from the form)."""
    sent: list[str] = []
    minimum: int | None = None
    for unit_id in sorted(values, key=lambda u: units[u][0].sort_key):
        unit = units[unit_id][0]
        writer = writers.get(unit_id)
        fields, verbatim = values[unit_id], verbatims[unit_id]
        if writer is None or unit.command_id == writer[1] or not (fields or verbatim):
            continue
        text = verbatim or system.summarize(system.complete(fields).fields)
        kwargs: dict[str, Any] = {"battle_id": battle_id, "writer_id": writer[0],
                                  "to_unit_id": unit_id, "text": text, "fields": fields,
                                  "seen_bound": bound.number}
        try:
            try:
                write_dispatch(session=session, **kwargs)
            except HeadquartersUnplaced:  # the minimum delay; the umpire may rule otherwise
                if minimum is None:
                    minimum = rules_for(session, campaign_id=_campaign_of(
                        session, battle_id)).min_delay_bounds
                write_dispatch(session=session, delay=minimum, **kwargs)
        except CourierRefused as exc:
            raise FormDispatchRefused(_("{name}: {exc}; nothing was imported").format(
                name=labels.get(unit_id, unit.name), exc=exc)) from exc
        sent.append(labels.get(unit_id, unit.name))
        del values[unit_id], verbatims[unit_id]
    return tuple(sent)


def _campaign_of(session: Session, battle_id: int) -> int:
    from desk.services.common import get_battle

    return get_battle(session, battle_id).campaign_id
