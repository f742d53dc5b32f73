"""The battles of a campaign: listing them, a unit's strength across them, starting one.

A battle is started from the campaign order of battle: the units of the commands
chosen (all when none is named) whose campaign strength is above nought take
part, each with a state in bound 1 at its campaign strength and a ``battle_unit``
row recording that strength. Only one battle is open at a time: the window and
the command line default to it (see :func:`desk.services.common.current_battle`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, insert
from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.battles import BattleRefused
from desk.services.common import (
    UnitRecord,
    add_journal,
    core_rows,
    current_battle,
    game_time,
    rules_of,
    split_state,
    unit_info,
    unit_records,
)
from desk.services.errors import NotFound
from desk.services.oob.chain import command_chain, roll_up
from desk.services.oob.names import NameLookupError, command_paths, resolve
from desk.services.rolls import new_bound_seed
from desk.store.tables.bounds import Bound, UnitState
from desk.store.tables.campaign import Battle, Campaign
from desk.store.tables.oob import BattleUnit, Command, Side


@dataclass(frozen=True)
class BattleView:
    """One battle of the campaign as the battles list shows it."""

    id: int
    name: str
    date: str
    status: str  # open, ended
    current_bound: int
    units: int
    ended_at: datetime | None = None


@dataclass(frozen=True)
class BattleStrength:
    """A unit in one battle: campaign strength at its start and (once ended) after it."""

    battle_id: int
    battle: str
    start: int
    end: int | None = None  # at the battle's last bound
    returned: int | None = None  # what the aftermath gave back
    after: int | None = None  # the campaign strength carried on
    note: str = ""

    @property
    def lost(self) -> int | None:
        """What the battle cost it (start less end); None while the battle is played."""
        return None if self.end is None else max(0, self.start - self.end)

    @property
    def adjusted(self) -> int:
        """What the umpire's adjustment at the aftermath changed beyond the recovery rules
        (after less end and returned): a unit routed off the table, remounts …"""
        if self.end is None or self.after is None:
            return 0
        return self.after - self.end - (self.returned or 0)


def added(a: BattleStrength | None, b: BattleStrength | None) -> BattleStrength | None:
    """Two units' cells of one battle summed (a command's or a side's total); None: neither
    took part. Once either is still being played, the sum has no end yet either."""
    if a is None or b is None:
        return a or b

    def both(x: int | None, y: int | None) -> int | None:
        return None if x is None or y is None else x + y

    return BattleStrength(a.battle_id, a.battle, a.start + b.start, both(a.end, b.end),
                          both(a.returned, b.returned), both(a.after, b.after))


@dataclass(frozen=True)
class CampaignUnit:
    """A unit of the campaign order of battle, with its strength in each battle."""

    unit_id: int
    unit: str
    side: str
    command: str
    strength: int  # the campaign strength now
    battles: tuple[BattleStrength | None, ...]  # one per battle (None: it sat that one out)


@dataclass(frozen=True)
class CampaignTotal:
    """A side or a command with its units' strengths summed, now and in each battle (a
    command's: its own units' and those of every command under it)."""

    name: str
    side: str
    depth: int  # -1: the side itself; 0: a top command; 1 the commands under it …
    strength: int  # the campaign strength now
    battles: tuple[BattleStrength | None, ...]  # one per battle, summed (None: none fought)


@dataclass(frozen=True)
class CampaignOrderOfBattle:
    """Every battle, every unit with its strength across them, and the totals of each side
    and command."""

    campaign: str
    battles: tuple[BattleView, ...]
    units: tuple[CampaignUnit, ...]
    totals: tuple[CampaignTotal, ...] = ()


def battles(*, session: Session, campaign_id: int | None = None) -> tuple[BattleView, ...]:
    """The campaign's battles in the order they were fought (the file's campaign when None)."""
    if campaign_id is None:
        campaign_id = current_battle(session)[0].id or 0
    counts: dict[int, int] = dict(core_rows(session, sql_select(
        col(BattleUnit.battle_id), func.count()).group_by(col(BattleUnit.battle_id))).all())
    return tuple(BattleView(id=b.id or 0, name=b.name, date=b.date, status=b.status,
                            current_bound=b.current_bound, units=counts.get(b.id or 0, 0),
                            ended_at=b.ended_at)
                 for b in session.exec(select(Battle).where(Battle.campaign_id == campaign_id)
                                       .order_by(col(Battle.id))))


def unit_strengths(*, session: Session, unit_id: int) -> tuple[BattleStrength, ...]:
    """A unit's strength across the battles it took part in (one indexed query)."""
    rows = core_rows(session, sql_select(
        col(BattleUnit.battle_id), col(Battle.name), col(BattleUnit.start_strength),
        col(BattleUnit.end_strength), col(BattleUnit.returned), col(BattleUnit.after_strength),
        col(BattleUnit.note))
        .join(Battle, col(Battle.id) == col(BattleUnit.battle_id))
        .where(col(BattleUnit.unit_id) == unit_id).order_by(col(BattleUnit.battle_id)))
    return tuple(BattleStrength(*r) for r in rows)


