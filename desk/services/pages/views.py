"""The frozen view models of a player's page (issue 32): what one player may see, and what
the page's orders form offers, built only from that player's packet."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from desk.services.packets.situation import SituationModel
from desk.services.printing.formfields import FormValue
from desk.services.printing.viewmodels import DispatchNote, UnitBlock


@dataclass(frozen=True)
class PageUnit:
    """One of the player's units on the orders form: its sheet block (state, fields,
    defaults and choices in the players' words), and what the player last sent for it."""

    block: UnitBlock
    sent: Mapping[str, FormValue] = field(default_factory=dict)  # the fields as written
    verbatim: str = ""
    # The umpire has entered this unit's order himself: what the player writes now is
    # not taken (an imported form keeps a typed order too).
    entered: bool = False


@dataclass(frozen=True)
class PlayerPage:
    """One player's page at a bound: their packet's contents, and the orders form."""

    player: str
    side: str
    command: str | None
    campaign: str
    battle: str
    bound: int
    game_time: str
    deadline: datetime | None
    deadline_text: str
    # Orders can still be sent: the bound is open and its deadline (if any) not passed, or
    # passed where the campaign takes late orders (flagged late: ``late``).
    taking_orders: bool
    situation: SituationModel
    dispatches: tuple[DispatchNote, ...]
    commitment: str
    has_map: bool
    units: tuple[PageUnit, ...]
    received_at: datetime | None  # the player's last sending for this bound (None: none)
    # The deadline has passed and the campaign takes what is sent now, marked late.
    late: bool = False
    received_late: bool = False  # the last sending came after the deadline


@dataclass(frozen=True)
class Submission:
    """What a player's sending did: when it was received and, by unit name, what became a
    draft, what the umpire's own order kept, and what was left blank."""

    received_at: datetime
    bound: int
    drafted: tuple[str, ...]
    kept: tuple[str, ...]
    blank: tuple[str, ...]
    late: bool = False  # sent after the deadline: the drafts are marked late
