"""The close question: what closing the open bound leaves behind (units without an order,
orders that overrule the rules), and what each unit without an order will do.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, select

from desk.services.bounds.no_order import plan_without_orders, policy_of
from desk.services.common import (
    campaign_units,
    get_battle,
    get_campaign,
    open_bound,
    rules_of,
)
from desk.services.condition.reinforcements import due_at
from desk.services.couriers.ledger import arriving
from desk.services.packets.deadlines import late_commands
from desk.store.models import Order


@dataclass(frozen=True)
class CloseSummary:
    """What the umpire should see before closing a bound."""

    bound: int
    units: int
    without_order: tuple[str, ...]
    overruled: tuple[tuple[str, str], ...]  # (unit, override reason)
    no_order: str = "continue"  # the campaign's setting for units without an order
    # What each unit without an order will do: "Lobau: continues 'advance on Plancenoit'".
    without_order_steps: tuple[str, ...] = ()
    # The reinforcements due when the next bound opens ("Bülow", "Pirch (on a roll)").
    arrivals: tuple[str, ...] = ()
    # The dispatches the close delivers: "Lobau → 19e Division: 'Advance on Plancenoit'".
    arriving: tuple[str, ...] = ()
    # Played by mail (issue 22): the commands that returned no order ("French: VI Corps").
    late: tuple[str, ...] = ()


def close_summary(*, session: Session, battle_id: int) -> CloseSummary:
    """Units without an order (and what each will do) and orders that overrule the rules."""
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    orders = {o.unit_id: o for o in session.exec(select(Order).where(Order.bound_id == bound.id))}
    units = campaign_units(session, battle.campaign_id, bound_id=bound.id)
    without: list[str] = []
    overruled: list[tuple[str, str]] = []
    missing: list[tuple[int, str]] = []
    for unit, _, _ in units:
        order = orders.get(unit.id or 0)
        if order is None or order.status not in ("accepted", "overruled"):
            without.append(unit.name)
            missing.append((unit.id or 0, unit.name))
        elif order.status == "overruled":
            overruled.append((unit.name, order.override_reason))
    campaign = get_campaign(session, battle.campaign_id)
    steps = plan_without_orders(session=session, battle_id=battle_id, bound=bound.number,
                                policy=campaign.no_order, system=rules_of(campaign),
                                units=missing)
    return CloseSummary(bound=bound.number, units=len(units), without_order=tuple(without),
                        overruled=tuple(overruled), no_order=policy_of(campaign.no_order),
                        without_order_steps=tuple(steps[uid].line for uid, _ in missing),
                        arrivals=due_at(session=session, battle_id=battle_id,
                                        bound=bound.number + 1),
                        arriving=tuple(f"{v.writer} → {v.recipient}: {v.text!r}" for v in
                                       arriving(session=session, battle_id=battle_id,
                                                bound=bound.number + 1)),
                        late=late_commands(session, battle_id=battle_id, bound=bound))
