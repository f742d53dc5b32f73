"""Where units stand: the hex grid of a battle and every unit's positions (issue 18).

Kept apart from :mod:`desk.store.models` (which is at its size limit) but on the
same metadata, so Alembic and ``create_all`` see these tables too.

- ``position`` is append-only: one row per change of a unit's place, never
  overwritten. A row belongs to a bound and, for a move made under a LIM
  (Battles of Waterloo), to that ``lim_draw`` (null: the bound's start or its
  order-level position). A unit's position at a bound is its latest row at or
  before that bound: a new bound starts from the last positions. The hex is the
  scenario's own numbering ("2314"); ``x``/``y`` are map coordinates, filled
  once a map board exists (issue 20).
- ``hex_grid`` is a battle's grid as its scenario gives it: numbering range,
  which columns sit half a hex lower, road hexes, terrain per hex (JSON shaped
  by :class:`desk.rules.hexgrid.HexMap`).

No ``from __future__ import annotations`` here (SQLModel, as in models.py).
"""

from datetime import datetime
from typing import Any

from sqlalchemy import Index, UniqueConstraint
from sqlmodel import Field, SQLModel

from desk.store.columns import json_column, now, version_column

# Where a position came from: the scenario's start, an order executed at the close,
# a move recorded under an activation, or the umpire placing the unit by hand.
POSITION_SOURCES: tuple[str, ...] = ("scenario", "order", "move", "umpire")


class Position(SQLModel, table=True):
    """A unit's place from one moment on: never overwritten, a new row per change."""

    __table_args__ = (Index("ix_position_unit_bound", "unit_id", "bound_id"),)
    id: int | None = Field(default=None, primary_key=True)
    unit_id: int = Field(foreign_key="unit.id", ondelete="CASCADE")
    bound_id: int = Field(foreign_key="bound.id", index=True, ondelete="CASCADE")
    # The activation the unit moved under; an undone draw takes its moves with it.
    lim_draw_id: int | None = Field(default=None, foreign_key="lim_draw.id", index=True,
                                    ondelete="CASCADE")
    hex: str = ""  # the scenario's numbering, e.g. "2314"; "" when only x, y are known
    x: float | None = None
    y: float | None = None
    facing: int | None = None  # degrees, 0 = up the map, clockwise; None: as before
    source: str = "umpire"  # one of POSITION_SOURCES
    created_at: datetime = Field(default_factory=now)


_grid_version = version_column()


class HexGrid(SQLModel, table=True):
    """A battle's hex grid from its scenario: numbering, offset, roads, terrain."""

    __tablename__ = "hex_grid"
    __table_args__ = (UniqueConstraint("battle_id"),)
    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="battle.id", index=True, ondelete="CASCADE")
    grid: dict[str, Any] = Field(default_factory=dict, sa_column=json_column())
    version_id: int | None = Field(default=None, sa_column=_grid_version)
    __mapper_args__ = {"version_id_col": _grid_version}
