"""The tables of several umpires on one campaign (issue 33): who they are, what each has
claimed, and the notes each keeps to themself.

- ``umpire``: a campaign's umpire, by name, with a role (``chief`` or ``sector``) and,
  on PostgreSQL, the database role that identifies them when they open the campaign;
- ``claim``: an umpire's hold on a side, a command or the bound's LIM cup in one battle
  (``target`` is ``side:<id>``, ``command:<id>`` or ``lim``, unique per battle, so two
  umpires claiming the same thing at once cannot both win: the second INSERT fails);
  claims end at the close of the bound or on release;
- ``secret_note``: a note on a unit, a command or a bound (``target`` as above, with
  ``unit:<id>`` and ``bound:<id>``) that only its author, or the chief umpire, reads;
  no sheet, packet or player's page reads this table.

Who wrote a row elsewhere (an order, an event, a journal line) is the ``umpire`` column
of that row, stamped by :mod:`desk.store.who`. Names, not ids, are stored there: a
journal line must keep saying who, whatever happens to the umpire table later.

No ``from __future__ import annotations`` (SQLModel relationship resolution).
"""

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field

from desk.store.columns import DeskTable, now
from desk.store.tables import campaign  # noqa: F401  (the tables its foreign keys name)

UMPIRE_ROLES: tuple[str, ...] = ("chief", "sector")


class Umpire(DeskTable, table=True):
    """One umpire of a campaign: a name, a role, and (PostgreSQL) a database role."""

    __tablename__ = "umpire"
    __table_args__ = (UniqueConstraint("campaign_id", "name"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    name: str
    role: str = "sector"  # UMPIRE_ROLES
    db_role: str = ""  # the PostgreSQL role that is this umpire ("" none)
    created_at: datetime = Field(default_factory=now)


class Claim(DeskTable, table=True):
    """An umpire's claim on a side, a command or the LIM cup of a battle, since when."""

    __tablename__ = "claim"
    __table_args__ = (UniqueConstraint("battle_id", "target"),)
    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="battle.id", index=True, ondelete="CASCADE")
    target: str  # "side:<id>", "command:<id>" or "lim"
    umpire: str
    since: datetime = Field(default_factory=now)
    reason: str = ""  # why the chief took it over from another umpire ("" claimed freely)


class SecretNote(DeskTable, table=True):
    """A note only its author (or the chief umpire) reads: on a unit, command or bound."""

    __tablename__ = "secret_note"
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    target: str  # "unit:<id>", "command:<id>" or "bound:<id>"
    author: str
    text: str
    created_at: datetime = Field(default_factory=now)
