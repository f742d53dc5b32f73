"""What the close does, or did, for each unit without an order of its own: the order table's state.

The order table says, for a unit with no order of its own this bound, what the close
will do with it (the bound open) or did (the bound closed): "continues order of
bound 2", "moved under a LIM". Told from what the close reads and writes, in one or
two set-based queries per table read, never one per unit:

- **open bound**, the campaign's setting ``continue``: the units' last executed order
  among the three bounds before (one grouping over their orders), else what the
  previous bound's close wrote ("continues its bound 1 order": the chain is
  carried from close to close); both in one ``UNION ALL``, the close's lines only
  when there are bounds older than those three. The close itself reads
  every earlier bound (:func:`desk.services.bounds.no_order.plan_without_orders`);
  where the setting changed within the last bounds, or a Battles of Waterloo unit
  moved under the LIMs in the previous bound after an order more than three
  bounds old, the two may differ: a unit then shows "no order" where the close
  continues an older order.
- **open bound** of a Battles of Waterloo turn: the units with a move recorded
  under the LIMs drawn (BOW-2 …), which the close applies whatever the setting.
- **closed bound**: the close's own journal lines ("No order for X in bound 3:
  continues its bound 2 order: …", "No written order for X …: moved under LIM 1 …").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sqlalchemy import func, literal, null, or_, union_all
from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from desk.services.bounds.close_lines import CONTINUED, CONTINUES_LIKE, MOVED_LIKE
from desk.services.bounds.no_order import EXECUTED, policy_of
from desk.services.common import core_rows
from desk.store.tables.bounds import Bound, Journal, Order

CLOSE_KIND = "close"  # desk.services.bounds.close.CLOSE (not imported: the close is heavy)
STEPS_BACK = 3  # the bounds before whose orders are read; older ones through the close's lines


@dataclass(frozen=True)
class NoOrderNotes:
    """What the close does (open bound) or did (closed) for units without their own order.

    ``continued``: unit id → the bound whose order it continues (or continued);
    ``moved``: the units moved under the LIMs (Battles of Waterloo). Read for every
    unit; the table consults it only for rows without an executed order.
    """

    continued: Mapping[int, int] = field(default_factory=dict)
    moved: frozenset[int] = frozenset()
    closed: bool = False  # the bound is closed: what happened, not what will


def no_order_notes(session: Session, *, battle_id: int, bound: Bound, policy: str | None,
                   lim_pool: bool) -> NoOrderNotes:
    """The notes for ``bound`` (see the module text)."""
    if bound.status == "closed":
        return _closed(session, bound)
    continued: dict[int, int] = {}
    if policy_of(policy) == "continue" and bound.number > 1:
        continued = _continued(session, battle_id=battle_id, number=bound.number)
    moved = _lim_moved(session, bound) if lim_pool else frozenset()
    return NoOrderNotes(continued=continued, moved=moved)


def _continued(session: Session, *, battle_id: int, number: int) -> dict[int, int]:
    recent = (sql_select(col(Order.unit_id), func.max(col(Bound.number)),
                         null().label("message"))
              .join(Bound, col(Bound.id) == col(Order.bound_id))
              .where(col(Bound.battle_id) == battle_id, col(Bound.number) < number,
                     col(Bound.number) >= number - STEPS_BACK,
                     col(Order.status).in_(EXECUTED))
              .group_by(col(Order.unit_id)))
    previous = (sql_select(col(Journal.unit_id), literal(None), col(Journal.message))
                .join(Bound, col(Bound.id) == col(Journal.bound_id))
                .where(col(Bound.battle_id) == battle_id, col(Bound.number) == number - 1,
                       col(Journal.kind) == CLOSE_KIND, col(Journal.unit_id).is_not(None),
                       col(Journal.message).like(CONTINUES_LIKE)))
    found: dict[int, int] = {}
    older: dict[int, int] = {}
    query = union_all(recent, previous) if number - 1 > STEPS_BACK else recent
    for unit_id, last, message in core_rows(session, query):
        if last is not None:
            found[unit_id] = int(last)
        elif (said := CONTINUED.search(message or "")) is not None:
            older[unit_id] = int(said[1])
    return older | found  # an order of the last bounds is newer than any the close continued


def _lim_moved(session: Session, bound: Bound) -> frozenset[int]:
    # Imported here: only a LIM system's open bound reads them, and the order table's
    # module loads with every window (the LIM tables' classes cost a start-up, issue 28).
    from desk.store.tables.lim import LimDraw, LimMove, LimPool

    return frozenset(core_rows(session, sql_select(col(LimMove.unit_id)).distinct()
                               .join(LimDraw, col(LimDraw.id) == col(LimMove.draw_id))
                               .join(LimPool, col(LimPool.id) == col(LimDraw.pool_id))
                               .where(col(LimPool.bound_id) == bound.id)).scalars())


def _closed(session: Session, bound: Bound) -> NoOrderNotes:
    continued: dict[int, int] = {}
    moved: set[int] = set()
    for unit_id, message in core_rows(session, sql_select(
            col(Journal.unit_id), col(Journal.message))
            .where(col(Journal.bound_id) == bound.id, col(Journal.kind) == CLOSE_KIND,
                   col(Journal.unit_id).is_not(None),
                   or_(col(Journal.message).like(CONTINUES_LIKE),
                       col(Journal.message).like(MOVED_LIKE)))):
        said = CONTINUED.search(message)
        if said is not None:
            continued[unit_id] = int(said[1])
        else:
            moved.add(unit_id)
    return NoOrderNotes(continued=continued, moved=frozenset(moved), closed=True)
