"""The window's undo of an order: the order as stored (a snapshot), and putting it back.

An order written by mistake is put back exactly as it was (or removed when
there was none), and the journal says so. :func:`restore_order` takes the
order's version as the caller last knew it and refuses (ConcurrentChangeError)
when another umpire changed the order since (see :mod:`desk.services.versions`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlmodel import Session, select

from desk.services.common import (
    add_journal,
    get_battle,
    get_unit,
    open_bound,
)
from desk.services.umpires.guard import refuse_if_claimed
from desk.services.versions import claim, inserted, refuse_unseen
from desk.store.tables.bounds import Order


@dataclass(frozen=True)
class OrderSnapshot:
    """An order's stored values, to put back on undo."""

    verbatim: str
    fields: Mapping[str, object]
    completed: Mapping[str, object]
    defaulted: tuple[str, ...]
    findings: tuple[Mapping[str, object], ...]
    status: str
    override_reason: str
    source: str
    version: int | None = None  # the order row's version when the snapshot was taken


def order_snapshot(*, session: Session, battle_id: int, unit_id: int) -> OrderSnapshot | None:
    """The unit's order in the open bound as stored now (None: it has none)."""
    bound = open_bound(session, get_battle(session, battle_id))
    order = session.exec(select(Order).where(Order.bound_id == bound.id,
                                             Order.unit_id == unit_id)).first()
    if order is None:
        return None
    return OrderSnapshot(
        verbatim=order.verbatim, fields=dict(order.fields), completed=dict(order.completed),
        defaulted=tuple(order.defaulted), findings=tuple(dict(f) for f in order.findings),
        status=order.status, override_reason=order.override_reason, source=order.source,
        version=order.version_id,
    )


def restore_order(*, session: Session, battle_id: int, unit_id: int,
                  snapshot: OrderSnapshot | None, seen_version: int | None) -> int | None:
    """Put the unit's order in the open bound back as ``snapshot`` (None: remove it); undo.

    ``seen_version``: the order's version as the caller last knew it (None: no
    order). Returns the order's version afterwards (None: removed).
    """
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    unit = get_unit(session, unit_id)
    refuse_if_claimed(session=session, battle_id=battle_id, unit_id=unit_id)
    order = session.exec(select(Order).where(Order.bound_id == bound.id,
                                             Order.unit_id == unit_id)).first()
    what = f"{unit.name}'s order"
    refuse_unseen(order, seen=seen_version, what=what)
    if order is not None:
        claim(session, Order, row_id=order.id or 0, seen=seen_version, what=what)
    if snapshot is None:
        if order is not None:
            session.delete(order)
        message = f"Order for {unit.name} undone: the unit has no order again."
    else:
        order = order or Order(bound_id=bound.id or 0, unit_id=unit_id)
        order.verbatim, order.fields = snapshot.verbatim, dict(snapshot.fields)
        order.completed, order.defaulted = dict(snapshot.completed), list(snapshot.defaulted)
        order.findings = [dict(f) for f in snapshot.findings]
        order.status, order.override_reason = snapshot.status, snapshot.override_reason
        order.source = snapshot.source
        session.add(order)
        message = f"Order for {unit.name} put back as it was ({snapshot.status})."
    add_journal(session, battle_id=battle_id, bound_id=bound.id, unit_id=unit_id, kind="order",
                message=message, reason="undo")
    with inserted(what):
        session.flush()
    return None if snapshot is None or order is None else order.version_id
