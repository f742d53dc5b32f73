"""Where units stand: the hex grid of a battle and every unit's positions (issue 18).

Registered on the one metadata by :mod:`desk.store.tables`, so Alembic and
``create_all`` see these tables too.

- ``position`` is append-only: one row per change of a unit's place, never
  overwritten. A row belongs to a bound and, for a move made under a LIM
  (Battles of Waterloo), to that ``lim_draw`` (null: the bound's start or its
  order-level position). A unit's position at a bound is its latest row at or
  before that bound: a new bound starts from the last positions. The hex is the
  scenario's own numbering ("2314"); ``x``/``y`` are map coordinates, filled
  once a map board exists (issue 20).
- Its indexes (revision 0012, issue 20's "100 bytes per unit and bound"): one
  composite ``(bound_id, unit_id)`` serves every read: a battle's positions up
  to a bound (bound by bound, each bound's rows in unit order), a unit's
  position (one probe per bound of the battle), the undo check, the close's and
  a reopen's work on one bound, and the bound's ON DELETE CASCADE. The former
  ``(unit_id, bound_id)`` and ``bound_id`` indexes cost ~22 bytes a row
  together. No index leads with ``unit_id`` any more: the desk never deletes a
  unit (a deleted unit's cascade would read the whole table). ``lim_draw_id``
  is null on nearly every row (only Battles of Waterloo's LIM moves fill it),
  so its index is partial: it holds the rows that have one, and still serves
  the undone draw's cascade and ``lim_draw_id IN (...)`` (both imply IS NOT
  NULL, which SQLite and PostgreSQL both use to pick a partial index).
- Its ``created_at`` is written to the second on SQLite ("2026-12-01 05:52:15",
  19 characters instead of the default 26 with ".000000"): the desk's times are
  to the second anyway (:func:`desk.store.columns.now`), the column's declared
  type is unchanged, and older rows with microseconds read as before.
- ``hex_grid`` is a battle's grid as its scenario gives it: numbering range,
  which columns sit half a hex lower, road hexes, terrain per hex (JSON shaped
  by :class:`desk.rules.hexgrid.HexMap`).

No ``from __future__ import annotations`` here (SQLModel, as in models.py).
"""

from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import Column, Dialect, Index, UniqueConstraint, text
from sqlalchemy.dialects import sqlite
from sqlalchemy.types import TypeEngine
from sqlmodel import Field
from sqlmodel.sql.sqltypes import UTCDateTime

from desk.store.columns import DeskTable, json_column, now, version_column

# The tables its foreign keys name, loaded with it: a write needs them (see the package).
from desk.store.tables import bounds, campaign, lim, oob  # noqa: F401

# Where a position came from: the scenario's start, an order executed at the close,
# a move recorded under an activation, or the umpire placing the unit by hand.
POSITION_SOURCES: tuple[str, ...] = ("scenario", "order", "move", "umpire")
_TO_THE_SECOND = "%(year)04d-%(month)02d-%(day)02d %(hour)02d:%(minute)02d:%(second)02d"


class SecondsDateTime(UTCDateTime):
    """SQLModel's aware UTC datetime, written to the second on SQLite (7 bytes a row less)."""

    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        """SQLite's DATETIME without microseconds; every other database as SQLModel has it."""
        if dialect.name == "sqlite":
            return dialect.type_descriptor(
                sqlite.DATETIME(storage_format=_TO_THE_SECOND))  # type: ignore[no-untyped-call]
        return super().load_dialect_impl(dialect)


# The partial index's condition. Revision 0012 creates it on SQLite and PostgreSQL alike;
# the model names SQLite's only: naming a dialect's option makes SQLAlchemy import that
# dialect, and PostgreSQL's (with all its drivers) cost every start-up 60-85 ms (CPU, on
# a busy machine) for a line no DDL is made from (Alembic does not compare an index's
# condition; issue 28).
_WITH_DRAW = text("lim_draw_id IS NOT NULL")


class Position(DeskTable, table=True):
    """A unit's place from one moment on: never overwritten, a new row per change."""

    __table_args__ = (Index("ix_position_bound_unit", "bound_id", "unit_id"),
                      Index("ix_position_lim_draw_id", "lim_draw_id", sqlite_where=_WITH_DRAW))
    id: int | None = Field(default=None, primary_key=True)
    unit_id: int = Field(foreign_key="unit.id", ondelete="CASCADE")
    bound_id: int = Field(foreign_key="bound.id", ondelete="CASCADE")
    # The activation the unit moved under; an undone draw takes its moves with it.
    lim_draw_id: int | None = Field(default=None, foreign_key="lim_draw.id",
                                    ondelete="CASCADE")
    hex: str = ""  # the scenario's numbering, e.g. "2314"; "" when only x, y are known
    x: float | None = None
    y: float | None = None
    facing: int | None = None  # degrees, 0 = up the map, clockwise; None: as before
    source: str = "umpire"  # one of POSITION_SOURCES
    created_at: datetime = Field(default_factory=now,
                                 sa_column=Column(SecondsDateTime(), nullable=False))


_grid_version = version_column()


class HexGrid(DeskTable, table=True):
    """A battle's hex grid from its scenario: numbering, offset, roads, terrain."""

    __tablename__ = "hex_grid"
    __table_args__ = (UniqueConstraint("battle_id"),)
    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="battle.id", index=True, ondelete="CASCADE")
    grid: dict[str, object] = Field(default_factory=dict, sa_column=json_column())
    version_id: int | None = Field(default=None, sa_column=_grid_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _grid_version}
