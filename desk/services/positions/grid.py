"""The battle's hex grid from its scenario, and the positions a bound's close records.

The scenario gives the grid (numbering range, which columns sit lower, road
hexes, terrain per hex) and each unit's starting hex; the import stores them
here (source ``scenario``, bound 1). At the close of a bound each executed
order that names a destination hex moves its unit there (source ``order``, in
the closing bound), unless the umpire recorded moves under the bound's LIMs
(source ``move``): those are what happened, the order was the intent. A
reopen takes exactly those ``order`` rows back.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import delete
from sqlmodel import Session, col, select

from desk.rules.hexgrid import FROM_HEX, TO_HEX, HexError, HexMap
from desk.services.errors import ImportRefused
from desk.store.tables.bounds import Bound
from desk.store.tables.positions import HexGrid, Position


def store_hex_map(session: Session, *, battle_id: int, data: Mapping[str, object],
                  place: str = "hex_grid") -> HexMap:
    """Store a scenario's hex grid for the battle (ImportRefused naming ``place`` if bad)."""
    try:
        hexmap = HexMap.from_dict(data)
    except HexError as exc:
        raise ImportRefused(place=place, reason=str(exc)) from exc
    session.add(HexGrid(battle_id=battle_id, grid=hexmap.to_dict()))
    return hexmap


def starting_hex(hexmap: HexMap | None, value: object, *, place: str) -> str:
    """A unit's starting hex from the scenario, checked against the grid."""
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise ImportRefused(place=place, reason="a hex is written as its number, e.g. \"2314\"")
    text = str(value).strip()
    if hexmap is None:
        raise ImportRefused(place=place, reason="a unit's hex needs the scenario's hex_grid")
    try:
        return hexmap.grid.format(hexmap.grid.parse(text))
    except HexError as exc:
        raise ImportRefused(place=place, reason=str(exc)) from exc


def record_order_moves(session: Session, *, bound_id: int,
                       orders: Mapping[int, Mapping[str, object]]) -> int:
    """At the close: each executed order's destination hex, as the unit's new position.

    ``orders`` maps unit ids to completed fields. An order that gives only the
    hex the unit stands in (the umpire's answer to "which hex?") records that.
    Units with moves recorded under this bound's LIMs are left as they moved.
    Returns the number of positions written.
    """
    from desk.services.maps.board import calibration
    from desk.services.maps.hexes import hex_to_pixel
    from desk.services.positions.queries import position_of

    # Most closes have no order naming a hex: nothing to look up for them.
    if not any(isinstance(fields.get(TO_HEX) or fields.get(FROM_HEX), str)
               for fields in orders.values()):
        return 0
    moved = set(session.exec(select(Position.unit_id).where(
        Position.bound_id == bound_id, Position.source == "move")).all())
    bound = session.get(Bound, bound_id)
    battle_id = bound.battle_id if bound is not None else 0
    drawn = calibration(session=session, battle_id=battle_id)
    rows = []
    for unit_id, fields in orders.items():
        to_hex = fields.get(TO_HEX) or fields.get(FROM_HEX)
        if unit_id in moved or not isinstance(to_hex, str) or not to_hex.strip():
            continue
        # A hex the map cannot draw (no hex calibration) keeps the marker where it stood,
        # as a move under a LIM does: the close never takes a unit off the board.
        x = y = None
        if hex_to_pixel(drawn, to_hex.strip()) is None:
            stood = position_of(session=session, battle_id=battle_id, unit_id=unit_id)
            if stood is not None:
                x, y = stood.x, stood.y
        rows.append(Position(unit_id=unit_id, bound_id=bound_id, hex=to_hex.strip(),
                             x=x, y=y, source="order"))
    session.add_all(rows)
    return len(rows)


def discard_order_moves(session: Session, *, bound_id: int) -> None:
    """At a reopen: the positions that bound's close recorded, removed (and nothing else)."""
    session.execute(delete(Position).where(col(Position.bound_id) == bound_id,
                                           col(Position.source) == "order")
                    .execution_options(synchronize_session=False))


def discard_bound_positions(session: Session, *, bound_id: int) -> int:
    """Every position recorded in a bound a reopen discards; how many there were."""
    rows = session.exec(select(Position.id).where(Position.bound_id == bound_id)).all()
    session.execute(delete(Position).where(col(Position.bound_id) == bound_id)
                    .execution_options(synchronize_session=False))
    return len(rows)


def hex_places(session: Session, *, battle_id: int, bound: int) -> dict[int, dict[str, object]]:
    """Each placed unit's hex at ``bound`` with its terrain and road, as state keys."""
    from desk.services.positions.queries import hex_map_of, positions_at

    hexmap = hex_map_of(session=session, battle_id=battle_id)
    if hexmap is None:
        return {}
    return {unit_id: {"hex": where.hex, "terrain": hexmap.terrain_of(where.hex),
                      "road": hexmap.has_road(where.hex)}
            for unit_id, where in positions_at(session=session, battle_id=battle_id,
                                               bound=bound).items() if where.hex}


def record_move_position(session: Session, *, bound_id: int, unit_id: int, lim_draw_id: int,
                         hex_number: str, x: float | None = None,
                         y: float | None = None) -> Position:
    """A move recorded under a LIM (Battles of Waterloo): the unit's new position, source
    ``move``, tied to that draw (an undone draw takes it along, ON DELETE CASCADE).

    For the LIM cup's own move service, inside its transaction and under its guard
    (the pool's version): it checks the hex against the grid itself first. ``x``, ``y``:
    where the marker stays when the map cannot draw the hex (no hex calibration).
    """
    row = Position(unit_id=unit_id, bound_id=bound_id, lim_draw_id=lim_draw_id,
                   hex=hex_number.strip(), x=x, y=y, source="move")
    session.add(row)
    session.flush()
    return row
