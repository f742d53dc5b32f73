"""What one headquarters knows of the units under it, at one bound.

Its own units (those of its own command) it knows as they are. Every other unit under
it it knows from the situation reports delivered to it by then (desk.services.knowledge
.reports): of each unit the newest news (the latest bound it was true), with the bound
that news arrived; a unit no report has named is "no news".

The enemy it knows from sightings: one the umpire marked for the whole side (no unit
named as having seen it) every headquarters of the side knows at once, as it does a
captured report's news; one made by named units their own headquarters knows at once,
and the rest of the chain as it is told: by a report up, or by a leader's dispatch that
carries his headquarters' news down. Derived from the recorded facts only: the
positions, the states, the sightings and the dispatches.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import func
from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from desk.rules.coerce import as_float, as_int
from desk.services.common import get_battle
from desk.services.couriers.chain import Chain, chain_of
from desk.services.couriers.settings import rules_for
from desk.services.errors import NotFound
from desk.services.knowledge.views import (
    EnemyNews,
    HeadquartersKnowledge,
    SideBelief,
    Standing,
    UnitBelief,
)
from desk.services.positions.queries import positions_at
from desk.services.positions.views import PositionView, map_px
from desk.store.tables.bounds import Bound, UnitState
from desk.store.tables.couriers import Dispatch
from desk.store.tables.maps import UnitSeen, UnitSeenBy
from desk.store.tables.oob import Command, Unit

REPORT = "report"  # the kind of a situation report's dispatch


def knowledge(*, session: Session, battle_id: int, command_id: int,
              bound: int | None = None) -> HeadquartersKnowledge:
    """Every unit under ``command_id`` as its headquarters knows it at ``bound`` (the
    open bound when None), in the order of battle's order."""
    battle = get_battle(session, battle_id)
    number = battle.current_bound if bound is None else bound
    command = session.get(Command, command_id)
    if command is None:
        raise NotFound(f"there is no command number {command_id} in this campaign")
    return Known(session, battle_id=battle_id, bound=number).of(command)


def side_belief(*, session: Session, campaign_id: int, battle_id: int, bound: int,
                side_id: int, commands: frozenset[int] | None) -> SideBelief | None:
    """What the headquarters of a side's document know, with information travelling (None:
    the setting is off, and the document tells the truth). ``commands``: the commands of a
    player's packet (their headquarters is the highest of them); None: the whole side (each
    of its highest headquarters)."""
    if not rules_for(session, campaign_id=campaign_id).information_travels:
        return None
    everyone = Known(session, battle_id=battle_id, bound=bound)
    rows = everyone.commands_of(side_id)
    inside = {c.id for c in rows} if commands is None else set(commands)
    heads = [c for c in rows if c.id in inside and c.parent_id not in inside]
    units: dict[int, UnitBelief] = {}
    enemies: dict[int, int] = {}
    for head in heads:
        known = everyone.of(head)
        for belief in known.units:
            units[belief.unit_id] = belief
        for news in known.enemies.values():
            enemies[news.unit_id] = max(news.as_of, enemies.get(news.unit_id, 0))
    return SideBelief(units=units, leaders=frozenset(h.leader_id for h in heads
                                                     if h.leader_id is not None),
                      enemies=enemies)


