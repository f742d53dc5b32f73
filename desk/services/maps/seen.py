"""The umpire's marks of what each side saw: an enemy unit, in a bound.

A side's view of the map shows an enemy unit only where such a mark exists
(never inferred from distances: line of sight is the umpire's call). Marking
twice is harmless; unmarking removes the mark of that bound only.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import current_battle, get_bound, get_unit
from desk.services.maps.images import MapRefused
from desk.store.map_models import UnitSeen
from desk.store.models import Bound, Side


def mark_seen(*, session: Session, unit_id: int, side_id: int, bound: int | None = None,
              seen: bool = True) -> bool:
    """Mark (or with ``seen`` False unmark) that side ``side_id`` saw ``unit_id`` in
    ``bound`` (default: the open bound); True when something changed."""
    _campaign, battle = current_battle(session)
    bound_row = get_bound(session, battle.id or 0, bound or battle.current_bound)
    unit = get_unit(session, unit_id)
    side = session.get(Side, side_id)
    if side is None:
        raise MapRefused(_("there is no side number {side} in this campaign").format(side=side_id))
    if unit.side_id == side_id:
        raise MapRefused(_("{unit} is of the {side}: a side always sees its own units").format(
            unit=unit.name, side=side.name))
    row = session.exec(select(UnitSeen).where(
        UnitSeen.unit_id == unit_id, UnitSeen.side_id == side_id,
        UnitSeen.bound_id == bound_row.id)).first()
    if seen and row is None:
        session.add(UnitSeen(unit_id=unit_id, side_id=side_id, bound_id=bound_row.id or 0))
        session.flush()
        return True
    if not seen and row is not None:
        session.delete(row)
        session.flush()
        return True
    return False


def last_seen(*, session: Session, side_id: int, battle_id: int,
              up_to: int) -> dict[int, int]:
    """For each enemy unit ``side_id`` ever saw up to bound ``up_to``: the last bound number."""
    rows = session.exec(
        select(UnitSeen.unit_id, Bound.number)
        .join(Bound, col(Bound.id) == UnitSeen.bound_id)
        .where(UnitSeen.side_id == side_id, Bound.battle_id == battle_id,
               col(Bound.number) <= up_to)).all()
    seen: dict[int, int] = {}
    for unit_id, number in rows:
        seen[unit_id] = max(number, seen.get(unit_id, 0))
    return seen
