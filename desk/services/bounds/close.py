"""Closing and reopening bounds: every unit's state carried to the next bound, atomically.

Closing bound *n* runs, for every unit, the rules system's ``advance()`` over
its state at the start of *n*, its executed order (None: the rules' "no order")
and the events the umpire recorded, then writes one new unit_state row per unit
for bound *n + 1* (never overwriting *n*'s), records crossings started,
continued and completed, rebuilds the LIM pool (Battles of Waterloo), moves the
game clock and opens *n + 1*. It all happens in the caller's one transaction:
a failure anywhere leaves bound *n* open and nothing written.

Reopening undoes the last close exactly (see :mod:`desk.services.bounds.reopen`).
The bound's status and the battle's current bound are changed with guarded
UPDATEs (``WHERE status = 'open'``, ``WHERE current_bound = n``): a second
umpire closing the same bound at the same moment gets a clear refusal. Each
row a close updates has its version raised by exactly one, so that another
umpire's stale edit is still caught and a reopen can lower it again: the
reopened database is the one before the close, version columns included.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

from sqlalchemy import CursorResult, Update, bindparam, update
from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from desk.rules.records import OrderFields, fields_record
from desk.services.bounds.close_lines import no_order_line
from desk.services.bounds.events import event_payload
from desk.services.bounds.no_order import EXECUTED, plan_without_orders, policy_of
from desk.services.campaign.backups import backup_before_close
from desk.services.collector import collector_paused
from desk.services.common import (
    core_rows,
    game_time,
    get_battle,
    get_campaign,
    open_bound,
    rules_of,
    split_state,
    unit_infos,
)
from desk.services.condition.reinforcements import arrive, hidden_units
from desk.services.dto import CloseReport
from desk.services.errors import BoundClosedError, ConcurrentChangeError
from desk.services.json_text import JsonTexts, as_text
from desk.services.packets.deadlines import late_commands
from desk.services.positions.grid import record_order_moves
from desk.services.rolls import commitment, first_bound_seed, new_bound_seed
from desk.services.umpires.claims import end_claims
from desk.store.bulk import insert_rows
from desk.store.tables.bounds import Bound, BoundEvent, Journal, Order, UnitState
from desk.store.tables.campaign import Battle
from desk.store.tables.lim import LimPool
from desk.store.tables.terrain import Crossing, TerrainFeature
from desk.store.who import umpire_of

CLOSE = "close"  # the journal kind of every line a close writes (reopen removes exactly these)
_STATE_COLUMNS = ("bound_id", "unit_id", "formation", "disorder", "strength", "data",
                  "version_id")
_JOURNAL_COLUMNS = ("battle_id", "bound_id", "unit_id", "kind", "message", "reason", "clause",
                    "umpire", "created_at")


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


@cache
def _guarded_updates() -> tuple[Update, Update]:
    """The bound closed (if still open) and the battle moved on (if still at that bound),
    each raising its row's version by one: built once, their values left as parameters."""
    closed_at = bindparam("closed_at", type_=Bound.__table__.c.closed_at.type)  # type: ignore[attr-defined]
    closes = (update(Bound).where(col(Bound.id) == bindparam("bound"),
                                  col(Bound.status) == "open")
              .values(status="closed", closed_at=closed_at,
                      version_id=col(Bound.version_id) + 1))
    moves_on = (update(Battle).where(col(Battle.id) == bindparam("battle"),
                                     col(Battle.current_bound) == bindparam("number"))
                .values(current_bound=bindparam("next"), version_id=col(Battle.version_id) + 1))
    return closes, moves_on


def _guarded(session: Session, statement: Update, what: str,
             values: dict[str, object] | None = None) -> None:
    """Run an UPDATE (with ``values`` for its parameters) that must hit exactly one row,
    else someone else got there first."""
    result = session.execute(statement, values)
    if not isinstance(result, CursorResult) or result.rowcount != 1:
        raise ConcurrentChangeError(f"{what} was changed by someone else meanwhile: reload")