class Known:
    """What every headquarters of a battle knows at one bound: the positions, the states
    and the delivered reports read once, for as many headquarters as are asked (a close
    writes one report for each)."""

    def __init__(self, session: Session, *, battle_id: int, bound: int,
                 places: dict[int, PositionView] | None = None) -> None:
        """``places``: the positions at ``bound`` when the caller has read them already."""
        self.session, self.bound = session, bound
        self.places = (positions_at(session=session, battle_id=battle_id, bound=bound)
                       if places is None else places)
        self.states = _standings(session, battle_id=battle_id, bound=bound)
        self.heard, self.told = _reported(session, battle_id=battle_id, up_to=bound)
        self.seen_by_side, self.seen_by_command = _sightings(session, battle_id=battle_id,
                                                             up_to=bound)
        self.battle_id = battle_id
        self.chains: dict[int, Chain] = {}
        self.side_wide: dict[int, dict[int, EnemyNews]] = {}  # by side, read as first asked

    def chain(self, side_id: int) -> Chain:
        """The side's chain of command, read once."""
        chain = self.chains.get(side_id)
        if chain is None:
            chain = self.chains[side_id] = chain_of(self.session, side_id=side_id)
        return chain

    def commands_of(self, side_id: int) -> list[Command]:
        """The side's commands in the order of battle's order (by id)."""
        return sorted(self.chain(side_id).commands.values(), key=lambda c: c.id or 0)

    def of(self, command: Command) -> HeadquartersKnowledge:
        """Every unit under ``command`` as its headquarters knows it, and the enemy."""
        return HeadquartersKnowledge(command_id=command.id or 0, command=command.name,
                                     bound=self.bound, units=self.units_of(command),
                                     enemies=self.enemies_of(command))

    def units_of(self, command: Command) -> tuple[UnitBelief, ...]:
        """Every unit under ``command`` as its headquarters knows it."""
        command_id = command.id or 0
        chain = self.chain(command.side_id)
        heard = self.heard.get(command_id, {})
        units: list[UnitBelief] = []
        for unit in chain.units_under(command_id):
            uid = unit.id or 0
            if unit.command_id == command_id:
                where, state = self.places.get(uid), self.states.get(uid)
                units.append(UnitBelief(
                    unit_id=uid, unit=unit.name, own=True, as_of=self.bound,
                    arrived=self.bound, hex=where.hex if where else "",
                    x=where.x if where else None, y=where.y if where else None,
                    formation=state.formation if state else "",
                    strength=state.strength if state else None))
            elif uid in heard:
                as_of, arrived, entry = heard[uid]
                units.append(UnitBelief(
                    unit_id=uid, unit=unit.name, own=False, as_of=as_of, arrived=arrived,
                    hex=str(entry.get("hex") or ""), x=map_px(as_float(entry.get("x"))),
                    y=map_px(as_float(entry.get("y"))),
                    formation=str(entry.get("formation") or ""),
                    strength=as_int(entry.get("strength"))))
            else:
                units.append(UnitBelief(unit_id=uid, unit=unit.name, own=False, as_of=None,
                                        arrived=None))
        return tuple(units)

    def enemies_of(self, command: Command) -> dict[int, EnemyNews]:
        """Each enemy unit the command's headquarters knows was seen, by its newest news."""
        known = dict(self.side_knows(command.side_id))
        for news in self.news_of(command).values():
            _learn(known, news.unit_id, news.as_of, news.arrived)
        return known

    def side_knows(self, side_id: int) -> dict[int, EnemyNews]:
        """What every headquarters of the side knows of the enemy: the marks of the whole
        side and the captured reports' news (read once a side)."""
        known = self.side_wide.get(side_id)
        if known is None:
            known = self.side_wide[side_id] = {}
            for uid, number in self.seen_by_side.get(side_id, {}).items():
                _learn(known, uid, number, number)
            for uid, number in captured_news(session=self.session, side_id=side_id,
                                             battle_id=self.battle_id,
                                             up_to=self.bound).items():
                _learn(known, uid, number, min(number + 1, self.bound))  # read the next bound
        return known

    def news_of(self, command: Command) -> dict[int, EnemyNews]:
        """What the command's headquarters knows of the enemy that the rest of its side
        may not: what its own units saw, and what reports and dispatches told it. A mark
        of the whole side, and a captured report's news, every headquarters knows already:
        a report or a dispatch carries only this."""
        command_id = command.id or 0
        known: dict[int, EnemyNews] = {}
        for uid, number in self.seen_by_command.get(command_id, {}).items():
            _learn(known, uid, number, number)
        for uid, (as_of, arrived) in self.told.get(command_id, {}).items():
            _learn(known, uid, as_of, arrived)
        return known


def _learn(known: dict[int, EnemyNews], uid: int, as_of: int, arrived: int) -> None:
    """Keep the news of ``uid`` when it is newer: the latest sighting, and of two news of
    one sighting the first to arrive."""
    old = known.get(uid)
    if old is None or as_of > old.as_of or (as_of == old.as_of and arrived < old.arrived):
        known[uid] = EnemyNews(unit_id=uid, as_of=as_of, arrived=arrived)


def _standings(session: Session, *, battle_id: int, bound: int) -> dict[int, Standing]:
    """Each unit's formation and strength at the start of ``bound``: the two columns a
    report tells, read without building whole states (a close reports on every unit)."""
    return {uid: Standing(formation, strength) for uid, formation, strength in session.execute(
        sql_select(col(UnitState.unit_id), col(UnitState.formation), col(UnitState.strength))
        .join(Bound, col(Bound.id) == col(UnitState.bound_id))
        .where(col(Bound.battle_id) == battle_id, col(Bound.number) == bound))}


_Heard = dict[int, tuple[int, int, Mapping[str, object]]]
_Told = dict[int, tuple[int, int]]


def _entries(data: object, key: str) -> list[Mapping[str, object]]:
    """The entries under ``key`` of a dispatch's JSON, each with its unit and bound."""
    found = data.get(key) if isinstance(data, Mapping) else None
    return [e for e in found if isinstance(e, Mapping) and as_int(e.get("unit_id")) is not None
            and as_int(e.get("as_of")) is not None] if isinstance(found, list) else []


