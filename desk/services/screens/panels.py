"""What the desk window needs in one call each: context, order form, unit panel, close summary.

The window never queries per row or per widget: each function below runs one
use case in the caller's session and returns frozen data. Two write helpers,
:func:`order_snapshot` and :func:`restore_order`, exist for the window's undo:
an order written by mistake is put back exactly as it was (or removed when
there was none), and the journal says so. :func:`restore_order` takes the
order's version as the caller last knew it and refuses (ConcurrentChangeError)
when another umpire changed the order since (see :mod:`desk.services.versions`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, select

from desk.rules.base import UnitInfo
from desk.services.bounds.events import list_events, state_now
from desk.services.bounds.no_order import plan_without_orders, policy_of
from desk.services.common import (
    add_journal,
    campaign_units,
    get_battle,
    get_bound,
    get_campaign,
    get_unit,
    open_bound,
    rules_of,
    unit_info_of,
)
from desk.services.dto import (
    CrossingView,
    EventView,
    HistoryEntry,
    OrderView,
    StateChange,
    UnitStateView,
)
from desk.services.history import crossings_in_progress, unit_history
from desk.services.orders.write import get_order
from desk.services.queries import charge_available_from, state_diff, unit_state

# Moved to ui_startup (the window's start-up reads); still importable from here.
from desk.services.screens.startup import BoundInfo as BoundInfo
from desk.services.screens.startup import DeskContext as DeskContext
from desk.services.screens.startup import desk_context as desk_context
from desk.services.versions import claim, inserted, refuse_unseen
from desk.store.models import LimPool, Order


@dataclass(frozen=True)
class FormContext:
    """Everything the order form needs to check an order live, without the database."""

    unit: UnitInfo
    bound: int
    editable: bool
    state: Mapping[str, Any]  # the unit's state now: start of the bound plus its events
    situation: Mapping[str, Any]
    order: OrderView | None


@dataclass(frozen=True)
class UnitPanelData:
    """A unit in one bound: its state, what changed since the bound before, its history."""

    unit: UnitInfo
    bound: int
    state: UnitStateView
    changes: tuple[StateChange, ...]
    charge_from: int | None
    crossings: tuple[CrossingView, ...]
    history: tuple[HistoryEntry, ...]
    events: tuple[EventView, ...]


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


@dataclass(frozen=True)
class OrderSnapshot:
    """An order's stored values, to put back on undo."""

    verbatim: str
    fields: Mapping[str, Any]
    completed: Mapping[str, Any]
    defaulted: tuple[str, ...]
    findings: tuple[Mapping[str, Any], ...]
    status: str
    override_reason: str
    source: str
    version: int | None = None  # the order row's version when the snapshot was taken


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
    last = pool.draws[-1] if pool.draws else None
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


def form_context(*, session: Session, battle_id: int, unit_id: int,
                 bound: int | None = None) -> FormContext:
    """The unit, its state now and the situation, for checking its order as the umpire types."""
    battle = get_battle(session, battle_id)
    system = rules_of(get_campaign(session, battle.campaign_id))
    number = battle.current_bound if bound is None else bound
    row_bound = get_bound(session, battle_id, number)
    info = unit_info_of(session, get_unit(session, unit_id))
    state = state_now(session, system=system, info=info, bound=row_bound)
    situation: dict[str, Any] = {"bound": number}
    if system.has_lim_pool and number == battle.current_bound:
        situation.update(lim_situation(session=session, battle_id=battle_id,
                                       command=info.command))
    order = session.exec(select(Order).where(Order.bound_id == row_bound.id,
                                             Order.unit_id == unit_id)).first()
    view = get_order(session=session, order_id=order.id) if order and order.id else None
    return FormContext(unit=info, bound=number, editable=row_bound.status == "open",
                       state=state, situation=situation, order=view)


