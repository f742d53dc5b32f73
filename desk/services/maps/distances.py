"""Distances the rules use, measured from the positions on the battle's calibrated map.

Where a check needs a distance (a fast march meeting closed opponents, BA-9; a
skirmish line near its soutien, BA-16), the desk measures it from the units'
latest positions (map pixels through the map's :class:`TableScale`, the one
measure the couriers use too) and offers it with its
working, e.g. "84 cm to 2/15. Brigade, in line". The umpire's typed value
overrides it: a value that differs from the measured one drops the working, so
the finding says "measured" only when it was.

Only table distances are measured: a scale in cm or inches. A map calibrated in
ground units (m, yards, paces) or no scale at all measures nothing, and the
situation fields stay for the umpire to type.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import cast

from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from desk.i18n import _
from desk.rules.base import RulesSystem, SituationRecord
from desk.rules.coerce import as_float, as_list
from desk.rules.lengths import Cm
from desk.rules.records import PassSituation
from desk.services.bounds.events import state_now
from desk.services.common import get_bound, get_unit, unit_info_of
from desk.services.maps.calibration import TableScale, scale_of, table_scale
from desk.services.positions.queries import positions_at
from desk.services.positions.situation import NEAREST_KEY, SOUTIEN_KEY, workings
from desk.services.positions.views import PositionView
from desk.store.tables.maps import BattleMap
from desk.store.tables.oob import Unit


@dataclass(frozen=True)
class Measured:
    """One distance the desk measured: the situation key, its value in cm and the working."""

    key: str  # NEAREST_KEY, or "soutien_distance_cm:<skirmish line's name>"
    value: float
    working: str
    formation: str = ""  # a skirmish line's formation now (its pass-through entry needs it)


def _cm(value: float) -> str:
    return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"


def battle_table_scale(session: Session, battle_id: int) -> TableScale | None:
    """The battle's map scale on the table: the one measure of every distance the desk
    takes from positions on the map (None: no map, or no scale in cm or inches)."""
    row = session.exec(select(BattleMap).where(BattleMap.battle_id == battle_id)).first()
    return table_scale(scale_of(row.calibration or {})) if row is not None else None


def _between(a: PositionView, b: PositionView, scale: TableScale) -> Cm | None:
    if a.x is None or a.y is None or b.x is None or b.y is None:
        return None
    return scale.between((a.x, a.y), (b.x, b.y))


def measured_situation(*, session: Session, battle_id: int, unit_id: int, bound: int,
                       system: RulesSystem,
                       pass_through: Iterable[str] = ()) -> tuple[Measured, ...]:
    """What the desk can measure for ``unit_id``'s order in bound ``bound``.

    The nearest steady closed opponent (the rules system says which units count)
    and, for every own skirmish line named in ``pass_through``, its distance to
    its soutien. Nothing when the map has no table scale or a position is unknown.
    """
    scale = battle_table_scale(session, battle_id)
    if scale is None:
        return ()
    places = positions_at(session=session, battle_id=battle_id, bound=bound)
    here = places.get(unit_id)
    unit = get_unit(session, unit_id)
    row_bound = get_bound(session, battle_id, bound)
    out: list[Measured] = []
    if here is not None:
        # Nearest first (a stable sort: of two as near, the first placed), and only as far
        # as the first closed opponent: a unit's state now replays its events, and asking
        # it of every unit on the map made each order's check cost the whole battle.
        # The sides of every placed unit in one query: the nearest are often friends, and
        # loading each as a Unit to learn its side cost 30 reads a unit chosen.
        sides = dict(session.execute(sql_select(col(Unit.id), col(Unit.side_id))
                                     .where(col(Unit.id).in_(list(places)))).all())
        measured = [(distance, other_id) for other_id, there in places.items()
                    if sides.get(other_id) not in (None, unit.side_id)
                    and (distance := _between(here, there, scale)) is not None]
        for distance, other_id in sorted(measured, key=lambda row: row[0]):
            other = session.get(Unit, other_id)
            if other is None:
                continue
            info = unit_info_of(session, other)
            label = system.closed_opponent(state=state_now(session, system=system, info=info,
                                                           bound=row_bound))
            if label is None:
                continue
            text = _("{cm} cm to {unit}, in {formation}").format(
                cm=_cm(distance), unit=other.name, formation=label)
            out.append(Measured(key=NEAREST_KEY, value=round(distance, 1), working=text))
            break
    for name in pass_through:
        line = session.exec(select(Unit).where(Unit.side_id == unit.side_id,
                                               Unit.name == name)).first()
        if line is None or line.soutien_id is None:
            continue
        a, b = places.get(line.id or 0), places.get(line.soutien_id)
        soutien = session.get(Unit, line.soutien_id)
        distance = _between(a, b, scale) if a and b else None
        if distance is None or soutien is None:
            continue
        state = state_now(session, system=system, info=unit_info_of(session, line),
                          bound=row_bound)
        out.append(Measured(key=f"{SOUTIEN_KEY}:{line.name}", value=round(distance, 1),
                            formation=str(state.get("formation") or ""),
                            working=_("{cm} cm from {line} to its soutien {soutien}").format(
                                cm=_cm(distance), line=line.name, soutien=soutien.name)))
    return tuple(out)


def pass_names(completed: Mapping[str, object]) -> tuple[str, ...]:
    """The unit names of an order's ``pass_through`` field (comma-separated text or a list)."""
    value = completed.get("pass_through")
    items = value.split(",") if isinstance(value, str) else value if isinstance(
        value, list | tuple) else ()
    return tuple(str(i).strip() for i in items if str(i).strip())


def apply_measured(situation: SituationRecord, measured: Iterable[Measured], *,
                   typed: Mapping[str, object]) -> SituationRecord:
    """``situation`` with the measured values offered as defaults, and their working under
    ``"measured"``; a value the umpire typed in ``typed`` wins and drops the working."""
    working = workings(situation)
    # A typed situation's list may hold anything: its mappings are read as the record (the
    # rules read each entry forgivingly), the rest left out as they would be by the rules.
    targets = {str(t.get("name")): cast("PassSituation", dict(t))
               for t in as_list(situation.get("pass_through")) if isinstance(t, Mapping)}
    for row in measured:
        if row.key == NEAREST_KEY:
            mine = typed.get(NEAREST_KEY)
            if mine is None or _same(mine, row.value):
                situation[NEAREST_KEY] = row.value
                working[NEAREST_KEY] = row.working
            continue
        name = row.key.split(":", 1)[1]
        target = targets.setdefault(name, {"name": name, "side": "own",
                                           "formation": row.formation})
        mine = target.get(SOUTIEN_KEY)
        if mine is None or _same(mine, row.value):
            target[SOUTIEN_KEY] = row.value
            working[row.key] = row.working
    if targets:
        situation["pass_through"] = list(targets.values())
    if working:
        situation["measured"] = working
    return situation


def _same(value: object, measured: float) -> bool:
    number = as_float(value)
    return number is not None and abs(number - measured) < 0.05
