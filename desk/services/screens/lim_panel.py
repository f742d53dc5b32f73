"""The LIM panel (Battles of Waterloo): each command's situation from the pool, for the
order form's live check (which units an activation lets move is desk.services.lim.units).
"""

from __future__ import annotations

from sqlmodel import Session, select

from desk.rules.base import SituationRecord
from desk.services.common import (
    get_battle,
    get_bound,
)
from desk.store.tables.lim import LimPool


def lim_situation(*, session: Session, battle_id: int, command: str) -> SituationRecord:
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
    result: SituationRecord = {"idle": command in pool.idle}
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