def unit_panel(*, session: Session, battle_id: int, unit_id: int,
               bound: int | None = None) -> UnitPanelData:
    """A unit seen from a bound: state (with the bound's events), changes, crossings, history."""
    battle = get_battle(session, battle_id)
    number = battle.current_bound if bound is None else bound
    info = unit_info_of(session, get_unit(session, unit_id))
    view = unit_state(session=session, battle_id=battle_id, unit_id=unit_id, bound=number,
                      with_events=True)
    changes: tuple[StateChange, ...] = ()
    if number > 1:
        changes = state_diff(session=session, battle_id=battle_id, unit_id=unit_id,
                             from_bound=number - 1, to_bound=number).changes
    crossings = tuple(c for c in crossings_in_progress(session=session, battle_id=battle_id,
                                                       bound=number) if c.unit_id == unit_id)
    return UnitPanelData(
        unit=info, bound=number, state=view, changes=changes,
        charge_from=charge_available_from(session=session, battle_id=battle_id,
                                          unit_id=unit_id, bound=number),
        crossings=crossings,
        history=unit_history(session=session, battle_id=battle_id, unit_id=unit_id),
        events=list_events(session=session, battle_id=battle_id, bound=number, unit_id=unit_id),
    )


def close_summary(*, session: Session, battle_id: int) -> CloseSummary:
    """Units without an order and orders that overrule the rules, in the open bound."""
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    orders = {o.unit_id: o for o in session.exec(select(Order).where(Order.bound_id == bound.id))}
    units = campaign_units(session, battle.campaign_id)
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
                        without_order_steps=tuple(steps[uid].line for uid, _ in missing))


def order_snapshot(*, session: Session, battle_id: int, unit_id: int) -> OrderSnapshot | None:
    """The unit's order in the open bound as stored now (None: it has none)."""
    bound = open_bound(session, get_battle(session, battle_id))
    order = session.exec(select(Order).where(Order.bound_id == bound.id,
                                             Order.unit_id == unit_id)).first()
    if order is None:
        return None
    return OrderSnapshot(
        verbatim=order.verbatim, fields=dict(order.fields), completed=dict(order.completed),
        defaulted=tuple(order.defaulted), findings=tuple(dict(f) for f in order.findings),
        status=order.status, override_reason=order.override_reason, source=order.source,
        version=order.version_id,
    )


def restore_order(*, session: Session, battle_id: int, unit_id: int,
                  snapshot: OrderSnapshot | None, seen_version: int | None) -> int | None:
    """Put the unit's order in the open bound back as ``snapshot`` (None: remove it); undo.

    ``seen_version``: the order's version as the caller last knew it (None: no
    order). Returns the order's version afterwards (None: removed).
    """
    battle = get_battle(session, battle_id)
    bound = open_bound(session, battle)
    unit = get_unit(session, unit_id)
    order = session.exec(select(Order).where(Order.bound_id == bound.id,
                                             Order.unit_id == unit_id)).first()
    what = f"{unit.name}'s order"
    refuse_unseen(order, seen=seen_version, what=what)
    if order is not None:
        claim(session, Order, row_id=order.id or 0, seen=seen_version, what=what)
    if snapshot is None:
        if order is not None:
            session.delete(order)
        message = f"Order for {unit.name} undone: the unit has no order again."
    else:
        order = order or Order(bound_id=bound.id or 0, unit_id=unit_id)
        order.verbatim, order.fields = snapshot.verbatim, dict(snapshot.fields)
        order.completed, order.defaulted = dict(snapshot.completed), list(snapshot.defaulted)
        order.findings = [dict(f) for f in snapshot.findings]
        order.status, order.override_reason = snapshot.status, snapshot.override_reason
        order.source = snapshot.source
        session.add(order)
        message = f"Order for {unit.name} put back as it was ({snapshot.status})."
    add_journal(session, battle_id=battle_id, bound_id=bound.id, unit_id=unit_id, kind="order",
                message=message, reason="undo")
    with inserted(what):
        session.flush()
    return None if snapshot is None or order is None else order.version_id
