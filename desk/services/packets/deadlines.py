"""Deadlines and the turn-in board (issue 22): which commands have returned orders for a
bound (filled forms imported, or orders typed from a returned mail), which are late,
and what the campaign's no-order setting does with the units of the late.

A deadline in the past is refused in one sentence and nothing is written. A time
written without a zone is read as UTC (players far away live in several zones).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import (
    campaign_units,
    current_battle,
    get_battle,
    get_bound,
    get_campaign,
)
from desk.services.errors import ServiceError
from desk.store.tables.bounds import Bound, Order
from desk.store.tables.campaign import Battle
from desk.store.tables.oob import Command
from desk.store.tables.players import BoundDeadline, Player

# Orders that came back from a player: imported forms, or typed by the umpire.
RETURNED_SOURCES = ("form", "desk")


class DeadlineRefused(ServiceError):
    """A deadline that cannot be set (in the past, or not a date and time)."""


@dataclass(frozen=True)
class TurnInRow:
    """One command on the board: its units, how many have orders back, who plays it."""

    side: str
    command: str
    units: int
    returned: int
    addresses: tuple[str, ...]

    @property
    def late(self) -> bool:
        """No order came back for any of its units."""
        return self.returned == 0


@dataclass(frozen=True)
class TurnInBoard:
    """A bound's board: its deadline (None: none set), the rows, the no-order setting."""

    bound: int
    deadline: datetime | None
    no_order: str
    rows: tuple[TurnInRow, ...]
    # The deadline has passed (when the board was read): only then is an unanswered
    # command late; before it, or with no deadline, it has simply not returned yet.
    passed: bool = False

    @property
    def late(self) -> tuple[TurnInRow, ...]:
        """The commands that have not answered (late once :attr:`passed`)."""
        return tuple(r for r in self.rows if r.late)

    def standing(self, row: TurnInRow) -> str:
        """"returned", "late" (no order back and the deadline passed) or "waiting"."""
        if not row.late:
            return "returned"
        return "late" if self.passed else "waiting"


def parse_when(text: str) -> datetime:
    """``2026-12-03T18:00`` (UTC unless a zone is written) or DeadlineRefused."""
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise DeadlineRefused(_("{text!r} is not a date and time: write it like "
                                "2026-12-03T18:00").format(text=text)) from None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def set_deadline(*, session: Session, bound: int | None, when: datetime,
                 now: datetime | None = None) -> datetime:
    """Set when ``bound``'s orders are due (default: the open bound); a past time is
    refused in one sentence."""
    _campaign, battle = current_battle(session)
    row = get_bound(session, battle.id or 0, battle.current_bound if bound is None else bound)
    clock = now or datetime.now(UTC)
    if when <= clock:
        raise DeadlineRefused(_("the deadline {when} is already past: give a time to "
                                "come").format(when=when.strftime("%Y-%m-%d %H:%M %Z")))
    if row.status != "open":
        raise DeadlineRefused(_("bound {n} is closed: only the open bound takes a "
                                "deadline").format(n=row.number))
    when = when.astimezone(UTC)  # stored in UTC: SQLite keeps no zone, and reads it as UTC
    stored = session.get(BoundDeadline, row.id)
    if stored is None:
        stored = BoundDeadline(bound_id=row.id or 0, deadline=when)
    stored.deadline = when
    session.add(stored)
    session.flush()
    return when


def deadline_of(session: Session, bound: Bound) -> datetime | None:
    """The bound's deadline, None when none is set."""
    stored = session.get(BoundDeadline, bound.id)
    return _aware(stored.deadline) if stored is not None else None


def deadline_text(session: Session, bound: Bound) -> str:
    """The deadline as the packets print it ("" when none is set)."""
    when = deadline_of(session, bound)
    return when.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC") if when else ""


def turn_in_board(*, session: Session, bound: int | None = None,
                  battle_id: int | None = None, now: datetime | None = None) -> TurnInBoard:
    """Who has returned orders for ``bound`` (default: the open bound) of the battle
    (default: the current one); ``now`` (default: the clock) says if the deadline passed."""
    if battle_id is None:
        campaign, battle = current_battle(session)
    else:
        battle = get_battle(session, battle_id)
        campaign = get_campaign(session, battle.campaign_id)
    row = get_bound(session, battle.id or 0, battle.current_bound if bound is None else bound)
    returned = {o.unit_id for o in session.exec(select(Order).where(
        Order.bound_id == row.id, col(Order.source).in_(RETURNED_SOURCES),
        Order.status != "cancelled"))}
    units: dict[tuple[str, int, str], list[int]] = {}
    for unit, side, command in campaign_units(session, campaign.id or 0, bound_id=row.id):
        units.setdefault((side, unit.command_id, command), []).append(unit.id or 0)
    commands = {c.id: c for c in session.exec(select(Command))}
    people = list(session.exec(select(Player).where(Player.campaign_id == campaign.id)))
    rows = []
    for (side, cid, name), ids in units.items():
        # A command's players, else those of the commands above it, else the side's.
        chain, current = [], commands.get(cid)
        while current is not None:
            chain.append(current.id)
            current = commands.get(current.parent_id) if current.parent_id else None
        side_id = commands[cid].side_id if cid in commands else None
        mail: tuple[str, ...] = ()
        for level in chain:
            mail = tuple(p.address for p in people if p.command_id == level)
            if mail:
                break
        if not mail:
            mail = tuple(p.address for p in people
                         if p.command_id is None and p.side_id == side_id)
        rows.append(TurnInRow(side=side, command=name, units=len(ids),
                              returned=sum(u in returned for u in ids), addresses=mail))
    deadline = deadline_of(session, row)
    clock = now or datetime.now(UTC)
    return TurnInBoard(bound=row.number, deadline=deadline, no_order=campaign.no_order,
                       rows=tuple(rows), passed=deadline is not None and deadline <= clock)


def _aware(when: datetime) -> datetime:
    """A stored deadline in UTC: SQLite gives it back without its zone."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def late_commands(session: Session, *, battle_id: int, bound: Bound) -> tuple[str, ...]:
    """The commands that returned no order for ``bound``, "Side: command" — only when the
    bound is played by mail (it has a deadline, or the campaign names players): at the
    table nobody is late."""
    mail = session.get(BoundDeadline, bound.id) is not None or session.exec(
        select(Player.id).where(Player.campaign_id == select(Battle.campaign_id).where(
            Battle.id == battle_id).scalar_subquery())).first() is not None
    if not mail:
        return ()
    board = turn_in_board(session=session, bound=bound.number, battle_id=battle_id)
    return tuple(f"{r.side}: {r.command}" for r in board.late)
