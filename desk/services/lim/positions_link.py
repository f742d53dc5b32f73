"""Where a move recorded under a LIM meets the desk's one positions model.

The positions model (``desk.services.positions``, ``position`` table: a row per
unit, bound and activation) is built on its own branch (issue 18, hexes). When
it is installed, a recorded move with a destination hex also writes the unit's
position (source ``move``, tied to its ``lim_draw`` row) and the hex is checked
against the battle's grid; undoing the move takes that position back. Without
it, the hex stays in ``lim_move.destination_hex`` and is checked for its form
only (digits, as the scenarios number their hexes). The modules are looked up
by name so this package works with or without them.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

from sqlalchemy import delete
from sqlmodel import Session, col

from desk.i18n import _
from desk.services.errors import LimError

_HEX = re.compile(r"\d{3,6}")


def _module(name: str) -> Any | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def checked_hex(session: Session, *, battle_id: int, text: str, what: str) -> str:
    """A hex as the battle's map numbers it; LimError naming ``what`` otherwise."""
    value = text.strip()
    record = _module("desk.services.positions.record")
    if record is not None:
        try:
            return str(record.checked_hex(session, battle_id=battle_id, text=value, what=what))
        except record.PositionRefused as exc:
            raise LimError(str(exc)) from exc
    if not _HEX.fullmatch(value):
        raise LimError(_("{hex} is not a hex number (the map's numbering, e.g. 2314)")
                       .format(hex=repr(value)))
    return value


def write_position(session: Session, *, bound_id: int, unit_id: int, draw_id: int,
                   hex_number: str) -> None:
    """The unit's position after its move under ``draw_id`` (nothing without the model)."""
    grid = _module("desk.services.positions.grid")
    if grid is not None and hex_number:
        grid.record_move_position(session, bound_id=bound_id, unit_id=unit_id,
                                  lim_draw_id=draw_id, hex_number=hex_number)


def drop_positions(session: Session, *, draw_ids: list[int], unit_id: int | None = None) -> None:
    """Take back the positions moves under these draws wrote (a move replaced or undone)."""
    store = _module("desk.store.hexmap")
    if store is None or not draw_ids:
        return
    position = store.Position
    where = [col(position.lim_draw_id).in_(draw_ids), col(position.source) == "move"]
    if unit_id is not None:
        where.append(col(position.unit_id) == unit_id)
    session.execute(delete(position).where(*where).execution_options(synchronize_session=False))
