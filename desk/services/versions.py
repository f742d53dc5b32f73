"""Conflict detection for every write of recorded play: the caller says which version it saw.

A write of recorded play (an order, an in-bound event, a LIM step, their
undo) takes ``seen_version``: the ``version_id`` of the row that stands for
what the caller was shown (None: "I saw no such row"). The write refuses with
:class:`~desk.services.errors.ConcurrentChangeError` when that row changed
since, and nothing is written. Which row stands for what:

- an order: its ``unit_order`` row (None: the unit had no order in the open bound);
- an in-bound event (recorded or struck out): the unit's ``unit_state`` row of
  the open bound, whose version each event raises by one (the state *now* is
  that row plus the events, so its version says "the events I saw");
- a LIM step (build, draw, Orders option, roll, idle, their undo): the open
  bound's ``lim_pool`` row (None: no pool yet). A pool built again over an
  undrawn one takes the old row's version plus one, so a version is not
  reused for a different pool of the same bound.

The mechanism, the same on SQLite and PostgreSQL, is a guarded UPDATE
(:func:`claim`): ``UPDATE … SET version_id = version_id [+ 1] WHERE id = :id
AND version_id = :seen`` and its row count checked. On PostgreSQL at READ
COMMITTED a read-then-compare in Python is not enough (a second desk can
commit between the read and the write); the UPDATE takes the row's lock, and a
transaction that waited for another's lock re-evaluates its WHERE on the row
as committed, so a changed version matches nothing and the write is refused.
The lock is held to the end of the transaction, so the ORM's own UPDATE that
follows (``version_id_col`` raises the version) cannot be overtaken either.
On SQLite every write transaction starts with BEGIN IMMEDIATE, so writers run
one after the other and the same statement sees the committed row.

"No row seen" is decided by the table's unique constraint (one order per
unit per bound, one pool per bound): the second INSERT fails and
:func:`inserted` turns the IntegrityError into the same conflict error.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import CursorResult, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from desk.services.common import get_battle, get_bound
from desk.services.errors import ConcurrentChangeError
from desk.store.tables.bounds import Order, UnitState


def claim(session: Session, model: Any, *, row_id: int, seen: int | None, what: str,
          bump: bool = False) -> int:
    """Lock row ``row_id`` of ``model`` if its version is still ``seen``; its version now.

    ``bump`` raises the version by one (for a write that changes no column of
    the row itself, such as an event recorded against a unit's state).
    """
    if seen is None:
        raise ConcurrentChangeError(f"{what} was written by someone else meanwhile: "
                                    "reload to see it")
    version = col(model.version_id)
    result = session.execute(
        update(model).where(col(model.id) == row_id, version == seen)
        .values(version_id=version + 1 if bump else version)
        .execution_options(synchronize_session="fetch"))
    if not isinstance(result, CursorResult) or result.rowcount != 1:
        raise ConcurrentChangeError(f"{what} was changed by someone else meanwhile: "
                                    "reload to see it")
    return seen + 1 if bump else seen


def refuse_unseen(row: object, *, seen: int | None, what: str) -> None:
    """The caller saw no row (``seen`` None) and one exists, or the reverse: refuse."""
    if (row is None) != (seen is None):
        word = "written" if row is not None else "removed"
        raise ConcurrentChangeError(f"{what} was {word} by someone else meanwhile: "
                                    "reload to see it")


@contextmanager
def inserted(what: str) -> Iterator[None]:
    """Flush an INSERT the caller made believing no row existed; a unique clash is a conflict."""
    try:
        yield
    except IntegrityError as exc:
        if "unique" not in str(exc.orig).lower() and \
                getattr(exc.orig, "sqlstate", None) != "23505":
            raise
        raise ConcurrentChangeError(f"{what} was written by someone else meanwhile: "
                                    "reload to see it") from exc


def order_version(*, session: Session, battle_id: int, unit_id: int) -> int | None:
    """The version of a unit's order in the battle's current bound (None: it has none).

    For a script that writes without a screen: read the version, then pass it on.
    """
    order = session.exec(select(Order).where(Order.bound_id == _current(session, battle_id),
                                             Order.unit_id == unit_id)).first()
    return None if order is None else order.version_id


def state_version(*, session: Session, battle_id: int, unit_id: int) -> int | None:
    """The version of a unit's state row in the current bound (an event write's seen_version)."""
    row = session.exec(select(UnitState).where(UnitState.bound_id == _current(session, battle_id),
                                               UnitState.unit_id == unit_id)).first()
    return None if row is None else row.version_id


def pool_version(*, session: Session, battle_id: int) -> int | None:
    """The version of the current bound's LIM pool row (None: it has none)."""
    # Imported here: the window imports this module, and only a LIM system reads the pool
    # (the LIM tables load with their first reader, issue 28).
    from desk.store.tables.lim import LimPool

    row = session.exec(select(LimPool).where(
        LimPool.bound_id == _current(session, battle_id))).first()
    return None if row is None else row.version_id


def _current(session: Session, battle_id: int) -> int:
    battle = get_battle(session, battle_id)
    return get_bound(session, battle_id, battle.current_bound).id or 0