def campaign_order_of_battle(*, session: Session) -> CampaignOrderOfBattle:
    """The campaign view's table: every unit with its strength in every battle."""
    campaign, _battle = current_battle(session)
    fought = battles(session=session, campaign_id=campaign.id)
    column = {b.id: i for i, b in enumerate(fought)}
    names = {b.id: b.name for b in fought}
    per_unit: dict[int, list[BattleStrength | None]] = {}
    for r in core_rows(session, sql_select(
            col(BattleUnit.unit_id), col(BattleUnit.battle_id), col(BattleUnit.start_strength),
            col(BattleUnit.end_strength), col(BattleUnit.returned),
            col(BattleUnit.after_strength), col(BattleUnit.note))
            .where(col(BattleUnit.battle_id).in_(list(column)))):
        cells = per_unit.setdefault(r[0], [None] * len(fought))
        cells[column[r[1]]] = BattleStrength(r[1], names[r[1]], *r[2:])
    records = unit_records(session, campaign.id or 0, attrs=False)
    units = tuple(CampaignUnit(unit_id=u.id, unit=u.name, side=side, command=command,
                               strength=u.strength,
                               battles=tuple(per_unit.get(u.id, [None] * len(fought))))
                  for u, side, command in records)
    return CampaignOrderOfBattle(campaign=campaign.name, battles=fought, units=units,
                                 totals=_totals(session, campaign.id or 0, records, units))


_Summed = tuple[int, tuple[BattleStrength | None, ...]]  # strength now, per battle


def _sum(a: _Summed, b: _Summed) -> _Summed:
    return a[0] + b[0], tuple(added(x, y) for x, y in zip(a[1], b[1], strict=True))


def _totals(session: Session, campaign_id: int, records: list[tuple[UnitRecord, str, str]],
            units: tuple[CampaignUnit, ...]) -> tuple[CampaignTotal, ...]:
    """Each side's total, followed by its commands' (through the chain of command)."""
    chain = command_chain(session, campaign_id=campaign_id)
    width = len(units[0].battles) if units else 0
    none: _Summed = (0, (None,) * width)
    values = [(r.command_id, (u.strength, u.battles)) for (r, _s, _c), u in zip(
        records, units, strict=True)]
    by_command = roll_up(chain, values, zero=lambda: none, add=_sum)
    by_side: dict[str, _Summed] = {}
    for (_record, side, _command), unit in zip(records, units, strict=True):
        by_side[side] = _sum(by_side.get(side, none), (unit.strength, unit.battles))
    out: list[CampaignTotal] = []
    for side, (now, cells) in by_side.items():
        out.append(CampaignTotal(side, side, -1, now, cells))
        out += [CampaignTotal(c.name, side, c.depth, *by_command[c.id]) for c in chain
                if c.side == side and c.id in by_command]
    return tuple(out)


