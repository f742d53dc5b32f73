"""The close question: what closing the open bound leaves behind (units without an order,
orders that overrule the rules), and what each unit without an order will do.

A draft order (imported from a filled sheet, or a dispatch delivered, not yet
saved as an order) is not applied by the close: its unit is among those without
an order and is named again among the drafts, so that nothing is dropped without
a word. A unit whose moves were recorded under the LIMs drawn (Battles of
Waterloo) is told by those moves, and a reinforcement not yet on the table is
not "without an order": it is not there to be ordered.
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
from desk.services.condition.reinforcements import due_at, hidden_units
from desk.services.couriers.ledger import arriving
from desk.services.packets.deadlines import late_commands
from desk.store.tables.bounds import Order


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
    # Units whose order is a draft the close does not apply (every one, by name).
    drafts: tuple[str, ...] = ()
    # Units moved under the LIMs drawn: "Steinmetz: moved under LIM 1: Tactical → 2314 (BOW-2)".
    lim_moved: tuple[str, ...] = ()


def close_summary(*, session: Session, battle_id: int) -> CloseSummary:
    """Units without an order (and what each will do) and orders that overrule the rules."""
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    orders = {o.unit_id: o for o in session.exec(select(Order).where(Order.bound_id == bound.id))}
    units = campaign_units(session, battle.campaign_id, bound_id=bound.id)
    off_table = hidden_units(session=session, battle_id=battle_id, bound=bound.number)
    overruled: list[tuple[str, str]] = []
    missing: list[tuple[int, str]] = []
    drafts: list[str] = []
    for unit, _, _ in units:
        order = orders.get(unit.id or 0)
        if order is not None and order.status == "draft":
            drafts.append(unit.name)
        if order is not None and order.status == "overruled":
            overruled.append((unit.name, order.override_reason))
        elif (order is None or order.status != "accepted") and unit.id not in off_table:
            missing.append((unit.id or 0, unit.name))
    campaign = get_campaign(session, battle.campaign_id)
    steps = plan_without_orders(session=session, battle_id=battle_id, bound=bound.number,
                                policy=campaign.no_order, system=rules_of(campaign),
                                units=missing)
    moved = [(uid, name) for uid, name in missing if steps[uid].action == "moved"]
    without = [(uid, name) for uid, name in missing if steps[uid].action != "moved"]
    return CloseSummary(bound=bound.number, units=len(units),
                        without_order=tuple(name for _, name in without),
                        overruled=tuple(overruled), no_order=policy_of(campaign.no_order),
                        without_order_steps=tuple(steps[uid].line for uid, _ in without),
                        drafts=tuple(drafts),
                        lim_moved=tuple(steps[uid].line for uid, _ in moved),
                        arrivals=due_at(session=session, battle_id=battle_id,
                                        bound=bound.number + 1),
                        arriving=tuple(f"{v.writer} → {v.recipient}: {v.text!r}" for v in
                                       arriving(session=session, battle_id=battle_id,
                                                bound=bound.number + 1)),
                        late=late_commands(session, battle_id=battle_id, bound=bound))
