"""Leaders' positions: recorded, taken back and put back, read per bound; as units' are.

Most leaders have no staff unit, yet where they stand matters (command range,
couriers): they are placed like units (:mod:`desk.services.positions.record`),
in a table of their own (:mod:`desk.store.tables.leaders`). A position is never
overwritten: each change is a new row of the open bound, and a leader's
position at a bound is his latest row at or before it, so a new bound starts
from the last positions. A move without a facing keeps his last facing.

The guard against two umpires moving one leader at once is the leader row's
own ``version_id`` (``seen_version``), raised by one with a guarded UPDATE at
each position write (:func:`desk.services.versions.claim`). Undo and redo take
the step's :class:`LeaderPositionView` as their snapshot, as for units.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from desk.rules.lengths import MapPx
from desk.services.common import add_journal, get_battle, open_bound
from desk.services.errors import ConcurrentChangeError, NotFound
from desk.services.positions.record import PositionRefused, checked_facing, checked_hex
from desk.services.positions.views import map_px, where_words
from desk.services.versions import claim
from desk.store.tables.bounds import Bound
from desk.store.tables.campaign import Battle
from desk.store.tables.leaders import LeaderPosition
from desk.store.tables.oob import Leader, Side
from desk.store.tables.positions import POSITION_SOURCES


@dataclass(frozen=True)
class LeaderPositionView:
    """A leader's place from one moment on: hex, map x/y, facing, bound, source."""

    id: int
    leader_id: int
    bound: int  # the bound's number
    hex: str
    x: MapPx | None  # a point of the map's image, as a unit's position
    y: MapPx | None
    facing: int | None  # degrees, 0 = up the map, clockwise; the last one given
    source: str
    created_at: datetime

    @property
    def where(self) -> str:
        """A few words for the window and the journal: "hex 2314" or "x 12.0, y 40.5"."""
        return where_words(self.hex, self.x, self.y)


def _view(row: LeaderPosition, *, bound: int, facing: int | None = None) -> LeaderPositionView:
    return LeaderPositionView(id=row.id or 0, leader_id=row.leader_id, bound=bound, hex=row.hex,
                              x=map_px(row.x), y=map_px(row.y),
                              facing=row.facing if row.facing is not None else facing,
                              source=row.source, created_at=row.created_at)


def get_leader(session: Session, battle: Battle, leader_id: int) -> Leader:
    """The leader, one of the battle's campaign (else :class:`NotFound`)."""
    leader = session.get(Leader, leader_id)
    side = session.get(Side, leader.side_id) if leader is not None else None
    if leader is None or side is None or side.campaign_id != battle.campaign_id:
        raise NotFound(f"there is no leader number {leader_id} in this campaign")
    return leader


def leader_version(*, session: Session, leader_id: int) -> int | None:
    """The version a position write for the leader takes as ``seen_version``."""
    leader = session.get(Leader, leader_id)
    return None if leader is None else leader.version_id


def leader_versions(*, session: Session, battle_id: int) -> dict[int, int | None]:
    """Every leader of the battle's campaign and his version (one query, for the board)."""
    battle = get_battle(session, battle_id)
    return {lid: version for lid, version in session.execute(
        sql_select(col(Leader.id), col(Leader.version_id))
        .join(Side, col(Side.id) == col(Leader.side_id))
        .where(col(Side.campaign_id) == battle.campaign_id)).all()}


def _claim(session: Session, *, leader: Leader, seen: int | None) -> int:
    return claim(session, Leader, row_id=leader.id or 0, seen=seen, bump=True,
                 what=f"{leader.name}'s position")


def _rows(session: Session, *, battle_id: int, up_to: int,
          leader_id: int | None = None) -> list[tuple[LeaderPosition, int]]:
    statement = (sql_select(LeaderPosition, col(Bound.number))
                 .join(Bound, col(Bound.id) == col(LeaderPosition.bound_id))
                 .where(col(Bound.battle_id) == battle_id, col(Bound.number) <= up_to)
                 .order_by(col(Bound.number), col(LeaderPosition.id)))
    if leader_id is not None:
        statement = statement.where(col(LeaderPosition.leader_id) == leader_id)
    return [(row, number) for row, number in session.execute(statement).all()]


def leader_history(*, session: Session, battle_id: int, leader_id: int,
                   up_to: int | None = None) -> tuple[LeaderPositionView, ...]:
    """Every position the leader has had in the battle up to bound ``up_to`` (default: the
    open bound), first to last."""
    battle = get_battle(session, battle_id)
    found: list[LeaderPositionView] = []
    for row, number in _rows(session, battle_id=battle_id, leader_id=leader_id,
                             up_to=battle.current_bound if up_to is None else up_to):
        found.append(_view(row, bound=number, facing=found[-1].facing if found else None))
    return tuple(found)