def _feature_name(value: object) -> str | None:
    if isinstance(value, Mapping):
        name = value.get("feature") or value.get("name")
        return str(name) if name else None
    return str(value) if isinstance(value, str) and value else None


class _Crossings:
    """Crossing rows started, continued and completed during one close."""

    def __init__(self, session: Session, *, battle_id: int, bound: Bound) -> None:
        self.session, self.bound = session, bound
        self.features: dict[str, int] = dict(core_rows(session, sql_select(
            col(TerrainFeature.name), col(TerrainFeature.id))
            .where(col(TerrainFeature.battle_id) == battle_id)).all())
        # No feature on the table, no crossing of one in progress: not asked.
        self.open = {c.unit_id: c for c in session.exec(
            select(Crossing).where(Crossing.status == "in-progress",
                                   col(Crossing.feature_id).in_(list(self.features.values()))))
        } if self.features else {}
        self.started = self.completed = 0

    def track(self, *, unit_id: int, before: object, after: object,
              begun: list[str]) -> list[str]:
        """Compare the crossing before and after the bound; return journal lines."""
        old, new = _feature_name(before), _feature_name(after)
        lines: list[str] = []
        row = self.open.get(unit_id)
        if old and new == old:
            return [f"Crossing of {old} continues into bound {self.bound.number + 1}."]
        if row is not None and (old or not new):
            row.completed_bound_id, row.status = self.bound.id, "completed"
            self.session.add(row)
            self.completed += 1
            lines.append(f"Crossing of {old or 'the feature'} completed.")
        if new:
            lines += self._start(unit_id, new, completed=False)
        elif not old:
            for name in begun:  # begun and finished within this one bound
                lines += self._start(unit_id, name, completed=True)
        return lines

    def _start(self, unit_id: int, name: str, *, completed: bool) -> list[str]:
        feature = self.features.get(name)
        if feature is None:
            return [f"Crossing of {name}: no such feature on the table, not tracked."]
        self.session.add(Crossing(unit_id=unit_id, feature_id=feature,
                                  started_bound_id=self.bound.id or 0,
                                  completed_bound_id=self.bound.id if completed else None,
                                  status="completed" if completed else "in-progress"))
        self.started += 1
        self.completed += int(completed)
        return [f"Crossing of {name} begun" + (" and completed." if completed else ".")]


def close_bound(
    *, session: Session, battle_id: int, bound: int | None = None, backup: bool = True,
    backup_dir: Path | None = None, _after_unit: Callable[[int], None] | None = None,
) -> CloseReport:
    """Close the open bound and open the next, in one transaction (see the module text).

    ``bound``, when given, is the bound the umpire means to close: a second
    click on "Close bound 3" after bound 3 was closed is refused rather than
    closing bound 4.

    ``_after_unit`` is called with each unit's id once its new state is computed;
    it exists for the atomic-close test, which raises from it half-way through
    to show that nothing of the close survives (a keyword-only hook is plainer
    than monkeypatching a module function, and costs nothing when None).
    """
    with collector_paused():
        return _close(session=session, battle_id=battle_id, bound=bound, backup=backup,
                      backup_dir=backup_dir, after_unit=_after_unit)


