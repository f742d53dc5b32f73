"""Leaders on the map: placed by the umpire or near their commands, seen or not by a side.

Positions go through :mod:`desk.services.positions.leaders` (a new row for the
open bound, never an overwrite). A point outside the image is refused with one
sentence, as for a unit. A side's view shows its own leaders where they stand
and an enemy leader only where the umpire marked him seen (``leader_seen``),
where he stood when last seen: a leader never seen does not reach the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import current_battle, get_battle, get_bound
from desk.services.maps.hexes import hex_to_pixel, pixel_to_hex
from desk.services.maps.images import MapRefused
from desk.services.maps.viewmodel import MapMarker, MarkerKind
from desk.services.positions.leaders import (
    LeaderPositionView,
    get_leader,
    leader_positions_at,
    leader_version,
    record_leader_position,
)
from desk.services.positions.queries import positions_at
from desk.services.positions.views import PositionView
from desk.store.tables.bounds import Bound
from desk.store.tables.leaders import LeaderSeen
from desk.store.tables.maps import BattleMap
from desk.store.tables.oob import Command, Leader, Side, Unit


def _map(session: Session, battle_id: int) -> BattleMap:
    row = session.exec(select(BattleMap).where(BattleMap.battle_id == battle_id)).first()
    if row is None:
        raise MapRefused(_("this battle has no map yet: import one with desk map-import"))
    return row


def place_leader(*, session: Session, battle_id: int, leader_id: int, x: float, y: float,
                 seen_version: int | None, source: str = "umpire",
                 facing: int | None = None) -> tuple[LeaderPositionView, int]:
    """Record the leader at pixel (x, y) of the map in the open bound; his view and version.

    ``seen_version``: the leader's version as the board showed it.
    """
    stored = _map(session, battle_id)
    leader = get_leader(session, get_battle(session, battle_id), leader_id)
    if not (0 <= x <= stored.width and 0 <= y <= stored.height):
        raise MapRefused(_("{unit} cannot stand outside the map: drop it on the map").format(
            unit=leader.name))
    number = pixel_to_hex(stored.calibration, (x, y)) or ""
    return record_leader_position(session=session, battle_id=battle_id, leader_id=leader_id,
                                  hex=number, x=round(x, 1), y=round(y, 1), source=source,
                                  seen_version=seen_version, facing=facing)


def deploy_leaders(*, session: Session, battle_id: int,
                   zones: Mapping[str, Sequence[float]]) -> int:
    """Place every leader with no position yet beside his command's units (the free spot
    nearest their middle), or, leading no placed unit, in the middle of his side's zone.
    Returns how many leaders were placed."""
    battle = get_battle(session, battle_id)
    stored = _map(session, battle_id)
    placed = leader_positions_at(session=session, battle_id=battle_id)
    where = positions_at(session=session, battle_id=battle_id)
    sides = {s.id: s.name for s in session.exec(select(Side).where(
        Side.campaign_id == battle.campaign_id))}
    commands = session.exec(select(Command).where(col(Command.side_id).in_(list(sides)))
                            .order_by(col(Command.sort_key), col(Command.id))).all()
    children: dict[int | None, list[int]] = {}
    for command in commands:
        children.setdefault(command.parent_id, []).append(command.id or 0)
    points: dict[int, list[tuple[float, float]]] = {}
    for unit in session.exec(select(Unit).where(col(Unit.side_id).in_(list(sides)))):
        point = _pixel(where.get(unit.id or 0), stored.calibration)
        if point is not None:  # placed by x, y, or by the scenario's hex on a hex map
            points.setdefault(unit.command_id, []).append(point)

    def under(command_id: int) -> list[tuple[float, float]]:
        found = list(points.get(command_id, []))
        for child in children.get(command_id, []):
            found += under(child)
        return found

    units = [p for found in points.values() for p in found]
    led = {c.leader_id: c.id or 0 for c in reversed(commands) if c.leader_id is not None}
    taken: list[tuple[float, float]] = []
    count = 0
    leaders = session.exec(select(Leader).where(col(Leader.side_id).in_(list(sides)))
                           .order_by(col(Leader.id))).all()
    for leader in leaders:
        if leader.id in placed:
            continue
        spots = under(led[leader.id]) if leader.id in led else []
        zone = zones.get(sides[leader.side_id])
        if spots:
            x = sum(p[0] for p in spots) / len(spots)
            y = sum(p[1] for p in spots) / len(spots)
        elif zone is not None:
            x, y = (zone[0] + zone[2]) / 2, (zone[1] + zone[3]) / 2
        else:
            continue
        x, y = _free_spot(x, y, units=units, leaders=taken, size=(stored.width, stored.height))
        taken.append((x, y))
        place_leader(session=session, battle_id=battle_id, leader_id=leader.id or 0, x=x, y=y,
                     seen_version=leader_version(session=session, leader_id=leader.id or 0),
                     source="scenario")
        count += 1
    return count


def _free_spot(x: float, y: float, *, units: list[tuple[float, float]],
               leaders: list[tuple[float, float]],
               size: tuple[int, int]) -> tuple[float, float]:
    """The nearest point to (x, y), on the map, that covers no unit's block and no other
    leader (a block is about 1/60 of the map wide: see the board's marker size)."""
    half = max(4.0, max(size) / 120.0)
    step = half * 1.2
    for ring in range(0, 40):
        for dx, dy in ((0, 1), (1, 0), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)):
            cx = min(max(x + dx * ring * step, 0.0), float(size[0]))
            cy = min(max(y + dy * ring * step, 0.0), float(size[1]))
            if all(abs(cx - a) > half * 1.6 or abs(cy - b) > half for a, b in units) and \
                    all(abs(cx - a) > half or abs(cy - b) > half for a, b in leaders):
                return cx, cy
            if ring == 0:
                break
    return x, y


