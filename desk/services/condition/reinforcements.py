"""Reinforcements: units due at a bound, or on a seeded roll from a bound on.

A reinforcement is a unit of the order of battle with a row in ``reinforcement``.
Until it arrives it is on no sheet (its own side's neither: the players learn of
it when it comes on), the close question says who is due, and the close that
opens its bound marks it arrived and journals it. A roll is drawn by
:func:`arrival_roll` alone, from the seed of the bound being closed (purpose
``reinforcement:<unit id>``, :mod:`desk.services.rolls`): that seed was
committed to in the bound's packets before the roll and is revealed by the same
close, so a player recomputes the roll, and a replayed close rolls the same.
Reopening a bound takes back the arrivals its close made.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import update
from sqlmodel import Session, col, select

from desk.i18n import _
from desk.rules.condition_data import ConditionData
from desk.services.common import add_journal, get_battle, get_campaign, get_unit, rules_of
from desk.services.errors import ServiceError
from desk.services.rolls import RollRecord, reinforcement_purpose, rng_for
from desk.services.umpires.guard import refuse_if_claimed
from desk.store.tables.bounds import Bound, Journal
from desk.store.tables.campaign import Battle
from desk.store.tables.oob import Unit
from desk.store.tables.reinforcements import Reinforcement

# The roll in the close's journal line (arrive below): what the desk recorded and told.
_ROLLED = re.compile(r": rolled (\d+), need(?:s|ed) \d+ \(data: reinforcements\.roll_at\)$")


@dataclass(frozen=True)
class ReinforcementView:
    """One reinforcement as the window, the command line and the close summary show it."""

    id: int
    unit_id: int
    unit: str
    due_bound: int
    on_roll: bool
    arrived_bound: int | None
    note: str


def arrival_roll(*, seed: str, unit_id: int, die: int) -> int:
    """The die a reinforcement due on a roll throws at a close: 1 … ``die``, from ``seed``,
    the seed of the bound being closed (the one place the roll is drawn)."""
    return rng_for(seed=seed, purpose=reinforcement_purpose(unit_id)).die(die)


def _condition(session: Session, battle: Battle) -> ConditionData:
    return rules_of(get_campaign(session, battle.campaign_id)).condition


def _view(row: Reinforcement, name: str) -> ReinforcementView:
    return ReinforcementView(id=row.id or 0, unit_id=row.unit_id, unit=name,
                             due_bound=row.due_bound, on_roll=row.on_roll,
                             arrived_bound=row.arrived_bound, note=row.note)


def schedule_reinforcement(*, session: Session, battle_id: int, unit_id: int, due_bound: int,
                           on_roll: bool = False, note: str = "") -> ReinforcementView:
    """Make a unit a reinforcement due at ``due_bound`` (or on a roll from it on).

    A bound already closed is refused with one sentence, as is a unit already
    scheduled; one due at the open bound itself (not on a roll) arrives at once.
    """
    battle = get_battle(session, battle_id)
    unit = get_unit(session, unit_id)
    refuse_if_claimed(session=session, battle_id=battle_id, unit_id=unit_id)  # issue 33
    closed = session.exec(select(Bound).where(Bound.battle_id == battle_id,
                                              Bound.number == due_bound,
                                              Bound.status == "closed")).first()
    if closed is not None or due_bound < battle.current_bound:
        raise ServiceError(_("Bound {due} is already closed: a reinforcement can be due at the "
                             "open bound {open} or later").format(due=due_bound,
                                                                  open=battle.current_bound))
    if session.exec(select(Reinforcement).where(Reinforcement.battle_id == battle_id,
                                                Reinforcement.unit_id == unit_id)).first():
        raise ServiceError(_("{unit} is already a reinforcement in this battle").format(
            unit=unit.name))
    now = due_bound == battle.current_bound and not on_roll
    row = Reinforcement(battle_id=battle_id, unit_id=unit_id, due_bound=due_bound,
                        on_roll=on_roll, note=note, arrived_bound=due_bound if now else None)
    session.add(row)
    how = (f"on a roll from bound {due_bound} (data: reinforcements.roll_at)" if on_roll
           else f"at bound {due_bound}")
    add_journal(session, battle_id=battle_id, unit_id=unit_id, kind="reinforcement",
                message=f"{unit.name} is due {how}" + (f" ({note})" if note else "")
                + (": arrived" if now else ""))
    session.flush()
    return _view(row, unit.name)


def list_reinforcements(*, session: Session, battle_id: int) -> tuple[ReinforcementView, ...]:
    """The battle's reinforcements, by due bound."""
    rows = session.exec(select(Reinforcement, Unit.name).join(
        Unit, col(Unit.id) == col(Reinforcement.unit_id))
        .where(Reinforcement.battle_id == battle_id)
        .order_by(col(Reinforcement.due_bound), col(Reinforcement.id))).all()
    return tuple(_view(row, name) for row, name in rows)


