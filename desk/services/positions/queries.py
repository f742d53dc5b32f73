"""Reading positions: where a unit is at a bound, where every unit is, and its whole path.

"Latest at or before the bound" is ordered by the bound's number, then by the
row's id (rows are appended in the order things happened, moves under later
LIMs after earlier ones), so a new bound starts from the last positions
without any copying at the close. A row without a facing (a move that gave
none, an order's destination at the close) keeps the unit's last facing. The
rows are read bound by bound in unit order, the order of the table's one index
``(bound_id, unit_id)``: a unit's rows within a bound still come in id order,
so "latest" is unchanged, and the database need not sort a whole battle's
positions.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from desk.rules.hexgrid import HexError, HexMap
from desk.services.common import get_battle, get_unit
from desk.services.errors import ServiceError
from desk.services.positions.views import PositionView, map_px, position_view
from desk.store.tables.bounds import Bound
from desk.store.tables.positions import HexGrid, Position


def _bound_number(session: Session, battle_id: int, bound: int | None) -> int:
    return get_battle(session, battle_id).current_bound if bound is None else bound


def _rows(session: Session, *, battle_id: int, up_to: int,
          unit_id: int | None = None) -> list[tuple[Position, int]]:
    statement = (sql_select(Position, col(Bound.number)).join(Bound, col(Bound.id) ==
                                                              col(Position.bound_id))
                 .where(col(Bound.battle_id) == battle_id, col(Bound.number) <= up_to)
                 .order_by(col(Bound.number), col(Position.unit_id), col(Position.id)))
    if unit_id is not None:
        statement = statement.where(col(Position.unit_id) == unit_id)
    return [(row, number) for row, number in session.execute(statement).all()]


def position_of(*, session: Session, battle_id: int, unit_id: int,
                bound: int | None = None) -> PositionView | None:
    """The unit's latest position at or before bound ``bound`` (the open one when None)."""
    rows = _rows(session, battle_id=battle_id, up_to=_bound_number(session, battle_id, bound),
                 unit_id=unit_id)
    if not rows:
        return None
    row, number = rows[-1]
    return position_view(row, bound=number, facing=next(
        (r.facing for r, _n in reversed(rows) if r.facing is not None), None))


def positions_at(*, session: Session, battle_id: int,
                 bound: int | None = None) -> dict[int, PositionView]:
    """Every placed unit's latest position at or before ``bound``, by unit id."""
    # Columns, not Position entities: a close, a map view or a report reads every row of
    # the battle, and building thousands of ORM objects was most of that read's cost. The
    # rows come oldest first: each unit's last row is its position, and a row that gives
    # no facing keeps the last facing given; a view is built for that last row alone (a
    # long battle holds many rows a unit, one per move, and the close reads them all).
    last: dict[int, Any] = {}  # unit → its last row, as the driver gives it
    faced: dict[int, int] = {}
    for row in session.execute(
            sql_select(col(Position.id), col(Position.unit_id), col(Bound.number),
                       col(Position.hex), col(Position.x), col(Position.y),
                       col(Position.source), col(Position.lim_draw_id),
                       col(Position.created_at), col(Position.facing))
            .join(Bound, col(Bound.id) == col(Position.bound_id))
            .where(col(Bound.battle_id) == battle_id,
                   col(Bound.number) <= _bound_number(session, battle_id, bound))
            .order_by(col(Bound.number), col(Position.unit_id), col(Position.id))):
        unit_id = row[1]
        last[unit_id] = row
        if row[9] is not None:
            faced[unit_id] = row[9]
    return {unit_id: PositionView(id=row_id, unit_id=unit_id, bound=number, hex=hex_,
                                  x=map_px(x), y=map_px(y), source=source,
                                  lim_draw_id=draw, created_at=created,
                                  facing=faced.get(unit_id))
            for unit_id, (row_id, _unit, number, hex_, x, y, source, draw, created, _facing)
            in last.items()}


def history(*, session: Session, unit_id: int) -> tuple[PositionView, ...]:
    """Every position the unit has had, first to last (every step of every bound)."""
    unit = get_unit(session, unit_id)
    rows = session.execute(sql_select(Position, col(Bound.number))
                           .join(Bound, col(Bound.id) == col(Position.bound_id))
                           .where(col(Position.unit_id) == unit.id)
                           .order_by(col(Bound.number), col(Position.id))).all()
    found: list[PositionView] = []
    for row, number in rows:
        found.append(position_view(row, bound=number,
                                   facing=found[-1].facing if found else None))
    return tuple(found)


def hex_map_of(*, session: Session, battle_id: int) -> HexMap | None:
    """The battle's hex grid with its roads and terrain (None: the battle has no hex map)."""
    row = session.exec(select(HexGrid).where(HexGrid.battle_id == battle_id)).first()
    if row is None:
        return None
    try:
        return HexMap.from_dict(row.grid)
    except HexError as exc:  # a hand-edited file: say so rather than guess
        raise ServiceError(f"the battle's hex grid cannot be read: {exc}") from exc
