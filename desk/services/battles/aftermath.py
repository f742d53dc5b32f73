"""Ending a battle: its open bound settled, losses counted, the recovery applied, reviewed.

Losses are the campaign strength a unit started the battle with minus its strength
at the battle's last bound. The recovery rules (:mod:`.recovery`) say how many
return; the umpire reviews each unit's result and may set another with a reason.
:func:`preview_aftermath` shows the rows (the open bound's states with its events
applied: what the close will carry); :func:`commit_aftermath`, in one transaction,
takes a backup, closes the open bound as a close does (so the battle's last bound
holds every unit's final state), marks that last bound closed and the battle ended,
and writes each unit's result into the campaign order of battle (``battle_unit``
and ``Unit.strength``) with a journal line of what happened to it. The d100s of
the per-figure method come from the seed of the battle's last bound (the one open
when the battle ends, closed by the ending), purpose ``recovery:<unit>:<figure>``
(:mod:`desk.services.rolls`): the preview and the commit roll the same dice, and
``desk seed --bound N`` lists them for the players to recompute.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import bindparam, insert, update
from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.battles import BattleRefused
from desk.services.battles.recovery import RecoveryRules, recovery_rules, returned
from desk.services.bounds.events import event_payload
from desk.services.collector import collector_paused
from desk.services.common import (
    STATE_COLUMNS,
    core_rows,
    get_battle,
    get_campaign,
    open_bound,
    rules_of,
    state_from,
    unit_info,
    unit_records,
)
from desk.services.dto import BackupInfo, CloseReport
from desk.services.rolls import RollRecord, first_bound_seed, recovery_purpose, rng_for
from desk.store.tables.bounds import Bound, BoundEvent, Journal, UnitState
from desk.store.tables.campaign import Battle
from desk.store.tables.oob import BattleUnit, Unit
from desk.store.who import umpire_of

AFTERMATH = "aftermath"  # the journal kind of the lines an aftermath writes
# The d100s in a unit's aftermath line (recovery.returned): what the desk recorded.
_ROLLED = re.compile(r"rolled d100, returning on \S+ or less: ([\d ]+) → \d+ return")


@dataclass(frozen=True)
class AftermathRow:
    """One unit's result: started with, ended with, lost, came back, carries on."""

    unit_id: int
    unit: str
    side: str
    start: int
    end: int
    losses: int
    returned: int
    after: int
    how: str  # the share or the rolls, as logged
    note: str = ""  # the umpire's reason when the result was adjusted


@dataclass(frozen=True)
class Aftermath:
    """The aftermath of a battle, for review (preview) or as committed."""

    battle_id: int
    battle: str
    rules: RecoveryRules
    rows: tuple[AftermathRow, ...]
    close: CloseReport | None = None  # the settling close (commit only)
    backup: BackupInfo | None = None


def _refuse_ended(battle: Battle) -> None:
    if battle.status != "open":
        raise BattleRefused(_("the battle {name} has already ended").format(name=battle.name))


def _rules(session: Session, battle: Battle, rules: RecoveryRules | None) -> RecoveryRules:
    if rules is not None:
        return recovery_rules(rules.as_data())  # checked again: a caller may have built it
    return recovery_rules(get_campaign(session, battle.campaign_id).recovery)


def _seed(battle: Battle, bound: Bound) -> str:
    """The seed of the battle's last bound: the recovery rolls are its rolls."""
    return bound.seed or first_bound_seed(battle.seed)


def _rows(seed: str, rules: RecoveryRules, units: list[tuple[int, str, str, int, int]],
          adjustments: Mapping[int, tuple[int, str]]) -> tuple[AftermathRow, ...]:
    """(unit id, name, side, start, end) → rows, each figure's d100 from ``seed``."""
    rows: list[AftermathRow] = []
    for unit_id, name, side, start, end in sorted(units):
        losses = max(0, start - end)

        def d100(figure: int, unit_id: int = unit_id) -> int:
            return rng_for(seed=seed, purpose=recovery_purpose(unit_id, figure)).die(100)

        back, how = returned(losses, rules, d100)
        row = AftermathRow(unit_id=unit_id, unit=name, side=side, start=start, end=end,
                           losses=losses, returned=back, after=end + back, how=how)
        if unit_id in adjustments:
            value, reason = adjustments[unit_id]
            row = replace(row, after=value, returned=max(0, value - end), note=reason)
        rows.append(row)
    return tuple(rows)


def _check_adjustments(adjustments: Mapping[int, tuple[int, str]], known: set[int]) -> None:
    for unit_id, (value, reason) in adjustments.items():
        if unit_id not in known:
            raise BattleRefused(_("unit number {unit} did not take part in this battle").format(
                unit=unit_id))
        if value < 0:
            raise BattleRefused(_("a unit's strength after the battle cannot be below nought, "
                                  "not {value}").format(value=value))
        if not reason.strip():
            raise BattleRefused(_("an adjusted result needs a reason"))


