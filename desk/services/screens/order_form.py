"""The order form: the unit, its state now and the situation, to check an order as it is typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sqlmodel import Session, select

from desk.rules.base import SituationRecord, StateRecord, UnitInfo
from desk.rules.hexgrid import HexMap
from desk.services.bounds.events import state_now
from desk.services.common import (
    get_battle,
    get_bound,
    get_campaign,
    get_unit,
    rules_of,
    unit_info_of,
)
from desk.services.dto import (
    OrderView,
)
from desk.services.maps.distances import apply_measured, measured_situation
from desk.services.orders.write import get_order, intent_situation
from desk.services.positions.queries import hex_map_of, position_of
from desk.services.screens.lim_panel import lim_situation
from desk.services.umpires.guard import claim_on_unit
from desk.store.tables.bounds import Order


@dataclass(frozen=True)
class FormContext:
    """Everything the order form needs to check an order live, without the database."""

    unit: UnitInfo
    bound: int
    editable: bool
    state: StateRecord  # the unit's state now: start of the bound plus its events
    situation: SituationRecord
    order: OrderView | None
    # A field's own clause for this unit where the rules cite one per unit (Battles of
    # Waterloo's movement: the row the unit usually moves under), else the field's own.
    clauses: Mapping[str, str] = field(default_factory=dict)
    # The battle's hex map and the hex the unit stands in at this bound ("" when none is
    # recorded: the form asks for it); the form turns its hex fields into the situation.
    hexmap: HexMap | None = None
    recorded_hex: str = ""
    # Another umpire's claim on the unit (its command, a command above, its side), as
    # "Anne since 20:14 UTC"; "" when none. Such a form is read-only: the write would be
    # refused (desk.services.umpires.guard).
    claimed_by: str = ""


def form_context(*, session: Session, battle_id: int, unit_id: int,
                 bound: int | None = None) -> FormContext:
    """The unit, its state now and the situation, for checking its order as the umpire types."""
    battle = get_battle(session, battle_id)
    system = rules_of(get_campaign(session, battle.campaign_id))
    number = battle.current_bound if bound is None else bound
    row_bound = get_bound(session, battle_id, number)
    info = unit_info_of(session, get_unit(session, unit_id))
    state = state_now(session, system=system, info=info, bound=row_bound)
    situation: SituationRecord = {"bound": number}
    if system.has_lim_pool and number == battle.current_bound:
        # The current LIM's keys feed the "allowed now" note; the order itself is the
        # turn's intent and is checked as write_order checks it (intent.py).
        situation.update(lim_situation(session=session, battle_id=battle_id,
                                       command=info.command))
    if system.has_lim_pool:
        situation.update(intent_situation(session, battle=battle, info=info))
    # Distances measured from the positions (BA-9): offered as the situation's default,
    # with the working the form shows beside it.
    apply_measured(situation, measured_situation(session=session, battle_id=battle_id,
                                                 unit_id=unit_id, bound=number, system=system),
                   typed={})
    order = session.exec(select(Order).where(Order.bound_id == row_bound.id,
                                             Order.unit_id == unit_id)).first()
    view = get_order(session=session, order_id=order.id) if order and order.id else None
    cite = getattr(system, "field_clauses", None)
    clauses = cite(unit=info, state=state, situation=situation) if cite else {}
    where = position_of(session=session, battle_id=battle_id, unit_id=unit_id, bound=number)
    held = (claim_on_unit(session, battle_id=battle_id, unit_id=unit_id)
            if row_bound.status == "open" else None)  # a closed bound is read-only anyway
    return FormContext(unit=info, bound=number,
                       editable=row_bound.status == "open" and held is None,
                       claimed_by=held.held if held is not None else "",
                       state=state, situation=situation, order=view, clauses=clauses,
                       hexmap=hex_map_of(session=session, battle_id=battle_id),
                       recorded_hex=where.hex if where else "")
