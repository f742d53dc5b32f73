"""What the desk window shows first, read in one transaction: the campaign's frame, tree and table.

Start-up is the umpire's wait before every evening of play, so this reads
plain column rows (no ORM instances: building 2,000 ``Unit`` objects costs
more than the rest of the window) and reads each thing once:
:func:`desk_start` gives the :class:`DeskContext` (battle, bounds, sides,
terrain), the rules system (the services' shared, cached instance), the order
of battle tree and the order table of the current bound.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from desk.rules.base import RulesSystem
from desk.rules.records import CrossingSituation
from desk.services.campaign.info import CommandNode, SideNode, UnitNode
from desk.services.common import current_battle, plain_rows, rules_of
from desk.services.order_rows import OrderTable
from desk.store.tables.bounds import Bound
from desk.store.tables.campaign import Battle, Campaign
from desk.store.tables.oob import Command, Leader, Side, Unit
from desk.store.tables.terrain import TerrainFeature

# A command's column row: id, side id, parent id, name, level, leader id.
_CommandRow = tuple[int, int, int | None, str, str, int | None]


@dataclass(frozen=True)
class BoundInfo:
    """One bound of the battle: number, game time, open or closed."""

    number: int
    game_time: str
    status: str


@dataclass(frozen=True)
class DeskContext:
    """The open campaign as the window frames it: rules, battle, bounds, sides, features."""

    campaign_id: int
    campaign: str
    rules_system: str
    house_rules: Mapping[str, object]
    battle_id: int
    battle: str
    current_bound: int
    game_time: str
    bound_open: bool
    bounds: tuple[BoundInfo, ...]
    sides: tuple[str, ...]
    # feature name → what the rules' crossing check needs (as the order service adds it)
    features: Mapping[str, CrossingSituation] = field(default_factory=dict)


@dataclass(frozen=True)
class DeskStart:
    """Everything the window draws at start-up."""

    context: DeskContext
    system: RulesSystem
    tree: tuple[SideNode, ...]
    rows: OrderTable  # the order table, its rows built as they are read


def _context(session: Session, campaign: Campaign, battle: Battle) -> DeskContext:
    bounds = tuple(BoundInfo(*r) for r in session.execute(
        sql_select(col(Bound.number), col(Bound.game_time), col(Bound.status))
        .where(col(Bound.battle_id) == battle.id).order_by(col(Bound.number))))
    current = next((b for b in bounds if b.number == battle.current_bound), None)
    rows = session.execute(sql_select(
        col(TerrainFeature.id), col(TerrainFeature.name), col(TerrainFeature.kind),
        col(TerrainFeature.width_cm), col(TerrainFeature.crosses_id))
        .where(col(TerrainFeature.battle_id) == battle.id)).all()
    widths = {r[0]: r[3] for r in rows}
    features: dict[str, CrossingSituation] = {
        name: {"name": name, "kind": kind, "width_cm": width,
               "waterway_width_cm": widths.get(crosses) if crosses else None}
        for _, name, kind, width, crosses in rows}
    sides = tuple(session.execute(sql_select(col(Side.name))
                                  .where(col(Side.campaign_id) == campaign.id)
                                  .order_by(col(Side.id))).scalars())
    return DeskContext(
        campaign_id=campaign.id or 0, campaign=campaign.name, rules_system=campaign.rules_system,
        house_rules=dict(campaign.house_rules), battle_id=battle.id or 0, battle=battle.name,
        current_bound=battle.current_bound, game_time=current.game_time if current else "",
        bound_open=bool(current and current.status == "open"), bounds=bounds, sides=sides,
        features=features,
    )


def desk_context(*, session: Session) -> DeskContext:
    """The campaign's (latest) battle with its bounds, sides and terrain features."""
    return _context(session, *current_battle(session))


def oob_nodes(*, session: Session, campaign_id: int) -> tuple[SideNode, ...]:
    """The order of battle as side → command → unit, from column rows (four queries).

    Numbers and text only, so the driver's own tuples (:func:`plain_rows`): the ORM's
    row handling cost the 2,000 units' tree more than building it (issue 28)."""
    sides = plain_rows(session, sql_select(col(Side.id), col(Side.name))
                       .where(col(Side.campaign_id) == campaign_id).order_by(col(Side.id)))
    side_ids = [s[0] for s in sides]
    commands = plain_rows(session, sql_select(
        col(Command.id), col(Command.side_id), col(Command.parent_id), col(Command.name),
        col(Command.level), col(Command.leader_id))
        .where(col(Command.side_id).in_(side_ids))
        .order_by(col(Command.sort_key), col(Command.id)))
    leaders: dict[int, str] = dict(plain_rows(session, sql_select(
        col(Leader.id), col(Leader.name)).where(col(Leader.side_id).in_(side_ids))))
    units: dict[int, list[UnitNode]] = {}
    for uid, command_id, name, arm, kind, strength, strength_unit in plain_rows(
            session, sql_select(col(Unit.id), col(Unit.command_id), col(Unit.name),
                                col(Unit.arm), col(Unit.unit_type), col(Unit.strength),
                                col(Unit.strength_unit))
            .where(col(Unit.side_id).in_(side_ids))
            .order_by(col(Unit.sort_key), col(Unit.id))):
        units.setdefault(command_id, []).append(
            UnitNode(uid, name, arm, kind, strength, strength_unit))
    children: dict[int | None, list[_CommandRow]] = {}
    for row in commands:
        children.setdefault(row[2], []).append(tuple(row))

    def build(row: _CommandRow) -> CommandNode:
        cid, _, _, name, level, leader_id = row
        return CommandNode(id=cid, name=name, level=level,
                           leader=leaders.get(leader_id, "") if leader_id else "",
                           commands=tuple(build(c) for c in children.get(cid, [])),
                           units=tuple(units.get(cid, ())), leader_id=leader_id)

    return tuple(SideNode(id=sid, name=name,
                          commands=tuple(build(c) for c in children.get(None, [])
                                         if c[1] == sid))
                 for sid, name in sides)


def desk_start(*, session: Session, tree: bool = True) -> DeskStart:
    """The window's first screen in one transaction: context, rules, tree, order table."""
    from desk.services.queries import order_table

    campaign, battle = current_battle(session)
    context = _context(session, campaign, battle)
    return DeskStart(
        context=context, system=rules_of(campaign),
        tree=oob_nodes(session=session, campaign_id=context.campaign_id) if tree else (),
        rows=order_table(session=session, battle_id=context.battle_id),
    )
