"""La Bataille computations: each returns its value and the working that led to it.

The working is what the umpire reads on the desk when a player asks "why?":
``11 increments: 3 road hexes (LB-9)``, ``12 melee ÷ 3 against a carre (LB-2) = 4``.
Every function reads its numbers from :class:`LBData`, so a house rule shows
through (and is flagged) everywhere at once. Movement and road march are here; the
combat values are :mod:`desk.rules.la_bataille.combat` and the :class:`Computation`
itself :mod:`desk.rules.la_bataille.working`, both re-exported here.
"""

from __future__ import annotations

import math

from desk.rules.base import UnitInfo
from desk.rules.la_bataille.data import Arm, Formation, LBData
from desk.rules.la_bataille.model import LBOrder, LBSituation, LBState, number
from desk.rules.la_bataille.working import Computation, fmt


def _plural(count: int, word: str, plural: str) -> str:
    return f"{count} {word if count == 1 else plural}"


def road_hexes(data: LBData, increments: int) -> Computation[int]:
    """Road hexes a unit fills in road march: one per 4 increments or part (LB-9)."""
    per_hex = data.whole("road_march.increments_per_hex")
    hexes = max(1, math.ceil(max(increments, 0) / per_hex))
    return Computation(
        hexes,
        f"{_plural(increments, 'increment', 'increments')}: "
        f"{_plural(hexes, 'road hex', 'road hexes')} (LB-9)",
        data.house("road_march.increments_per_hex"),
    )


def road_march_mp(data: LBData, hexes_entered: int, *, route: str = "") -> Computation[float]:
    """MP to enter ``hexes_entered`` road hexes in road march (LB-9); ``route`` is the
    working of a count measured along the road ("4 road hexes 2314 → 2318 along the road
    (scenario's hex data)"), said instead of the bare count."""
    per_hex = data.number("road_march.mp_per_hex")
    total = hexes_entered * per_hex
    counted = route or _plural(hexes_entered, 'road hex', 'road hexes')
    return Computation(
        total,
        f"{counted} × {fmt(per_hex)} MP = {fmt(total)} MP (LB-9)",
        data.house("road_march.mp_per_hex"),
    )


def terrain_move_mp(data: LBData, hexes: int, end_terrain: str) -> Computation[float]:
    """MP to enter ``hexes`` hexes off the road: the last one's terrain, the others clear.

    Only the two ends of a path are known from the form, so the hexes between are
    taken as clear; the umpire who knows better gives the move's MP instead. The
    costs are campaign data (``terrain_mp``), each game's Terrain Effects Chart.
    """
    def cost(terrain: str) -> float:
        key = f"terrain_mp.{terrain}"
        return data.number(key if key in data.values else "terrain_mp.clear")

    end = end_terrain or "clear"
    clear, last = cost("clear"), cost(end)
    total = (hexes - 1) * clear + last
    if hexes == 1:
        working = f"1 {end} hex × {fmt(last)} MP"
    elif last == clear:
        working = f"{hexes} hexes × {fmt(clear)} MP"
    else:
        working = (f"{_plural(hexes - 1, 'clear hex', 'clear hexes')} × {fmt(clear)} MP + "
                   f"1 {end} hex × {fmt(last)} MP")
    return Computation(total, f"{working} move (terrain_mp)",
                       data.house("terrain_mp.clear", f"terrain_mp.{end_terrain}"))


def change_cost(data: LBData, *, arm: str, current: str, target: str) -> Computation[int]:
    """MP to go from ``current`` to ``target`` formation (LB-F3, LB-14)."""
    if not target or target == current:
        return Computation(0, f"keeps {current or 'its formation'}: no MP")
    label = f"{current} → {target}"
    if Formation.GENERAL_ORDER in (current, target):
        cost = data.whole("change_mp.general_order")
        return Computation(cost, f"{label}: {fmt(cost)} MP, general order (LB-F3)",
                           data.house("change_mp.general_order"))
    if target in (Formation.LIMBERED, Formation.UNLIMBERED):
        key = "artillery.limber_mp" if target == Formation.LIMBERED else "artillery.unlimber_mp"
        cost = data.whole(key)
        return Computation(cost, f"{label}: {cost} MP (LB-14)", data.house(key))
    cost = data.change_cost(arm)
    clause = "LB-14" if arm == Arm.ARTILLERY else "LB-F3"
    return Computation(cost, f"{label}: {cost} MP for {arm} ({clause})",
                       data.house(f"change_mp.{arm}"))


def target_formation(order: LBOrder) -> str:
    """The formation the order asks for ("" keeps the current one)."""
    if order.road_march:
        return Formation.ROAD_MARCH
    if order.limber:
        return Formation.LIMBERED if order.limber == "limber" else Formation.UNLIMBERED
    return order.formation


