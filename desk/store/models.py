"""The campaign's tables (SQLModel): the core ones here, groups in modules of their own.

The core: campaign, battle, sides, leaders, commands, units, bounds, orders, unit
states, events and the journal. The couriers', the map board's, play by mail's, the
LIM cup's, the terrain's and the reinforcements' tables live in their own modules,
imported here (so every table registers on :data:`metadata`) and re-exported, so
``from desk.store.models import X`` works for every table.

Conventions:
- every table an umpire edits carries an optimistic ``version_id`` column, so a
  second umpire's stale edit raises ``StaleDataError`` instead of silently
  overwriting (SQLAlchemy's ``version_id_col`` needs the very Column object, one
  per table, hence :func:`_version_column`);
- rules-specific data (order fields, unit state details, findings) is JSON,
  shaped by the rules system's :class:`~desk.rules.base.RulesSystem`;
- ``unit_state`` is one row per unit per bound and is never overwritten;
  ``journal`` is append-only.

No ``from __future__ import annotations`` here: it breaks SQLModel's
relationship resolution.
"""

import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, MetaData, UniqueConstraint
from sqlmodel import Field, SQLModel

from desk.store.columns import NAMING_CONVENTION as NAMING_CONVENTION
from desk.store.columns import json_column, now, version_column
from desk.store.couriers import CourierSettings as CourierSettings  # same metadata
from desk.store.couriers import Dispatch as Dispatch
from desk.store.hexmap import HexGrid as HexGrid  # registers on the same metadata
from desk.store.hexmap import Position as Position

# Every table below registers here; env.py and the tests read it from this module.
metadata: MetaData = SQLModel.metadata


_campaign_version = version_column()

# A unit without an order at the close: continue its last order (the written-order
# convention), hold, or the rules' defaults ("as far as possible" at the normal rate).
NO_ORDER_POLICIES: tuple[str, ...] = ("continue", "hold", "defaults")


def new_form_secret() -> str:
    """32 random bytes as hex: the key that signs this campaign's fillable sheets."""
    return secrets.token_hex(32)


class Campaign(SQLModel, table=True):
    """One campaign: its name, rules system and house-rule overrides."""

    id: int | None = Field(default=None, primary_key=True)
    name: str
    rules_system: str
    house_rules: dict[str, Any] = Field(default_factory=dict, sa_column=json_column())
    created_at: datetime = Field(default_factory=now)
    # Signs each fillable sheet's side, command and units (HMAC-SHA256): a sheet whose
    # fields were renamed to another unit's number does not verify. Never printed.
    form_secret: str = Field(default_factory=new_form_secret)
    # What a unit with no order does at the close: continue, hold or defaults (NO_ORDER_POLICIES).
    no_order: str = Field(default="continue", sa_column_kwargs={"server_default": "continue"})
    # What comes back after a battle (desk/services/battles/recovery.py): preset, share,
    # method, seed. Empty: the "none" preset. Campaign data, not a house rule.
    recovery: dict[str, Any] = Field(default_factory=dict, sa_column=Column(
        JSON, nullable=False, server_default="{}"))
    version_id: int | None = Field(default=None, sa_column=_campaign_version)
    __mapper_args__ = {"version_id_col": _campaign_version}


_battle_version = version_column()


class Battle(SQLModel, table=True):
    """A battle of the campaign, with its own bounds and game clock."""

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    name: str
    date: str = ""
    start_time: str = "08:00"  # game clock of bound 1, HH:MM
    minutes_per_bound: int = 15
    current_bound: int = 1
    seed: int = 0  # seeds the LIM pool, so a turn can be replayed
    status: str = Field(default="open", sa_column_kwargs={"server_default": "open"})  # open, ended
    ended_at: datetime | None = None
    version_id: int | None = Field(default=None, sa_column=_battle_version)
    __mapper_args__ = {"version_id_col": _battle_version}


_side_version = version_column()