def _chosen_commands(session: Session, campaign: Campaign,
                     commands: Sequence[str] | None) -> set[int] | None:
    """The ids of the commands named and of every command under them (None: all)."""
    if not commands:
        return None
    rows = session.execute(sql_select(col(Command.id), col(Command.parent_id), col(Command.name))
                           .join(Side, col(Side.id) == col(Command.side_id))
                           .where(col(Side.campaign_id) == campaign.id)).all()
    paths = command_paths((r[0], r[1], r[2]) for r in rows)
    by_path = {path: cid for cid, path in paths.items()}
    chosen: set[int] = set()
    for name in commands:
        try:
            top = resolve(name, by_path, what="command")
        except NameLookupError as exc:
            raise NotFound(str(exc)) from exc
        chosen |= {cid for cid, path in paths.items() if path[:len(paths[top])] == paths[top]}
    return chosen


def start_battle(*, session: Session, name: str, commands: Sequence[str] | None = None,
                 date: str = "", start_time: str = "08:00", minutes_per_bound: int = 15,
                 seed: int = 0) -> BattleView:
    """Start a battle from the campaign order of battle (see the module text).

    Refused, with nothing written, when the name is blank or taken, another
    battle is still open, or the commands chosen have no unit with strength left.
    """
    campaign, latest = current_battle(session)
    name = name.strip()
    if not name:
        raise BattleRefused(_("a battle needs a name"))
    taken = session.exec(select(Battle).where(Battle.campaign_id == campaign.id,
                                              Battle.name == name)).first()
    if taken is not None:
        raise BattleRefused(_("the campaign already has a battle called {name}").format(
            name=name))
    if latest.status == "open":
        raise BattleRefused(_("the battle {name} is still open: end it before starting "
                              "another").format(name=latest.name))
    wanted = _chosen_commands(session, campaign, commands)
    system = rules_of(campaign)
    units = [(u, side, command) for u, side, command in unit_records(session, campaign.id or 0)
             if u.strength > 0 and (wanted is None or u.command_id in wanted)]
    if not units:
        raise BattleRefused(_("the battle {name} would have no units: the commands chosen have "
                              "no unit with strength left").format(name=name))
    battle = Battle(campaign_id=campaign.id or 0, name=name, date=date, start_time=start_time,
                    minutes_per_bound=minutes_per_bound, current_bound=1, seed=seed)
    session.add(battle)
    session.flush()
    bound = Bound(battle_id=battle.id or 0, number=1,
                  game_time=game_time(start_time, minutes_per_bound, 1),
                  seed=new_bound_seed())  # fresh: no bound plays from a number one can guess
    session.add(bound)
    session.flush()
    states: list[dict[str, object]] = []
    for unit, side, command in units:
        state = dict(system.initial_state(unit=unit_info(unit, side=side, command=command)))
        state["strength"] = unit.strength  # the campaign strength it brings
        formation, disorder, strength, data = split_state(state)
        states.append({"bound_id": bound.id, "unit_id": unit.id, "formation": formation,
                       "disorder": disorder, "strength": strength, "data": data,
                       "version_id": 1})
    connection = session.connection()  # 2,000 units: Core executemany, not ORM objects
    connection.execute(insert(UnitState.__table__), states)  # type: ignore[attr-defined]
    connection.execute(insert(BattleUnit.__table__), [  # type: ignore[attr-defined]
        {"battle_id": battle.id, "unit_id": u.id, "start_strength": u.strength, "note": ""}
        for u, _side, _command in units])
    chosen = ", ".join(commands) if commands else "all commands"
    add_journal(session, battle_id=battle.id or 0, bound_id=bound.id, kind="battle",
                message=f"Battle {name} begun with {len(units)} units ({chosen}), each at its "
                f"campaign strength.")
    session.flush()
    if system.has_lim_pool:
        from desk.services.lim.draws import build_pool  # the pool of its bound 1

        build_pool(session=session, battle_id=battle.id or 0, seen_version=None)
    return BattleView(id=battle.id or 0, name=name, date=date, status="open",
                      current_bound=1, units=len(units))