def _close(*, session: Session, battle_id: int, bound: int | None, backup: bool,
           backup_dir: Path | None, after_unit: Callable[[int], None] | None) -> CloseReport:
    battle = get_battle(session, battle_id)
    campaign = get_campaign(session, battle.campaign_id)
    system = rules_of(campaign)
    if bound is not None and bound != battle.current_bound:
        raise BoundClosedError(f"bound {bound} is not the open bound: bound "
                               f"{battle.current_bound} is")
    closing = open_bound(session, battle)
    number = closing.number
    # Played by mail: who returned no order, named before the close plans their units.
    late = late_commands(session, battle_id=battle_id, bound=closing)
    saved = (backup_before_close(session=session, bound=number, backup_dir=backup_dir)
             if backup else None)
    closes, moves_on = _guarded_updates()
    _guarded(session, closes, f"bound {number}", {"bound": closing.id, "closed_at": _now()})
    _guarded(session, moves_on, f"the battle {battle.name}",
             {"battle": battle_id, "number": number, "next": number + 1})
    # The umpires' claims end with the bound (issue 33), before the close writes anything
    # of the next one: the dispatches it delivers and the LIM pool it builds are its own.
    end_claims(session, battle_id=battle_id, bound_id=closing.id)
    clock = game_time(battle.start_time, battle.minutes_per_bound, number + 1)
    # A fresh seed: knowing this bound's seed tells nothing of the next one's rolls.
    following = Bound(battle_id=battle_id, number=number + 1, game_time=clock,
                      seed=new_bound_seed())
    session.add(following)
    session.flush()

    # Column rows, not ORM objects: building 2,000 SQLModel instances would cost
    # more than the whole close's budget.
    closing_id, following_id = closing.id, following.id  # read once, not per unit
    decoded = JsonTexts()
    # The bound's orders in one read: the executed ones are carried out, the drafts (an
    # imported sheet, a dispatch delivered) were never saved: not applied, and said so.
    orders: dict[int, OrderFields] = {}
    drafts: set[int] = set()
    for unit_id, status, completed in core_rows(session, sql_select(
            col(Order.unit_id), col(Order.status), as_text(col(Order.completed)))
            .where(col(Order.bound_id) == closing_id)).all():
        if status in EXECUTED:
            orders[unit_id] = fields_record(decoded(completed))
        elif status == "draft":
            drafts.add(unit_id)
    events: dict[int, list[BoundEvent]] = {}
    for event in session.exec(select(BoundEvent).where(BoundEvent.bound_id == closing.id)
                              .order_by(col(BoundEvent.id))):
        events.setdefault(event.unit_id, []).append(event)
    crossings = _Crossings(session, battle_id=battle_id, bound=closing)
    crossing_units = crossings.open  # the units with a crossing in progress
    stamp = _now()
    new_states: list[tuple[object, ...]] = []  # rows of _STATE_COLUMNS
    lines: list[tuple[object, ...]] = []  # rows of _JOURNAL_COLUMNS

    add_line = lines.append
    who = umpire_of(session)

    def note(unit_id: int | None, message: str, clause: str = "") -> None:
        add_line((battle_id, closing_id, unit_id, CLOSE, message, "", clause, who, stamp))

    # Taking part: the units with a state in the closing bound, read with it.
    units = unit_infos(session, battle.campaign_id, bound_id=closing_id or 0)
    # A reinforcement not yet on the table is not "without an order": it holds, unnamed.
    off_table = hidden_units(session=session, battle_id=battle_id, bound=number)
    hold = system.complete(system.hold_fields()).fields
    # The campaign's setting says what a unit without an order does (continue, hold, defaults).
    steps = plan_without_orders(session=session, battle_id=battle_id, bound=number,
                                policy=campaign.no_order, system=system,
                                units=[(u.id, u.name) for u, _ in units
                                       if u.id not in orders and u.id not in off_table])
    without_order = 0
    for info, start in units:
        uid = info.id
        fields = orders.get(uid)
        step = steps.get(uid) if fields is None else None
        if step is not None:
            fields = step.fields
        elif fields is None and uid in off_table:
            fields = hold
        if uid in drafts:
            note(uid, f"The draft order of {info.name} was not saved as an order: not "
                 "applied at the close.")
        unit_events = events.get(uid)  # most units have none: no lists made for them
        advanced = system.advance(unit=info, state=start, fields=fields,
                                  events=[event_payload(e) for e in unit_events]
                                  if unit_events else [], bound=number)
        new_states.append((following_id, uid, *split_state(advanced.state), 1))
        if step is not None and step.fields is None:
            without_order += 1
            note(uid, no_order_line(unit=info.name, bound=number, says="the rules' default "
                                    "for a unit without orders applies"))
        elif step is not None and step.action == "moved":  # what the LIMs recorded
            note(uid, no_order_line(unit=info.name, bound=number, says=step.says,
                                    written=True))
        elif step is not None:
            without_order += 1
            note(uid, no_order_line(unit=info.name, bound=number, says=step.says))
        for text in advanced.journal:
            note(uid, text)
        begun = [n for e in unit_events if "crossing" in e.kind and "begun" in e.kind
                 for n in [_feature_name(e.data)] if n] if unit_events else []
        before, after = start.get("crossing"), advanced.state.get("crossing")
        if before or after or begun or uid in crossing_units:  # else nothing to track
            for text in crossings.track(unit_id=uid, before=before, after=after, begun=begun):
                note(uid, text)
        if after_unit is not None:
            after_unit(uid)
    # Reinforcements due as bound n + 1 opens come on the table (journalled with the close,
    # so a reopen removes the lines and take_back_arrivals the marks).
    # Their rolls come from the closing bound's seed, committed to in its packets.
    seed = closing.seed or first_bound_seed(battle.seed)
    arrivals: list[str] = []
    for uid, text, arrived in arrive(session=session, battle=battle, bound=number + 1,
                                     seed=seed):
        note(uid, text)
        if arrived:
            arrivals.append(text)
    # The seed committed to in the packets is revealed now (issue 22, docs/verifiable-rolls.md).
    note(None, f"Bound {number}'s seed revealed: {seed} (its SHA-256 commitment: "
         f"{commitment(seed)}).")
    if late:
        note(None, f"Late at the close of bound {number}, no orders returned: "
             f"{', '.join(late)} (no-order setting: {policy_of(campaign.no_order)}).")
    note(None, f"Bound {number} closed: {len(units)} units carried into bound {number + 1} "
         f"({without_order} without orders); the clock reads {clock}.")
    # One executemany per table (desk.store.bulk): the ORM's bulk path costs twice as
    # much as Core's, and Core's parameter building more than SQLite's own work.
    connection = session.connection()
    insert_rows(connection, UnitState.__table__, _STATE_COLUMNS, new_states)  # type: ignore[attr-defined]
    insert_rows(connection, Journal.__table__, _JOURNAL_COLUMNS, lines)  # type: ignore[attr-defined]
    # Each executed order's destination hex is where its unit now stands (issue 18).
    record_order_moves(session, bound_id=closing.id or 0, orders=orders)
    session.flush()
    session.expire(battle)
    session.expire(closing)
    # Each headquarters' situation report up the chain, with information travelling (issue
    # 31): written before the due dispatches are delivered, it tells what was known by the
    # end of the closed bound; a report due at once arrives with the others below.
    from desk.services.knowledge.reports import send_reports

    send_reports(session=session, battle_id=battle_id, bound=closing)
    # Dispatches due at the opened bound become their recipients' orders for it (issue 21).
    from desk.services.couriers.batch import deliver_due

    delivered = deliver_due(session, battle_id=battle_id, bound=following, kind="dispatch")
    if system.has_lim_pool:  # every chit back in, nobody idle (BOW-F3)
        from desk.services.lim.draws import build_pool
        from desk.services.lim.pool_store import stored_extra_lims

        old_pool = session.exec(select(LimPool).where(LimPool.bound_id == closing.id)).first()
        extras = stored_extra_lims(old_pool.state) if old_pool else ()
        build_pool(session=session, battle_id=battle_id, extra_lims=extras,
                   seen_version=None)
    return CloseReport(battle_id=battle_id, closed_bound=number, opened_bound=number + 1,
                       game_time=clock, units=len(units), without_order=without_order,
                       crossings_started=crossings.started,
                       crossings_completed=crossings.completed,
                       backup=saved.path if saved else None, arrivals=tuple(arrivals),
                       dispatches_delivered=delivered)
