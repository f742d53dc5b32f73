"""The tables of the LIM cup (Battles of Waterloo): each turn's pool, its draws, the moves.

Registered on the one metadata by :mod:`desk.store.tables`, so Alembic and
``create_all`` see these tables too.

- ``lim_pool``: one turn's pool and its state (the chits, draws, activations);
- ``lim_draw``: one LIM drawn, in draw order, with any activation roll;
- ``lim_move``: one unit's move under one activation, checked and recorded.

No ``from __future__ import annotations`` (SQLModel relationship resolution).
"""

from datetime import datetime
from typing import ClassVar

from sqlalchemy import UniqueConstraint
from sqlmodel import Field

from desk.store.columns import DeskTable, json_column, now, version_column

# The tables its foreign keys name, loaded with it: a write needs them (see the package).
from desk.store.tables import bounds, oob  # noqa: F401

_lim_pool_version = version_column()


class LimPool(DeskTable, table=True):
    """The LIM pool of one turn (Battles of Waterloo), with the seed that orders it."""

    __tablename__ = "lim_pool"
    __table_args__ = (UniqueConstraint("bound_id"),)
    id: int | None = Field(default=None, primary_key=True)
    bound_id: int = Field(foreign_key="bound.id", index=True, ondelete="CASCADE")
    seed: int = 0
    chits: list[str] = Field(default_factory=list, sa_column=json_column())
    first_lim: str = ""  # the initiative winner's chosen first LIM
    state: dict[str, object] = Field(default_factory=dict, sa_column=json_column())
    version_id: int | None = Field(default=None, sa_column=_lim_pool_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _lim_pool_version}


class LimDraw(DeskTable, table=True):
    """One LIM drawn from the pool, in draw order, with any activation roll."""

    __tablename__ = "lim_draw"
    __table_args__ = (UniqueConstraint("pool_id", "seq"),)
    id: int | None = Field(default=None, primary_key=True)
    pool_id: int = Field(foreign_key="lim_pool.id", index=True, ondelete="CASCADE")
    seq: int
    lim: str
    command_id: int | None = Field(default=None, foreign_key="command.id", ondelete="SET NULL")
    orders_option: str = ""  # move-unit, activate-command, move-leaders
    roll: int | None = None
    rating: int | None = None
    success: bool | None = None
    note: str = ""


class LimMove(DeskTable, table=True):
    """One unit's move under one activation (a LIM drawn, or a No LIM roll), as recorded.

    Checked against that activation's LIM and the Movement & Command row it
    selects, never a later draw; an error finding stands only with the umpire's reason.
    """

    __tablename__ = "lim_move"
    id: int | None = Field(default=None, primary_key=True)
    draw_id: int = Field(foreign_key="lim_draw.id", index=True, ondelete="CASCADE")
    unit_id: int = Field(foreign_key="unit.id", index=True, ondelete="CASCADE")
    movement: str  # a Battles of Waterloo movement type (unrestricted-strategic …)
    destination_hex: str = ""
    path_hexes: list[str] = Field(default_factory=list, sa_column=json_column())
    row: str = ""  # the table row it moved under (BOW-2 …), empty when refused and overruled
    findings: list[dict[str, object]] = Field(default_factory=list, sa_column=json_column())
    status: str = "accepted"  # accepted, overruled
    override_reason: str = ""
    created_at: datetime = Field(default_factory=now)