def leader_position_of(*, session: Session, battle_id: int, leader_id: int,
                       bound: int | None = None) -> LeaderPositionView | None:
    """The leader's latest position at or before ``bound`` (the open one when None)."""
    found = leader_history(session=session, battle_id=battle_id, leader_id=leader_id,
                           up_to=bound)
    return found[-1] if found else None


def leader_positions_at(*, session: Session, battle_id: int,
                        bound: int | None = None) -> dict[int, LeaderPositionView]:
    """Every placed leader's latest position at or before ``bound``, by leader id."""
    up_to = get_battle(session, battle_id).current_bound if bound is None else bound
    latest: dict[int, LeaderPositionView] = {}
    for row, number in _rows(session, battle_id=battle_id, up_to=up_to):
        before = latest.get(row.leader_id)
        latest[row.leader_id] = _view(row, bound=number,
                                      facing=before.facing if before else None)
    return latest


def leader_trails(*, session: Session, battle_id: int,
                  up_to: int) -> dict[int, tuple[tuple[float, float], ...]]:
    """Each leader's map positions, bound after bound up to ``up_to``, for faint trails."""
    found: dict[int, list[tuple[float, float]]] = {}
    for row, _number in _rows(session, battle_id=battle_id, up_to=up_to):
        if row.x is not None and row.y is not None:
            found.setdefault(row.leader_id, []).append((row.x, row.y))
    return {lid: tuple(points) for lid, points in found.items() if len(points) > 1}


def record_leader_position(*, session: Session, battle_id: int, leader_id: int,
                           hex: str = "", x: float | None = None, y: float | None = None,
                           source: str = "umpire", seen_version: int | None,
                           facing: int | None = None) -> tuple[LeaderPositionView, int]:
    """A new position for the leader in the open bound; the view and his new version.

    ``hex`` in the battle's numbering (checked against its grid) and/or map
    ``x``/``y``; ``facing`` in degrees (None keeps his last facing).
    """
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    leader = get_leader(session, battle, leader_id)
    if source not in POSITION_SOURCES:
        raise PositionRefused(f"a position's source is one of {', '.join(POSITION_SOURCES)}, "
                              f"not {source!r}")
    number = checked_hex(session, battle_id=battle_id, text=hex, what="Hex") if hex else ""
    if not number and (x is None or y is None):
        raise PositionRefused(f"Hex: {leader.name}'s position needs a hex, or map x and y.")
    facing = checked_facing(facing)
    version = _claim(session, leader=leader, seen=seen_version)
    if facing is None:  # kept from his last position, so the row reads alone too
        last = leader_position_of(session=session, battle_id=battle_id, leader_id=leader_id)
        facing = last.facing if last is not None else None
    row = LeaderPosition(leader_id=leader_id, bound_id=bound.id or 0, hex=number, x=x, y=y,
                         facing=facing, source=source)
    session.add(row)
    session.flush()
    view = _view(row, bound=bound.number)
    add_journal(session, battle_id=battle_id, bound_id=bound.id, kind="position",
                message=f"{leader.name} in {view.where} ({source}).")
    return view, version


def remove_leader_position(*, session: Session, battle_id: int, position: LeaderPositionView,
                           seen_version: int | None) -> int:
    """Take back a leader's position just recorded (undo); his new version.

    Refused when it is no longer his latest position of the open bound.
    """
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    leader = get_leader(session, battle, position.leader_id)
    version = _claim(session, leader=leader, seen=seen_version)
    latest = session.exec(select(LeaderPosition).where(
        LeaderPosition.leader_id == leader.id, LeaderPosition.bound_id == bound.id)
        .order_by(col(LeaderPosition.id).desc())).first()
    if position.bound != bound.number or latest is None or latest.id != position.id:
        raise ConcurrentChangeError(f"{leader.name}'s position was changed meanwhile: reload "
                                    "to see it")
    session.delete(latest)
    add_journal(session, battle_id=battle_id, bound_id=bound.id, kind="position",
                reason="undo", message=f"{leader.name}'s position {position.where} taken back.")
    session.flush()
    return version


def restore_leader_position(*, session: Session, battle_id: int,
                            position: LeaderPositionView, seen_version: int | None) -> int:
    """Put back a leader's position taken back (redo), same row id; his new version."""
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    if position.bound != bound.number:
        raise ConcurrentChangeError(f"that position belongs to bound {position.bound}; bound "
                                    f"{bound.number} is the open one")
    leader = get_leader(session, battle, position.leader_id)
    version = _claim(session, leader=leader, seen=seen_version)
    session.add(LeaderPosition(id=position.id, leader_id=position.leader_id,
                               bound_id=bound.id or 0, hex=position.hex, x=position.x,
                               y=position.y, facing=position.facing, source=position.source,
                               created_at=position.created_at))
    add_journal(session, battle_id=battle_id, bound_id=bound.id, kind="position",
                reason="redo",
                message=f"{leader.name} in {position.where} again ({position.source}).")
    session.flush()
    return version
