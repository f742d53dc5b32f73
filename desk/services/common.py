"""Lookups and conversions every service shares (not a use case of its own).

The state mapping of a rules system always has ``formation``, ``disorder`` and
``strength``: they go to unit_state's columns, every other key to its JSON
``data``. :func:`state_of` and :func:`split_state` are the two directions.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from desk.rules import get_system
from desk.rules.base import Finding, RulesSystem, Severity, StateRecord, UnitInfo
from desk.rules.coerce import as_float
from desk.rules.records import state_record
from desk.services.errors import BoundClosedError, NotFound
from desk.services.json_text import JsonTexts, as_text
from desk.store.tables.bounds import Bound, Journal, UnitState
from desk.store.tables.campaign import Battle, Campaign
from desk.store.tables.oob import Command, Side, Unit

COLUMN_KEYS = ("formation", "disorder", "strength")


def get_battle(session: Session, battle_id: int) -> Battle:
    """The battle, or :class:`NotFound`."""
    battle = session.get(Battle, battle_id)
    if battle is None:
        raise NotFound(f"there is no battle number {battle_id} in this campaign")
    return battle


def get_campaign(session: Session, campaign_id: int) -> Campaign:
    """The campaign, or :class:`NotFound`."""
    campaign = session.get(Campaign, campaign_id)
    if campaign is None:
        raise NotFound(f"there is no campaign number {campaign_id} in this file")
    return campaign


def rules_of(campaign: Campaign) -> RulesSystem:
    """The campaign's rules system with its house rules applied."""
    return rules_from(campaign.rules_system, campaign.house_rules)


def rules_from(rules_system: str, house_rules: Mapping[str, object]) -> RulesSystem:
    """:func:`rules_of` from the campaign's two columns (a query that read them, not the row)."""
    return _system(rules_system, json.dumps(house_rules, sort_keys=True))


@lru_cache(maxsize=16)
def _system(system_id: str, house_rules: str) -> RulesSystem:
    # A rules system is immutable and pure, so one per (system, house rules) can
    # be shared: building it reads and checks its TOML data file, which costs
    # ~5 ms, half of a unit history's 10 ms budget. Keyed by the house rules'
    # JSON text, so a campaign that changes a house rule gets a new system.
    return get_system(system_id, json.loads(house_rules))


def get_bound(session: Session, battle_id: int, number: int) -> Bound:
    """Bound ``number`` of a battle, or :class:`NotFound`."""
    bound = session.exec(
        select(Bound).where(Bound.battle_id == battle_id, Bound.number == number)
    ).first()
    if bound is None:
        raise NotFound(f"bound {number} has not been played in this battle")
    return bound


def open_bound(session: Session, battle: Battle) -> Bound:
    """The battle's current bound, which must be open (else :class:`BoundClosedError`)."""
    bound = get_bound(session, battle.id or 0, battle.current_bound)
    if bound.status != "open":
        raise BoundClosedError(f"bound {bound.number} is closed: its orders are read-only")
    return bound


def get_unit(session: Session, unit_id: int) -> Unit:
    """The unit, or :class:`NotFound`."""
    unit = session.get(Unit, unit_id)
    if unit is None:
        raise NotFound(f"there is no unit number {unit_id} in this campaign")
    return unit


def unit_info(unit: Unit | UnitRecord, *, side: str, command: str,
              attrs: Mapping[str, object] | None = None) -> UnitInfo:
    """The permanent facts about a unit that the rules need; ``attrs``: its attributes,
    where the record was read without them (``unit_records(attrs=False)``)."""
    return UnitInfo(
        id=unit.id or 0,
        name=unit.name,
        arm=unit.arm,
        unit_type=unit.unit_type,
        side=side,
        command=command,
        strength=unit.strength,
        imperial_guard=unit.imperial_guard,
        attrs=dict(unit.attrs if attrs is None else attrs),
    )


