"""Recording a unit's position in the open bound, and taking it back (undo) or putting it back.

A position is never overwritten: each change is a new row. Recording one takes
``seen_version``, the version of the unit's ``unit_state`` row of the open
bound as the caller saw it, the same row that stands for "the unit as it is
now" for in-bound events (see :mod:`desk.services.versions`); each position
write raises it by one with a guarded UPDATE, so two umpires placing the same
unit at once cannot both win, on SQLite and PostgreSQL alike.

Undo follows the desk's approach for orders and LIM steps: the step's result
(a :class:`PositionView`) is the snapshot; :func:`remove_position` takes that
row back only while it is still the unit's latest, and :func:`restore_position`
puts the same row back (same id) for redo.

A recorded position writes no journal line: the ``position`` table is itself
append-only, with the row's source and time, and a unit's history merges its
rows in (:func:`desk.services.history.unit_history`). A line per move cost
~125 bytes (the line and its three indexes), more than the position itself,
against issue 20's 100 bytes per unit and bound. Taking a position back and
putting it back do write a line each: the row they touch is gone, or back,
and the journal says so.

Moving one unit is the board's hottest write (issue 20: under 5 ms), so
:func:`record_position` reads only what it needs: the open bound in one query,
the unit's name only when something is refused, and the version guard as one
guarded UPDATE found by the state row's (bound, unit) key.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import CursorResult, update
from sqlmodel import Session, col, select

from desk.rules.base import SituationRecord
from desk.rules.hexgrid import HexError
from desk.services.common import add_journal, get_battle, get_bound, get_unit, open_bound
from desk.services.errors import ConcurrentChangeError, ServiceError
from desk.services.positions.queries import hex_map_of, position_of
from desk.services.positions.situation import hex_situation
from desk.services.positions.views import PositionView, position_view
from desk.services.umpires.guard import refuse_if_claimed
from desk.services.versions import claim, state_version
from desk.store.tables.bounds import Bound, UnitState
from desk.store.tables.campaign import Battle
from desk.store.tables.lim import LimDraw, LimPool
from desk.store.tables.oob import Unit
from desk.store.tables.positions import POSITION_SOURCES, Position

MAX_HEX_TEXT = 12  # a hex number, or a place name's short label on a map without hexes


class PositionRefused(ServiceError):
    """A position that cannot be recorded (not a hex of the map, no such LIM): nothing written."""


def position_version(*, session: Session, battle_id: int, unit_id: int) -> int | None:
    """The version a position write for the unit takes as ``seen_version`` (its state row's).

    One query (the state row of the battle's current bound); when it finds none,
    :func:`~desk.services.versions.state_version` answers, with its refusals."""
    found = session.exec(
        select(UnitState.version_id).join(Bound, col(Bound.id) == col(UnitState.bound_id))
        .join(Battle, col(Battle.id) == col(Bound.battle_id))
        .where(col(Battle.id) == battle_id, col(Bound.number) == col(Battle.current_bound),
               col(UnitState.unit_id) == unit_id)).first()
    if found is not None:
        return found
    return state_version(session=session, battle_id=battle_id, unit_id=unit_id)


def checked_hex(session: Session, *, battle_id: int, text: str, what: str) -> str:
    """The hex number ``text`` as the battle's map numbers it; PositionRefused otherwise."""
    value = text.strip()
    hexmap = hex_map_of(session=session, battle_id=battle_id)
    if hexmap is None:
        if len(value) > MAX_HEX_TEXT:
            raise PositionRefused(f"{what}: {value[:20]!r}… is too long for a hex "
                                  f"({MAX_HEX_TEXT} characters at most).")
        return value
    try:
        return hexmap.grid.format(hexmap.grid.parse(value, what=what))
    except HexError as exc:
        raise PositionRefused(str(exc)) from exc


def checked_facing(facing: int | None) -> int | None:
    """A facing in whole degrees, 0 to 359 (360 and more, or less than 0, turned round)."""
    if facing is None:
        return None
    if isinstance(facing, bool) or not isinstance(facing, int):
        raise PositionRefused(f"Facing: {facing!r} is not a whole number of degrees.")
    return facing % 360


def hex_situation_for(session: Session, *, battle_id: int, unit_id: int,
                      fields: Mapping[str, object]) -> SituationRecord:
    """The situation an order's hexes give (:func:`hex_situation`), on the battle's map, from
    the unit's position in the open bound; PositionRefused naming the field of a bad hex."""
    hexmap = hex_map_of(session=session, battle_id=battle_id)
    where = position_of(session=session, battle_id=battle_id, unit_id=unit_id)
    found = hex_situation(hexmap, recorded=where.hex if where else "", fields=fields)
    if found.refusals:
        raise PositionRefused(found.refusals[0])
    return found.situation.copy()


def _open_bound(session: Session, battle_id: int) -> Bound:
    """The battle's open bound in one query (the usual errors from the slow path)."""
    bound = session.exec(select(Bound).join(Battle, col(Battle.id) == col(Bound.battle_id))
                         .where(col(Battle.id) == battle_id,
                                col(Bound.number) == col(Battle.current_bound))).first()
    if bound is None or bound.status != "open":
        return open_bound(session, get_battle(session, battle_id))
    return bound


def _claim_state(session: Session, *, unit_id: int, bound: Bound, seen: int | None) -> int:
    """Raise the unit's state version from ``seen`` by one: the guarded UPDATE of
    :func:`desk.services.versions.claim`, found by the state row's (bound, unit) key
    so that the row need not be read first. When it matches no row, :func:`_claim`
    finds out why (no state, or a changed version) and refuses as it always did."""
    if seen is not None:
        version = col(UnitState.version_id)
        result = session.execute(
            update(UnitState).where(col(UnitState.bound_id) == bound.id,
                                    col(UnitState.unit_id) == unit_id, version == seen)
            .values(version_id=version + 1).execution_options(synchronize_session="fetch"))
        if isinstance(result, CursorResult) and result.rowcount == 1:
            return seen + 1
    return _claim(session, unit=get_unit(session, unit_id), bound=bound, seen=seen)


def _last_facing(session: Session, *, bound: Bound, unit_id: int) -> int | None:
    """The unit's last facing at or before ``bound`` (its latest position's, or the
    latest one given before: :func:`~desk.services.positions.queries.position_of`'s),
    in one query, each bound of the battle probed on the ``(bound_id, unit_id)`` index."""
    found = session.exec(
        select(Position.facing).join(Bound, col(Bound.id) == col(Position.bound_id))
        .where(col(Bound.battle_id) == bound.battle_id, col(Bound.number) <= bound.number,
               col(Position.unit_id) == unit_id, col(Position.facing).is_not(None))
        .order_by(col(Bound.number).desc(), col(Position.id).desc()).limit(1)).first()
    return found


def _claim(session: Session, *, unit: Unit, bound: Bound, seen: int | None) -> int:
    row = session.exec(select(UnitState).where(UnitState.bound_id == bound.id,
                                               UnitState.unit_id == unit.id)).first()
    if row is None:
        raise PositionRefused(f"{unit.name} has no state in bound {bound.number}: it is not "
                              "on the field")
    return claim(session, UnitState, row_id=row.id or 0, seen=seen, bump=True,
                 what=f"{unit.name}'s position in bound {bound.number}")


def _check_draw(session: Session, *, bound: Bound, lim_draw_id: int | None) -> None:
    if lim_draw_id is None:
        return
    draw = session.get(LimDraw, lim_draw_id)
    pool = session.get(LimPool, draw.pool_id) if draw else None
    if draw is None or pool is None or pool.bound_id != bound.id:
        raise PositionRefused(f"LIM draw {lim_draw_id} is not one of bound {bound.number}'s "
                              "draws: the move is not recorded")


def record_position(*, session: Session, battle_id: int, unit_id: int, hex: str = "",
                    x: float | None = None, y: float | None = None, source: str = "umpire",
                    lim_draw_id: int | None = None, seen_version: int | None,
                    facing: int | None = None) -> tuple[PositionView, int]:
    """A new position for the unit in the open bound; the view and the unit's new version.

    ``hex`` in the battle's numbering (checked against its grid), and/or map
    ``x``/``y``; ``lim_draw_id`` the activation it moves under (None: the
    bound's start or order-level position); ``facing`` in degrees (0 = up the
    map, clockwise; None keeps the unit's last facing).
    """
    if source not in POSITION_SOURCES:
        raise PositionRefused(f"a position's source is one of {', '.join(POSITION_SOURCES)}, "
                              f"not {source!r}")
    refuse_if_claimed(session=session, battle_id=battle_id, unit_id=unit_id)  # issue 33
    bound = _open_bound(session, battle_id)
    number = checked_hex(session, battle_id=battle_id, text=hex, what="Hex") if hex else ""
    if not number and (x is None or y is None):
        unit = get_unit(session, unit_id)
        raise PositionRefused(f"Hex: {unit.name}'s position needs a hex, or map x and y.")
    _check_draw(session, bound=bound, lim_draw_id=lim_draw_id)
    facing = checked_facing(facing)
    version = _claim_state(session, unit_id=unit_id, bound=bound, seen=seen_version)
    if facing is None:  # kept from the last position, so the row reads alone too
        facing = _last_facing(session, bound=bound, unit_id=unit_id)
    row = Position(unit_id=unit_id, bound_id=bound.id or 0, lim_draw_id=lim_draw_id,
                   hex=number, x=x, y=y, facing=facing, source=source)
    session.add(row)
    session.flush()
    return position_view(row, bound=bound.number), version


def remove_position(*, session: Session, battle_id: int, position: PositionView,
                    seen_version: int | None) -> int:
    """Take back a position just recorded (undo); the unit's new version.

    Refused when it is no longer the unit's latest position of the open bound
    (someone recorded another since) or is not in the open bound.
    """
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    refuse_if_claimed(session=session, battle_id=battle_id, unit_id=position.unit_id)
    unit = get_unit(session, position.unit_id)
    version = _claim(session, unit=unit, bound=bound, seen=seen_version)
    latest = session.exec(select(Position).where(Position.unit_id == unit.id,
                                                 Position.bound_id == bound.id)
                          .order_by(col(Position.id).desc())).first()
    if position.bound != bound.number or latest is None or latest.id != position.id:
        raise ConcurrentChangeError(f"{unit.name}'s position was changed meanwhile: reload "
                                    "to see it")
    session.delete(latest)
    add_journal(session, battle_id=battle_id, bound_id=bound.id, unit_id=unit.id,
                kind="position", reason="undo",
                message=f"{unit.name}'s position {position.where} taken back.")
    session.flush()
    return version


def restore_position(*, session: Session, battle_id: int, position: PositionView,
                     seen_version: int | None) -> int:
    """Put back a position taken back (redo), same row id; the unit's new version."""
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    if position.bound != bound.number:
        raise ConcurrentChangeError(f"that position belongs to bound {position.bound}; bound "
                                    f"{bound.number} is the open one")
    refuse_if_claimed(session=session, battle_id=battle_id, unit_id=position.unit_id)
    unit = get_unit(session, position.unit_id)
    version = _claim(session, unit=unit, bound=bound, seen=seen_version)
    _check_draw(session, bound=get_bound(session, battle_id, bound.number),
                lim_draw_id=position.lim_draw_id)
    session.add(Position(id=position.id, unit_id=unit.id or 0, bound_id=bound.id or 0,
                         lim_draw_id=position.lim_draw_id, hex=position.hex, x=position.x,
                         y=position.y, facing=position.facing, source=position.source,
                         created_at=position.created_at))
    add_journal(session, battle_id=battle_id, bound_id=bound.id, unit_id=unit.id,
                kind="position", reason="redo",
                message=f"{unit.name} in {position.where} again ({position.source}).")
    session.flush()
    return version
