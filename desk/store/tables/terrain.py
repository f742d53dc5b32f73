"""The tables of the table's terrain: features (waterways, bridges, fords …) and crossings.

Registered on the one metadata by :mod:`desk.store.tables`, so Alembic and
``create_all`` see these tables too.

- ``terrain_feature``: a feature of a battle's table, with its width in cm;
- ``crossing``: a unit's passage over a feature, which may span bounds.

No ``from __future__ import annotations`` (SQLModel relationship resolution).
"""

from typing import ClassVar

from sqlmodel import Field

from desk.store.columns import DeskTable, json_column, version_column

# The tables its foreign keys name, loaded with it: a write needs them (see the package).
from desk.store.tables import bounds, campaign, oob  # noqa: F401

_feature_version = version_column()


class TerrainFeature(DeskTable, table=True):
    """A waterway, bridge, ford or obstacle on the table, with its width in cm."""

    __tablename__ = "terrain_feature"
    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="battle.id", index=True, ondelete="CASCADE")
    name: str
    kind: str  # waterway, bridge, ford, obstacle, road, village, woods
    width_cm: float | None = None
    crosses_id: int | None = Field(default=None, foreign_key="terrain_feature.id",
                                   ondelete="SET NULL")  # a bridge's or ford's waterway
    data: dict[str, object] = Field(default_factory=dict, sa_column=json_column())
    version_id: int | None = Field(default=None, sa_column=_feature_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _feature_version}


_crossing_version = version_column()


class Crossing(DeskTable, table=True):
    """A unit's passage over a feature, which may span bounds."""

    id: int | None = Field(default=None, primary_key=True)
    unit_id: int = Field(foreign_key="unit.id", index=True, ondelete="CASCADE")
    feature_id: int = Field(foreign_key="terrain_feature.id", index=True, ondelete="CASCADE")
    started_bound_id: int = Field(foreign_key="bound.id", ondelete="CASCADE")
    completed_bound_id: int | None = Field(default=None, foreign_key="bound.id",
                                           ondelete="CASCADE")
    status: str = "in-progress"  # in-progress, completed, abandoned
    version_id: int | None = Field(default=None, sa_column=_crossing_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _crossing_version}
