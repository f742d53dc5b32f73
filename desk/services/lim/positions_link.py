"""Where a move recorded under a LIM meets the desk's one positions model.

A recorded move with a destination hex also writes the unit's position
(``desk.services.positions``: source ``move``, tied to its ``lim_draw`` row), and
the hex is checked against the battle's grid; undoing the move takes that
position back. The move keeps its hex in ``lim_move.destination_hex`` too, as
the record of what the umpire typed.
"""

from __future__ import annotations

from sqlalchemy import delete
from sqlmodel import Session, col

from desk.services.errors import LimError
from desk.services.positions import record
from desk.services.positions.grid import record_move_position
from desk.store.hexmap import Position


def checked_hex(session: Session, *, battle_id: int, text: str, what: str) -> str:
    """A hex as the battle's map numbers it; LimError naming ``what`` otherwise."""
    try:
        return str(record.checked_hex(session, battle_id=battle_id, text=text.strip(),
                                      what=what))
    except record.PositionRefused as exc:
        raise LimError(str(exc)) from exc


def write_position(session: Session, *, bound_id: int, unit_id: int, draw_id: int,
                   hex_number: str) -> None:
    """The unit's position after its move under ``draw_id`` (none for a move without a hex)."""
    if hex_number:
        record_move_position(session, bound_id=bound_id, unit_id=unit_id,
                             lim_draw_id=draw_id, hex_number=hex_number)


def drop_positions(session: Session, *, draw_ids: list[int], unit_id: int | None = None) -> None:
    """Take back the positions moves under these draws wrote (a move replaced or undone)."""
    if not draw_ids:
        return
    where = [col(Position.lim_draw_id).in_(draw_ids), col(Position.source) == "move"]
    if unit_id is not None:
        where.append(col(Position.unit_id) == unit_id)
    session.execute(delete(Position).where(*where).execution_options(synchronize_session=False))
