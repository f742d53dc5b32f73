"""What a campaign holds, for ``desk info`` and the window's order-of-battle tree."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, func, select

from desk.store.tables.bounds import Bound
from desk.store.tables.campaign import Battle, Campaign
from desk.store.tables.oob import Command, Leader, Side, Unit


@dataclass(frozen=True)
class CampaignOverview:
    """The headline facts of a campaign."""

    name: str
    rules_system: str
    battle: str
    sides: tuple[str, ...]
    commands: int
    units: int
    units_per_side: tuple[tuple[str, int], ...]
    current_bound: int
    game_time: str
    open_bound: bool
    no_order: str = "continue"  # what a unit without an order does at the close
    late_orders: str = "refuse"  # what a player's page does with orders after the deadline


@dataclass(frozen=True)
class UnitNode:
    """A unit as shown in the order-of-battle tree."""

    id: int
    name: str
    arm: str
    unit_type: str
    strength: int
    strength_unit: str


@dataclass(frozen=True)
class CommandNode:
    """A command with its leader, sub-commands and units."""

    id: int
    name: str
    level: str
    leader: str
    commands: tuple[CommandNode, ...]
    units: tuple[UnitNode, ...]
    leader_id: int | None = None  # the leader placed on the map for this command


@dataclass(frozen=True)
class SideNode:
    """One side's top-level commands."""

    id: int
    name: str
    commands: tuple[CommandNode, ...]


class NoCampaignError(LookupError):
    """The database holds no campaign row (an empty or half-made file)."""


def _campaign(session: Session) -> Campaign:
    campaign = session.exec(select(Campaign).order_by(col(Campaign.id))).first()
    if campaign is None:
        raise NoCampaignError("the database holds no campaign yet")
    return campaign


def campaign_overview(*, session: Session) -> CampaignOverview:
    """Rules system, sides, counts and the current bound of the (first) campaign."""
    campaign = _campaign(session)
    sides = session.exec(
        select(Side).where(Side.campaign_id == campaign.id).order_by(col(Side.id))
    ).all()
    side_ids = [s.id for s in sides]
    commands = session.exec(
        select(func.count()).select_from(Command).where(col(Command.side_id).in_(side_ids))
    ).one()
    per_side = dict(
        session.exec(
            select(Unit.side_id, func.count())
            .where(col(Unit.side_id).in_(side_ids))
            .group_by(col(Unit.side_id))
        ).all()
    )
    # The current battle: the latest still open, else the latest (services/battles).
    battles = (select(Battle).where(Battle.campaign_id == campaign.id)
               .order_by(col(Battle.id).desc()))
    battle = (session.exec(battles.where(Battle.status == "open")).first()
              or session.exec(battles).first())
    bound = None
    if battle is not None:
        bound = session.exec(
            select(Bound).where(Bound.battle_id == battle.id, Bound.number == battle.current_bound)
        ).first()
    return CampaignOverview(
        name=campaign.name,
        rules_system=campaign.rules_system,
        battle=battle.name if battle else "",
        sides=tuple(s.name for s in sides),
        commands=int(commands),
        units=sum(per_side.values()),
        units_per_side=tuple((s.name, int(per_side.get(s.id or 0, 0))) for s in sides),
        current_bound=battle.current_bound if battle else 0,
        game_time=bound.game_time if bound else "",
        open_bound=bool(bound and bound.status == "open"),
        no_order=campaign.no_order,
        late_orders=campaign.late_orders,
    )


def oob_tree(*, session: Session) -> tuple[SideNode, ...]:
    """The order of battle as side → command → unit, in the scenario's order.

    Four queries whatever the size of the campaign (sides, commands, leaders,
    units), assembled in Python.
    """
    campaign = _campaign(session)
    sides = session.exec(
        select(Side).where(Side.campaign_id == campaign.id).order_by(col(Side.id))
    ).all()
    side_ids = [s.id for s in sides]
    commands = session.exec(
        select(Command)
        .where(col(Command.side_id).in_(side_ids))
        .order_by(col(Command.sort_key), col(Command.id))
    ).all()
    leaders = {
        ldr.id: ldr.name
        for ldr in session.exec(select(Leader).where(col(Leader.side_id).in_(side_ids))).all()
    }
    units = session.exec(
        select(Unit)
        .where(col(Unit.side_id).in_(side_ids))
        .order_by(col(Unit.sort_key), col(Unit.id))
    ).all()
    units_by_command: dict[int, list[UnitNode]] = {}
    for u in units:
        units_by_command.setdefault(u.command_id, []).append(
            UnitNode(u.id or 0, u.name, u.arm, u.unit_type, u.strength, u.strength_unit)
        )
    children: dict[int | None, list[Command]] = {}
    for c in commands:
        children.setdefault(c.parent_id, []).append(c)

    def build(command: Command) -> CommandNode:
        cid = command.id or 0
        return CommandNode(
            id=cid,
            name=command.name,
            level=command.level,
            leader=leaders.get(command.leader_id, "") if command.leader_id else "",
            commands=tuple(build(c) for c in children.get(cid, [])),
            units=tuple(units_by_command.get(cid, [])),
            leader_id=command.leader_id,
        )

    return tuple(
        SideNode(
            id=s.id or 0,
            name=s.name,
            commands=tuple(build(c) for c in children.get(None, []) if c.side_id == s.id),
        )
        for s in sides
    )