def hidden_units(*, session: Session, battle_id: int, bound: int) -> frozenset[int]:
    """The units not yet on the table at ``bound``: on no sheet, own side's neither."""
    rows = session.exec(select(Reinforcement.unit_id, Reinforcement.arrived_bound)
                        .where(Reinforcement.battle_id == battle_id)).all()
    return frozenset(uid for uid, arrived in rows if arrived is None or arrived > bound)


def due_at(*, session: Session, battle_id: int, bound: int) -> tuple[str, ...]:
    """For the close question: who arrives when ``bound`` opens ("Bülow (on a roll)")."""
    return tuple(_("{unit} (on a roll)").format(unit=v.unit) if v.on_roll else v.unit
                 for v in list_reinforcements(session=session, battle_id=battle_id)
                 if v.arrived_bound is None and v.due_bound <= bound
                 and (v.on_roll or v.due_bound == bound))


def arrive(*, session: Session, battle: Battle, bound: int,
           seed: str) -> list[tuple[int, str, bool]]:
    """Mark who arrives as ``bound`` opens (the close of ``bound - 1`` calls this, with
    that bound's ``seed``: the arrival rolls are its rolls).

    One (unit id, journal line, arrived) per reinforcement that was due: one due
    on a roll that failed says so and waits for the next close.
    """
    data = _condition(session, battle)
    lines: list[tuple[int, str, bool]] = []
    for view in list_reinforcements(session=session, battle_id=battle.id or 0):
        if view.arrived_bound is not None or view.due_bound > bound:
            continue
        if view.on_roll:
            roll = arrival_roll(seed=seed, unit_id=view.unit_id, die=data.roll_die)
            if roll < data.roll_at:
                lines.append((view.unit_id, f"{view.unit} not yet: rolled {roll}, needs "
                              f"{data.roll_at} (data: reinforcements.roll_at)", False))
                continue
            line = (f"{view.unit} arrives in bound {bound}: rolled {roll}, needed "
                    f"{data.roll_at} (data: reinforcements.roll_at)")
        elif view.due_bound == bound:
            line = f"{view.unit} arrives in bound {bound}" + (
                f" ({view.note})" if view.note else "")
        else:
            continue
        # Only the close and its reopen write arrived_bound: no version to guard.
        session.execute(update(Reinforcement).where(col(Reinforcement.id) == view.id)
                        .values(arrived_bound=bound))
        lines.append((view.unit_id, line, True))
    return lines


def take_back_arrivals(*, session: Session, battle_id: int, bound: int) -> None:
    """Reopening: the arrivals of the close that opened ``bound`` are undone (one due at
    ``bound`` itself arrives again when the bound before is closed again)."""
    session.execute(update(Reinforcement).where(col(Reinforcement.battle_id) == battle_id,
                                                col(Reinforcement.arrived_bound) == bound)
                    .values(arrived_bound=None))


def arrival_rolls(*, session: Session, battle: Battle, bound: Bound) -> tuple[RollRecord, ...]:
    """The arrival rolls the close of ``bound`` made (from its seed), as its journal
    recorded them, for the bound's list of rolls (``desk seed``)."""
    from desk.services.bounds.close import CLOSE  # the close imports this module

    die = _condition(session, battle).roll_die
    rows = session.exec(select(Journal.unit_id, Journal.message, Unit.name).join(
        Unit, col(Unit.id) == col(Journal.unit_id))
        .where(Journal.bound_id == bound.id, Journal.kind == CLOSE)
        .order_by(col(Journal.id))).all()
    records: list[RollRecord] = []
    for unit_id, message, name in rows:
        found = _ROLLED.search(message)
        if found and unit_id is not None:
            records.append(RollRecord(purpose=reinforcement_purpose(unit_id),
                                      result=found.group(1), sides=die,
                                      what=f"arrival of {name}"))
    return tuple(records)
