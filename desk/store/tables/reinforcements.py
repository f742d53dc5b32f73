"""The table of reinforcements: units due to arrive in a battle, at a bound or on a roll.

Registered on the one metadata by :mod:`desk.store.tables`, so Alembic and
``create_all`` see these tables too.

No ``from __future__ import annotations`` (SQLModel relationship resolution).
"""

from typing import ClassVar

from sqlalchemy import UniqueConstraint
from sqlmodel import Field

from desk.store.columns import DeskTable, version_column

# The tables its foreign keys name, loaded with it: a write needs them (see the package).
from desk.store.tables import campaign, oob  # noqa: F401

_reinforcement_version = version_column()


class Reinforcement(DeskTable, table=True):
    """A unit due to arrive in a battle: at a bound, or on a seeded roll from that bound on.

    Until ``arrived_bound`` is set (by the close that opens its bound) the unit is
    hidden from every sheet, its own side's too: the players learn of it when it
    comes on the table.
    """

    __table_args__ = (UniqueConstraint("battle_id", "unit_id"),)
    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="battle.id", index=True, ondelete="CASCADE")
    unit_id: int = Field(foreign_key="unit.id", index=True, ondelete="CASCADE")
    due_bound: int  # the bound it arrives at, or the first bound it may arrive on a roll
    on_roll: bool = False  # arrives when a seeded die reaches reinforcements.roll_at
    arrived_bound: int | None = None
    note: str = ""  # where it comes on ("by the Lasne road")
    version_id: int | None = Field(default=None, sa_column=_reinforcement_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _reinforcement_version}
