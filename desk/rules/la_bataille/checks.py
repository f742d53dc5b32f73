"""La Bataille order checks: formations, movement points, artillery and the carre.

Each check reads one :class:`OrderContext` and returns findings; none raises.
Codes are stable (the services store them); messages are one plain sentence in
the desk's own words ending with the clause id. General order and road march
are in :mod:`desk.rules.la_bataille.checks_terrain`.
"""

from __future__ import annotations

from dataclasses import dataclass

from desk.i18n import N_, _
from desk.rules.base import ERROR, WARNING, Finding, UnitInfo, finding
from desk.rules.la_bataille.combat import fire_value, melee_value
from desk.rules.la_bataille.compute import (
    carre_one_hex_move,
    movement_allowance,
    mp_needed,
    target_formation,
)
from desk.rules.la_bataille.data import Arm, Disorder, Formation, LBData
from desk.rules.la_bataille.general import effective_formation
from desk.rules.la_bataille.model import LBOrder, LBSituation, LBState
from desk.rules.la_bataille.working import Computation, fmt


@dataclass(frozen=True)
class OrderContext:
    """Everything one order's checks look at, read once."""

    data: LBData
    unit: UnitInfo
    state: LBState
    order: LBOrder
    situation: LBSituation

    @property
    def target(self) -> str:
        """The formation the order asks for, "" to keep."""
        return target_formation(self.order)

    @property
    def ordered(self) -> str:
        """The formation the unit is in once the order's change is made."""
        return self.target or self.state.formation

    @property
    def effective(self) -> Computation[str]:
        """The formation the unit is in where it ends, after general order settles (LB-6)."""
        return effective_formation(
            self.data, formation=self.ordered, disorder=self.state.disorder,
            terrain=self.situation.end_terrain, road=self.situation.end_road,
            combat_formation=self.state.combat_formation, arm=self.unit.arm,
        )

    @property
    def moves(self) -> bool:
        """True when the order moves the unit out of its hex: a destination, a Destination
        hex other than the one it stands in, or movement points or hexes to spend."""
        s = self.situation
        to_hex = s.destination_hex or self.order.to_hex
        return bool(self.order.destination or s.move_mp or s.hexes or s.road_hexes
                    or (to_hex and to_hex != s.hex))


def with_value(prefix: str, value: Computation[float | None], clause: str) -> str:
    """A sentence with the computed value's working, or without it when the OOB lacks it."""
    prefix = _(prefix)  # marked N_() where it is written
    if value.value is None:
        return f"{prefix} ({clause})."
    return f"{prefix}: {value.working}."


def check_formation(ctx: OrderContext) -> list[Finding]:
    """Formations open to the arm, routed units, line in clear terrain (LB-F2, LB-F4)."""
    found: list[Finding] = []
    arm, target, order = ctx.unit.arm, ctx.target, ctx.order
    if order.formation == Formation.ROUTED:
        found.append(finding("LB_ROUTED_NOT_ORDERED", ERROR, "LB-F2",
                             _("Routing is a morale result, not an order.")))
    elif target and target not in ctx.data.formations(arm):
        known = {f.value for f in Formation}
        open_to = ", ".join(ctx.data.formations(arm)) or _("none known")
        sentence = (_("{target} is not a La Bataille formation: {known}.") if target not in known
                    else _("{target} is not open to {arm}: {known}."))
        found.append(finding("LB_FORMATION_NOT_FOR_ARM", ERROR, "LB-F4", sentence.format(
            target=target.capitalize(), arm=arm or _("a unit of unknown arm"), known=open_to)))
    if order.changes_formation and ctx.state.disorder == Disorder.ROUTED:
        found.append(finding("LB_ROUTED_NO_CHANGE", ERROR, "LB-F2",
                             _("Routed: it must rally before it can change formation.")))
    line_terrain = ctx.data.names("formations.line_terrain")
    if ctx.effective.value == Formation.LINE:
        for where in {ctx.situation.terrain if target else "", ctx.situation.end_terrain} - {""}:
            if where not in line_terrain:
                found.append(finding("LB_LINE_CLEAR_ONLY", ERROR, "LB-F4",
                                     _("Line may be formed in clear terrain only, not in "
                                       "{where}.").format(
                                         where=where),
                                     ctx.data.house("formations.line_terrain")))
    if order.road_march and order.formation and order.formation != Formation.ROAD_MARCH:
        found.append(finding("LB_ROAD_MARCH_WITH_FORMATION", ERROR, "LB-9",
                             _("Road march and {formation} in one order: choose one.").format(
                                 formation=order.formation)))
    return found


def check_artillery(ctx: OrderContext) -> list[Finding]:
    """Limbered to move, unlimbered to fire, 2 MP either way (LB-14)."""
    found: list[Finding] = []
    order, state = ctx.order, ctx.state
    if ctx.unit.arm != Arm.ARTILLERY:
        if order.limber or order.formation in (Formation.LIMBERED, Formation.UNLIMBERED):
            found.append(finding("LB_LIMBER_ARTILLERY_ONLY", ERROR, "LB-14",
                                 _("Only artillery limbers or unlimbers.")))
        return found
    if order.limber and ctx.ordered == state.formation:
        found.append(finding("LB_LIMBER_NO_CHANGE", WARNING, "LB-14",
                             _("The battery is already {formation}.").format(
                                 formation=state.formation)))
    if ctx.ordered == Formation.UNLIMBERED and ctx.moves:
        found.append(finding("LB_UNLIMBERED_CANNOT_MOVE", ERROR, "LB-14",
                             _("Unlimbered guns cannot move: limber first, for 2 MP."),
                             ctx.data.house("artillery.limber_mp")))
    if order.fire and ctx.ordered in (Formation.LIMBERED, Formation.ROAD_MARCH):
        found.append(finding("LB_LIMBERED_CANNOT_FIRE", ERROR, "LB-14",
                             _("Limbered guns cannot fire: unlimber first, for 2 MP."),
                             ctx.data.house("artillery.unlimber_mp")))
    return found


