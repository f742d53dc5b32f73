"""Read-only queries for the window and the sheets: order table, unit state, history, diff.

Each returns frozen data. The order table loads units and orders of the bound in
bulk, as plain columns, so its cost in queries is the same for 20 units or
20,000; its rows are built as they are read (:mod:`desk.services.order_rows`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from operator import itemgetter

from sqlalchemy import and_
from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from desk.rules.base import RulesSystem, StateRecord
from desk.rules.coerce import as_float
from desk.rules.records import state_record
from desk.services.bounds.events import replay, unit_events
from desk.services.bounds.no_order_notes import no_order_notes
from desk.services.common import (
    STATE_COLUMNS,
    core_rows,
    get_battle,
    get_bound,
    get_campaign,
    get_unit,
    plain_rows,
    rules_of,
    state_from,
    state_of,
    unit_info_of,
)
from desk.services.dto import StateChange, StateDiff, UnitStateView, table_keys
from desk.services.errors import NotFound
from desk.services.oob.names import unit_labels
from desk.services.order_rows import OrderTable
from desk.store.tables.bounds import Bound, Order, UnitState
from desk.store.tables.oob import Command, Side, Unit


def order_table(*, session: Session, battle_id: int, bound: int | None = None,
                side: str | None = None) -> OrderTable:
    """One row per unit for a bound (the current one when None), in OOB order.

    Seven queries whatever the number of units: battle, campaign, bound, sides,
    commands, the units taking part in the bound (with their formation) and the
    bound's orders (their JSON as the driver gives it), in plain columns; the
    commands' paths too when a name repeats; and what the close does, or did, for
    the units without an order of their own (one query, two in a Battles of Waterloo
    turn: :mod:`desk.services.bounds.no_order_notes`). The rows are built when read
    (:mod:`desk.services.order_rows`).
    """
    battle = get_battle(session, battle_id)
    campaign = get_campaign(session, battle.campaign_id)
    system = rules_of(campaign)
    names = [spec.name for spec in system.order_fields()]
    row_bound = get_bound(session, battle_id, battle.current_bound if bound is None else bound)
    sides: dict[int, str] = dict(core_rows(session,
        sql_select(col(Side.id), col(Side.name))
        .where(col(Side.campaign_id) == battle.campaign_id)).all())
    commands: dict[int, str] = dict(core_rows(session,
        sql_select(col(Command.id), col(Command.name))
        .where(col(Command.side_id).in_(list(sides)))).all())
    # The units taking part in the bound (those with a state in it), in OOB order. Their
    # orders come apart, unsorted: sorting the orders' JSON with the units doubles the time.
    units = plain_rows(session,
        sql_select(col(Unit.id), col(Unit.side_id), col(Unit.name), col(Unit.command_id),
                   col(Unit.arm), col(UnitState.formation))
        .join(UnitState, and_(col(UnitState.unit_id) == col(Unit.id),
                              col(UnitState.bound_id) == row_bound.id))
        .where(col(Unit.side_id).in_(list(sides)))
        .order_by(col(Unit.side_id), col(Unit.sort_key), col(Unit.id)))
    if side is not None:
        units = [u for u in units if sides.get(u[1]) == side]
    orders = plain_rows(session,
        sql_select(col(Order.unit_id), col(Order.id), col(Order.status), col(Order.completed),
                   col(Order.findings), col(Order.defaulted), col(Order.verbatim),
                   col(Order.override_reason))
        .where(col(Order.bound_id) == row_bound.id))
    # A name its side repeats is told apart by its command: "Md Foot Bty (3. Brigade)".
    # Most orders of battle repeat no name at all, which a set of the names tells at C speed.
    unit_names = list(map(itemgetter(2), units))
    labels = (unit_labels(session, list(map(itemgetter(0, 1, 2, 3), units)))
              if len(set(unit_names)) < len(unit_names) else {})
    rate_key, destination_key, formation_key = table_keys(names)
    return OrderTable(units=units, sides=sides, commands=commands, labels=labels,
                      orders=dict(zip(map(itemgetter(0), orders), orders, strict=True)),
                      system=system, rate_key=rate_key, destination_key=destination_key,
                      formation_key=formation_key,
                      notes=no_order_notes(session, battle_id=battle_id, bound=row_bound,
                                           policy=campaign.no_order,
                                           lim_pool=system.has_lim_pool))


def with_place(state: Mapping[str, object],
               place: Mapping[str, object] | None) -> StateRecord:
    """The state with the hex it stands in and that hex's terrain and road, where the state
    records none itself (an event that set the terrain wins)."""
    if not place or state.get("terrain"):
        return state_record(state)
    return state_record({**state, **place})


def state_view(system: RulesSystem, state: StateRecord, *, unit_id: int, unit: str,
               bound: int, version: int | None = None) -> UnitStateView:
    """A state record as the frozen view the window shows, with the rules' lines."""
    mapping = state
    return UnitStateView(
        unit_id=unit_id, unit=unit, bound=bound,
        formation=str(mapping.get("formation") or ""),
        disorder=str(mapping.get("disorder") or ""),
        strength=int(as_float(mapping.get("strength")) or 0),
        data={k: v for k, v in mapping.items() if k not in ("formation", "disorder", "strength")},
        lines=tuple(system.describe_state(state=mapping, bound=bound)), version=version,
    )