def printed_allowance(unit: UnitInfo, situation: LBSituation) -> float | None:
    """The unit's movement allowance: the situation's figure, else the order of battle's."""
    if situation.movement_allowance is not None:
        return situation.movement_allowance
    return number(unit.attrs, "movement_allowance")


def movement_allowance(
    data: LBData, *, unit: UnitInfo, state: LBState, order: LBOrder, situation: LBSituation
) -> Computation[float | None]:
    """MP the unit may spend this bound; a carre has 1 unless it changes formation first (LB-3)."""
    printed = printed_allowance(unit, situation)
    if state.formation == Formation.CARRE:
        if order.changes_formation and order.first_action_is_formation_change:
            if printed is None:
                return Computation(None, "carre changing formation first: its full allowance "
                                         "(not given) (LB-3)")
            return Computation(printed, f"carre changing formation first: the rest of its "
                                        f"{fmt(printed)} MP (LB-3)")
        carre_mp = data.number("carre.movement_value")
        return Computation(carre_mp, f"carre: {fmt(carre_mp)} MP at the start of its movement; "
                                     f"one hex clear → clear always allowed (LB-3, LB-4)",
                           data.house("carre.movement_value"))
    if printed is None:
        return Computation(None, "movement allowance not given")
    return Computation(printed, f"{fmt(printed)} MP movement allowance")


def carre_one_hex_move(data: LBData, *, state: LBState, situation: LBSituation) -> bool:
    """True when a carre moves one hex from clear to clear, always allowed (LB-4)."""
    allowed = data.names("carre.always_one_hex_terrain")
    return (state.formation == Formation.CARRE and situation.hexes == 1
            and situation.terrain in allowed and situation.end_terrain in allowed)


def mp_needed(
    data: LBData, *, unit: UnitInfo, state: LBState, order: LBOrder, situation: LBSituation
) -> Computation[float]:
    """MP the order spends: formation change, limbering and the move itself (LB-F3, LB-9, LB-14);
    a unit holding its position spends ``hold.mp_spent`` and its change of formation's MP."""
    parts: list[tuple[float, str]] = []
    house = False
    if order.hold:  # holding its position: campaign data, no clause
        spent = data.number("hold.mp_spent")
        parts.append((spent, f"hold position: {fmt(spent)} MP (hold.mp_spent)"))
        house = data.house("hold.mp_spent")
    target = target_formation(order)
    if target and target != state.formation:
        cost = change_cost(data, arm=unit.arm, current=state.formation, target=target)
        parts.append((cost.value, cost.working))
        house |= cost.house_rule
    if order.limber and target != (Formation.LIMBERED if order.limber == "limber"
                                   else Formation.UNLIMBERED):
        key = f"artillery.{order.limber}_mp"
        parts.append((data.number(key), f"{order.limber}: {data.whole(key)} MP (LB-14)"))
    if order.hold:  # it stays in its hex: only its change of formation costs MP (LB-F3)
        total = sum(value for value, _ in parts)
        working = " + ".join(text for _, text in parts)
        return Computation(total, working if len(parts) == 1 else f"{working} = {fmt(total)} MP",
                           house)
    marching = order.road_march or (state.formation == Formation.ROAD_MARCH and not target)
    on_road = situation.road_hexes if situation.road_hexes is not None else situation.hexes
    if marching and on_road:
        measured = situation.measured.get("road_hexes", "") if (
            situation.road_hexes is not None) else ""
        road = road_march_mp(data, on_road, route=measured)
        parts.append((road.value, road.working))
        house |= road.house_rule
    if situation.move_mp:
        parts.append((situation.move_mp, f"{fmt(situation.move_mp)} MP move"))
    elif not marching and situation.hexes:
        move = terrain_move_mp(data, situation.hexes, situation.end_terrain)
        parts.append((move.value, move.working))
        house |= move.house_rule
    total = sum(value for value, _ in parts)
    working = " + ".join(text for _, text in parts) or "nothing to spend"
    return Computation(total, f"{working} = {fmt(total)} MP", house)


def men(data: LBData, *, arm: str, increments: int) -> Computation[int]:
    """What the increments stand for: 100 infantry, 50 cavalry or 4 guns each (LB-F5)."""
    per_arm: dict[str, tuple[str, str]] = {
        Arm.CAVALRY: ("scale.men_per_increment_cavalry", "cavalrymen"),
        Arm.ARTILLERY: ("scale.guns_per_increment_artillery", "guns"),
    }
    key, word = per_arm.get(arm, ("scale.men_per_increment_infantry", "men"))
    total = increments * data.whole(key)
    return Computation(total, f"{increments} increments ≈ {total} {word} (LB-F5)")