def unit_info_of(session: Session, unit: Unit) -> UnitInfo:
    """:func:`unit_info` for one unit, looking up its side and command names."""
    side = session.get(Side, unit.side_id)
    command = session.get(Command, unit.command_id)
    return unit_info(unit, side=side.name if side else "", command=command.name if command else "")


def campaign_units(session: Session, campaign_id: int, *,
                   bound_id: int | None = None) -> list[tuple[Unit, str, str]]:
    """Every unit of a campaign with its side and command names: three queries in all.

    ``bound_id``: only the units taking part in that bound (those with a state in it):
    a campaign of several battles has units that sit one of them out.
    """
    sides = {
        s.id: s.name
        for s in session.exec(select(Side).where(Side.campaign_id == campaign_id)).all()
    }
    commands = {
        c.id: c.name
        for c in session.exec(select(Command).where(col(Command.side_id).in_(list(sides)))).all()
    }
    query = select(Unit).where(col(Unit.side_id).in_(list(sides)))
    if bound_id is not None:
        query = query.where(col(Unit.id).in_(_in_bound(bound_id)))
    units = session.exec(
        query
        .order_by(col(Unit.side_id), col(Unit.sort_key), col(Unit.id))
    ).all()
    return [(u, sides.get(u.side_id, ""), commands.get(u.command_id, "")) for u in units]


@dataclass(frozen=True, slots=True)
class UnitRecord:
    """A unit's columns as plain data: what the bulk paths read instead of ORM objects.

    Building a SQLModel instance costs ~40 µs (pydantic's private attributes);
    for 2,000 units that alone would eat the order table's 50 ms budget.
    """

    id: int
    side_id: int
    command_id: int
    name: str
    arm: str
    unit_type: str
    strength: int
    strength_unit: str
    imperial_guard: bool
    attrs: dict[str, object]


_RECORD_COLUMNS = (Unit.id, Unit.side_id, Unit.command_id, Unit.name, Unit.arm, Unit.unit_type,
                   Unit.strength, Unit.strength_unit, Unit.imperial_guard, Unit.attrs)


def core_rows(session: Session, statement: Any,
              parameters: Mapping[str, object] | None = None) -> Any:
    """Run a column SELECT on the session's connection: plain rows, no ORM loading.

    The ORM's row loading costs ~20 ms for 2,000 rows, plain Core ~3 ms. The
    session is flushed first, as the ORM's autoflush would have done.
    ``parameters`` fill a statement built once with ``bindparam``.
    """
    session.flush()
    return session.connection().execute(statement, dict(parameters or {}))


def plain_rows(session: Session, statement: Any) -> list[tuple[Any, ...]]:
    """:func:`core_rows`, fetched as the driver's own tuples, without SQLAlchemy's rows.

    For columns the driver gives as they are wanted (numbers, text: no JSON, no
    dates, whose types convert them): 20,000 rows come back in a third of the time,
    which is the order table's first paint at that size.
    """
    result = core_rows(session, statement)
    try:
        return list(result.cursor.fetchall())
    finally:
        result.close()


def _record(r: Any, attrs: dict[str, object]) -> UnitRecord:
    return UnitRecord(id=r[0], side_id=r[1], command_id=r[2], name=r[3], arm=r[4],
                      unit_type=r[5], strength=r[6], strength_unit=r[7],
                      imperial_guard=r[8], attrs=attrs)


def _in_bound(bound_id: int) -> Any:
    """The ids of the units with a state in a bound: those taking part in its battle then."""
    return sql_select(col(UnitState.unit_id)).where(col(UnitState.bound_id) == bound_id)


