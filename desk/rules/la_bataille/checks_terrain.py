"""La Bataille order checks that depend on the hex: general order and road march.

General order (LB-6 … LB-8) is taken, not ordered: the checks refuse it where
it cannot be and warn when the unit will take it by itself. Road march (LB-9 …
LB-13) is ordered with the ``road_march`` flag and needs a road, a unit broken
down to battalions, and no fire.
"""

from __future__ import annotations

from desk.i18n import N_, _, ngettext
from desk.rules.base import ERROR, WARNING, Finding, finding
from desk.rules.la_bataille.checks import OrderContext, with_value
from desk.rules.la_bataille.combat import melee_value, morale_value
from desk.rules.la_bataille.compute import road_hexes, road_march_mp
from desk.rules.la_bataille.data import Arm, Disorder, Formation
from desk.rules.la_bataille.model import flag
from desk.rules.la_bataille.working import fmt


def check_general_order(ctx: OrderContext) -> list[Finding]:
    """Where and when a unit is in general order, and what it does there (LB-6, LB-7, LB-8)."""
    found: list[Finding] = []
    data, s, state = ctx.data, ctx.situation, ctx.state
    end = s.end_terrain
    if ctx.order.formation == Formation.GENERAL_ORDER:
        if not data.general_order_terrain(end):
            where = ", ".join(data.names("general_order.terrain"))
            found.append(finding("LB_GENERAL_ORDER_TERRAIN", ERROR, "LB-6",
                                 _("General order is taken only in {where} hexes, "
                                   "not in {end}.").format(
                                     where=where, end=end),
                                 data.house("general_order.terrain")))
        elif state.disorder != Disorder.GOOD_ORDER:
            found.append(finding("LB_GENERAL_ORDER_DISORDERED", ERROR, "LB-6",
                                 _("A {disorder} unit is not in general order.").format(
                                     disorder=state.disorder)))
    effective = ctx.effective
    combat = data.names("formations.combat")
    if (effective.value == Formation.GENERAL_ORDER and ctx.ordered in combat
            and state.formation != Formation.GENERAL_ORDER):
        found.append(finding("LB_GENERAL_ORDER_AUTOMATIC", WARNING, "LB-6",
                             _("Ends in {end}: its {ordered} takes general order by itself, at "
                               "no MP cost.").format(
                                 end=end, ordered=ctx.ordered)))
    if (data.general_order_terrain(end) and ctx.ordered in combat
            and state.disorder == Disorder.DISORDERED):
        found.append(finding("LB_NOT_IN_GENERAL_ORDER", WARNING, "LB-6",
                             _("Disordered in {end}: stays in {ordered}, not in general "
                               "order.").format(
                                 end=end, ordered=ctx.ordered)))
    if effective.value == Formation.GENERAL_ORDER:
        if ctx.order.melee and ctx.unit.arm == Arm.CAVALRY and not s.assaulting_carre:
            value = melee_value(data, unit=ctx.unit, formation=effective.value, situation=s)
            found.append(finding("LB_GENERAL_ORDER_CAVALRY_THIRD", WARNING, "LB-7",
                                 with_value(N_("Cavalry in general order melees at one third"),
                                            value, "LB-7"), value.house_rule, cited=True))
        limit = data.stacking_limit(end)
        if limit and s.stacked_increments is not None:
            total = s.stacked_increments + state.strength
            if total > limit:
                found.append(finding("LB_GENERAL_ORDER_STACKING", ERROR, "LB-8",
                                     ngettext("{total} increment in one {end} hex in general "
                                              "order, more than the {limit} allowed.",
                                              "{total} increments in one {end} hex in general "
                                              "order, more than the {limit} allowed.",
                                              total).format(
                                         total=total, end=end, limit=limit),
                                     data.house(f"general_order.stacking.{end}")))
    return found


def _broken_down(ctx: OrderContext) -> bool | None:
    if ctx.situation.broken_down is not None:
        return ctx.situation.broken_down
    if "smallest_organisation" in ctx.unit.attrs:
        return flag(ctx.unit.attrs, "smallest_organisation")
    return None


def _road_check(ctx: OrderContext, terrain: str, road: bool) -> Finding | None:
    built_up = ctx.data.names("road_march.built_up_on_road")
    if road:
        return None  # LB-13: a village or town hex on the road counts as road
    if terrain in built_up:
        return finding("LB_ROAD_MARCH_NO_ROAD", ERROR, "LB-13",
                       _("Road march through a {terrain} needs a road running through it.").format(
                           terrain=terrain))
    return finding("LB_ROAD_MARCH_OFF_ROAD", ERROR, "LB-9",
                   _("Road march is on road hexes only; no road runs through this {terrain} "
                     "hex.").format(
                       terrain=terrain))


