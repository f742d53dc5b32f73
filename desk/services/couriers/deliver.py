"""Delivering dispatches: a delivered order becomes the recipient's order for that bound.

At the close that opens a dispatch's due bound, it is delivered: for each unit
it reaches (the unit, or every unit of the command it was written to) it
becomes that unit's order for the bound, an order with source ``dispatch``
written through the same path as any order (completed and checked by the
rules). An order the rules refuse is kept as a draft with its findings for the
umpire to amend or overrule; until then the unit follows the campaign's
no-order setting. A unit that already has its own order keeps it. Lost and
captured dispatches are never delivered. Reopening the bound takes the
deliveries back (:func:`undeliver`).
"""

from __future__ import annotations

from sqlalchemy import update
from sqlmodel import Session, col, select

from desk.rules.words import read_words
from desk.services.common import add_journal, get_battle, get_campaign, rules_of
from desk.services.couriers.batch import DISPATCH_SOURCE
from desk.services.couriers.chain import Chain
from desk.services.errors import OrderRefused
from desk.services.orders.write import write_order
from desk.store.tables.bounds import Bound, Order
from desk.store.tables.couriers import Dispatch
from desk.store.tables.oob import Leader


def deliver(session: Session, *, dispatch: Dispatch, chain: Chain, bound: Bound,
            kind: str) -> list[int]:
    """Make ``dispatch`` the order of each unit it reaches in the open ``bound``.

    ``kind`` is the journal kind of the lines written; they belong to ``bound``,
    so a reopen of the bound before removes them with it. Returns the orders' ids.
    """
    battle = get_battle(session, bound.battle_id)
    system = rules_of(get_campaign(session, battle.campaign_id))
    leader = session.get(Leader, dispatch.writer_id)
    signed = f"{leader.name if leader else '?'}, {dispatch.game_time}"
    units = ([chain.units[dispatch.to_unit_id]] if dispatch.to_unit_id is not None
             else chain.units_under(dispatch.to_command_id or 0))
    existing = {o.unit_id: o for o in session.exec(select(Order).where(
        Order.bound_id == bound.id, col(Order.unit_id).in_([u.id for u in units])))}
    made: list[int] = []
    # Read from its words as the form reads them: "Hold the village" with no rate is a halt.
    fields = read_words(system, verbatim=dispatch.text, fields=dict(dispatch.fields)).fields
    for unit in units if dispatch.kind == "order" else []:
        own = existing.get(unit.id or 0)
        if own is not None and own.status != "cancelled":
            add_journal(session, battle_id=battle.id or 0, bound_id=bound.id, unit_id=unit.id,
                        kind=kind, message=f"{unit.name} keeps its own order; the dispatch "
                        f"from {signed} is noted.")
            continue
        verbatim = f"{dispatch.text} ({signed})"
        try:
            view = write_order(session=session, battle_id=battle.id or 0, unit_id=unit.id or 0,
                               fields=fields, verbatim=verbatim,
                               source=DISPATCH_SOURCE,
                               seen_version=own.version_id if own is not None else None)
            made.append(view.id)
        except OrderRefused as refused:  # kept for the umpire: amend or overrule it
            completed = system.complete(fields)
            row = Order(bound_id=bound.id or 0, unit_id=unit.id or 0, verbatim=verbatim,
                        fields=dict(fields), completed=dict(completed.fields),
                        defaulted=sorted(completed.defaulted), status="draft",
                        findings=[f.to_dict() for f in refused.findings],
                        source=DISPATCH_SOURCE)
            session.add(row)
            session.flush()
            made.append(row.id or 0)
            add_journal(session, battle_id=battle.id or 0, bound_id=bound.id, unit_id=unit.id,
                        kind=kind, message=f"{refused} (delivered by dispatch: a draft)")
    dispatch.fate, dispatch.delivered_bound = "delivered", bound.number
    if dispatch.delay_bounds == 0:  # received at once: undoing the writing removes these
        dispatch.rolls = {**dispatch.rolls, "orders": made}
    session.add(dispatch)
    session.flush()
    add_journal(session, battle_id=battle.id or 0, bound_id=bound.id, kind=kind,
                message=f"Dispatch from {signed} delivered in bound {bound.number}.")
    return made


def undeliver(session: Session, *, battle_id: int, bound_number: int) -> None:
    """Reopen's part: dispatches delivered at the close that opened ``bound_number`` are in
    transit again (their orders go with the bound); each version lowered by the one raised."""
    session.execute(update(Dispatch).where(
        col(Dispatch.battle_id) == battle_id, col(Dispatch.delivered_bound) == bound_number,
        col(Dispatch.delay_bounds) > 0)
        .values(fate="in-transit", delivered_bound=None,
                version_id=col(Dispatch.version_id) - 1)
        .execution_options(synchronize_session=False))
