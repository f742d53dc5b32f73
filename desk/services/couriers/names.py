"""Names for the command line: a leader, and a unit or command, as the umpire types them."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.couriers.settings import CourierRefused
from desk.store.tables.oob import Command, Leader, Side, Unit


@dataclass(frozen=True)
class Addressed:
    """A writer and a recipient (a unit or a command) by id."""

    writer_id: int
    to_unit_id: int | None
    to_command_id: int | None


def _one(found: list[tuple[int, str]], *, what: str, name: str) -> int:
    if not found:
        raise CourierRefused(_('{what}: no {name!r} in this campaign.')
                             .format(what=what, name=name))
    if len(found) > 1:
        raise CourierRefused(_('{what}: {name!r} names {v3} of them ({v4}); say which.')
                             .format(what=what, name=name, v3=len(found),
                                     v4=', '.join((n for _id, n in found))))
    return found[0][0]


def address(*, session: Session, campaign_id: int, writer: str, recipient: str) -> Addressed:
    """The leader named ``writer`` and the unit or command named ``recipient`` (exact names,
    letter case ignored; a unit's name first, then a command's)."""
    sides = {s.id: s.name for s in session.exec(select(Side)
                                                .where(Side.campaign_id == campaign_id))}
    key = writer.strip().casefold()
    leaders = [(x.id or 0, f"{x.name} ({sides[x.side_id]})") for x in session.exec(
        select(Leader)) if x.side_id in sides and x.name.casefold() == key]
    writer_id = _one(leaders, what="--from", name=writer)
    key = recipient.strip().casefold()
    units = [(u.id or 0, f"{u.name} ({sides[u.side_id]})") for u in session.exec(select(Unit))
             if u.side_id in sides and u.name.casefold() == key]
    if units:
        return Addressed(writer_id, _one(units, what="--to", name=recipient), None)
    commands = [(c.id or 0, f"{c.name} ({sides[c.side_id]})") for c in session.exec(
        select(Command)) if c.side_id in sides and c.name.casefold() == key]
    return Addressed(writer_id, None, _one(commands, what="--to", name=recipient))


@dataclass(frozen=True)
class Correspondent:
    """A leader who may write, and whom he may write to: (unit id or None, command id or
    None, name) for every command and unit under his command."""

    leader_id: int
    name: str
    side: str
    recipients: tuple[tuple[int | None, int | None, str], ...]


def address_book(*, session: Session, campaign_id: int) -> tuple[Correspondent, ...]:
    """Every leader who commands something, with the commands and units under him."""
    from desk.services.couriers.chain import chain_of

    found: list[Correspondent] = []
    for side in session.exec(select(Side).where(Side.campaign_id == campaign_id)
                             .order_by(col(Side.id))):
        chain = chain_of(session, side_id=side.id or 0)
        leaders = {x.id: x for x in session.exec(select(Leader)
                                                 .where(Leader.side_id == side.id))}
        for command in sorted(chain.commands.values(), key=lambda c: (c.sort_key, c.id or 0)):
            leader = leaders.get(command.leader_id)
            if leader is None:
                continue
            below = [c for c in chain.commands.values() if c.id != command.id
                     and command.id in chain.ancestors(c.id or 0)]
            below.sort(key=lambda c: (c.sort_key, c.id or 0))
            recipients: list[tuple[int | None, int | None, str]] = [
                (None, c.id, c.name) for c in below]
            recipients += [(u.id, None, u.name) for u in chain.units_under(command.id or 0)]
            found.append(Correspondent(leader.id or 0, f"{leader.name} ({command.name})",
                                       side.name, tuple(recipients)))
    return tuple(found)
