"""Reopening the last closed bound: the database as it was before that close, exactly.

What a close of bound *n* wrote is removed and nothing else is touched: bound
*n + 1* with its unit_state rows and LIM pool, the journal lines the close wrote
(kind ``close`` on bound *n*), the crossings it started; crossings it completed
are in progress again (each row a close updated has its version lowered by the
one the close raised it by); bound *n* is open and the battle's current bound is *n*.
An earlier bound cannot be reopened before the later ones. If the umpire has
already worked in bound *n + 1* (orders, events, LIM draws), the reopen is
refused unless ``discard_next`` says to throw that work away, and then the
campaign is backed up first, as before a close (nothing recorded at the table
is lost without a backup holding it).

No journal line records the reopen itself: "exactly as before" is the promise
(the backup taken before the close still holds the closed state). A reopen
that discards nothing takes no backup: what it removes, the close wrote, and
closing again writes it again.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import ColumnElement, delete, func, update
from sqlmodel import Session, col, select

from desk.services.bounds.close import CLOSE, _guarded
from desk.services.campaign.backups import backup_before_discarding
from desk.services.common import get_battle, get_bound
from desk.services.condition.reinforcements import take_back_arrivals
from desk.services.couriers.batch import DISPATCH_SOURCE
from desk.services.couriers.deliver import undeliver
from desk.services.dto import ReopenReport
from desk.services.errors import ReopenRefused
from desk.services.knowledge.reports import withdraw_reports
from desk.services.positions.grid import discard_bound_positions, discard_order_moves
from desk.store.columns import DeskTable
from desk.store.tables.bounds import Bound, BoundEvent, Journal, Order, UnitState
from desk.store.tables.campaign import Battle
from desk.store.tables.couriers import Dispatch
from desk.store.tables.lim import LimDraw, LimMove, LimPool
from desk.store.tables.positions import Position
from desk.store.tables.terrain import Crossing

_NO_SYNC: dict[str, object] = {"synchronize_session": False}


def _count(session: Session, model: type[DeskTable],
           *where: ColumnElement[bool] | bool) -> int:
    return int(session.exec(select(func.count()).select_from(model).where(*where)).one())


def _work_in(session: Session, bound: Bound) -> list[str]:
    """What the umpire has already done in ``bound`` (which a reopen would discard)."""
    pools = [p.id for p in session.exec(select(LimPool).where(LimPool.bound_id == bound.id))]
    found = []
    # Orders a close delivered by dispatch are the close's own work, taken back with it.
    orders = _count(session, Order, col(Order.bound_id) == bound.id,
                    col(Order.source) != DISPATCH_SOURCE)
    dispatches = _count(session, Dispatch, col(Dispatch.bound_id) == bound.id)
    events = _count(session, BoundEvent, col(BoundEvent.bound_id) == bound.id)
    draws = _count(session, LimDraw, col(LimDraw.pool_id).in_(pools)) if pools else 0
    placed = _count(session, Position, col(Position.bound_id) == bound.id)
    for n, what in ((orders, "order"), (events, "event"), (draws, "LIM draw"),
                    (placed, "position"), (dispatches, "dispatch")):
        if n:
            found.append(f"{n} {what}{('es' if what.endswith('ch') else 's') if n > 1 else ''}")
    return found


def reopen_bound(*, session: Session, battle_id: int, bound: int | None = None,
                 discard_next: bool = False, backup: bool = True,
                 backup_dir: Path | None = None) -> ReopenReport:
    """Reopen the last closed bound (``bound`` defaults to it), undoing its close exactly.

    Work already done in the next bound is discarded only with ``discard_next``,
    after a backup (``backup=False`` skips it, as for :func:`close_bound`).
    """
    battle = get_battle(session, battle_id)
    if battle.status != "open":  # its aftermath is in the campaign order of battle
        raise ReopenRefused(f"the battle {battle.name} has ended: its bounds can no longer "
                            "be reopened")
    current = get_bound(session, battle_id, battle.current_bound)
    last = battle.current_bound - 1
    if last < 1:
        raise ReopenRefused("no bound of this battle has been closed yet")
    if bound is not None and bound != last:
        if bound > last:
            raise ReopenRefused(f"bound {bound} is not closed")
        raise ReopenRefused(f"only the last closed bound, {last}, can be reopened: reopen "
                            f"bounds {last} down to {bound + 1} first")
    closed = get_bound(session, battle_id, last)
    work = _work_in(session, current)
    if work and not discard_next:
        raise ReopenRefused(f"bound {current.number} already has {', '.join(work)}: reopening "
                            f"bound {last} would discard them")
    saved = None
    if work and backup:
        saved = backup_before_discarding(
            session=session, reason=f"before-reopen-{last}",
            doing=f"reopening bound {last} (discarding bound {current.number}'s "
                  f"{', '.join(work)})",
            refused="so nothing was discarded", backup_dir=backup_dir)
    undeliver(session, battle_id=battle_id, bound_number=current.number)
    withdraw_reports(session=session, bound_id=closed.id or 0)  # the close's reports
    discard_bound_positions(session, bound_id=current.id or 0)
    discard_order_moves(session, bound_id=closed.id or 0)  # what the close recorded
    pools = [p.id for p in session.exec(select(LimPool).where(LimPool.bound_id == current.id))]
    if pools:
        draws = select(LimDraw.id).where(col(LimDraw.pool_id).in_(pools))
        session.execute(delete(LimMove).where(col(LimMove.draw_id).in_(draws))
                        .execution_options(**_NO_SYNC))
        session.execute(delete(LimDraw).where(col(LimDraw.pool_id).in_(pools))
                        .execution_options(**_NO_SYNC))
    for model, column in ((LimPool, LimPool.bound_id), (Order, Order.bound_id),
                          (BoundEvent, BoundEvent.bound_id)):
        session.execute(delete(model).where(col(column) == current.id)
                        .execution_options(**_NO_SYNC))
    states = session.execute(delete(UnitState).where(col(UnitState.bound_id) == current.id)
                             .execution_options(**_NO_SYNC))
    written_by_close = (col(Journal.bound_id) == closed.id) & (col(Journal.kind) == CLOSE)
    journal = session.execute(
        delete(Journal).where((col(Journal.bound_id) == current.id) | written_by_close)
        .execution_options(**_NO_SYNC))
    session.execute(delete(Crossing).where(col(Crossing.started_bound_id) == closed.id)
                    .execution_options(**_NO_SYNC))
    session.execute(update(Crossing).where(col(Crossing.completed_bound_id) == closed.id)
                    .values(completed_bound_id=None, status="in-progress",
                            version_id=col(Crossing.version_id) - 1)
                    .execution_options(**_NO_SYNC))
    take_back_arrivals(session=session, battle_id=battle_id, bound=current.number)
    session.execute(delete(Bound).where(col(Bound.id) == current.id)
                    .execution_options(**_NO_SYNC))
    _guarded(session, update(Bound).where(col(Bound.id) == closed.id,
                                          col(Bound.status) == "closed")
             .values(status="open", closed_at=None, version_id=col(Bound.version_id) - 1)
             .execution_options(**_NO_SYNC),
             f"bound {last}")
    _guarded(session, update(Battle).where(col(Battle.id) == battle_id,
                                           col(Battle.current_bound) == last + 1)
             .values(current_bound=last, version_id=col(Battle.version_id) - 1)
             .execution_options(**_NO_SYNC),
             f"the battle {battle.name}")
    session.expire_all()  # the ORM's copies of what was just changed underneath it
    return ReopenReport(battle_id=battle_id, reopened_bound=last,
                        removed_states=int(getattr(states, "rowcount", 0)),
                        removed_journal=int(getattr(journal, "rowcount", 0)),
                        backup=saved.path if saved else None)