def _reported(session: Session, *, battle_id: int,
              up_to: int) -> tuple[dict[int, _Heard], dict[int, _Told]]:
    """By the command they reached, from the dispatches delivered by ``up_to``: each own
    unit the reports name, as (the bound it was true, the bound it arrived, its entry);
    and each enemy unit the reports and the leaders' dispatches carry news of, as (the
    bound it was seen, the bound it arrived). The newest news of each unit wins."""
    delivered = (col(Dispatch.battle_id) == battle_id, col(Dispatch.fate) == "delivered",
                 col(Dispatch.delivered_bound) <= up_to)
    # Of each headquarters' reports to its superior, the last written that has arrived
    # tells of its units all that the earlier ones did, and newer (what a headquarters
    # knows only grows): a close in a long campaign reads one report's units per
    # headquarters, not one per bound. The enemy news of every dispatch is read, as a
    # sighting's first arrival is when it became known.
    newest = sql_select(func.max(col(Dispatch.id))).where(
        *delivered, col(Dispatch.kind) == REPORT).group_by(
        col(Dispatch.writer_command_id), col(Dispatch.to_command_id))
    heard: dict[int, _Heard] = {}
    told: dict[int, _Told] = {}
    for to_command, arrived_at, fields in session.execute(sql_select(
            col(Dispatch.to_command_id), col(Dispatch.delivered_bound), col(Dispatch.fields))
            .where(col(Dispatch.id).in_(newest)).order_by(col(Dispatch.id))):
        known = heard.setdefault(to_command or 0, {})
        for entry in _entries(fields, "units"):
            uid, as_of = as_int(entry.get("unit_id")) or 0, as_int(entry.get("as_of")) or 0
            if uid not in known or as_of >= known[uid][0]:
                known[uid] = (as_of, arrived_at or up_to, entry)
    for to_command, unit_command, arrived_at, news in session.execute(sql_select(
            col(Dispatch.to_command_id), col(Unit.command_id), col(Dispatch.delivered_bound),
            col(Dispatch.news))
            .outerjoin(Unit, col(Unit.id) == col(Dispatch.to_unit_id))
            .where(*delivered).order_by(col(Dispatch.id))):
        reached = to_command or unit_command or 0  # a dispatch to a unit: its headquarters
        arrived = arrived_at or up_to
        enemy = told.setdefault(reached, {})
        for entry in _entries(news, "enemy"):
            uid, as_of = as_int(entry.get("unit_id")) or 0, as_int(entry.get("as_of")) or 0
            if uid not in enemy or (as_of, -arrived) > (enemy[uid][0], -enemy[uid][1]):
                enemy[uid] = (as_of, arrived)
    return heard, told


def _sightings(session: Session, *, battle_id: int,
               up_to: int) -> tuple[dict[int, dict[int, int]], dict[int, dict[int, int]]]:
    """The umpire's sightings up to bound ``up_to``, each enemy unit at its latest: those
    no unit is named for, by the side that saw them; those of named units, by the
    commands of the units that saw them."""
    observers: dict[int, set[int]] = {}
    for seen_id, command_id in session.execute(
            sql_select(col(UnitSeenBy.seen_id), col(Unit.command_id))
            .join(Unit, col(Unit.id) == col(UnitSeenBy.unit_id))
            .join(UnitSeen, col(UnitSeen.id) == col(UnitSeenBy.seen_id))
            .join(Bound, col(Bound.id) == col(UnitSeen.bound_id))
            .where(col(Bound.battle_id) == battle_id, col(Bound.number) <= up_to)):
        observers.setdefault(seen_id, set()).add(command_id)
    by_side: dict[int, dict[int, int]] = {}
    by_command: dict[int, dict[int, int]] = {}
    for seen_id, unit_id, side_id, number in session.execute(
            sql_select(col(UnitSeen.id), col(UnitSeen.unit_id), col(UnitSeen.side_id),
                       col(Bound.number))
            .join(Bound, col(Bound.id) == col(UnitSeen.bound_id))
            .where(col(Bound.battle_id) == battle_id, col(Bound.number) <= up_to)):
        for known in ([by_command.setdefault(c, {}) for c in observers[seen_id]]
                      if seen_id in observers else [by_side.setdefault(side_id, {})]):
            known[unit_id] = max(number, known.get(unit_id, 0))
    return by_side, by_command


def captured_news(*, session: Session, side_id: int, battle_id: int,
                  up_to: int) -> dict[int, int]:
    """For each enemy unit named in a report ``side_id`` captured before bound ``up_to``:
    the latest bound it was true. A report is written at a close, so its captor reads it
    from the next bound on; what it tells is where those units stood then (a sighting)."""
    news: dict[int, int] = {}
    for (fields,) in session.execute(sql_select(col(Dispatch.fields))
                                     .join(Bound, col(Bound.id) == col(Dispatch.bound_id))
                                     .where(col(Dispatch.battle_id) == battle_id,
                                            col(Dispatch.kind) == REPORT,
                                            col(Dispatch.fate) == "captured",
                                            col(Dispatch.captor_side_id) == side_id,
                                            col(Bound.number) < up_to)):
        entries = fields.get("units") if isinstance(fields, Mapping) else None
        for entry in entries if isinstance(entries, list) else []:
            if not isinstance(entry, Mapping):
                continue
            uid, as_of = as_int(entry.get("unit_id")), as_int(entry.get("as_of"))
            if uid is not None and as_of is not None and as_of >= news.get(uid, 0):
                news[uid] = as_of
    return news
