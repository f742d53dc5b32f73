"""The players of a campaign played by mail (issue 22): a name and an address per side,
or per command where the campaign names players per command.

An address that is not one (``name@host.tld``) is refused in one sentence and nothing
is written. The desk never sends mail: the addresses go into ``.eml`` drafts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import current_battle
from desk.services.errors import NotFound, ServiceError
from desk.store.tables.oob import Command, Side
from desk.store.tables.players import Player

# One address, no display name, no spaces: what a mail program's To field needs.
_ADDRESS = re.compile(r"^[^@\s<>,;\"]+@[^@\s<>,;\"]+\.[A-Za-z]{2,}$")


class PlayerRefused(ServiceError):
    """A player that cannot be kept: bad address, unknown side or command."""


@dataclass(frozen=True)
class PlayerView:
    """A player as listed: who, where to write, and what they command."""

    player_id: int
    name: str
    address: str
    side: str
    command: str | None  # None: the whole side


def check_address(address: str) -> str:
    """The address stripped, or PlayerRefused in one sentence."""
    text = address.strip()
    if not _ADDRESS.match(text):
        raise PlayerRefused(_("{address!r} is not a mail address: write it like "
                              "name@example.org").format(address=address))
    return text


def _side(session: Session, campaign_id: int, name: str) -> Side:
    sides = list(session.exec(select(Side).where(Side.campaign_id == campaign_id)
                              .order_by(col(Side.id))))
    for side in sides:
        if side.name.casefold() == name.strip().casefold():
            return side
    raise NotFound(_("there is no side {side!r} (the sides are {sides})").format(
        side=name, sides=", ".join(s.name for s in sides)))


def add_player(*, session: Session, name: str, address: str, side: str,
               command: str | None = None) -> PlayerView:
    """Keep a player of ``side`` (or of its ``command``) in the campaign."""
    campaign, _battle = current_battle(session)
    text = check_address(address)
    if not name.strip():
        raise PlayerRefused(_("give the player a name"))
    if not name.strip().isprintable():
        # A name is printed on one line of the packet and the player list; a line break
        # or a tab would break both, and in a mail header would start a new header.
        raise PlayerRefused(_("a player's name is one line of plain text: {name!r} is not")
                            .format(name=name))
    side_row = _side(session, campaign.id or 0, side)
    command_id = None
    if command is not None:
        found = session.exec(select(Command).where(Command.side_id == side_row.id,
                                                   Command.name == command.strip())).first()
        if found is None:
            raise NotFound(_("the {side} have no command called {command!r}").format(
                side=side_row.name, command=command))
        command_id = found.id
    row = Player(campaign_id=campaign.id or 0, side_id=side_row.id or 0, command_id=command_id,
                 name=name.strip(), address=text)
    session.add(row)
    session.flush()
    return PlayerView(player_id=row.id or 0, name=row.name, address=row.address,
                      side=side_row.name, command=command.strip() if command else None)


def players(*, session: Session) -> tuple[PlayerView, ...]:
    """Every player of the campaign, side by side."""
    campaign, _battle = current_battle(session)
    sides = {s.id: s.name for s in session.exec(select(Side).where(
        Side.campaign_id == campaign.id))}
    commands = {c.id: c.name for c in session.exec(select(Command).where(
        col(Command.side_id).in_(list(sides))))}
    rows = session.exec(select(Player).where(Player.campaign_id == campaign.id)
                        .order_by(col(Player.side_id), col(Player.id)))
    return tuple(PlayerView(player_id=p.id or 0, name=p.name, address=p.address,
                            side=sides.get(p.side_id, ""),
                            command=commands.get(p.command_id) if p.command_id else None)
                 for p in rows)


def remove_player(*, session: Session, address: str) -> int:
    """Remove the players written to at ``address``; how many went (NotFound if none)."""
    campaign, _battle = current_battle(session)
    rows = list(session.exec(select(Player).where(Player.campaign_id == campaign.id,
                                                  Player.address == address.strip())))
    if not rows:
        raise NotFound(_("no player has the address {address}").format(address=address))
    for row in rows:
        session.delete(row)
    session.flush()
    return len(rows)
