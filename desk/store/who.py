"""Who is at this desk: the umpire a store's sessions write as, and the stamp on each row.

A campaign may name its umpires (the ``umpire`` table, :mod:`desk.store.tables.umpires`).
The umpire of an open campaign is, in this order:

1. the name asked for at the open (``desk --umpire NAME``, the window's choice, or
   ``DESK_UMPIRE``), which must be one of the campaign's umpires when it names any;
2. on PostgreSQL, the umpire whose database role is the connection's ``current_user``;
   a role no umpire claims writes under the role's own name, as a sector umpire;
3. on a SQLite file, the campaign's chief umpire (or its only one).

A campaign that names no umpire has one nameless chief: everything works as it did
before issue 33, and the rows carry "".

Every session of the store carries that :class:`Identity` in ``session.info``; a
``before_flush`` hook stamps its name on each new journal line, event and order, and on
an order whose words, fields or status change (:func:`stamp`). The bulk writers of the
close and the end of a battle read it with :func:`umpire_of` and write it themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, attributes

from desk.store.errors import StoreError
from desk.store.tables.bounds import BoundEvent, Journal, Order

_KEY = "desk.identity"
# An order's own words: a change to any of these is a new writing of it, and its umpire's.
_ORDER_WRITTEN = ("verbatim", "fields", "status", "override_reason")


@dataclass(frozen=True)
class Identity:
    """The umpire a desk writes as: a name ("" where the campaign names none) and a role."""

    name: str
    role: str  # "chief" or "sector"
    # The campaign's umpires when none is this connection's (a PostgreSQL role no umpire
    # claims): the window asks which one is at the desk. Empty: the umpire is known.
    choices: tuple[str, ...] = ()

    @property
    def chief(self) -> bool:
        """The chief umpire reads every secret note and may take any claim over."""
        return self.role == "chief"


NOBODY = Identity(name="", role="chief")


def identify(conn: Connection, *, requested: str | None, server: bool) -> Identity:
    """The umpire of this connection's campaign (see the module text); a name asked for
    that the campaign does not know is refused with a sentence naming its umpires."""
    try:
        known = [(str(r[0]), str(r[1]), str(r[2])) for r in conn.execute(text(
            "SELECT name, role, db_role FROM umpire ORDER BY id"))]
    except DBAPIError:  # a file from before the umpires (read before its upgrade)
        known = []
    if requested:
        for name, role, _db_role in known:
            if name == requested:
                return Identity(name=name, role=role)
        if known:
            names = ", ".join(n for n, _r, _d in known)
            raise StoreError(f"This campaign has no umpire named {requested!r} (its umpires: "
                             f"{names}); add one with: desk umpires CAMPAIGN add NAME.")
        return Identity(name=requested, role="chief")
    if server:
        role_name = str(conn.execute(text("SELECT current_user")).scalar_one())
        for name, role, db_role in known:
            if db_role == role_name:
                return Identity(name=name, role=role)
        return Identity(name=role_name, role="sector" if known else "chief",
                        choices=tuple(n for n, _r, _d in known))
    chiefs = [(n, r) for n, r, _d in known if r == "chief"]
    if chiefs or known:
        name, role = (chiefs or [(known[0][0], known[0][1])])[0]
        return Identity(name=name, role=role)
    return NOBODY


def install(session: Session, identity: Identity) -> None:
    """Make ``identity`` the umpire of everything ``session`` writes."""
    session.info[_KEY] = identity


def identity_of(session: Session) -> Identity:
    """The umpire a session writes as (the nameless chief for a bare session)."""
    found = session.info.get(_KEY)
    return found if isinstance(found, Identity) else NOBODY


def umpire_of(session: Session) -> str:
    """The name a session's rows carry ("" where the campaign names no umpire)."""
    return identity_of(session).name


def _order_written(order: Order) -> bool:
    state = attributes.instance_state(order)
    return any(state.attrs[name].history.has_changes() for name in _ORDER_WRITTEN)


def stamp(session: Session, _context: Any, _instances: Any) -> None:
    """``before_flush``: the session's umpire on each new journal line, event and order,
    and on an order written anew (not on one the close only marks executed)."""
    name = umpire_of(session)
    if not name:
        return
    for row in session.new:
        if isinstance(row, Journal | BoundEvent | Order):
            row.umpire = name
    for row in session.dirty:
        if isinstance(row, Order) and _order_written(row):
            row.umpire = name
