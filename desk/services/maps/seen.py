"""The umpire's marks of what each side saw: an enemy unit, in a bound.

A side's view of the map shows an enemy unit only where such a mark exists, or
where a situation report the side captured placed it (never inferred from
distances: line of sight is the umpire's call). Marking
twice is harmless; unmarking removes the mark of that bound only.

A mark may name which of the side's units saw the enemy (``by``): with information
travelling (issue 31) their headquarters know at once and the rest of the chain by
report; a mark naming none is the whole side's at once, as without the setting.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete
from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import add_journal, current_battle, get_battle, get_bound, get_unit
from desk.services.knowledge.belief import captured_news
from desk.services.maps.images import MapRefused
from desk.store.tables.bounds import Bound
from desk.store.tables.maps import UnitSeen, UnitSeenBy
from desk.store.tables.oob import Side, Unit


def mark_seen(*, session: Session, unit_id: int, side_id: int, bound: int | None = None,
              seen: bool = True, battle_id: int | None = None,
              by: Sequence[int] = ()) -> bool:
    """Mark (or with ``seen`` False unmark) that side ``side_id`` saw ``unit_id`` in
    ``bound`` (default: the open bound) of battle ``battle_id`` (default: the current
    one), ``by`` those of its units (none: the side); True when something changed. The
    journal records each mark and unmark."""
    battle = current_battle(session)[1] if battle_id is None else get_battle(session, battle_id)
    bound_row = get_bound(session, battle.id or 0, bound or battle.current_bound)
    unit = get_unit(session, unit_id)
    side = session.get(Side, side_id)
    if side is None:
        raise MapRefused(_("there is no side number {side} in this campaign").format(side=side_id))
    if unit.side_id == side_id:
        raise MapRefused(_("{unit} is of the {side}: a side always sees its own units").format(
            unit=unit.name, side=side.name))
    observers = _observers(session, by, side=side)
    row = session.exec(select(UnitSeen).where(
        UnitSeen.unit_id == unit_id, UnitSeen.side_id == side_id,
        UnitSeen.bound_id == bound_row.id)).first()
    if seen:
        created = row is None
        if row is None:
            row = UnitSeen(unit_id=unit_id, side_id=side_id, bound_id=bound_row.id or 0)
            session.add(row)
            session.flush()
        had = set(session.exec(select(UnitSeenBy.unit_id).where(UnitSeenBy.seen_id == row.id)))
        new = [o for o in observers if o.id not in had]
        if not created and not new:
            return False  # marked already, by these units too
        # Naming who saw a mark of the whole side narrows it to their headquarters.
        session.add_all([UnitSeenBy(seen_id=row.id or 0, unit_id=o.id or 0) for o in new])
        named = f" (seen by {', '.join(o.name for o in new)})" if new else ""
        message = f"{side.name} saw {unit.name} in bound {bound_row.number}{named}."
    elif not seen and row is not None:
        # Who saw it goes with the mark, before it (the database's cascade would do it too).
        session.execute(delete(UnitSeenBy).where(col(UnitSeenBy.seen_id) == row.id)
                        .execution_options(synchronize_session=False))
        session.delete(row)
        message = f"{side.name} no longer saw {unit.name} in bound {bound_row.number}."
    else:
        return False
    # In English, like every journal line; desk/services/journal_text.py translates it shown.
    add_journal(session, battle_id=battle.id or 0, bound_id=bound_row.id, unit_id=unit.id,
                kind="seen", message=message)
    session.flush()
    return True


def _observers(session: Session, by: Sequence[int], *, side: Side) -> list[Unit]:
    """The units named as having seen, each of ``side``: one sentence refuses another."""
    found: list[Unit] = []
    for unit_id in dict.fromkeys(by):
        unit = get_unit(session, unit_id)
        if unit.side_id != side.id:
            raise MapRefused(_("{unit} is not of the {side}: only its own units see for a "
                               "side").format(unit=unit.name, side=side.name))
        found.append(unit)
    return found


def last_seen(*, session: Session, side_id: int, battle_id: int,
              up_to: int) -> dict[int, int]:
    """For each enemy unit ``side_id`` ever saw up to bound ``up_to``: the last bound number.

    A situation report the side captured (issue 31) counts as a sighting of every unit it
    names, at the bound its news was true."""
    rows = session.exec(
        select(UnitSeen.unit_id, Bound.number)
        .join(Bound, col(Bound.id) == UnitSeen.bound_id)
        .where(UnitSeen.side_id == side_id, Bound.battle_id == battle_id,
               col(Bound.number) <= up_to)).all()
    seen: dict[int, int] = {}
    for unit_id, number in rows:
        seen[unit_id] = max(number, seen.get(unit_id, 0))
    for unit_id, number in captured_news(session=session, side_id=side_id, battle_id=battle_id,
                                         up_to=up_to).items():
        seen[unit_id] = max(number, seen.get(unit_id, 0))
    return seen