def check_movement_points(ctx: OrderContext) -> list[Finding]:
    """The order's MP against the allowance; a carre has 1 unless it changes first (LB-3, LB-4)."""
    allowance = movement_allowance(ctx.data, unit=ctx.unit, state=ctx.state, order=ctx.order,
                                   situation=ctx.situation)
    needed = mp_needed(ctx.data, unit=ctx.unit, state=ctx.state, order=ctx.order,
                       situation=ctx.situation)
    if allowance.value is None or needed.value <= allowance.value:
        return []
    carre = ctx.state.formation == Formation.CARRE
    if carre and not ctx.order.changes_formation and carre_one_hex_move(
        ctx.data, state=ctx.state, situation=ctx.situation
    ):
        return []  # LB-4: one hex clear → clear is always allowed
    house = allowance.house_rule or needed.house_rule
    if carre:
        return [finding("LB_CARRE_MOVEMENT", ERROR, "LB-3",
                        _("Needs {working}, but has {working2}.").format(
                            working=needed.working, working2=allowance.working), house, cited=True)]
    return [finding("LB_MP_EXCEEDED", ERROR, "LB-F3",
                    _("Needs {working}, more than its {allowance} MP.").format(
                        working=needed.working, allowance=fmt(allowance.value)),
                    house)]


def check_carre_assault(ctx: OrderContext) -> list[Finding]:
    """Cavalry against a carre: from its hex, after defensive fire, at one third (LB-1, LB-2)."""
    s = ctx.situation
    if not (ctx.order.melee and s.assaulting_carre and ctx.unit.arm == Arm.CAVALRY):
        return []
    found: list[Finding] = []
    if not s.in_carre_hex:
        found.append(finding("LB_CARRE_ASSAULT_NOT_IN_HEX", ERROR, "LB-1",
                             _("Cavalry may assault a carre only from the carre's own hex.")))
    if not s.defensive_fire_suffered:
        found.append(finding("LB_CARRE_ASSAULT_NO_FIRE", ERROR, "LB-1",
                             _("Cavalry may assault a carre only after suffering its defensive "
                               "fire.")))
    value = melee_value(ctx.data, unit=ctx.unit, formation=ctx.effective.value, situation=s)
    found.append(finding("LB_CARRE_CAVALRY_THIRD", WARNING, "LB-2",
                         with_value(N_("Against a carre cavalry melees at one third"), value,
                                    "LB-2"),
                         value.house_rule, cited=True))
    return found


def check_carre_battery(ctx: OrderContext) -> list[Finding]:
    """One battery fires from a carre, at one third, into one hexside (LB-5)."""
    s, data = ctx.situation, ctx.data
    if not (ctx.order.fire and s.in_carre and ctx.unit.arm == Arm.ARTILLERY):
        return []
    found: list[Finding] = []
    may = data.whole("carre.batteries_may_fire")
    if s.batteries_firing_from_carre >= may:
        found.append(finding("LB_CARRE_ONE_BATTERY", ERROR, "LB-5",
                             _("Only {may} battery may fire from a carre, and one "
                               "already does.").format(
                                 may=may),
                             data.house("carre.batteries_may_fire")))
    sides = data.whole("carre.battery_hexsides")
    if s.hexsides > sides:
        found.append(finding("LB_CARRE_ONE_HEXSIDE", ERROR, "LB-5",
                             _("A battery in a carre fires into {sides} hexside only, not "
                               "{hexsides}.").format(
                                 sides=sides, hexsides=s.hexsides),
                             data.house("carre.battery_hexsides")))
    value = fire_value(data, unit=ctx.unit, formation=ctx.ordered, situation=s)
    found.append(finding("LB_CARRE_BATTERY_THIRD", WARNING, "LB-5",
                         with_value(N_("Firing from a carre at one third"), value, "LB-5"),
                         value.house_rule, cited=True))
    return found


def check_hold(ctx: OrderContext) -> list[Finding]:
    """A unit holding its position spends no MP: it does not leave its hex.

    RULES.md has no clause for holding: it is campaign data (``hold.mp_spent``),
    and the finding cites that key. A change of formation (road march and
    limbering among them) is made in the hex for its own MP (LB-F3, LB-14):
    "form square and hold" is a legal order, and draws no word here.
    """
    order, data = ctx.order, ctx.data
    if not order.hold:
        return []
    moving = [what for what, on in (
        (_("a move to {destination}").format(destination=order.destination), order.destination),
        (_("a move to {destination}").format(
            destination=_("hex {hex}").format(hex=order.to_hex)),
         order.to_hex and not order.destination)) if on]
    if not moving:
        return []
    return [finding("LB_HOLD_MOVES", WARNING, "hold.mp_spent",
                    _("A unit holding its position spends {mp} MP, yet the order names "
                      "{what}").format(
                        mp=fmt(data.number("hold.mp_spent")), what=", ".join(moving)),
                    house=data.house("hold.mp_spent"))]
