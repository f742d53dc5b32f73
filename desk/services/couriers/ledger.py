"""The courier ledger: every dispatch with its state, what arrives next, overrides and undo."""

from __future__ import annotations

from sqlalchemy import delete
from sqlmodel import Session, col, select

from desk.i18n import _
from desk.rules.coerce import as_int, as_list
from desk.services.common import add_journal, get_battle, get_bound, open_bound
from desk.services.couriers.settings import CourierRefused
from desk.services.couriers.views import Condition, DispatchView, dispatch_views
from desk.services.versions import claim
from desk.store.tables.bounds import Bound, Order
from desk.store.tables.couriers import Dispatch
from desk.store.tables.oob import Leader, Side


def ledger(*, session: Session, battle_id: int, bound: int | None = None,
           side: str | None = None) -> list[DispatchView]:
    """The battle's dispatches (written in ``bound``; ``side``: written, received, captured)."""
    where: list[Condition] = []
    if bound is not None:
        where.append(Dispatch.bound_id == get_bound(session, battle_id, bound).id)
    views = dispatch_views(session, battle_id=battle_id, where=tuple(where))
    if side is not None:
        battle = get_battle(session, battle_id)
        names = [s.name for s in session.exec(select(Side).where(
            Side.campaign_id == battle.campaign_id))]
        if side not in names:
            raise CourierRefused(_('this campaign has no side named {side!r} (it has: {v2}).')
                                 .format(side=side, v2=', '.join(names)))
        views = [v for v in views if side in (v.writer_side, v.recipient_side, v.captor)]
    return views


def arriving(*, session: Session, battle_id: int, bound: int) -> list[DispatchView]:
    """The dispatches in transit that the close opening ``bound`` will deliver."""
    return dispatch_views(session, battle_id=battle_id, where=(
        Dispatch.fate == "in-transit", col(Dispatch.due_bound) <= bound))


def _undelivered(session: Session, dispatch_id: int, seen_version: int | None,
                 ) -> tuple[Dispatch, Bound]:
    row = session.get(Dispatch, dispatch_id)
    if row is None:
        raise CourierRefused(_('there is no dispatch number {dispatch_id}.')
                             .format(dispatch_id=dispatch_id))
    claim(session, Dispatch, row_id=dispatch_id, seen=seen_version,
          what=f"dispatch {dispatch_id}")
    session.refresh(row)
    bound = open_bound(session, get_battle(session, row.battle_id))
    return row, bound


def override_dispatch(*, session: Session, dispatch_id: int, fate: str, reason: str,
                      due_bound: int | None = None, captor: str | None = None,
                      seen_version: int | None) -> DispatchView:
    """The umpire's ruling on a dispatch not yet delivered: its fate (and due bound, captor).

    The reason is required and journalled; the rolls stay as they were recorded.
    """
    if not reason.strip():
        raise CourierRefused(_("overriding a dispatch needs the umpire's reason."))
    if fate not in ("in-transit", "lost", "captured"):
        raise CourierRefused(_("a dispatch's fate is in-transit, lost or captured, not {fate!r}.")
                             .format(fate=fate))
    row, bound = _undelivered(session, dispatch_id, seen_version)
    if row.fate == "delivered":
        raise CourierRefused(_('this dispatch was delivered: reopen the bound to change it.'))
    captor_id = None
    if fate == "captured":
        side = session.exec(select(Side).where(Side.name == (captor or ""))).first()
        if side is None:
            raise CourierRefused(_('name the side that captured it (not {captor!r}).')
                                 .format(captor=captor))
        if side.id == _writer_side(session, row):
            raise CourierRefused(_('a dispatch is captured by the enemy, not its own side.'))
        captor_id = side.id
    due = row.due_bound if due_bound is None else due_bound
    if fate == "in-transit" and due <= bound.number:
        raise CourierRefused(_('bound {due} is already open or closed: a dispatch in transit is due'
                               ' at bound {v2} or later.')
                             .format(due=due, v2=bound.number + 1))
    row.fate, row.due_bound, row.captor_side_id = fate, due, captor_id
    row.override_reason = reason.strip()
    session.add(row)
    session.flush()
    add_journal(session, battle_id=row.battle_id, bound_id=bound.id, kind="override",
                reason=reason.strip(), message=f"Umpire ruled dispatch {dispatch_id}: {fate}"
                + (f", due at bound {due}" if fate == "in-transit" else ""))
    return dispatch_views(session, battle_id=row.battle_id, where=(Dispatch.id == row.id,))[0]


def _writer_side(session: Session, row: Dispatch) -> int:
    leader = session.get(Leader, row.writer_id)
    return leader.side_id if leader else 0


def remove_dispatch(*, session: Session, dispatch_id: int, seen_version: int | None) -> None:
    """Undo the writing of a dispatch of the open bound (and the orders it made at once)."""
    row, bound = _undelivered(session, dispatch_id, seen_version)
    if row.bound_id != bound.id:
        raise CourierRefused(_('only a dispatch written in the open bound can be taken back.'))
    made = [n for i in as_list(row.rolls.get("orders")) if (n := as_int(i)) is not None]
    if made:
        session.execute(delete(Order).where(col(Order.id).in_(made))
                        .execution_options(synchronize_session=False))
    session.delete(row)
    session.flush()
    add_journal(session, battle_id=row.battle_id, bound_id=bound.id, kind="dispatch",
                message=f"Dispatch {bound.number}.{row.seq} taken back.")
