"""The map board's tables: one imported map per battle, and what each side has seen.

Registered on the one metadata by :mod:`desk.store.tables`, so Alembic and
``create_all`` see these tables too.

- ``battle_map``: the umpire's map of the ground: its pixel size and its
  calibration (scale from two points and a known distance; for hex games the
  affine grid fixed by three hex centres) as JSON;
- ``battle_map_image``: its image (PNG or JPEG bytes, as imported, so the
  campaign file alone still holds everything), in a row of its own: SQLite
  rewrites a whole row on UPDATE, so a calibration or a version bump on the
  map row would otherwise copy megabytes of image each time (and leave the old
  pages free in the file), and every read of the map row would load them.
- ``unit_seen``: the umpire's mark that a side saw an enemy unit in a bound.
  A side's view draws an enemy unit only where such a mark exists; one row per
  unit, side and bound;
- ``unit_seen_by``: which of the side's units saw it (none named: the side saw it), so
  their headquarters know at once and the rest of the chain by report (issue 31).

No ``from __future__ import annotations`` (SQLModel relationship resolution).
"""

from datetime import datetime
from typing import ClassVar

from sqlalchemy import Column, LargeBinary, UniqueConstraint
from sqlmodel import Field

from desk.store.columns import DeskTable, json_column, now, version_column

# The tables its foreign keys name, loaded with it: a write needs them (see the package).
from desk.store.tables import bounds, campaign, oob  # noqa: F401

_map_version = version_column()


class BattleMap(DeskTable, table=True):
    """The image of one battle's ground, with its pixel size and calibration."""

    __tablename__ = "battle_map"
    __table_args__ = (UniqueConstraint("battle_id"),)
    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="battle.id", index=True, ondelete="CASCADE")
    name: str = ""  # the imported file's name, shown to the umpire
    image_format: str  # png or jpeg
    width: int  # pixels
    height: int
    # {"scale": {...}, "hex": {...}}: see desk.services.maps.calibration
    calibration: dict[str, object] = Field(default_factory=dict, sa_column=json_column())
    imported_at: datetime = Field(default_factory=now)
    version_id: int | None = Field(default=None, sa_column=_map_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _map_version}


class BattleMapImage(DeskTable, table=True):
    """The bytes of a battle map's image (written at import, never updated in place)."""

    __tablename__ = "battle_map_image"
    map_id: int = Field(foreign_key="battle_map.id", primary_key=True, ondelete="CASCADE")
    data: bytes = Field(sa_column=Column(LargeBinary, nullable=False))


class UnitSeen(DeskTable, table=True):
    """A side saw this (enemy) unit in this bound: the umpire's mark, never inferred."""

    __tablename__ = "unit_seen"
    __table_args__ = (UniqueConstraint("unit_id", "side_id", "bound_id"),)
    id: int | None = Field(default=None, primary_key=True)
    unit_id: int = Field(foreign_key="unit.id", index=True, ondelete="CASCADE")
    side_id: int = Field(foreign_key="side.id", index=True, ondelete="CASCADE")
    bound_id: int = Field(foreign_key="bound.id", index=True, ondelete="CASCADE")
    created_at: datetime = Field(default_factory=now)


class UnitSeenBy(DeskTable, table=True):
    """One of the side's units that made a sighting (its headquarters knows at once)."""

    __tablename__ = "unit_seen_by"
    __table_args__ = (UniqueConstraint("seen_id", "unit_id"),)
    id: int | None = Field(default=None, primary_key=True)
    seen_id: int = Field(foreign_key="unit_seen.id", ondelete="CASCADE")
    unit_id: int = Field(foreign_key="unit.id", index=True, ondelete="CASCADE")
