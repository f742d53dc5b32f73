"""The campaign and its battles: the two tables every other one hangs from.

A campaign carries its rules system, settings and the form secret that signs its
fillable sheets; a battle its bounds' clock and current bound.

No ``from __future__ import annotations`` here: it breaks SQLModel's
relationship resolution.
"""

import secrets
from datetime import datetime
from typing import ClassVar

from sqlalchemy import JSON, Column
from sqlmodel import Field

from desk.store.columns import DeskTable, json_column, now, version_column

_campaign_version = version_column()

# A unit without an order at the close: continue its last order (the written-order
# convention), hold, or the rules' defaults ("as far as possible" at the normal rate).
NO_ORDER_POLICIES: tuple[str, ...] = ("continue", "hold", "defaults")
# Orders a player sends from their page after the bound's deadline (issue 32): refused,
# or taken as drafts flagged late for the umpire to decide.
LATE_ORDERS_POLICIES: tuple[str, ...] = ("refuse", "flag")


def new_form_secret() -> str:
    """32 random bytes as hex: the key that signs this campaign's fillable sheets."""
    return secrets.token_hex(32)


class Campaign(DeskTable, table=True):
    """One campaign: its name, rules system and house-rule overrides."""

    id: int | None = Field(default=None, primary_key=True)
    name: str
    rules_system: str
    house_rules: dict[str, object] = Field(default_factory=dict, sa_column=json_column())
    created_at: datetime = Field(default_factory=now)
    # Signs each fillable sheet's side, command and units (HMAC-SHA256): a sheet whose
    # fields were renamed to another unit's number does not verify. Never printed.
    form_secret: str = Field(default_factory=new_form_secret)
    # What a unit with no order does at the close: continue, hold or defaults (NO_ORDER_POLICIES).
    no_order: str = Field(default="continue", sa_column_kwargs={"server_default": "continue"})
    # What a player's page does with orders sent after the deadline (LATE_ORDERS_POLICIES).
    late_orders: str = Field(default="refuse", sa_column_kwargs={"server_default": "refuse"})
    # What comes back after a battle (desk/services/battles/recovery.py): preset, share,
    # method, seed. Empty: the "none" preset. Campaign data, not a house rule.
    recovery: dict[str, object] = Field(default_factory=dict, sa_column=Column(
        JSON, nullable=False, server_default="{}"))
    version_id: int | None = Field(default=None, sa_column=_campaign_version)
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _campaign_version}


_battle_version = version_column()


class Battle(DeskTable, table=True):
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
    __mapper_args__: ClassVar[dict[str, object]] = {"version_id_col": _battle_version}
