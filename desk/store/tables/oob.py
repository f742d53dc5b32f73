"""The order of battle: sides, leaders, commands, units, and each unit's place in a
battle (``battle_unit``: present, arriving, gone).

No ``from __future__ import annotations`` here: it breaks SQLModel's
relationship resolution.
"""

from typing import ClassVar

from sqlalchemy import UniqueConstraint
from sqlmodel import Field

from desk.store.columns import DeskTable, json_column, version_column

# The tables its foreign keys name, loaded with it: a write needs them (see the package).
from desk.store.tables import campaign  # noqa: F401

_side_version = version_column()


class Side(DeskTable, table=True):
    """One side of the campaign (French, Prussian, Allied ...)."""

    __table_args__ = (UniqueConstraint("campaign_id", "name"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    name: str
    version_id: int | None = Field(default=None, sa_column=_side_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _side_version}


_leader_version = version_column()


class Leader(DeskTable, table=True):
    """A leader with his ratings and command range."""

    id: int | None = Field(default=None, primary_key=True)
    side_id: int = Field(foreign_key="side.id", index=True, ondelete="CASCADE")
    name: str
    rank: str = ""
    rating: int = 0  # activation rating (Battles of Waterloo), initiative elsewhere
    command_range: int = 0  # hexes or cm, as the rules system counts
    version_id: int | None = Field(default=None, sa_column=_leader_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _leader_version}


_command_version = version_column()


class Command(DeskTable, table=True):
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
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _command_version}


_unit_version = version_column()


class Unit(DeskTable, table=True):
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
    attrs: dict[str, object] = Field(default_factory=dict, sa_column=json_column())
    version_id: int | None = Field(default=None, sa_column=_unit_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _unit_version}


class BattleUnit(DeskTable, table=True):
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
