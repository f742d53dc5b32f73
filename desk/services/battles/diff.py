"""What changed for which unit between any two bounds of a battle.

Compares the units' states at the starts of bound A and bound B (A's events
are in B's start state once A is closed): formation, disorder, strength, every
key of the state data, where each unit stood (its position at the start of each
bound: the last one recorded in an earlier bound, or for the battle's first its
deployment), the moves recorded under the LIMs of bounds A to B − 1 (Battles of
Waterloo), and units that joined or left between the two.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from desk.rules.base import StateRecord
from desk.services.common import (
    STATE_COLUMNS,
    core_rows,
    get_battle,
    get_bound,
    state_from,
    unit_records,
)
from desk.services.positions.views import where_words
from desk.store.tables.bounds import Bound, UnitState
from desk.store.tables.lim import LimDraw, LimMove, LimPool
from desk.store.tables.positions import Position


@dataclass(frozen=True)
class UnitChange:
    """One unit's changes between the two bounds: (key, before, after) each."""

    unit_id: int
    unit: str
    side: str
    changes: tuple[tuple[str, object, object], ...]


@dataclass(frozen=True)
class BoundDiff:
    """Every unit whose state differs between bound ``a`` and bound ``b``."""

    battle: str
    a: int
    b: int
    units: tuple[UnitChange, ...]


# The columns first, in this order; then the data keys alphabetically.
_FIRST = ("formation", "disorder", "strength")


def _states(session: Session, bound_id: int) -> dict[int, StateRecord]:
    return {r[0]: state_from(*r[1:]) for r in core_rows(session, sql_select(
        col(UnitState.unit_id), *map(col, STATE_COLUMNS))
        .where(col(UnitState.bound_id) == bound_id))}


def _positions(session: Session, battle_id: int, bound: int) -> dict[int, str]:
    """Where each unit stood at the start of ``bound``: its last position of an earlier
    bound, else its first in this one that no move or close wrote (the deployment)."""
    rows = session.execute(sql_select(Position, col(Bound.number))
                           .join(Bound, col(Bound.id) == col(Position.bound_id))
                           .where(col(Bound.battle_id) == battle_id,
                                  col(Bound.number) <= bound)
                           .order_by(col(Bound.number), col(Position.id))).all()
    found: dict[int, str] = {}
    for row, number in rows:
        deployed = row.unit_id not in found and row.source not in ("move", "order")
        if number < bound or deployed:
            found[row.unit_id] = where_words(row.hex, row.x, row.y)
    return found


def _moves(session: Session, battle_id: int, a: int, b: int) -> dict[int, str]:
    """The moves recorded under the LIMs of bounds ``a`` to ``b`` − 1, by unit, in words."""
    rows = session.execute(sql_select(LimMove, col(LimDraw.seq), col(LimDraw.lim),
                                      col(Bound.number))
                           .join(LimDraw, col(LimDraw.id) == col(LimMove.draw_id))
                           .join(LimPool, col(LimPool.id) == col(LimDraw.pool_id))
                           .join(Bound, col(Bound.id) == col(LimPool.bound_id))
                           .where(col(Bound.battle_id) == battle_id, col(Bound.number) >= a,
                                  col(Bound.number) < b)
                           .order_by(col(Bound.number), col(LimDraw.seq),
                                     col(LimMove.id))).all()
    found: dict[int, list[str]] = {}
    for move, seq, lim, number in rows:
        where = f" → {move.destination_hex}" if move.destination_hex else ""
        found.setdefault(move.unit_id, []).append(
            f"bound {number} LIM {seq} ({lim}): {move.movement}{where}"
            + (f" ({move.status})" if move.status != "accepted" else ""))
    return {unit: "; ".join(said) for unit, said in found.items()}


def _ordered(keys: set[str]) -> list[str]:
    return [k for k in _FIRST if k in keys] + sorted(keys - set(_FIRST))


def bound_diff(*, session: Session, battle_id: int, a: int, b: int) -> BoundDiff:
    """The units whose state changed between the starts of bounds ``a`` and ``b``.

    A unit with a state in only one of them shows as joining (``present``
    False → True) or leaving.
    """
    battle = get_battle(session, battle_id)
    before = _states(session, get_bound(session, battle_id, a).id or 0)
    after = _states(session, get_bound(session, battle_id, b).id or 0)
    stood, stands = _positions(session, battle_id, a), _positions(session, battle_id, b)
    moved = _moves(session, battle_id, min(a, b), max(a, b))
    units: list[UnitChange] = []
    for unit, side, _command in unit_records(session, battle.campaign_id, attrs=False):
        old, new = before.get(unit.id), after.get(unit.id)
        if old is None and new is None:
            continue
        if old is None or new is None:
            changes: tuple[tuple[str, object, object], ...] = (("present", old is not None,
                                                          new is not None),)
        else:
            changes = tuple((k, old.get(k), new.get(k)) for k in _ordered(set(old) | set(new))
                            if old.get(k) != new.get(k))
        if stood.get(unit.id) != stands.get(unit.id):
            changes += (("position", stood.get(unit.id), stands.get(unit.id)),)
        if unit.id in moved:
            changes += (("moves", None, moved[unit.id]),)
        if changes:
            units.append(UnitChange(unit_id=unit.id, unit=unit.name, side=side,
                                    changes=changes))
    return BoundDiff(battle=battle.name, a=a, b=b, units=tuple(units))