def _participants(session: Session, battle: Battle,
                  strengths: Mapping[int, int]) -> list[tuple[int, str, str, int, int]]:
    """Every unit of the battle: its start (battle_unit) and end (``strengths``) strength."""
    start = dict(core_rows(session, sql_select(col(BattleUnit.unit_id),
                                               col(BattleUnit.start_strength))
                           .where(col(BattleUnit.battle_id) == battle.id)).all())
    found: list[tuple[int, str, str, int, int]] = []
    for unit, side, _command in unit_records(session, battle.campaign_id, attrs=False):
        if unit.id in start or unit.id in strengths:  # a unit arrived mid-battle has no row
            found.append((unit.id, unit.name, side, start.get(unit.id, unit.strength),
                          strengths.get(unit.id, 0)))  # no state at the end: none left
    return found


def preview_aftermath(*, session: Session, battle_id: int,
                      rules: RecoveryRules | None = None,
                      adjustments: Mapping[int, tuple[int, str]] | None = None) -> Aftermath:
    """What ending the battle now would give each unit; nothing is written."""
    battle = get_battle(session, battle_id)
    _refuse_ended(battle)
    rules = _rules(session, battle, rules)
    bound = open_bound(session, battle)
    strengths: dict[int, int] = dict(core_rows(session, sql_select(
        col(UnitState.unit_id), col(UnitState.strength))
        .where(col(UnitState.bound_id) == bound.id)).all())
    events: dict[int, list[BoundEvent]] = {}
    for event in session.exec(select(BoundEvent).where(BoundEvent.bound_id == bound.id)
                              .order_by(col(BoundEvent.id))):
        events.setdefault(event.unit_id, []).append(event)
    if events:  # only the units with events need the rules: their state now
        system = rules_of(get_campaign(session, battle.campaign_id))
        states = {r[0]: state_from(*r[1:]) for r in core_rows(session, sql_select(
            col(UnitState.unit_id), *map(col, STATE_COLUMNS))
            .where(col(UnitState.bound_id) == bound.id,
                   col(UnitState.unit_id).in_(list(events))))}
        for unit, side, command in unit_records(session, battle.campaign_id, bound_id=bound.id):
            if unit.id in events and unit.id in states:
                advanced = system.advance(
                    unit=unit_info(unit, side=side, command=command), state=states[unit.id],
                    fields=None, events=[event_payload(e) for e in events[unit.id]],
                    bound=bound.number)
                strength = advanced.state.get("strength")
                strengths[unit.id] = strength if isinstance(strength, int) else 0
    units = _participants(session, battle, strengths)
    adjustments = dict(adjustments or {})
    _check_adjustments(adjustments, {u[0] for u in units})
    return Aftermath(battle_id=battle.id or 0, battle=battle.name, rules=rules,
                     rows=_rows(_seed(battle, bound), rules, units, adjustments))


def commit_aftermath(*, session: Session, battle_id: int, rules: RecoveryRules | None = None,
                     adjustments: Mapping[int, tuple[int, str]] | None = None,
                     backup: bool = True, backup_dir: Path | None = None) -> Aftermath:
    """End the battle (see the module text); refused with nothing changed when it has ended,
    the rules are out of bounds or an adjustment is not one of its units or has no reason."""
    with collector_paused():  # 2,000 units' rows live until the commit (see the module)
        return _end(session=session, battle_id=battle_id, rules=rules,
                    adjustments=adjustments, backup=backup, backup_dir=backup_dir)


def _end(*, session: Session, battle_id: int, rules: RecoveryRules | None,
         adjustments: Mapping[int, tuple[int, str]] | None, backup: bool,
         backup_dir: Path | None) -> Aftermath:
    from desk.services.bounds.close import close_bound
    from desk.services.campaign.backups import backup_before_discarding

    battle = get_battle(session, battle_id)
    _refuse_ended(battle)
    rules = _rules(session, battle, rules)
    adjustments = dict(adjustments or {})
    # Checked before the backup and the close (two id queries): a refusal changes nothing.
    known = set(core_rows(session, sql_select(col(BattleUnit.unit_id))
                          .where(col(BattleUnit.battle_id) == battle.id)).scalars())
    known |= set(core_rows(session, sql_select(col(UnitState.unit_id)).where(
        col(UnitState.bound_id) == open_bound(session, battle).id)).scalars())
    _check_adjustments(adjustments, known)
    seed = _seed(battle, open_bound(session, battle))  # the last bound, closed below
    saved = (backup_before_discarding(
        session=session, reason=f"before-end-battle-{battle.id}",
        doing=f"ending the battle {battle.name}", refused="so the battle goes on",
        backup_dir=backup_dir) if backup else None)
    report = close_bound(session=session, battle_id=battle_id, backup=False)
    last = session.exec(select(Bound).where(Bound.battle_id == battle_id,
                                            Bound.number == report.opened_bound)).one()
    stamp = datetime.now(UTC).replace(microsecond=0)
    session.execute(update(Bound).where(col(Bound.id) == last.id)
                    .values(status="closed", closed_at=stamp,
                            version_id=col(Bound.version_id) + 1))
    strengths: dict[int, int] = dict(core_rows(session, sql_select(
        col(UnitState.unit_id), col(UnitState.strength))
        .where(col(UnitState.bound_id) == last.id)).all())
    units = _participants(session, battle, strengths)
    rows = _rows(seed, rules, units, adjustments)
    _write(session, battle, last, rules, rows, stamp)
    session.execute(update(Battle).where(col(Battle.id) == battle_id)
                    .values(status="ended", ended_at=stamp,
                            version_id=col(Battle.version_id) + 1))
    session.flush()
    session.expire_all()
    return Aftermath(battle_id=battle_id, battle=battle.name, rules=rules, rows=rows,
                     close=report, backup=saved)