def unit_state(*, session: Session, battle_id: int, unit_id: int, bound: int | None = None,
               with_events: bool = False) -> UnitStateView:
    """A unit's state at the start of a bound (the current one when None).

    ``with_events`` gives the state *now*: the bound's recorded events applied.
    """
    from desk.services.positions.grid import hex_places  # here, as in unit_states below

    battle = get_battle(session, battle_id)
    system = rules_of(get_campaign(session, battle.campaign_id))
    row_bound = get_bound(session, battle_id, battle.current_bound if bound is None else bound)
    unit = get_unit(session, unit_id)
    row = session.exec(select(UnitState).where(UnitState.bound_id == row_bound.id,
                                               UnitState.unit_id == unit_id)).first()
    if row is None:
        raise NotFound(f"{unit.name} has no state in bound {row_bound.number}")
    state = with_place(state_of(row), hex_places(session, battle_id=battle_id,
                                                 bound=row_bound.number).get(unit_id))
    if with_events:
        state = replay(system, info=unit_info_of(session, unit), state=state,
                       events=unit_events(session, unit_id=unit_id, bound=row_bound),
                       bound=row_bound.number)
    return state_view(system, state, unit_id=unit_id, unit=unit.name, bound=row_bound.number,
                      version=row.version_id)


def unit_states(*, session: Session, battle_id: int, bound: int | None = None,
                side_id: int | None = None, command_ids: Collection[int] | None = None,
                unit_ids: Collection[int] | None = None) -> dict[int, UnitStateView]:
    """Every unit's state at the start of a bound, by unit id (bulk, for the sheets).

    ``side_id``: only that side's units; ``command_ids``: only those commands' units;
    ``unit_ids``: only those units. A side's sheet or page reads its own 500 units, a
    brigade's its 20, not the campaign's 2,000 (issue 32).
    """
    # Imported here: the positions' tables load with their first reader, not with the
    # order table's module, which every window imports (issue 28).
    from desk.services.positions.grid import hex_places

    battle = get_battle(session, battle_id)
    system = rules_of(get_campaign(session, battle.campaign_id))
    row_bound = get_bound(session, battle_id, battle.current_bound if bound is None else bound)
    if (unit_ids is not None and not unit_ids) or (command_ids is not None and not command_ids):
        return {}
    # The unit's name joined to its state: one query, whatever the side.
    query = (sql_select(col(UnitState.unit_id), col(Unit.name), *map(col, STATE_COLUMNS))
             .join(Unit, col(Unit.id) == col(UnitState.unit_id))
             .where(col(UnitState.bound_id) == row_bound.id))
    if side_id is not None:
        query = query.where(col(Unit.side_id) == side_id)
    if command_ids is not None:
        query = query.where(col(Unit.command_id).in_(list(command_ids)))
    if unit_ids is not None:
        query = query.where(col(UnitState.unit_id).in_(list(unit_ids)))
    rows = core_rows(session, query)
    places = hex_places(session, battle_id=battle_id, bound=row_bound.number)
    return {
        unit_id: state_view(system, with_place(state_from(formation, disorder, strength, data),
                                               places.get(unit_id)),
                            unit_id=unit_id, unit=name or "", bound=row_bound.number)
        for unit_id, name, formation, disorder, strength, data in rows
    }


def state_diff(*, session: Session, battle_id: int, unit_id: int, from_bound: int,
               to_bound: int) -> StateDiff:
    """What changed in a unit's state between the starts of two bounds."""
    before = unit_state(session=session, battle_id=battle_id, unit_id=unit_id, bound=from_bound)
    after = unit_state(session=session, battle_id=battle_id, unit_id=unit_id, bound=to_bound)
    return StateDiff(unit_id=unit_id, unit=before.unit, from_bound=from_bound,
                     to_bound=to_bound, changes=state_changes(before, after))


def state_changes(before: UnitStateView, after: UnitStateView) -> tuple[StateChange, ...]:
    """Each key of a unit's state that differs between two views, by key."""
    a, b = before.as_mapping(), after.as_mapping()
    return tuple(StateChange(key=k, before=a.get(k), after=b.get(k))
                 for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k))


def charge_available_from(*, session: Session, battle_id: int, unit_id: int,
                          bound: int | None = None) -> int | None:
    """First bound the unit may charge again (BA-14), seen from a bound; None: no charge yet.

    Only a system with a charge cooldown (Belle Alliance) has one: the cooldown
    is the campaign's, house rules included.
    """
    battle = get_battle(session, battle_id)
    campaign = get_campaign(session, battle.campaign_id)
    system = rules_of(campaign)
    if not system.has_charge_cooldown:
        return None
    view = unit_state(session=session, battle_id=battle_id, unit_id=unit_id, bound=bound)
    return system.charge_available_from(state=view.as_mapping())


def bounds_of(*, session: Session, battle_id: int) -> tuple[tuple[int, str, str], ...]:
    """Every bound of a battle as (number, game time, status), in order."""
    get_battle(session, battle_id)
    return tuple((b.number, b.game_time, b.status) for b in session.exec(
        select(Bound).where(Bound.battle_id == battle_id).order_by(col(Bound.number))))
