"""The LIM panel (Battles of Waterloo): each command's situation from the pool, and every
unit with its state and situation for the "allowed now" overview.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, select

from desk.rules.base import UnitInfo
from desk.services.common import (
    campaign_units,
    get_battle,
    get_bound,
    get_campaign,
    rules_of,
)
from desk.store.models import LimPool


def lim_situation(*, session: Session, battle_id: int, command: str) -> dict[str, Any]:
    """The Battles of Waterloo situation of a unit of ``command`` now, from the LIM pool.

    The last LIM drawn (its kind, side, command, Orders option), the command's
    activation roll under it, and whether the command is idle (BOW-F3). Empty
    when the bound has no pool; the phase is the window's to say.
    """
    from desk.rules.battles_of_waterloo.pool import PoolState

    battle = get_battle(session, battle_id)
    bound = get_bound(session, battle_id, battle.current_bound)
    row = session.exec(select(LimPool).where(LimPool.bound_id == bound.id)).first()
    if row is None:
        return {}
    pool = PoolState.from_dict(row.state)
    result: dict[str, Any] = {"idle": command in pool.idle}
    if pool.exhausted:
        # Every chit drawn: the No LIM phase, and nothing cites the last LIM any more.
        result["phase"] = "no-lim"
    last = pool.draws[-1] if pool.draws and not pool.exhausted else None
    if last is not None:
        result.update(pool.chit(last.lim).situation())
        if last.orders_option is not None:
            result["orders_option"] = last.orders_option.value
    seq = last.seq if last is not None and not pool.exhausted else None
    rolls = [a for a in pool.activations if a.command == command and a.draw_seq == seq]
    if rolls:
        roll = rolls[-1]
        result["activation"] = {"roll": roll.roll, "rating": roll.rating,
                                "success": roll.success}
        result["attempts"] = len(rolls)
    return result


@dataclass(frozen=True)
class UnitNow:
    """A unit's facts, state at the start of the bound and situation, for a bulk overview."""

    unit: UnitInfo
    state: Mapping[str, Any]
    situation: Mapping[str, Any]


def units_now(*, session: Session, battle_id: int) -> tuple[UnitNow, ...]:
    """Every unit of the open bound with its state and (Battles of Waterloo) LIM situation.

    Bulk: units, states and the pool are read once each, whatever the size of
    the order of battle; the bound's events are not replayed (the overview is a
    guide, the order form checks each unit exactly).
    """
    from desk.services.common import state_of, unit_info
    from desk.store.models import UnitState

    battle = get_battle(session, battle_id)
    system = rules_of(get_campaign(session, battle.campaign_id))
    bound = get_bound(session, battle_id, battle.current_bound)
    states = {s.unit_id: state_of(s) for s in session.exec(
        select(UnitState).where(UnitState.bound_id == bound.id))}
    by_command: dict[str, dict[str, Any]] = {}
    result = []
    for unit, side, command in campaign_units(session, battle.campaign_id):
        info = unit_info(unit, side=side, command=command)
        if command not in by_command:
            by_command[command] = ({"bound": bound.number, **lim_situation(
                session=session, battle_id=battle_id, command=command)}
                if system.has_lim_pool else {"bound": bound.number})
        result.append(UnitNow(unit=info, state=states.get(unit.id or 0, {}),
                              situation=by_command[command]))
    return tuple(result)
