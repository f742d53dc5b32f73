"""The losses report of one battle: by side, command and bound, and each side's strength.

The service reads every unit's strength at the start of each bound (and now,
in the open bound) and builds a frozen model; :mod:`desk.sheets.losses_report`
draws it. A unit's losses in bound *b* are its effective strength (skirmishers
included) at the start of *b* less that at the start of *b + 1* (or now): a unit
that left the table keeps its men and loses none by leaving; one destroyed or
captured loses them all. A side's strength on the table counts the units
present, reinforcements from their arrival on.
"""

from __future__ import annotations

from sqlmodel import Session, select

from desk.i18n import _
from desk.rules.condition import PRESENT
from desk.services.common import get_battle, get_bound, get_campaign, rules_of, unit_records
from desk.services.condition.losses_view import (
    CommandLosses,
    LossesModel,
    SideLosses,
    UnitEvent,
)
from desk.services.condition.reinforcements import list_reinforcements
from desk.services.condition.strengths import UnitStrength, strengths_by_bound, strengths_now
from desk.services.errors import NotFound
from desk.services.oob.chain import command_chain, roll_up
from desk.services.printing.viewmodels import Paper
from desk.store.tables.campaign import Battle


def find_battle(*, session: Session, campaign_id: int, name: str | None) -> Battle:
    """The battle called ``name`` (the latest when None), or NotFound listing the names."""
    battles = session.exec(select(Battle).where(Battle.campaign_id == campaign_id)).all()
    if not battles:
        raise NotFound(_("this campaign has no battle yet"))
    if name is None:
        return max(battles, key=lambda b: b.id or 0)
    for battle in battles:
        if battle.name == name:
            return battle
    raise NotFound(_("there is no battle called {name} (there are: {names})").format(
        name=repr(name), names=", ".join(b.name for b in battles)))


def losses_model(*, session: Session, battle_id: int, paper: Paper = Paper.A4) -> LossesModel:
    """The losses report's model for a battle, whose last bound may be open or closed."""
    battle = get_battle(session, battle_id)
    campaign = get_campaign(session, battle.campaign_id)
    system = rules_of(campaign)
    by_bound = strengths_by_bound(session=session, battle_id=battle_id)
    bounds = tuple(sorted(by_bound))
    current = battle.current_bound
    # The open bound's events count as 'now'; an ended battle's last bound is closed and
    # its start state is already the last column.
    is_open = current in by_bound and get_bound(session, battle_id, current).status == "open"
    now = strengths_now(session=session, battle_id=battle_id) if is_open else {}
    snapshots = [by_bound[b] for b in bounds] + ([now] if now else [])
    columns = tuple(str(b) for b in bounds) + ((_("now"),) if now else ())
    arrivals = {r.unit_id: r.arrived_bound for r in list_reinforcements(
        session=session, battle_id=battle_id)}
    units = unit_records(session, battle.campaign_id, attrs=False)
    sides: dict[str, list[int]] = {}
    side_losses: dict[str, list[int]] = {}
    per_unit: list[tuple[int | None, tuple[int, ...]]] = []
    events: list[UnitEvent] = []
    for unit, side, _command in units:
        sides.setdefault(side, [0] * len(snapshots))
        side_losses.setdefault(side, [0] * (len(snapshots) - 1))
        per_command = [0] * (len(snapshots) - 1)
        arrived = arrivals.get(unit.id, 1) if unit.id in arrivals else 1
        seen = [s.get(unit.id) for s in snapshots]
        for i, strength in enumerate(seen):
            column_bound = bounds[min(i, len(bounds) - 1)]
            if (strength is not None and strength.status == PRESENT and arrived is not None
                    and arrived <= column_bound):
                sides[side][i] += strength.effective
        for i in range(len(seen) - 1):
            lost = _lost(seen[i], seen[i + 1])
            per_command[i] += lost
            side_losses[side][i] += lost
            before, after = seen[i], seen[i + 1]
            if after is not None and after.status != PRESENT and (
                    before is None or before.status == PRESENT):
                events.append(UnitEvent(bounds[i], side, unit.name, after.status))
        if unit.id in arrivals and arrived is not None:
            events.append(UnitEvent(arrived, side, unit.name, "arrived"))
        per_unit.append((unit.command_id, tuple(per_command)))
    # A command's row counts its brigades' losses too, not its own units' alone.
    chain = command_chain(session, campaign_id=battle.campaign_id)
    paid = len(snapshots) - 1
    totals = roll_up(chain, per_unit, zero=lambda: (0,) * paid,
                     add=lambda a, b: tuple(x + y for x, y in zip(a, b, strict=True)))
    return LossesModel(
        campaign_name=campaign.name, battle=battle.name, rules_name=system.name,
        casualty_unit=system.condition.casualty_unit, bounds=bounds[:paid], columns=columns,
        sides=tuple(SideLosses(s, tuple(sides[s]), tuple(side_losses[s])) for s in sides),
        commands=tuple(CommandLosses(c.side, c.name, totals[c.id], depth=c.depth)
                       for c in chain if c.id in totals),
        events=tuple(sorted(events, key=lambda e: (e.bound, e.side, e.unit))), paper=paper)


def _lost(before: UnitStrength | None, after: UnitStrength | None) -> int:
    if before is None or after is None:
        return 0
    return max(0, before.effective - after.effective)
