"""The tables of play by mail (issue 22): the players and each bound's deadline.

Registered on the one metadata by :mod:`desk.store.tables`, so Alembic and
``create_all`` see these tables too.

- ``player``: a player of a side, or of one command of it, with a name and a mail
  address: the packets and their mail drafts go to them;
- ``bound_deadline``: when the orders of a bound are due back (timezone-aware);
- ``player_link``: a player's secret link to their own page (issue 32), kept only as the
  SHA-256 of its token, so a copy of the campaign file opens no one's page;
- ``player_submission``: each time a player sent orders from that page: which units, when.

No ``from __future__ import annotations`` (SQLModel relationship resolution).
"""

from datetime import datetime

from sqlmodel import Field

from desk.store.columns import DeskTable, json_column, now

# The tables its foreign keys name, loaded with it: a write needs them (see the package).
from desk.store.tables import bounds, campaign, oob  # noqa: F401


class Player(DeskTable, table=True):
    """A player: a side's (``command_id`` None) or one command's, with a name and address."""

    __tablename__ = "player"
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    side_id: int = Field(foreign_key="side.id", index=True, ondelete="CASCADE")
    command_id: int | None = Field(default=None, foreign_key="command.id", ondelete="CASCADE")
    name: str
    address: str
    created_at: datetime = Field(default_factory=now)


class BoundDeadline(DeskTable, table=True):
    """When a bound's orders are due back from the players."""

    __tablename__ = "bound_deadline"
    bound_id: int = Field(foreign_key="bound.id", primary_key=True, ondelete="CASCADE")
    deadline: datetime


class PlayerLink(DeskTable, table=True):
    """A player's secret link: the SHA-256 of its token (hex), until revoked."""

    __tablename__ = "player_link"
    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", index=True, ondelete="CASCADE")
    token_hash: str = Field(unique=True)
    created_at: datetime = Field(default_factory=now)
    revoked_at: datetime | None = None


class PlayerSubmission(DeskTable, table=True):
    """Orders a player sent from their page for a bound: the units, and when."""

    __tablename__ = "player_submission"
    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", index=True, ondelete="CASCADE")
    bound_id: int = Field(foreign_key="bound.id", index=True, ondelete="CASCADE")
    unit_ids: list[int] = Field(default_factory=list, sa_column=json_column())
    created_at: datetime = Field(default_factory=now)