def _route_findings(ctx: OrderContext) -> list[Finding]:
    """The way along the road the desk measured from the scenario's hex data (LB-9): its
    working, or a refusal when no road joins the two road hexes."""
    s = ctx.situation
    if s.road_route is None:
        return []  # not measured: the umpire counted, or an end has no road (refused above)
    if not s.road_route:
        return [finding("LB_ROAD_MARCH_NO_ROUTE", ERROR, "LB-9",
                        _("No road joins hex {start} to hex {end} in the scenario's hex data, "
                          "and road march is on road hexes only; give the hexes on the way "
                          "if the table's road does.").format(
                            start=s.hex or "?", end=s.destination_hex or "?"))]
    working = s.measured.get("road_hexes")
    if not working or s.road_hexes is None:
        return []
    cost = road_march_mp(ctx.data, s.road_hexes)
    return [finding("LB_ROAD_MARCH_ROUTE", WARNING, "LB-9",
                    _("Measured from the map: {working}: {mp} MP (LB-9).").format(
                        working=working, mp=fmt(cost.value)), cost.house_rule, cited=True)]


def check_road_march(ctx: OrderContext) -> list[Finding]:
    """Entering and marching in road march (LB-9 … LB-13)."""
    found: list[Finding] = []
    data, s, order = ctx.data, ctx.situation, ctx.order
    marching = ctx.ordered == Formation.ROAD_MARCH
    if not marching:
        return found
    entering = ctx.state.formation != Formation.ROAD_MARCH
    if entering:
        broken = _broken_down(ctx)
        if broken is False:
            found.append(finding("LB_ROAD_MARCH_NOT_BROKEN_DOWN", ERROR, "LB-10",
                                 _("Only a unit broken down to its smallest organisation "
                                   "(battalions for infantry) may enter road march.")))
        elif broken is None:
            found.append(finding("LB_ROAD_MARCH_BREAKDOWN_UNKNOWN", WARNING, "LB-10",
                                 _("Check the unit is broken down to battalions before it "
                                   "enters road march.")))
    places = {(s.end_terrain, s.end_road)} if s.destination_terrain else set()
    if s.place_known:
        places |= {(s.terrain, s.road), (s.end_terrain, s.end_road)}
    else:  # never refused for want of a record: the umpire is asked for the hex
        found.append(finding("LB_HEX_ASKED", WARNING, "LB-9",
                             _("Which hex does it stand in? Give its Hex now, so the desk can "
                               "check the road it marches on.")))
    for terrain, road in sorted(places):
        refusal = _road_check(ctx, terrain, road)
        if refusal is not None and refusal not in found:
            found.append(refusal)
    found.extend(_route_findings(ctx))
    if ctx.state.strength > data.whole("road_march.increments_per_hex"):
        hexes = road_hexes(data, ctx.state.strength)
        found.append(finding("LB_ROAD_MARCH_HEXES", WARNING, "LB-9",
                             _("In road march: {working}.").format(
                                 working=hexes.working), hexes.house_rule, cited=True))
    if order.fire and not data.flag("road_march.may_fire"):
        found.append(finding("LB_ROAD_MARCH_NO_FIRE", ERROR, "LB-11",
                             _("A unit in road march has no fire value."),
                             data.house("road_march.may_fire")))
    if order.melee:
        value = melee_value(data, unit=ctx.unit, formation=Formation.ROAD_MARCH, situation=s)
        found.append(finding("LB_ROAD_MARCH_MELEE", WARNING, "LB-11",
                             with_value(N_("In road march it melees at one quarter per hex"),
                                        value, "LB-11"), value.house_rule, cited=True))
    if entering:
        morale = morale_value(data, unit=ctx.unit, formation=Formation.ROAD_MARCH)
        words = morale.working if morale.value is not None else (
            f"morale value {data.whole('road_march.morale_steps')} steps worse on the 11–66 "
            f"scale (LB-12)")
        found.append(finding("LB_ROAD_MARCH_MORALE", WARNING, "LB-12",
                             _("Entering road march: {words}.").format(
                                 words=words), morale.house_rule, cited=True))
    return found


def check_hex_known(ctx: OrderContext) -> list[Finding]:
    """A unit that moves, with no hex recorded for it: asked for one, never refused (LB-F3)."""
    s = ctx.situation
    if s.place_known or ctx.order.hold or not ctx.moves or ctx.ordered == Formation.ROAD_MARCH:
        return []  # road march asks in its own check (LB-9)
    return [finding("LB_HEX_ASKED", WARNING, "LB-F3",
                    _("Which hex does it stand in? Give its Hex now, so the desk can count "
                      "the movement points of its way."))]
