"""The close question: what closing the open bound leaves behind (units without an order,
orders that overrule the rules).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, select

from desk.services.common import (
    campaign_units,
    get_battle,
    open_bound,
)
from desk.store.models import Order


@dataclass(frozen=True)
class CloseSummary:
    """What the umpire should see before closing a bound."""

    bound: int
    units: int
    without_order: tuple[str, ...]
    overruled: tuple[tuple[str, str], ...]  # (unit, override reason)


def close_summary(*, session: Session, battle_id: int) -> CloseSummary:
    """Units without an order and orders that overrule the rules, in the open bound."""
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    orders = {o.unit_id: o for o in session.exec(select(Order).where(Order.bound_id == bound.id))}
    units = campaign_units(session, battle.campaign_id)
    without: list[str] = []
    overruled: list[tuple[str, str]] = []
    for unit, _, _ in units:
        order = orders.get(unit.id or 0)
        if order is None or order.status not in ("accepted", "overruled"):
            without.append(unit.name)
        elif order.status == "overruled":
            overruled.append((unit.name, order.override_reason))
    return CloseSummary(bound=bound.number, units=len(units), without_order=tuple(without),
                        overruled=tuple(overruled))
