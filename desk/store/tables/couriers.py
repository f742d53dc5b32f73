"""Dispatches and the couriers that carry them (issue 21).

Registered on the one metadata by :mod:`desk.store.tables`, so Alembic and
``create_all`` see these tables too.

- ``dispatch``: an order or message a leader writes to a subordinate command
  or unit in one bound, with its route, the delay and rolls that decided its
  fate (in-transit, delivered, lost, captured) and the bound it is due. The
  rolls are kept so anyone holding the bound's seed can check them
  (desk/services/rolls.py); an umpire's override keeps its reason.
- ``courier_settings``: a campaign's courier preset (scale) and overrides.

No ``from __future__ import annotations`` here (SQLModel, as in models.py).
"""

from datetime import datetime
from typing import ClassVar

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field

from desk.store.columns import DeskTable, json_column, now, version_column

# The tables its foreign keys name, loaded with it: a write needs them (see the package).
from desk.store.tables import bounds, campaign, oob  # noqa: F401

# What became of a dispatch. In transit: riding, due at ``due_bound``.
DISPATCH_FATES: tuple[str, ...] = ("in-transit", "delivered", "lost", "captured")
DISPATCH_ROUTES: tuple[str, ...] = ("direct", "chain")

_dispatch_version = version_column()


class Dispatch(DeskTable, table=True):
    """An order or message from a leader to a subordinate command or unit, and its fate."""

    __table_args__ = (UniqueConstraint("bound_id", "seq"),)
    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="battle.id", index=True, ondelete="CASCADE")
    bound_id: int = Field(foreign_key="bound.id", index=True, ondelete="CASCADE")
    seq: int  # its number among the bound's dispatches: names its rolls
    writer_id: int = Field(foreign_key="leader.id", index=True, ondelete="CASCADE")
    writer_command_id: int = Field(foreign_key="command.id", ondelete="CASCADE")
    to_command_id: int | None = Field(default=None, foreign_key="command.id",
                                      ondelete="CASCADE")
    to_unit_id: int | None = Field(default=None, foreign_key="unit.id", ondelete="CASCADE")
    game_time: str = ""  # the game clock when written
    kind: str = "order"  # order, message
    text: str = ""
    fields: dict[str, object] = Field(default_factory=dict, sa_column=json_column())
    route: str = "direct"  # direct, chain (down the chain through the headquarters between)
    via: list[int] = Field(default_factory=list, sa_column=json_column())  # command ids
    distance: float | None = None  # None: no positions, the umpire gave the delay
    delay_bounds: int = 0  # 0: received at once (within reach)
    due_bound: int = 0  # the bound number it takes effect from
    fate: str = "in-transit"  # one of DISPATCH_FATES
    captor_side_id: int | None = Field(default=None, foreign_key="side.id",
                                       ondelete="SET NULL")
    rolls: dict[str, object] = Field(default_factory=dict, sa_column=json_column())
    delivered_bound: int | None = None  # the bound number whose orders it became
    override_reason: str = ""
    # What the writer's headquarters knew of the enemy, carried with it (issue 31): empty
    # when it carries none. Apart from ``fields``, which a delivered order is read from.
    news: dict[str, object] = Field(default_factory=dict,
                                    sa_column=Column(
        JSON, nullable=False, server_default="{}"))
    created_at: datetime = Field(default_factory=now)
    version_id: int | None = Field(default=None, sa_column=_dispatch_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _dispatch_version}


_courier_version = version_column()


class CourierSettings(DeskTable, table=True):
    """A campaign's courier preset (scale) and the numbers it overrides."""

    __tablename__ = "courier_settings"
    __table_args__ = (UniqueConstraint("campaign_id"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    scale: str = ""
    overrides: dict[str, object] = Field(default_factory=dict, sa_column=json_column())
    version_id: int | None = Field(default=None, sa_column=_courier_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _courier_version}