def mark_leader_seen(*, session: Session, leader_id: int, side_id: int,
                     bound: int | None = None, seen: bool = True) -> bool:
    """Mark (or with ``seen`` False unmark) that side ``side_id`` saw enemy leader
    ``leader_id`` in ``bound`` (default: the open bound); True when something changed."""
    _campaign, battle = current_battle(session)
    bound_row = get_bound(session, battle.id or 0, bound or battle.current_bound)
    leader = get_leader(session, battle, leader_id)
    side = session.get(Side, side_id)
    if side is None:
        raise MapRefused(_("there is no side number {side} in this campaign").format(side=side_id))
    if leader.side_id == side_id:
        raise MapRefused(_("{unit} is of the {side}: a side always sees its own units").format(
            unit=leader.name, side=side.name))
    row = session.exec(select(LeaderSeen).where(
        LeaderSeen.leader_id == leader_id, LeaderSeen.side_id == side_id,
        LeaderSeen.bound_id == bound_row.id)).first()
    if seen and row is None:
        session.add(LeaderSeen(leader_id=leader_id, side_id=side_id,
                               bound_id=bound_row.id or 0))
        session.flush()
        return True
    if not seen and row is not None:
        session.delete(row)
        session.flush()
        return True
    return False


def last_leader_seen(*, session: Session, side_id: int, battle_id: int,
                     up_to: int) -> dict[int, int]:
    """For each enemy leader ``side_id`` ever saw up to bound ``up_to``: the last bound."""
    rows = session.exec(
        select(LeaderSeen.leader_id, Bound.number)
        .join(Bound, col(Bound.id) == LeaderSeen.bound_id)
        .where(LeaderSeen.side_id == side_id, Bound.battle_id == battle_id,
               col(Bound.number) <= up_to)).all()
    seen: dict[int, int] = {}
    for leader_id, number in rows:
        seen[leader_id] = max(number, seen.get(leader_id, 0))
    return seen


def _pixel(where: LeaderPositionView | PositionView | None,
           calibration: Mapping[str, object]) -> tuple[float, float] | None:
    if where is None:
        return None
    if where.x is not None and where.y is not None:
        return where.x, where.y
    return hex_to_pixel(calibration, where.hex) if where.hex else None


def leader_markers(*, session: Session, battle_id: int, campaign_id: int, bound: int,
                   viewer: Side | None, first_side: int | None,
                   calibration: Mapping[str, object]) -> list[MapMarker]:
    """The leaders ``viewer`` (None: the umpire) may see at ``bound``: his own side's where
    they stand, an enemy leader only where last marked seen, at that bound's place."""
    sides = {s.id: s.name for s in session.exec(select(Side).where(
        Side.campaign_id == campaign_id))}
    where = leader_positions_at(session=session, battle_id=battle_id, bound=bound)
    seen = last_leader_seen(session=session, side_id=viewer.id or 0, battle_id=battle_id,
                            up_to=bound) if viewer is not None else {}
    earlier: dict[int, dict[int, LeaderPositionView]] = {}
    markers: list[MapMarker] = []
    leaders = session.exec(select(Leader).where(col(Leader.side_id).in_(list(sides)))
                           .order_by(col(Leader.side_id), col(Leader.id))).all()
    for leader in leaders:
        lid = leader.id or 0
        if viewer is None or leader.side_id == viewer.id:
            point = _pixel(where.get(lid), calibration)
            if point is None:
                continue
            kind = MarkerKind.OWN if viewer is not None or leader.side_id == first_side \
                else MarkerKind.ENEMY
            markers.append(MapMarker(unit_id=0, leader_id=lid, name=leader.name,
                                     side=sides[leader.side_id], kind=kind, x=point[0],
                                     y=point[1], detail=leader.rank, leader=True,
                                     facing=where[lid].facing))
        elif lid in seen:  # where he stood when last seen, not where he is now
            then = seen[lid]
            if then not in earlier:
                earlier[then] = leader_positions_at(session=session, battle_id=battle_id,
                                                    bound=then)
            point = _pixel(earlier[then].get(lid), calibration)
            if point is None:
                continue
            markers.append(MapMarker(unit_id=0, leader_id=lid, name=leader.name,
                                     side=sides[leader.side_id], kind=MarkerKind.ENEMY,
                                     x=point[0], y=point[1], detail="", leader=True,
                                     seen_bound=then, facing=earlier[then][lid].facing))
    return markers
