"""Bounds and what each holds: orders, one unit state per unit per bound (never
overwritten), events, and the append-only journal.

Every table an umpire edits carries an optimistic ``version_id`` column, so a
second umpire's stale edit raises ``StaleDataError`` instead of silently
overwriting (SQLAlchemy's ``version_id_col`` needs the very Column object, one per
table, hence :func:`~desk.store.columns.version_column`). Rules-specific data
(order fields, state details, findings) is JSON shaped by the rules system.

No ``from __future__ import annotations`` here: it breaks SQLModel's
relationship resolution.
"""

from datetime import datetime
from typing import ClassVar

from sqlalchemy import UniqueConstraint
from sqlmodel import Field

from desk.store.columns import DeskTable, json_column, now, version_column

# The tables its foreign keys name, loaded with it: a write needs them (see the package).
from desk.store.tables import campaign, oob  # noqa: F401

_bound_version = version_column()


class Bound(DeskTable, table=True):
    """One bound (game turn) of a battle: number, game time, open or closed."""

    __table_args__ = (UniqueConstraint("battle_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="battle.id", index=True, ondelete="CASCADE")
    number: int
    game_time: str = ""
    status: str = "open"  # open, closed
    closed_at: datetime | None = None
    # 128 bits as 32 hex digits: every roll the desk makes in this bound (desk/services/rolls.py).
    seed: str = Field(default="", sa_column_kwargs={"server_default": ""})
    version_id: int | None = Field(default=None, sa_column=_bound_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _bound_version}


_order_version = version_column()


class Order(DeskTable, table=True):
    """A unit's order for one bound: as written, as completed, with its findings."""

    __tablename__ = "unit_order"  # ORDER is an SQL keyword
    __table_args__ = (UniqueConstraint("bound_id", "unit_id"),)
    id: int | None = Field(default=None, primary_key=True)
    bound_id: int = Field(foreign_key="bound.id", index=True, ondelete="CASCADE")
    unit_id: int = Field(foreign_key="unit.id", index=True, ondelete="CASCADE")
    verbatim: str = ""
    fields: dict[str, object] = Field(default_factory=dict, sa_column=json_column())
    completed: dict[str, object] = Field(default_factory=dict, sa_column=json_column())
    defaulted: list[str] = Field(default_factory=list, sa_column=json_column())
    findings: list[dict[str, object]] = Field(default_factory=list, sa_column=json_column())
    status: str = "draft"  # draft, accepted, overruled, cancelled
    override_reason: str = ""
    source: str = "desk"  # desk, form (imported from a filled PDF)
    # The umpire who last wrote it (issue 33; stamped by desk.store.who, "" before then).
    umpire: str = Field(default="", sa_column_kwargs={"server_default": ""})
    updated_at: datetime = Field(default_factory=now)
    version_id: int | None = Field(default=None, sa_column=_order_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _order_version}


_state_version = version_column()


class UnitState(DeskTable, table=True):
    """A unit's state at the start of one bound. One row per unit per bound."""

    __tablename__ = "unit_state"
    __table_args__ = (UniqueConstraint("bound_id", "unit_id"),)
    id: int | None = Field(default=None, primary_key=True)
    bound_id: int = Field(foreign_key="bound.id", index=True, ondelete="CASCADE")
    unit_id: int = Field(foreign_key="unit.id", index=True, ondelete="CASCADE")
    formation: str = ""
    disorder: str = "none"
    strength: int = 0
    data: dict[str, object] = Field(default_factory=dict, sa_column=json_column())
    version_id: int | None = Field(default=None, sa_column=_state_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _state_version}


class BoundEvent(DeskTable, table=True):
    """An in-bound event the umpire recorded against a unit (charge stopped, became LD ...)."""

    __tablename__ = "bound_event"
    id: int | None = Field(default=None, primary_key=True)
    bound_id: int = Field(foreign_key="bound.id", index=True, ondelete="CASCADE")
    unit_id: int = Field(foreign_key="unit.id", index=True, ondelete="CASCADE")
    kind: str
    data: dict[str, object] = Field(default_factory=dict, sa_column=json_column())
    umpire: str = Field(default="", sa_column_kwargs={"server_default": ""})  # who recorded it
    created_at: datetime = Field(default_factory=now)


class Journal(DeskTable, table=True):
    """Append-only: what happened, to which unit, in which bound, and why."""

    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="battle.id", index=True, ondelete="CASCADE")
    bound_id: int | None = Field(default=None, foreign_key="bound.id", index=True,
                                 ondelete="CASCADE")
    unit_id: int | None = Field(default=None, foreign_key="unit.id", index=True,
                                ondelete="CASCADE")
    kind: str  # order, override, event, close, reopen, lim, import ...
    message: str
    reason: str = ""
    clause: str = ""
    umpire: str = Field(default="", sa_column_kwargs={"server_default": ""})  # whose act
    created_at: datetime = Field(default_factory=now)
