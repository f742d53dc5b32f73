"""A large campaign for the benchmarks, made in seconds rather than half an hour.

Writing 200 bounds of 2,000 units through ``write_order`` and ``close_bound``
costs ~11 s a bound. This factory lets the services make the shapes and then
copies them in bulk:

1. the campaign comes from the services' own scenario import;
2. bound 1: one order is written through ``write_order`` (rows and journal as
   the service writes them) and copied to the other ordered units; then the
   bound is closed through ``close_bound``;
3. bound 2: the same, so that bound 2's rows are what a close of a campaign
   already in play looks like (states carried, journal of the close);
4. bounds 3 … n: bound 2's orders and journal lines and bound 3's start states
   are copied with SQLAlchemy Core ``executemany`` inserts (bound numbers and
   the clock in the journal messages adjusted), each bound closed as
   ``close_bound`` leaves it (status, closed_at, version raised by one); the
   last bound is left open with its start states, and the battle's
   ``current_bound`` and version moved as n − 2 more closes would have;
5. with ``open_orders``, the open bound has bound 2's orders too (half the units
   ordered, as the table shows it mid-evening).

It relies on the generated units keeping the same state from bound to bound
when they march on "the ridge" at the normal rate, which :func:`make_campaign`
checks after the second close (a rules change that broke it would fail loudly
here rather than produce a campaign no close could have made).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from sqlalchemy import insert, literal, select, update

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "services"))

from scenario import generated

from desk.services.bounds.close import close_bound
from desk.services.common import game_time
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.store import open_campaign
from desk.store.tables.bounds import Bound, Journal, Order, UnitState
from desk.store.tables.campaign import Battle
from desk.store.tables.oob import Unit

ORDER = {"destination": "the ridge"}
_BOUND_WORD = re.compile(r"\b(bound) (\d+)\b", re.IGNORECASE)
_CLOCK = re.compile(r"the clock reads [^.]*\.")


def _table(model: Any) -> Any:
    return model.__table__


def _columns(model: Any, skip: tuple[str, ...] = ("id",)) -> list[str]:
    return [c.name for c in _table(model).columns if c.name not in skip]


def _bound_row(connection: Any, battle_id: int, number: int) -> Any:
    return connection.execute(select(_table(Bound)).where(
        _table(Bound).c.battle_id == battle_id, _table(Bound).c.number == number)).one()


def _write_bound(store: Any, battle_id: int, ordered: list[tuple[int, str]]) -> None:
    """One order through the service, copied to the other ordered units; then the close."""
    with store.session() as session:
        first_id, first_name = ordered[0]
        write_order(session=session, battle_id=battle_id, unit_id=first_id, fields=ORDER,
                    seen_version=None)  # each bound starts without orders
        session.flush()
        connection = session.connection()
        order = connection.execute(select(_table(Order)).where(
            _table(Order).c.unit_id == first_id,
            _table(Order).c.bound_id == select(_table(Bound).c.id).where(
                _table(Bound).c.battle_id == battle_id,
                _table(Bound).c.status == "open").scalar_subquery())).one()._asdict()
        line = connection.execute(select(_table(Journal)).where(
            _table(Journal).c.bound_id == order["bound_id"],
            _table(Journal).c.unit_id == first_id,
            _table(Journal).c.kind == "order")).one()._asdict()
        orders, lines = [], []
        for unit_id, name in ordered[1:]:
            orders.append({**{k: order[k] for k in _columns(Order)}, "unit_id": unit_id})
            lines.append({**{k: line[k] for k in _columns(Journal)}, "unit_id": unit_id,
                          "message": line["message"].replace(first_name, name, 1)})
        connection.execute(insert(_table(Order)), orders)
        connection.execute(insert(_table(Journal)), lines)
    with store.session() as session:
        close_bound(session=session, battle_id=battle_id, backup=False)


def _renumber(message: str, offset: int, clock: str) -> str:
    message = _BOUND_WORD.sub(lambda m: f"{m[1]} {int(m[2]) + offset}", message)
    return _CLOCK.sub(f"the clock reads {clock}.", message)


def make_campaign(path: Path, *, units: int, bounds: int, open_orders: bool = False) -> int:
    """A Belle Alliance campaign of ``units`` units and ``bounds`` closed bounds at ``path``.

    Half the units (every other one) have an order in every closed bound, and in the
    open one with ``open_orders``. Returns the battle id. ``bounds`` must be at least
    2 (the two the services close).
    """
    if bounds < 2:
        raise ValueError("the factory closes two bounds through the services: ask for 2 or more")
    with open_campaign(path, create=True) as store:
        with store.session() as session:
            info = create_campaign_from_scenario(
                session=session, data=generated("belle-alliance", units=units))
            battle_id = info.battle_id
        with store.session() as session:
            ordered = [(r[0], r[1]) for r in session.connection().execute(
                select(_table(Unit).c.id, _table(Unit).c.name).order_by(_table(Unit).c.id))
            ][::2]
        for _ in range(2):
            _write_bound(store, battle_id, ordered)
        with store.session() as session:
            _copy_bounds(session.connection(), battle_id, bounds, open_orders=open_orders)
    return battle_id


def _copy_rows(connection: Any, table: Any, *, source: int, target: int) -> None:
    """INSERT … SELECT: a bound's rows of ``table`` copied to another bound, inside SQLite."""
    names = [c.name for c in table.columns if c.name not in ("id", "bound_id")]
    connection.execute(insert(table).from_select(
        ["bound_id", *names],
        select(literal(target), *[table.c[n] for n in names]).where(table.c.bound_id == source)
        .order_by(table.c.id)))


