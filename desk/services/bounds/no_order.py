"""What a unit without an order does when its bound closes: the campaign's setting.

``continue`` (the default, the written-order convention): the unit carries on
with its last order, but a charge, fire or attack is never repeated (the rules
system's ``continued()``); a unit that never had an order holds. ``hold``: every
unit without an order stands (the system's ``hold_fields()``). ``defaults``:
the rules' own defaults for no order (Belle Alliance: the normal rate as far
as possible), what the desk did before the setting existed.

Whatever the setting, a unit of a Battles of Waterloo turn whose moves were
recorded under the LIMs drawn (BOW-2 …) did what was recorded: the close
applies its last recorded movement and the summary says so, never "holds".
A continued order is told by what the close applies (a charge is not
repeated), not by the words once written for it.

The close applies the plan and the close summary shows it, unit by unit, from
the same function, so what the umpire is told is what the close does.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from sqlalchemy import BindParameter, and_, bindparam, func
from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from desk.rules.base import RulesSystem
from desk.rules.records import OrderFields, fields_record
from desk.services.bounds.close_lines import continues, moved_under
from desk.services.common import core_rows
from desk.services.errors import LimError, NotFound
from desk.services.json_text import JsonTexts, as_text
from desk.store.tables.bounds import Bound, Order
from desk.store.tables.campaign import NO_ORDER_POLICIES

if TYPE_CHECKING:  # only named here: its six classes load with the LIM, not every window's
    # order table (issue 28)
    from desk.services.lim.views import MoveView

EXECUTED = ("accepted", "overruled")  # an order in these states is carried out at the close


@dataclass(frozen=True)
class NoOrderStep:
    """What one unit without an order does this bound, and how the summary says it."""

    unit_id: int
    unit: str
    action: str  # "continues", "holds", "defaults" or "moved" (under the LIMs drawn)
    fields: OrderFields | None  # completed fields for advance(); None: the rules' defaults
    says: str  # "continues its bound 2 order: normal → the mill", "holds (no order yet)"

    @property
    def line(self) -> str:
        """"Lobau: continues its bound 2 order: normal → the mill"."""
        return f"{self.unit}: {self.says}"


def policy_of(value: str | None) -> str:
    """The stored setting, or the default for a value this desk does not know."""
    return value if value in NO_ORDER_POLICIES else NO_ORDER_POLICIES[0]


def lim_moves(session: Session, *, battle_id: int, bound: int
              ) -> dict[int, tuple[MoveView, ...]]:
    """The moves recorded under the LIMs drawn in ``bound``, by unit, in activation order
    (empty where the battle has no LIM pool for that bound)."""
    from desk.services.lim.cup import cup

    try:
        view = cup(session=session, battle_id=battle_id, bound=bound)
    except (LimError, NotFound):
        return {}
    moves: dict[int, list[MoveView]] = {}
    for activation in view.activations:
        for move in activation.moves:
            moves.setdefault(move.unit_id, []).append(move)
    return {uid: tuple(found) for uid, found in moves.items()}


def _moved(system: RulesSystem, uid: int, name: str, moves: tuple[MoveView, ...]
           ) -> NoOrderStep:
    """What a unit moved under the LIMs did: its recorded moves, the last one applied."""
    def told(move: MoveView) -> str:
        where = f" → {move.destination_hex}" if move.destination_hex else ""
        return (f"LIM {move.seq}: {move.movement_label}{where} "
                f"({move.row or 'overruled'})")

    last = moves[-1]
    fields = system.complete({"movement": last.movement}).fields
    return NoOrderStep(uid, name, "moved", fields, moved_under([told(m) for m in moves]))


_STEPS_BACK = 3  # bounds looked at one by one before the search of the whole battle


@dataclass(frozen=True)
class _Queries:
    """The look-ups of :func:`_last_orders`, built once with their parameters left open:
    building the grouping query and computing its cache key cost more than running it."""

    recent: Any  # the last few bounds before ``before`` (battle, before)
    in_recent: Any  # their executed orders (bounds)
    ever: Any  # which of the units have an order at all (ids)
    latest: Any  # each unit's latest executed order in the battle (battle, before, ids)


@cache
def _queries(json_ids: bool) -> _Queries:
    """``json_ids`` (SQLite): the lists of unit ids go as one JSON text read by
    ``json_each``, not one parameter per id (SQLAlchemy's expansion of 2,000 of them
    costs more than SQLite's search)."""
    battle: BindParameter[int] = bindparam("battle")
    before: BindParameter[int] = bindparam("before")
    unit_id, number = col(Order.unit_id), col(Bound.number)
    ids: Any = (sql_select(func.json_each(bindparam("ids")).table_valued("value").c.value)
                if json_ids else bindparam("ids", expanding=True))
    completed = as_text(col(Order.completed))
    recent = (sql_select(col(Bound.id), number)
              .where(col(Bound.battle_id) == battle, number < before)
              .order_by(number.desc()).limit(_STEPS_BACK))
    in_recent = sql_select(unit_id, completed, col(Order.bound_id)).where(
        col(Order.bound_id).in_(bindparam("bounds", expanding=True)),
        col(Order.status).in_(EXECUTED))
    ever = sql_select(unit_id).distinct().where(unit_id.in_(ids))
    # Only each unit's latest bound is read whole: decoding every earlier order's JSON
    # cost 4 s at bound 100 of a 2,000-unit battle (the grouping stays inside SQLite).
    executed = (col(Bound.battle_id) == battle, number < before,
                col(Order.status).in_(EXECUTED))
    grouped = (sql_select(unit_id.label("unit_id"), func.max(number).label("number"))
               .join(Bound, col(Bound.id) == col(Order.bound_id))
               .where(*executed, unit_id.in_(ids))
               .group_by(unit_id).subquery())
    latest = (sql_select(unit_id, completed, number)
              .join(Bound, col(Bound.id) == col(Order.bound_id))
              .join(grouped, and_(grouped.c.unit_id == unit_id, grouped.c.number == number))
              .where(*executed))  # the units are those of ``grouped``: not listed twice
    return _Queries(recent=recent, in_recent=in_recent, ever=ever, latest=latest)


def _last_orders(session: Session, *, battle_id: int, before: int,
                 unit_ids: list[int]) -> dict[int, tuple[Any, int]]:
    """Each unit's last executed order before bound ``before``: (completed, bound), the
    completed fields as stored (their JSON text on SQLite, see :mod:`desk.services.json_text`).

    Most units either had an order a bound or two ago or never had one, and both are
    answered without reading the battle's whole order book (at bound 100 of a
    2,000-unit battle, 100,000 wide rows: a third of a second):

    1. the last few bounds' executed orders, one indexed look-up (their text, undecoded:
       a unit's newest is kept, the others never decoded);
    2. of the units still missing, those with no order at all in the file, one indexed
       look-up each (the index on ``unit_order.unit_id``): they never had one;
    3. the rest, one grouping query over the battle, as before.
    """
    found: dict[int, tuple[Any, int]] = {}
    missing = set(unit_ids)
    if not missing:
        return found
    json_ids = session.get_bind().dialect.name == "sqlite"
    queries = _queries(json_ids)

    def listed(ids: set[int]) -> Any:
        return json.dumps(sorted(ids)) if json_ids else sorted(ids)

    recent = core_rows(session, queries.recent, {"battle": battle_id, "before": before}).all()
    number_of = dict(recent)
    if number_of:
        for uid, completed, bound_id in core_rows(session, queries.in_recent,
                                                  {"bounds": list(number_of)}).all():
            number = number_of[bound_id]
            if uid in missing and (uid not in found or found[uid][1] < number):
                found[uid] = (completed, number)
        missing -= found.keys()
        if not missing:
            return found
    if len(recent) < _STEPS_BACK:  # every bound before was looked at
        return found
    missing &= set(core_rows(session, queries.ever, {"ids": listed(missing)}).scalars())
    if not missing:
        return found
    rows = core_rows(session, queries.latest,
                     {"battle": battle_id, "before": before, "ids": listed(missing)}).all()
    found.update({uid: (completed, number) for uid, completed, number in rows})
    return found


def plan_without_orders(*, session: Session, battle_id: int, bound: int, policy: str,
                        system: RulesSystem, units: Iterable[tuple[int, str]]
                        ) -> dict[int, NoOrderStep]:
    """The step of each unit in ``units`` (id, name) that has no order in ``bound``."""
    wanted = list(units)
    policy = policy_of(policy)
    moved = lim_moves(session, battle_id=battle_id, bound=bound) if system.has_lim_pool else {}
    steps: dict[int, NoOrderStep] = {uid: _moved(system, uid, name, moved[uid])
                                     for uid, name in wanted if uid in moved}
    wanted = [(uid, name) for uid, name in wanted if uid not in moved]
    if policy == "defaults":
        shown = system.summarize(system.complete({}).fields)
        return steps | {uid: NoOrderStep(uid, name, "defaults", None,
                                         f"the rules' default for no order ({shown})")
                        for uid, name in wanted}
    hold = dict(system.complete(system.hold_fields()).fields)
    last = (_last_orders(session, battle_id=battle_id, before=bound,
                         unit_ids=[uid for uid, _ in wanted]) if policy == "continue" else {})
    decoded = JsonTexts()
    # The same stored order carried on from the same bound gives the same step: a
    # brigade's battalions given one order are told once (the text is the key).
    told: dict[tuple[str, int], tuple[OrderFields, str]] = {}
    why = "no order yet" if policy == "continue" else "the campaign's setting"
    holds = f"holds ({why})"
    for uid, name in wanted:
        if uid in last:
            stored, number = last[uid]
            key = (stored, number) if isinstance(stored, str) else None
            known = told.get(key) if key is not None else None
            if known is None:
                # Told by what is applied: the words once written may say "Charge!" while
                # the charge is not repeated (continued()), or the saved fields differ.
                fields = system.complete(system.continued(fields_record(decoded(stored) or {}))
                                         ).fields
                known = (fields, continues(number, system.summarize(fields)))
                if key is not None:
                    told[key] = known
            steps[uid] = _step(uid, name, "continues", known[0], known[1])
        else:
            steps[uid] = _step(uid, name, "holds", hold, holds)
    return steps


def _step(unit_id: int, unit: str, action: str, fields: Mapping[str, object] | None,
          says: str) -> NoOrderStep:
    """A :class:`NoOrderStep` without its ``__init__``, whose frozen fields are set one
    ``object.__setattr__`` at a time: a close of 2,000 units makes one per unit. The
    fields are shared between the steps told alike (nobody changes them: ``advance()``
    completes a copy)."""
    made = object.__new__(NoOrderStep)
    made.__dict__.update(unit_id=unit_id, unit=unit, action=action, fields=fields, says=says)
    return made
