"""General order and the settled formation of a La Bataille unit (LB-6, LB-13, LB-F2).

General order is not ordered so much as taken: a combat formation standing in a
dwelling, village, town, woods or forest hex is in general order unless it is
disordered or routed (LB-6), and falls back to the formation it had underneath
when it leaves that hex or becomes disordered. The state therefore keeps
``combat_formation`` beside ``formation``. A unit in road march on a road through
a village or town stays in road march (LB-13).
"""

from __future__ import annotations

from desk.rules.base import StateRecord, UnitInfo
from desk.rules.la_bataille.data import Disorder, Formation, LBData
from desk.rules.la_bataille.model import LBState
from desk.rules.la_bataille.working import Computation


def initial_formation(data: LBData, arm: str) -> str:
    """The formation a unit of ``arm`` starts in when the scenario names none."""
    key = f"formations.initial_{arm}"
    if key in data.values:
        return str(data.values[key])
    return Formation.COLUMN


def effective_formation(
    data: LBData, *, formation: str, disorder: str, terrain: str, road: bool,
    combat_formation: str = "", arm: str = "infantry",
) -> Computation[str]:
    """The formation a unit is actually in, given its hex and its order (LB-6, LB-13, LB-F2)."""
    if disorder == Disorder.ROUTED or formation == Formation.ROUTED:
        return Computation(Formation.ROUTED.value, "routed (LB-F2)")
    if not terrain:
        # The hex is not recorded yet (a scenario's opening state): take the formation as given.
        return Computation(formation, f"{formation} (hex not recorded)")
    go_terrain = data.general_order_terrain(terrain)
    if formation == Formation.ROAD_MARCH:
        if terrain in data.names("road_march.built_up_on_road") and road:
            return Computation(formation, f"road march through a {terrain} on the road (LB-13)")
        return Computation(formation, "road march")
    combat = data.names("formations.combat")
    if formation in combat and go_terrain:
        if disorder == Disorder.GOOD_ORDER:
            return Computation(Formation.GENERAL_ORDER.value,
                               f"{formation} in {terrain}: general order (LB-6)")
        return Computation(formation, f"{disorder} in {terrain}: stays in {formation}, "
                                      f"not general order (LB-6)")
    if formation == Formation.GENERAL_ORDER and (not go_terrain or disorder != Disorder.GOOD_ORDER):
        fallback = combat_formation or initial_formation(data, arm)
        why = f"{disorder}" if go_terrain else f"out of {terrain}"
        return Computation(fallback, f"{why}: leaves general order for {fallback} (LB-6)")
    return Computation(formation, formation)


def state_dict(state: LBState) -> StateRecord:
    """The stored mapping of a state."""
    return {
        "formation": state.formation,
        "disorder": state.disorder,
        "strength": state.strength,
        "terrain": state.terrain,
        "road": state.road,
        "combat_formation": state.combat_formation,
    }


def settle(data: LBData, *, unit: UnitInfo, state: LBState) -> tuple[LBState, str]:
    """The state after LB-6 has had its say, and a journal line when it changed anything."""
    found = effective_formation(
        data, formation=state.formation, disorder=state.disorder, terrain=state.terrain,
        road=state.road, combat_formation=state.combat_formation, arm=unit.arm,
    )
    if found.value == state.formation:
        return state, ""
    combat = state.combat_formation
    if state.formation in data.names("formations.combat"):
        combat = state.formation
    settled = LBState(formation=found.value, disorder=state.disorder, strength=state.strength,
                      terrain=state.terrain, road=state.road, combat_formation=combat)
    return settled, found.working[0].upper() + found.working[1:]
