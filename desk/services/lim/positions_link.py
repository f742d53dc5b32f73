"""Where a move recorded under a LIM meets the desk's one positions model.

A recorded move with a destination hex also writes the unit's position
(``desk.services.positions``: source ``move``, tied to its ``lim_draw`` row), and
the hex is checked against the battle's grid; undoing the move takes that
position back. The move keeps its hex in ``lim_move.destination_hex`` too, as
the record of what the umpire typed.

The hex is checked against the scenario's grid, else the map's hex calibration;
on a map with neither it must still be written as a hex number ("2314"), and
"banana" is refused. A hex the map cannot draw (no hex calibration) keeps the
unit's marker where it stood: the position carries the hex and the marker's
last place, so a move never takes a unit off the board.
"""

from __future__ import annotations

from sqlalchemy import delete
from sqlmodel import Session, col

from desk.i18n import _
from desk.services.errors import LimError
from desk.services.maps.board import calibration
from desk.services.maps.hexes import hex_to_pixel
from desk.services.positions import record
from desk.services.positions.grid import record_move_position
from desk.services.positions.queries import hex_map_of, position_of
from desk.store.tables.positions import Position

# A hex number on a map without a grid: column then row, two or three digits each.
_HEX_DIGITS = (4, 6)


def checked_hex(session: Session, *, battle_id: int, text: str, what: str) -> str:
    """A hex as the battle's map numbers it; LimError naming ``what`` otherwise."""
    value = text.strip()
    try:
        if hex_map_of(session=session, battle_id=battle_id) is not None:
            return str(record.checked_hex(session, battle_id=battle_id, text=value,
                                          what=what))
    except record.PositionRefused as exc:
        raise LimError(str(exc)) from exc
    if calibration(session=session, battle_id=battle_id).get("hex"):
        if hex_to_pixel(calibration(session=session, battle_id=battle_id), value) is None:
            raise LimError(_("{what}: {value} is not a hex of this map.").format(
                what=what, value=repr(value)))
        return value
    if not (value.isdigit() and len(value) in _HEX_DIGITS):
        raise LimError(_("{what}: {value} is not a hex number: digits, column then row "
                         "(e.g. 2314).").format(what=what, value=repr(value)))
    return value


def write_position(session: Session, *, battle_id: int, bound_id: int, unit_id: int,
                   draw_id: int, hex_number: str) -> None:
    """The unit's position after its move under ``draw_id`` (none for a move without a hex).

    Where the map cannot draw the hex, the marker keeps its last place (x, y).
    """
    if not hex_number:
        return
    x = y = None
    if hex_to_pixel(calibration(session=session, battle_id=battle_id), hex_number) is None:
        where = position_of(session=session, battle_id=battle_id, unit_id=unit_id)
        if where is not None:
            x, y = where.x, where.y
    record_move_position(session, bound_id=bound_id, unit_id=unit_id, lim_draw_id=draw_id,
                         hex_number=hex_number, x=x, y=y)


def drop_positions(session: Session, *, draw_ids: list[int], unit_id: int | None = None) -> None:
    """Take back the positions moves under these draws wrote (a move replaced or undone)."""
    if not draw_ids:
        return
    where = [col(Position.lim_draw_id).in_(draw_ids), col(Position.source) == "move"]
    if unit_id is not None:
        where.append(col(Position.unit_id) == unit_id)
    session.execute(delete(Position).where(*where).execution_options(synchronize_session=False))