def _write(session: Session, battle: Battle, last: Bound, rules: RecoveryRules,
           rows: tuple[AftermathRow, ...], stamp: datetime) -> None:
    """The results into battle_unit, Unit.strength and the journal (Core executemany)."""
    connection = session.connection()
    have = set(core_rows(session, sql_select(col(BattleUnit.unit_id))
                         .where(col(BattleUnit.battle_id) == battle.id)).scalars())
    missing = [{"battle_id": battle.id, "unit_id": r.unit_id, "start_strength": r.start,
                "note": ""} for r in rows if r.unit_id not in have]
    bu = BattleUnit.__table__  # type: ignore[attr-defined]
    unit_t = Unit.__table__  # type: ignore[attr-defined]
    if missing:
        connection.execute(insert(bu), missing)
    if not rows:
        return
    connection.execute(
        update(bu).where(bu.c.battle_id == battle.id, bu.c.unit_id == bindparam("u"))
        .values(end_strength=bindparam("e"), returned=bindparam("r"),
                after_strength=bindparam("a"), note=bindparam("n")),
        [{"u": r.unit_id, "e": r.end, "r": r.returned, "a": r.after, "n": r.note} for r in rows])
    connection.execute(
        update(unit_t).where(unit_t.c.id == bindparam("u"))
        .values(strength=bindparam("a"), version_id=unit_t.c.version_id + 1),
        [{"u": r.unit_id, "a": r.after} for r in rows])
    lines: list[dict[str, object]] = []
    who = umpire_of(session)
    for r in rows:
        said = (f"After {battle.name}: {r.unit} began with {r.start}, ended with {r.end}, "
                f"lost {r.losses}; {r.how}; carries {r.after} into the campaign.")
        if r.note:
            said += f" Result set by the umpire to {r.after}."
        lines.append({"battle_id": battle.id, "bound_id": last.id, "unit_id": r.unit_id,
                      "kind": AFTERMATH, "message": said, "reason": r.note, "clause": "",
                      "umpire": who, "created_at": stamp})
    lines.append({"battle_id": battle.id, "bound_id": last.id, "unit_id": None,
                  "kind": AFTERMATH, "message": f"Battle {battle.name} ended after bound "
                  f"{last.number - 1}: {len(rows)} units, {sum(r.losses for r in rows)} lost, "
                  f"{sum(r.returned for r in rows)} returned ({rules.preset}: {rules.share:g} per "
                  f"cent, {rules.method}, rolls from bound {last.number - 1}'s seed).",
                  "reason": "", "clause": "", "umpire": who, "created_at": stamp})
    connection.execute(insert(Journal.__table__), lines)  # type: ignore[attr-defined]


def recovery_rolls(*, session: Session, bound: Bound) -> tuple[RollRecord, ...]:
    """The recovery d100s rolled from ``bound``'s seed when it was the battle's last
    bound (none otherwise), as the aftermath's journal lines recorded them."""
    # The ending closes ``bound`` and writes its lines on the bound it opened.
    after = select(Bound.id).where(Bound.battle_id == bound.battle_id,
                                   Bound.number == bound.number + 1).scalar_subquery()
    rows = session.exec(select(Journal.unit_id, Journal.message, Unit.name).join(
        Unit, col(Unit.id) == col(Journal.unit_id))
        .where(col(Journal.bound_id) == after, Journal.kind == AFTERMATH)
        .order_by(col(Journal.id))).all()
    records: list[RollRecord] = []
    for unit_id, message, name in rows:
        found = _ROLLED.search(message)
        if found is None or unit_id is None:
            continue
        for figure, roll in enumerate(found.group(1).split(), start=1):
            records.append(RollRecord(purpose=recovery_purpose(unit_id, figure), result=roll,
                                      sides=100, what=f"recovery of {name}, figure {figure}"))
    return tuple(records)
