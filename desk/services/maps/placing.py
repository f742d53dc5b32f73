"""Put units on the map: one unit dragged by the umpire, or a whole side deployed.

A position is recorded through the one positions model
(:func:`desk.services.positions.record.record_position`): a new row for the
open bound, never an overwrite of an earlier one. A point outside the image is
refused with one sentence. On a map whose hex grid is calibrated, the hex under
the point is recorded with it, so the rules' hex arithmetic sees the move.

A point is kept to the whole pixel: finer than any distance the rules measure
(a pixel of a 40-megapixel table map is a fraction of a millimetre), and SQLite
stores a whole REAL in two bytes instead of eight, which with the position's
other savings keeps the file under issue 20's 100 bytes per unit and bound. A
whole deployment writes one journal line naming its count, not one per unit:
each unit's history shows its own position row (:mod:`desk.services.history`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import add_journal, get_battle, get_bound, get_unit, rules_of
from desk.services.maps.hexes import pixel_to_hex
from desk.services.maps.images import MapRefused
from desk.services.positions.queries import positions_at
from desk.services.positions.record import record_position
from desk.services.positions.views import PositionView
from desk.store.tables.bounds import Bound, UnitState
from desk.store.tables.campaign import Campaign
from desk.store.tables.maps import BattleMap
from desk.store.tables.oob import Unit


def _map(session: Session, battle_id: int) -> BattleMap:
    row = session.exec(select(BattleMap).where(BattleMap.battle_id == battle_id)).first()
    if row is None:
        raise MapRefused(_("this battle has no map yet: import one with desk map-import"))
    return row


def place_unit(*, session: Session, battle_id: int, unit_id: int, x: float, y: float,
               seen_version: int | None, source: str = "umpire",
               facing: int | None = None) -> tuple[PositionView, int]:
    """Record the unit at pixel (x, y) of the map in the open bound; its view and version.

    ``seen_version``: the unit's state version as the board showed it (the
    positions model's guard against two umpires moving one unit at once);
    ``facing`` in degrees, 0 = up the map, clockwise (None keeps the last facing).
    """
    return _placed(session, _map(session, battle_id), battle_id=battle_id, unit_id=unit_id,
                   x=x, y=y, seen_version=seen_version, source=source, facing=facing)


def _placed(session: Session, stored: BattleMap, *, battle_id: int, unit_id: int, x: float,
            y: float, seen_version: int | None, source: str,
            facing: int | None = None) -> tuple[PositionView, int]:
    if not (0 <= x <= stored.width and 0 <= y <= stored.height):
        raise MapRefused(_("{unit} cannot stand outside the map: drop it on the map").format(
            unit=get_unit(session, unit_id).name))
    number = pixel_to_hex(stored.calibration, (x, y)) or ""
    return record_position(session=session, battle_id=battle_id, unit_id=unit_id, hex=number,
                           x=float(round(x)), y=float(round(y)), source=source,
                           seen_version=seen_version, facing=facing)


def _widths(session: Session, *, battle_id: int, bound: int, stored: BattleMap,
            spacing: float) -> Callable[[Unit], float]:
    """The room a unit takes in a deployment row: its frontage on the map (the rules'
    formation width by the map's scale) and a gap, at least ``spacing`` pixels."""
    from desk.services.maps.calibration import scale_of
    from desk.services.maps.view import frontage_in_pixels
    from desk.services.queries import unit_states

    battle = get_battle(session, battle_id)
    campaign = session.get(Campaign, battle.campaign_id)
    if campaign is None:
        return lambda _unit: spacing
    frontage = frontage_in_pixels(rules_of(campaign), scale_of(stored.calibration))
    states = unit_states(session=session, battle_id=battle_id, bound=bound)

    def width(unit: Unit) -> float:
        front = frontage(states.get(unit.id or 0))
        return spacing if front is None else max(spacing, front + spacing * 0.4)

    return width


def _rows_of(commands: Iterable[list[Unit]], *, width_of: Callable[[Unit], float],
             room: float) -> list[list[tuple[Unit, float, float]]]:
    """Each command's units packed left to right in rows no wider than ``room`` (a command
    starts a row of its own); each unit with its left edge and width in the row, the row
    centred in the room."""
    lines: list[list[tuple[Unit, float, float]]] = []
    for members in commands:
        line: list[tuple[Unit, float, float]] = []
        used = 0.0
        for unit in members:
            width = width_of(unit)
            if line and used + width > room:
                lines.append(line)
                line, used = [], 0.0
            line.append((unit, used, width))
            used += width
        if line:
            lines.append(line)
    centred = []
    for line in lines:
        slack = max(0.0, room - sum(width for _u, _l, width in line)) / 2
        centred.append([(unit, left + slack, width) for unit, left, width in line])
    return centred


def deploy_unplaced(*, session: Session, battle_id: int, zones: dict[str, Sequence[float]],
                    spacing: float = 100.0) -> int:
    """Place every unit of the open bound that has no position yet in its side's zone.

    ``zones`` maps a side's name to a rectangle ``[x0, y0, x1, y1]`` of the map;
    the units stand in rows, side by side as wide as their frontage (``spacing`` pixels
    apart at least, where the rules give no frontage), each command from a new row, in
    the order of battle's order; a row full to the zone's width goes on in the next.
    Returns how many units were placed. The journal gets one line for the whole
    deployment; each unit's version is raised as a single placement raises it.
    """
    from desk.store.tables.oob import Command, Side

    battle = get_battle(session, battle_id)
    bound = get_bound(session, battle_id, battle.current_bound)
    stored = _map(session, battle_id)
    versions = dict(session.exec(select(UnitState.unit_id, UnitState.version_id)
                                 .where(UnitState.bound_id == bound.id)).all())
    placed = positions_at(session=session, battle_id=battle_id)
    sides = {s.id: s.name for s in session.exec(select(Side).where(
        Side.campaign_id == battle.campaign_id))}
    units = session.exec(select(Unit).join(Command, col(Command.id) == Unit.command_id)
                         .where(col(Unit.side_id).in_(list(sides)))
                         .order_by(col(Unit.side_id), col(Command.sort_key), col(Command.id),
                                   col(Unit.sort_key), col(Unit.id))).all()
    rows: dict[int, dict[int, list[Unit]]] = {}
    for unit in units:
        if unit.id not in placed and sides[unit.side_id] in zones:
            rows.setdefault(unit.side_id, {}).setdefault(unit.command_id, []).append(unit)
    width_of = _widths(session, battle_id=battle_id, bound=bound.number, stored=stored,
                       spacing=spacing)
    count = 0
    for side_id, commands in rows.items():
        x0, y0, x1, y1 = zones[sides[side_id]]
        lines = _rows_of(commands.values(), width_of=width_of, room=x1 - x0)
        for line, members in enumerate(lines):
            y = y0 + (y1 - y0) * (line + 0.5) / len(lines)
            for unit, left, width in members:
                _placed(session, stored, battle_id=battle_id, unit_id=unit.id or 0,
                        x=x0 + left + width / 2, y=y, seen_version=versions.get(unit.id or 0),
                        source="scenario")
                count += 1
    if count:
        add_journal(session, battle_id=battle_id, bound_id=bound.id, kind="position",
                    message=f"Units deployed on the map: {count}.")
    return count


def trails(*, session: Session, battle_id: int,
           up_to: int) -> dict[int, tuple[tuple[float, float], ...]]:
    """Each unit's map positions, bound after bound up to ``up_to``, for faint trails."""
    from desk.store.tables.positions import Position

    rows = session.execute(
        select(Position.unit_id, Position.x, Position.y)
        .join(Bound, col(Bound.id) == Position.bound_id)
        .where(Bound.battle_id == battle_id, col(Bound.number) <= up_to,
               col(Position.x).is_not(None))
        .order_by(col(Bound.number), col(Position.id))).all()
    found: dict[int, list[tuple[float, float]]] = {}
    for unit_id, x, y in rows:
        if x is not None and y is not None:
            found.setdefault(unit_id, []).append((x, y))
    return {uid: tuple(points) for uid, points in found.items() if len(points) > 1}
