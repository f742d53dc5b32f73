"""Where leaders stand, and which enemy leaders a side saw (issue 20: leaders on the map).

Most leaders of an order of battle have no staff unit (a ``unit`` row of arm
``staff``), yet where they stand matters: command range, couriers. They get
their own positions, kept exactly as units' are (:mod:`desk.store.tables.positions`):

- ``leader_position`` is append-only: one row per change of a leader's place,
  never overwritten; his position at a bound is his latest row at or before
  it. ``facing`` in degrees (0 = up the map, clockwise), null: as before.
- ``leader_seen``: the umpire's mark that a side saw an enemy leader in a
  bound (as ``unit_seen`` for units); a side's view shows an enemy leader only
  where such a mark exists.

A table of their own rather than a nullable ``leader_id`` in ``position``:
``position.unit_id`` stays NOT NULL (every reader of unit positions keeps its
types), and no existing table is rebuilt by the migration (NOTES.md's SQLite
batch trap). Registered by :mod:`desk.store.tables` (one metadata).

No ``from __future__ import annotations`` (SQLModel relationship resolution).
"""

from datetime import datetime

from sqlalchemy import Index, UniqueConstraint
from sqlmodel import Field

from desk.store.columns import DeskTable, now

# The tables its foreign keys name, loaded with it: a write needs them (see the package).
from desk.store.tables import bounds, oob  # noqa: F401


class LeaderPosition(DeskTable, table=True):
    """A leader's place from one moment on: never overwritten, a new row per change."""

    __tablename__ = "leader_position"
    __table_args__ = (Index("ix_leader_position_leader_bound", "leader_id", "bound_id"),)
    id: int | None = Field(default=None, primary_key=True)
    leader_id: int = Field(foreign_key="leader.id", ondelete="CASCADE")
    bound_id: int = Field(foreign_key="bound.id", index=True, ondelete="CASCADE")
    hex: str = ""  # the scenario's numbering; "" when only x, y are known
    x: float | None = None
    y: float | None = None
    facing: int | None = None  # degrees, 0 = up the map, clockwise; None: as before
    source: str = "umpire"  # one of desk.store.tables.positions.POSITION_SOURCES
    created_at: datetime = Field(default_factory=now)


class LeaderSeen(DeskTable, table=True):
    """A side saw this (enemy) leader in this bound: the umpire's mark, never inferred."""

    __tablename__ = "leader_seen"
    __table_args__ = (UniqueConstraint("leader_id", "side_id", "bound_id"),)
    id: int | None = Field(default=None, primary_key=True)
    leader_id: int = Field(foreign_key="leader.id", index=True, ondelete="CASCADE")
    side_id: int = Field(foreign_key="side.id", index=True, ondelete="CASCADE")
    bound_id: int = Field(foreign_key="bound.id", index=True, ondelete="CASCADE")
    created_at: datetime = Field(default_factory=now)