class Side(SQLModel, table=True):
    """One side of the campaign (French, Prussian, Allied ...)."""

    __table_args__ = (UniqueConstraint("campaign_id", "name"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    name: str
    version_id: int | None = Field(default=None, sa_column=_side_version)
    __mapper_args__ = {"version_id_col": _side_version}


_leader_version = version_column()


class Leader(SQLModel, table=True):
    """A leader with his ratings and command range."""

    id: int | None = Field(default=None, primary_key=True)
    side_id: int = Field(foreign_key="side.id", index=True, ondelete="CASCADE")
    name: str
    rank: str = ""
    rating: int = 0  # activation rating (Battles of Waterloo), initiative elsewhere
    command_range: int = 0  # hexes or cm, as the rules system counts
    version_id: int | None = Field(default=None, sa_column=_leader_version)
    __mapper_args__ = {"version_id_col": _leader_version}


_command_version = version_column()


class Command(SQLModel, table=True):
    """A command in the hierarchy army / corps / division / brigade."""

    id: int | None = Field(default=None, primary_key=True)
    side_id: int = Field(foreign_key="side.id", index=True, ondelete="CASCADE")
    parent_id: int | None = Field(default=None, foreign_key="command.id", ondelete="CASCADE")
    name: str
    level: str = "division"
    leader_id: int | None = Field(default=None, foreign_key="leader.id", ondelete="SET NULL")
    lim_eligible: bool = True  # its C/D LIM goes into the pool (Battles of Waterloo)
    imperial_guard: bool = False
    sort_key: int = 0
    version_id: int | None = Field(default=None, sa_column=_command_version)
    __mapper_args__ = {"version_id_col": _command_version}


_unit_version = version_column()


class Unit(SQLModel, table=True):
    """A unit of the order of battle; its changing state lives in ``unit_state``."""

    id: int | None = Field(default=None, primary_key=True)
    side_id: int = Field(foreign_key="side.id", index=True, ondelete="CASCADE")
    command_id: int = Field(foreign_key="command.id", index=True, ondelete="CASCADE")
    name: str
    arm: str  # infantry, cavalry, artillery, staff
    unit_type: str  # line-infantry, light-cavalry, foot-artillery ...
    strength: int = 0
    strength_unit: str = "figures"  # figures (Belle Alliance), increments, SP
    mother_unit_id: int | None = Field(default=None, foreign_key="unit.id", ondelete="SET NULL")
    soutien_id: int | None = Field(default=None, foreign_key="unit.id", ondelete="SET NULL")
    imperial_guard: bool = False
    sort_key: int = 0
    attrs: dict[str, Any] = Field(default_factory=dict, sa_column=json_column())
    version_id: int | None = Field(default=None, sa_column=_unit_version)
    __mapper_args__ = {"version_id_col": _unit_version}


class BattleUnit(SQLModel, table=True):
    """A unit taking part in a battle: the campaign order of battle at its two ends.

    ``start_strength`` is the unit's campaign strength (``Unit.strength``) when the
    battle began; once the battle has ended, ``end_strength`` is its strength at the
    battle's last bound, ``returned`` what the aftermath gave back, and
    ``after_strength`` the campaign strength it carries into the next battle. A
    unit's strength across the battles is its rows here, in battle order.
    """

    __tablename__ = "battle_unit"
    __table_args__ = (UniqueConstraint("battle_id", "unit_id"),)
    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="battle.id", index=True, ondelete="CASCADE")
    unit_id: int = Field(foreign_key="unit.id", index=True, ondelete="CASCADE")
    start_strength: int = 0
    end_strength: int | None = None
    returned: int | None = None
    after_strength: int | None = None
    note: str = ""  # the umpire's reason when the aftermath result was adjusted


_bound_version = version_column()


class Bound(SQLModel, table=True):
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
    __mapper_args__ = {"version_id_col": _bound_version}


_order_version = version_column()


class Order(SQLModel, table=True):
    """A unit's order for one bound: as written, as completed, with its findings."""

    __tablename__ = "unit_order"  # ORDER is an SQL keyword
    __table_args__ = (UniqueConstraint("bound_id", "unit_id"),)
    id: int | None = Field(default=None, primary_key=True)
    bound_id: int = Field(foreign_key="bound.id", index=True, ondelete="CASCADE")
    unit_id: int = Field(foreign_key="unit.id", index=True, ondelete="CASCADE")
    verbatim: str = ""
    fields: dict[str, Any] = Field(default_factory=dict, sa_column=json_column())
    completed: dict[str, Any] = Field(default_factory=dict, sa_column=json_column())
    defaulted: list[str] = Field(default_factory=list, sa_column=json_column())
    findings: list[dict[str, Any]] = Field(default_factory=list, sa_column=json_column())
    status: str = "draft"  # draft, accepted, overruled, cancelled
    override_reason: str = ""
    source: str = "desk"  # desk, form (imported from a filled PDF)
    updated_at: datetime = Field(default_factory=now)
    version_id: int | None = Field(default=None, sa_column=_order_version)
    __mapper_args__ = {"version_id_col": _order_version}


_state_version = version_column()


class UnitState(SQLModel, table=True):
    """A unit's state at the start of one bound. One row per unit per bound."""

    __tablename__ = "unit_state"
    __table_args__ = (UniqueConstraint("bound_id", "unit_id"),)
    id: int | None = Field(default=None, primary_key=True)
    bound_id: int = Field(foreign_key="bound.id", index=True, ondelete="CASCADE")
    unit_id: int = Field(foreign_key="unit.id", index=True, ondelete="CASCADE")
    formation: str = ""
    disorder: str = "none"
    strength: int = 0
    data: dict[str, Any] = Field(default_factory=dict, sa_column=json_column())
    version_id: int | None = Field(default=None, sa_column=_state_version)
    __mapper_args__ = {"version_id_col": _state_version}


class BoundEvent(SQLModel, table=True):
    """An in-bound event the umpire recorded against a unit (charge stopped, became LD ...)."""

    __tablename__ = "bound_event"
    id: int | None = Field(default=None, primary_key=True)
    bound_id: int = Field(foreign_key="bound.id", index=True, ondelete="CASCADE")
    unit_id: int = Field(foreign_key="unit.id", index=True, ondelete="CASCADE")
    kind: str
    data: dict[str, Any] = Field(default_factory=dict, sa_column=json_column())
    created_at: datetime = Field(default_factory=now)


class Journal(SQLModel, table=True):
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
    created_at: datetime = Field(default_factory=now)


# The groups of tables in their own modules; importing them here registers them on
# this metadata wherever the models are loaded (env.py, create_all, the tests).
from desk.store import leader_models as leader_models  # noqa: E402
from desk.store import map_models as map_models  # noqa: E402
from desk.store import player_models as player_models  # noqa: E402
from desk.store.lim_models import LimDraw as LimDraw  # noqa: E402
from desk.store.lim_models import LimMove as LimMove  # noqa: E402
from desk.store.lim_models import LimPool as LimPool  # noqa: E402
from desk.store.reinforcement_models import Reinforcement as Reinforcement  # noqa: E402
from desk.store.terrain_models import Crossing as Crossing  # noqa: E402
from desk.store.terrain_models import TerrainFeature as TerrainFeature  # noqa: E402