def _copy_bounds(connection: Any, battle_id: int, bounds: int, *, open_orders: bool) -> None:
    bound_t, state_t, order_t, journal_t = (_table(m) for m in (Bound, UnitState, Order,
                                                                 Journal))
    battle = connection.execute(select(_table(Battle)).where(
        _table(Battle).c.id == battle_id)).one()
    two, three = _bound_row(connection, battle_id, 2), _bound_row(connection, battle_id, 3)
    states = [r._asdict() for r in connection.execute(
        select(state_t).where(state_t.c.bound_id == three.id).order_by(state_t.c.unit_id))]
    before = {r.unit_id: r for r in connection.execute(
        select(state_t).where(state_t.c.bound_id == two.id))}
    changed = [s["unit_id"] for s in states
               if (s["formation"], s["disorder"], s["strength"], s["data"])
               != tuple(getattr(before[s["unit_id"]], k)
                        for k in ("formation", "disorder", "strength", "data"))]
    if changed:
        raise AssertionError(f"units' states change from bound to bound ({changed[:5]} ...): "
                             "copying bound 2 would not give what closes give")
    lines = [r._asdict() for r in connection.execute(
        select(journal_t).where(journal_t.c.bound_id == two.id).order_by(journal_t.c.id))]
    last = bounds + 1
    # Bound 3, opened by the second close, is closed as a close leaves it.
    connection.execute(update(bound_t).where(bound_t.c.id == three.id).values(
        status="closed", closed_at=two.closed_at, version_id=two.version_id))
    for number in range(3, last + 1):
        clock = game_time(battle.start_time, battle.minutes_per_bound, number)
        if number == 3:
            bound_id = three.id
        else:
            closed = number < last
            bound_id = connection.execute(insert(bound_t).values(
                battle_id=battle_id, number=number, game_time=clock,
                status="closed" if closed else "open",
                closed_at=two.closed_at if closed else None,
                version_id=two.version_id if closed else three.version_id)).inserted_primary_key[0]
            _copy_rows(connection, state_t, source=three.id, target=bound_id)
        if number == last:
            if open_orders:
                _copy_rows(connection, order_t, source=two.id, target=bound_id)
            break
        following = game_time(battle.start_time, battle.minutes_per_bound, number + 1)
        _copy_rows(connection, order_t, source=two.id, target=bound_id)
        connection.execute(insert(journal_t), [
            {**{k: j[k] for k in _columns(Journal)}, "bound_id": bound_id,
             "message": _renumber(j["message"], number - 2, following)} for j in lines])
    connection.execute(update(_table(Battle)).where(_table(Battle).c.id == battle_id).values(
        current_bound=last, version_id=battle.version_id + (last - 3)))