def unit_records(session: Session, campaign_id: int, *, attrs: bool = True,
                 bound_id: int | None = None,
                 side_id: int | None = None) -> list[tuple[UnitRecord, str, str]]:
    """:func:`campaign_units` as plain records (three queries, no ORM instances).

    ``attrs=False`` leaves the JSON ``attrs`` out (empty): the order table has
    no use for them, and decoding 2,000 of them is a tenth of its budget.
    ``side_id``: only that side's units (a side's sheet or page reads no other side's).
    """
    side_query = sql_select(col(Side.id), col(Side.name)).where(
        col(Side.campaign_id) == campaign_id)
    if side_id is not None:
        side_query = side_query.where(col(Side.id) == side_id)
    sides: dict[int, str] = dict(core_rows(session, side_query).all())
    commands: dict[int, str] = dict(core_rows(session,
        sql_select(col(Command.id), col(Command.name))
        .where(col(Command.side_id).in_(list(sides)))).all())
    query = (sql_select(*[col(c) for c in (_RECORD_COLUMNS if attrs else _RECORD_COLUMNS[:-1])])
             .where(col(Unit.side_id).in_(list(sides))))
    if bound_id is not None:
        query = query.where(col(Unit.id).in_(_in_bound(bound_id)))
    rows = core_rows(session, query.order_by(col(Unit.side_id), col(Unit.sort_key),
                                             col(Unit.id))).all()
    if not attrs:
        return [(_record(r, {}), sides.get(r[1], ""), commands.get(r[2], "")) for r in rows]
    return [(_record(r, r[9]), sides.get(r[1], ""), commands.get(r[2], "")) for r in rows]


def unit_infos(session: Session, campaign_id: int, *,
               bound_id: int) -> list[tuple[UnitInfo, StateRecord]]:
    """The rules' facts of each unit taking part in a bound, with its state at the start
    of it, straight from the rows, in :func:`unit_records`' order (a close needs no
    :class:`UnitRecord` besides); one query for both."""
    sides: dict[int, str] = dict(core_rows(session,
        sql_select(col(Side.id), col(Side.name)).where(col(Side.campaign_id) == campaign_id)
    ).all())
    commands: dict[int, str] = dict(core_rows(session,
        sql_select(col(Command.id), col(Command.name))
        .where(col(Command.side_id).in_(list(sides)))).all())
    # The driver's own rows (plain_rows): the one column with a type to apply is the flag,
    # bool() below (SQLite gives 0 or 1); the JSON columns come as their text.
    # Joined from the bound's states (one per unit) rather than ``IN`` their ids: SQLite
    # reads each unit by its key instead of searching the side index for every id.
    rows = plain_rows(session, sql_select(
        *[col(c) for c in _RECORD_COLUMNS[:-1]], as_text(col(Unit.attrs)),
        *[col(c) for c in STATE_COLUMNS[:3]], as_text(col(UnitState.data)))
        .select_from(UnitState).join(Unit, col(Unit.id) == col(UnitState.unit_id))
        .where(col(UnitState.bound_id) == bound_id, col(Unit.side_id).in_(list(sides)))
        .order_by(col(Unit.side_id), col(Unit.sort_key), col(Unit.id)))
    # Most units have the same attributes (none) and the same state data: decoded once.
    decoded = JsonTexts()
    return [(_unit_info({"id": r[0], "name": r[3], "arm": r[4], "unit_type": r[5],
                         "side": sides.get(r[1], ""), "command": commands.get(r[2], ""),
                         "strength": r[6], "imperial_guard": bool(r[8]),
                         "attrs": decoded(r[9])}),
             state_from(r[10], r[11], r[12], decoded(r[13])))
            for r in rows]


def _unit_info(values: dict[str, object]) -> UnitInfo:
    """A :class:`UnitInfo` from every one of its fields, without its ``__init__``.

    The frozen class's ``__init__`` sets each field through ``object.__setattr__``:
    a close builds one per unit. :func:`unit_infos` gives every field (the test of
    this module checks the names against the class's).
    """
    made = object.__new__(UnitInfo)
    made.__dict__.update(values)
    return made


