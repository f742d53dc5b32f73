"""What is not on the map yet: the open bound's units and the leaders with no place drawn.

The board's "Place on map" offers this list when no unplaced unit is chosen;
each entry carries the board's marker key ("unit:12", "leader:3"), so a choice
goes through the same writes as a drag (:func:`desk.services.maps.placing.place_unit`,
:func:`desk.services.maps.leaders.place_leader`). A unit counts as on the map
when its position has a map point, or a hex the map's calibration can draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlmodel import Session, col, select

from desk.services.common import campaign_units, get_battle, get_bound
from desk.services.maps.hexes import hex_to_pixel
from desk.services.positions.leaders import LeaderPositionView, leader_positions_at
from desk.services.positions.queries import positions_at
from desk.services.positions.views import PositionView
from desk.store.tables.maps import BattleMap
from desk.store.tables.oob import Leader, Side


@dataclass(frozen=True)
class Unplaced:
    """A unit or a leader with no place on the map in the open bound."""

    key: str  # the board's marker key: "unit:12" or "leader:3"
    name: str
    side: str
    leader: bool


def _drawn(where: PositionView | LeaderPositionView | None,
           calibration: Mapping[str, object]) -> bool:
    if where is None:
        return False
    if where.x is not None and where.y is not None:
        return True
    return bool(where.hex) and hex_to_pixel(calibration, where.hex) is not None


def unplaced(*, session: Session, battle_id: int) -> tuple[Unplaced, ...]:
    """The open bound's units (those with a state in it), then the leaders, that the map
    does not show yet; in the order of battle's order, side by side."""
    battle = get_battle(session, battle_id)
    bound = get_bound(session, battle_id, battle.current_bound)
    stored = session.exec(select(BattleMap).where(BattleMap.battle_id == battle_id)).first()
    calibration: Mapping[str, object] = stored.calibration if stored is not None else {}
    where = positions_at(session=session, battle_id=battle_id)
    found = [Unplaced(key=f"unit:{unit.id}", name=unit.name, side=side, leader=False)
             for unit, side, _command in campaign_units(session, battle.campaign_id,
                                                         bound_id=bound.id)
             if not _drawn(where.get(unit.id or 0), calibration)]
    sides = {s.id: s.name for s in session.exec(select(Side).where(
        Side.campaign_id == battle.campaign_id))}
    leaders_at = leader_positions_at(session=session, battle_id=battle_id)
    found += [Unplaced(key=f"leader:{leader.id}", name=leader.name, side=sides[leader.side_id],
                       leader=True)
              for leader in session.exec(select(Leader).where(
                  col(Leader.side_id).in_(list(sides))).order_by(col(Leader.side_id),
                                                                 col(Leader.id)))
              if not _drawn(leaders_at.get(leader.id or 0), calibration)]
    return tuple(found)
