"""Delivering a close's dispatches in one pass: the orders' own checks, read once.

A close may deliver hundreds of dispatches; writing each through
``write_order`` costs tens of milliseconds (a dozen queries and flushes per
unit). Here every piece :func:`desk.services.orders.write.situation_for` reads
per order (the hex map, the units' positions, the commands' eligibility for
the LIM pool, the terrain features) is read once, and the same pure
functions (``system.complete``, ``system.check``, ``system.word_findings``,
``hex_situation``) judge each order; the rows go in with two INSERTs. An order
with an error finding is kept as a draft with its findings for the umpire to
amend or overrule, as an imported one is.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Protocol

from sqlalchemy import select as sql_select
from sqlalchemy import update
from sqlmodel import Session, col, select

from desk.rules.base import (
    Completed,
    Finding,
    RulesSystem,
    Severity,
    SituationRecord,
    StateRecord,
    UnitInfo,
)
from desk.rules.coerce import as_mapping
from desk.rules.records import fields_record
from desk.rules.words import WordReading, read_findings, read_words
from desk.services.common import (
    STATE_COLUMNS,
    UnitRecord,
    core_rows,
    get_battle,
    get_campaign,
    rules_of,
    state_from,
    unit_info,
    unit_records,
)
from desk.services.positions.queries import hex_map_of, positions_at
from desk.services.positions.situation import HEX_REFUSED, hex_situation
from desk.store.bulk import insert_rows
from desk.store.tables.bounds import Bound, Journal, Order, UnitState
from desk.store.tables.couriers import Dispatch
from desk.store.tables.oob import Command, Leader, Side, Unit
from desk.store.tables.terrain import TerrainFeature
from desk.store.who import umpire_of

# One dispatch text read once: its reading, the fields completed, the words' findings.
_Read = tuple[WordReading, Completed, list[Finding]]

DISPATCH_SOURCE = "dispatch"  # the source of an order a dispatch became
_DUE_COLUMNS = tuple(col(c) for c in (Dispatch.id, Dispatch.writer_id, Dispatch.to_unit_id,
                                      Dispatch.to_command_id, Dispatch.kind, Dispatch.text,
                                      Dispatch.fields, Dispatch.game_time))


class _Addressed(Protocol):
    """Whom a dispatch row is addressed to: a unit, or a command and all below it."""

    to_unit_id: int | None
    to_command_id: int | None


class _Due(_Addressed, Protocol):
    """A dispatch due for delivery, as its column row reads (``_DUE_COLUMNS``)."""

    id: int
    writer_id: int
    kind: str
    text: str
    fields: Mapping[str, object]
    game_time: str


class _Situations:
    """What situation_for reads per order, read once for the whole close."""

    def __init__(self, session: Session, *, battle_id: int, campaign_id: int, bound: Bound,
                 system: RulesSystem) -> None:
        self.bound, self.system = bound, system
        self.hexmap = hex_map_of(session=session, battle_id=battle_id)
        # The recorded hex matters only on a hex map (hex_situation ignores it otherwise).
        self.placed = (positions_at(session=session, battle_id=battle_id, bound=bound.number)
                       if self.hexmap is not None else {})
        self.eligible = {c.name: c.lim_eligible for c in session.exec(
            select(Command).join(Side, col(Command.side_id) == Side.id)
            .where(Side.campaign_id == campaign_id))}
        self.features = {f.name: f for f in session.exec(
            select(TerrainFeature).where(TerrainFeature.battle_id == battle_id))}
        self.by_id = {f.id: f for f in self.features.values()}

    def of(self, info: UnitInfo, completed: Mapping[str, object]) -> tuple[SituationRecord, str]:
        """The situation, and a hex refusal ("" when none)."""
        result: SituationRecord = {}
        if self.system.has_lim_pool:
            result.update({"intent": True, "lim_eligible": self.eligible.get(info.command, True)})
        where = self.placed.get(info.id)
        found = hex_situation(self.hexmap, recorded=where.hex if where else "", fields=completed)
        result.update(found.situation)
        result.setdefault("bound", self.bound.number)
        name = completed.get("crossing")
        feature = self.features.get(name) if isinstance(name, str) else None
        if feature is not None:
            waterway = self.by_id.get(feature.crosses_id) if feature.crosses_id else None
            result["crossing"] = {"name": feature.name, "kind": feature.kind,
                                  "width_cm": feature.width_cm,
                                  "waterway_width_cm": waterway.width_cm if waterway else None}
        return result, found.refusals[0] if found.refusals else ""


class _Reach:
    """Which units a dispatch reaches: the unit, or every unit of the command and below."""

    def __init__(self, session: Session, *, campaign_id: int,
                 records: Sequence[tuple[UnitRecord, str, str]]) -> None:
        parents = dict(core_rows(session, sql_select(col(Command.id), col(Command.parent_id))
                                 .join(Side, col(Side.id) == col(Command.side_id))
                                 .where(col(Side.campaign_id) == campaign_id)).all())
        self.children: dict[int, list[int]] = {}
        for command, parent in parents.items():
            if parent is not None:
                self.children.setdefault(parent, []).append(command)
        self.units: dict[int, list[int]] = {}
        for record, _side, _command in records:  # in the order of battle's order
            self.units.setdefault(record.command_id, []).append(record.id)

    def of(self, row: _Addressed) -> list[int]:
        """The ids of the units ``row`` reaches, in order of battle order."""
        if row.to_unit_id is not None:
            return [row.to_unit_id]
        found: list[int] = []
        frontier = [row.to_command_id or 0]
        while frontier:
            command = frontier.pop(0)
            found += self.units.get(command, [])
            frontier += self.children.get(command, [])
        return found


def deliver_due(session: Session, *, battle_id: int, bound: Bound, kind: str) -> int:
    """Deliver every dispatch in transit due at or before ``bound``; how many were."""
    # Column rows, not ORM objects: 500 SQLModel instances cost more than their delivery.
    due: Sequence[_Due] = core_rows(session, sql_select(*_DUE_COLUMNS).where(
        col(Dispatch.battle_id) == battle_id, col(Dispatch.fate) == "in-transit",
        col(Dispatch.due_bound) <= bound.number).order_by(col(Dispatch.id))).all()
    if not due:
        return 0
    battle = get_battle(session, battle_id)
    system = rules_of(get_campaign(session, battle.campaign_id))
    leaders = {x.id: x for x in session.exec(select(Leader).where(
        col(Leader.id).in_({d.writer_id for d in due})))}
    # Every unit's place in the order of battle, for whom a dispatch to a command reaches;
    # the rules' facts (attributes too) only of the units reached.
    records = unit_records(session, battle.campaign_id, attrs=False)
    reach = _Reach(session, campaign_id=battle.campaign_id, records=records)
    taken = {uid for (uid,) in core_rows(session, sql_select(col(Order.unit_id)).where(
        col(Order.bound_id) == bound.id, col(Order.status) != "cancelled"))}
    # Only an order becomes units' orders; a report is read at its headquarters.
    reached = {d.id: reach.of(d) if d.kind == "order" else [] for d in due}
    every = {u for units in reached.values() for u in units}
    attrs = dict(core_rows(session, sql_select(col(Unit.id), col(Unit.attrs))
                           .where(col(Unit.id).in_(every))).all())
    infos = {u.id: unit_info(u, side=s, command=c, attrs=attrs[u.id])
             for u, s, c in records if u.id in every}
    wanted = sorted(every - taken)
    states = {r[0]: state_from(*r[1:]) for r in core_rows(session, sql_select(
        col(UnitState.unit_id), *map(col, STATE_COLUMNS)).where(
        col(UnitState.bound_id) == bound.id, col(UnitState.unit_id).in_(wanted)))}
    situations = _Situations(session, battle_id=battle_id, campaign_id=battle.campaign_id,
                             bound=bound, system=system)
    stamp = datetime.now(UTC).replace(microsecond=0)
    words: dict[tuple[str, str], _Read] = {}  # one text reaching many units: once
    orders: list[dict[str, object]] = []
    lines: list[dict[str, object]] = []
    who = umpire_of(session)  # the umpire closing the bound delivers them

    def note(unit_id: int | None, message: str) -> None:
        lines.append({"battle_id": battle_id, "bound_id": bound.id, "unit_id": unit_id,
                      "kind": kind, "message": message, "reason": "", "clause": "",
                      "umpire": who, "created_at": stamp})

    for dispatch in due:
        writer = leaders[dispatch.writer_id]
        signed = f"{writer.name}, {dispatch.game_time}"
        for uid in reached[dispatch.id]:
            info = infos[uid]
            if uid in taken:
                note(uid, f"{info.name} keeps its own order; the dispatch from {signed} "
                     "is noted.")
                continue
            taken.add(uid)
            orders.append(_judged(system, info, dispatch, states.get(uid), situations,
                                  verbatim=f"{dispatch.text} ({signed})", stamp=stamp,
                                  words=words))
            done = fields_record(as_mapping(orders[-1]["completed"]))
            note(uid, f"Order for {info.name} by dispatch from {signed}: "
                 f"{system.summarize(done, arm=info.arm)}"
                 + (" (a draft: the rules refuse it as written)"
                    if orders[-1]["status"] == "draft" else ""))
        note(None, f"Dispatch from {signed} delivered in bound {bound.number}.")
    # One executemany per table, as the close's own rows (desk.store.bulk): Core's insert
    # of dicts built its parameters row by row, a fifth of a delivery of 500.
    connection = session.connection()
    for order in orders:
        order["umpire"] = who
    tables = (Order.__table__, Journal.__table__)  # type: ignore[attr-defined]
    for table, rows in zip(tables, (orders, lines), strict=True):
        if rows:  # each row's keys in one order: _judged's and note's
            insert_rows(connection, table, tuple(rows[0]), [tuple(r.values()) for r in rows])
    session.execute(update(Dispatch).where(col(Dispatch.id).in_([d.id for d in due]))
                    .values(fate="delivered", delivered_bound=bound.number,
                            version_id=col(Dispatch.version_id) + 1)
                    .execution_options(synchronize_session=False))
    for obj in list(session.identity_map.values()):  # copies the UPDATE went under
        if isinstance(obj, Dispatch):
            session.expire(obj)
    return len(due)


def _judged(system: RulesSystem, info: UnitInfo, dispatch: _Due,
            state: StateRecord | None, situations: _Situations, *, verbatim: str,
            stamp: datetime, words: dict[tuple[str, str], _Read]) -> dict[str, object]:
    """The order row a dispatch makes for one unit: its fields read from its words as the
    form reads them ("Hold the village" with no rate is a halt), completed and checked."""
    # The words are the dispatch's text (its signature is the desk's): the same text and
    # fields read the same, whichever unit it reaches.
    key = (dispatch.text, json.dumps(dict(dispatch.fields), sort_keys=True, default=str))
    if key not in words:
        reading = read_words(system, verbatim=dispatch.text, fields=dict(dispatch.fields))
        read = system.complete(reading.fields)
        words[key] = (reading, read, [
            *read_findings(system, reading),
            *system.word_findings(verbatim=dispatch.text, fields=read.fields)])
    reading, completed, said = words[key]
    fields = completed.fields.copy()
    situation, refused = situations.of(info, fields)
    findings = system.check(unit=info, state=state or system.initial_state(unit=info),
                            fields=fields, situation=situation)
    findings += said
    errors = refused or any(f.severity is Severity.ERROR for f in findings)
    found = [f.to_dict() for f in findings]
    if refused:  # a hex off the map: kept as written, refused until corrected
        found.insert(0, Finding(HEX_REFUSED, Severity.ERROR, "", refused).to_dict())
    return {"bound_id": situations.bound.id, "unit_id": info.id, "verbatim": verbatim,
            "fields": dict(reading.fields), "completed": fields,
            "defaulted": sorted(completed.defaulted), "findings": found,
            "status": "draft" if errors else "accepted", "override_reason": "",
            "source": DISPATCH_SOURCE, "updated_at": stamp, "version_id": 1}