def state_of(row: UnitState) -> StateRecord:
    """A unit_state row as the rules system's state mapping."""
    return state_from(row.formation, row.disorder, row.strength, row.data)


STATE_COLUMNS = (UnitState.formation, UnitState.disorder, UnitState.strength, UnitState.data)


def state_from(formation: str, disorder: str, strength: int,
               data: Mapping[str, object]) -> StateRecord:
    """The state record from unit_state's columns (see :data:`STATE_COLUMNS`): the store's
    JSON meets the rules' record here."""
    return state_record({**data, "formation": formation, "disorder": disorder,
                         "strength": strength})


def split_state(state: Mapping[str, object]) -> tuple[str, str, int, dict[str, object]]:
    """A rules state mapping as (formation, disorder, strength, data) for a unit_state row."""
    data = dict(state)  # a copy and three pops: a third of the time of a filtering loop
    formation, disorder, strength = (data.pop("formation", ""), data.pop("disorder", "none"),
                                     data.pop("strength", 0))
    if type(strength) is not int:  # a number kept as text or a float (a fraction of losses)
        strength = int(as_float(strength) or 0)
    return str(formation or ""), str(disorder or "none"), strength, data


def findings_of(raw: list[dict[str, object]]) -> tuple[Finding, ...]:
    """Stored findings back as :class:`Finding` values."""
    return tuple(Finding.from_dict(f) for f in raw)


def worst_finding(findings: tuple[Finding, ...]) -> Finding | None:
    """The first error, else the first warning, else None."""
    for finding in findings:
        if finding.severity is Severity.ERROR:
            return finding
    return findings[0] if findings else None


def add_journal(
    session: Session,
    *,
    battle_id: int,
    kind: str,
    message: str,
    bound_id: int | None = None,
    unit_id: int | None = None,
    reason: str = "",
    clause: str = "",
) -> Journal:
    """Append one journal line (the journal is never edited, only appended to)."""
    line = Journal(
        battle_id=battle_id,
        bound_id=bound_id,
        unit_id=unit_id,
        kind=kind,
        message=message,
        reason=reason,
        clause=clause,
    )
    session.add(line)
    return line


def game_time(start: str, minutes_per_bound: int, number: int) -> str:
    """The game clock at the start of bound ``number`` ("16:30" + 15 min × (n − 1))."""
    try:
        hours, minutes = (int(p) for p in start.split(":", 1))
    except ValueError:
        return ""
    total = hours * 60 + minutes + minutes_per_bound * (number - 1)
    day, rest = divmod(total, 24 * 60)
    clock = f"{rest // 60:02d}:{rest % 60:02d}"
    return clock if day == 0 else f"{clock} (+{day}d)"


def current_battle(session: Session, name: str | None = None) -> tuple[Campaign, Battle]:
    """The file's campaign and a battle of it: the one called ``name``, else the current one.

    The current battle is the latest one still open (the one being played); when
    every battle has ended, the latest one (its bounds can still be read).
    """
    campaign = session.exec(select(Campaign).order_by(col(Campaign.id))).first()
    if campaign is None:
        raise NotFound("this file holds no campaign yet")
    query = select(Battle).where(Battle.campaign_id == campaign.id)
    if name is not None:
        named = session.exec(query.where(Battle.name == name).order_by(col(Battle.id))).first()
        if named is None:
            from desk.i18n import _

            known = ", ".join(b.name for b in session.exec(query.order_by(col(Battle.id))))
            raise NotFound(_("the campaign {campaign} has no battle called {name!r} "
                             "(its battles: {known})").format(
                                 campaign=campaign.name, name=name, known=known or "—"))
        return campaign, named
    battle = (session.exec(query.where(Battle.status == "open").order_by(col(Battle.id).desc()))
              .first() or session.exec(query.order_by(col(Battle.id).desc())).first())
    if battle is None:
        raise NotFound(f"the campaign {campaign.name} has no battle yet")
    return campaign, battle
