"""What one headquarters knows of the units under it, at one bound.

Its own units (those of its own command) it knows as they are. Every other unit under
it it knows from the situation reports delivered to it by then (desk.services.knowledge
.reports): of each unit the newest news (the latest bound it was true), with the bound
that news arrived; a unit no report has named is "no news". Derived from the recorded
facts only: the positions, the states and the reports' dispatches.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from desk.rules.coerce import as_float, as_int
from desk.services.common import get_battle
from desk.services.couriers.chain import Chain, chain_of
from desk.services.couriers.settings import rules_for
from desk.services.errors import NotFound
from desk.services.knowledge.views import HeadquartersKnowledge, SideBelief, Standing, UnitBelief
from desk.services.positions.queries import positions_at
from desk.services.positions.views import PositionView, map_px
from desk.store.tables.bounds import Bound, UnitState
from desk.store.tables.couriers import Dispatch
from desk.store.tables.oob import Command

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
    for head in heads:
        for belief in everyone.of(head).units:
            units[belief.unit_id] = belief
    return SideBelief(units=units, leaders=frozenset(h.leader_id for h in heads
                                                     if h.leader_id is not None))


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
        self.heard = _reported(session, battle_id=battle_id, up_to=bound)
        self.chains: dict[int, Chain] = {}

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
        return HeadquartersKnowledge(command_id=command_id, command=command.name,
                                     bound=self.bound, units=tuple(units))


def _standings(session: Session, *, battle_id: int, bound: int) -> dict[int, Standing]:
    """Each unit's formation and strength at the start of ``bound``: the two columns a
    report tells, read without building whole states (a close reports on every unit)."""
    return {uid: Standing(formation, strength) for uid, formation, strength in session.execute(
        sql_select(col(UnitState.unit_id), col(UnitState.formation), col(UnitState.strength))
        .join(Bound, col(Bound.id) == col(UnitState.bound_id))
        .where(col(Bound.battle_id) == battle_id, col(Bound.number) == bound))}


_Heard = dict[int, tuple[int, int, Mapping[str, object]]]


def _reported(session: Session, *, battle_id: int, up_to: int) -> dict[int, _Heard]:
    """By the command they reached: each unit the reports delivered by ``up_to`` name,
    as (the bound it was true, the bound the report arrived, its entry); the newest news
    of each unit wins."""
    heard: dict[int, _Heard] = {}
    for to_command, delivered, fields in session.execute(sql_select(
            col(Dispatch.to_command_id), col(Dispatch.delivered_bound), col(Dispatch.fields))
            .where(col(Dispatch.battle_id) == battle_id, col(Dispatch.kind) == REPORT,
                   col(Dispatch.fate) == "delivered", col(Dispatch.delivered_bound) <= up_to)
            .order_by(col(Dispatch.id))):
        entries = fields.get("units") if isinstance(fields, Mapping) else None
        known = heard.setdefault(to_command or 0, {})
        for entry in entries if isinstance(entries, list) else []:
            if not isinstance(entry, Mapping):
                continue
            uid, as_of = as_int(entry.get("unit_id")), as_int(entry.get("as_of"))
            if uid is None or as_of is None:
                continue
            if uid not in known or as_of >= known[uid][0]:
                known[uid] = (as_of, delivered or up_to, entry)
    return heard


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
