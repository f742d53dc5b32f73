"""Belle Alliance order checks: rates, charges, disorder, formation, direction.

Each check returns findings with a stable code, the clause id of RULES.md and
one sentence in the desk's words. Crossings and passing through are in
``belle_alliance.crossing``. Nothing here raises on odd input: what cannot be
read is reported as a warning and the checks that need it are skipped.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from desk.i18n import _, term
from desk.rules.base import ERROR, WARNING, Finding, UnitInfo, finding
from desk.rules.belle_alliance.data import Arm, BAData, Direction, Formation, Rate
from desk.rules.belle_alliance.model import Order, Situation, UnitState
from desk.rules.belle_alliance.rates import charge_again_from, fmt


@dataclass(frozen=True)
class Context:
    """Everything one check may look at, read once."""

    data: BAData
    unit: UnitInfo
    state: UnitState
    order: Order
    situation: Situation
    formation: Formation | None  # the formation the unit moves in (ordered, else current)
    terrain: tuple[str, ...]  # known terrain types the unit has figures in


def _arm(ctx: Context) -> Arm | None:
    try:
        return Arm(ctx.unit.arm)
    except ValueError:
        return None


def check_vocabulary(ctx: Context) -> list[Finding]:
    """Unknown rate, direction, formation, arm or disorder (BA-1, BA-4, BA-F4, BA-F1)."""
    out: list[Finding] = []
    order, data = ctx.order, ctx.data
    if order.rate is None:
        out.append(finding("BA_RATE_UNKNOWN", ERROR, "BA-1",
                           _("'{rate_text}' is not a rate: use normal, fast or charge").format(
                               rate_text=order.rate_text)))
    if order.direction is None:
        out.append(finding("BA_DIRECTION_UNKNOWN", ERROR, "BA-4",
                           _("'{direction_text}' is not a direction: use forward, backward or "
                             "sideways").format(
                               direction_text=order.direction_text)))
    if order.formation_text and order.formation is None:
        out.append(finding("BA_FORMATION_UNKNOWN", ERROR, "BA-F4",
                           _("'{formation_text}' is not a formation of these rules").format(
                               formation_text=order.formation_text)))
    arm = _arm(ctx)
    if arm is None:
        out.append(finding("BA_ARM_UNKNOWN", WARNING, "BA-F4",
                           _("The arm '{arm}' is unknown: arm rules are not checked").format(
                               arm=ctx.unit.arm)))
    elif ctx.formation is not None and ctx.formation not in data.arms[arm].formations:
        # Ordering a formation the arm lacks is refused; a state recorded in one (an older
        # file's staff "in line") is only pointed out: the order cannot change the past.
        ordered = order.formation is not None
        out.append(finding("BA_FORMATION_ARM" if ordered else "BA_STATE_FORMATION_ARM",
                           ERROR if ordered else WARNING, "BA-F4",
                           _("{arm} has no {label} formation").format(
                               arm=term(arm).capitalize(),
                               label=_(data.formations[ctx.formation].label))))
    if ctx.formation is None and not order.formation_text:
        out.append(finding("BA_STATE_FORMATION_UNKNOWN", WARNING, "BA-3",
                           _("The unit's formation is not known: formation rules are not "
                             "checked")))
    if ctx.state.disorder is None:
        out.append(finding("BA_DISORDER_UNKNOWN", WARNING, "BA-F1",
                           _("The unit's disorder is not none, LD (SD), MD or FD: read as none")))
    return out


def check_charge(ctx: Context) -> list[Finding]:
    """Cooldown (BA-14), melee penalty (BA-13), LD (BA-12), arm (data: charge.rate_cm),
    terrain (BA-11)."""
    out: list[Finding] = []
    data, state, order, bound = ctx.data, ctx.state, ctx.order, ctx.situation.bound
    last = state.last_charge_bound
    if bound is not None and state.melee_penalty_bound is not None and (
        (last is None or bound > last) and bound <= state.melee_penalty_bound
    ):
        since = (_("Charged in bound {last}").format(last=last) if last is not None
                 else _("Charged recently"))
        out.append(finding("BA_MELEE_PENALTY", WARNING, "BA-13",
                           _("{since}: a negative factor in any melee in bound {bound}").format(
                               since=since, bound=bound),
                           house=data.house("charge.melee_penalty_bounds")))
    if order.rate is not Rate.CHARGE:
        return out
    if last is not None:
        again = charge_again_from(data, last_charge_bound=last)
        if bound is None:
            out.append(finding("BA_BOUND_UNKNOWN", WARNING, "BA-14",
                               _("Charged in bound {last}: may charge again from bound "
                                 "{again}; the bound being ordered is not known").format(
                                   last=last, again=again)))
        elif bound < again:
            out.append(finding("BA_CHARGE_COOLDOWN", ERROR, "BA-14",
                               _("Charged in bound {last}: may charge again from "
                                 "bound {again}").format(
                                   last=last, again=again),
                               house=data.house("charge.cooldown_bounds")))
    disorder = state.disorder
    if disorder is not None and disorder in data.no_charge:
        out.append(finding("BA_CHARGE_DISORDER", ERROR, "BA-12",
                           _("A unit in {disorder} may not charge").format(
                               disorder=disorder.value),
                           house=data.house("disorder.no_charge")))
    arm = _arm(ctx)
    if arm is not None and data.charge_rate_cm.get(arm.value) is None:
        # No clause says who never charges (BA-1 names the rates): the data's "none" rate
        # at the charge does, and the finding cites that key (DESIGN.md's "data: …").
        key = f"charge.rate_cm.{arm.value}"
        out.append(finding("BA_CHARGE_ARM", ERROR, f"data: {key}",
                           _("{arm} never charges").format(
                               arm=term(arm).capitalize()),
                           house=data.house(key)))
    stops = [t for t in ctx.terrain if not data.terrain[t].chargeable]
    if stops:
        where = ", ".join(_(data.terrain[t].label) for t in stops)
        out.append(finding("BA_CHARGE_TERRAIN", WARNING, "BA-11",
                           _("The charge cannot go on in {where}: there it turns to the normal "
                             "rate").format(
                               where=where),
                           house=data.house(*(f"terrain.{t}" for t in stops))))
    return out


def check_fire_and_attack(ctx: Context) -> list[Finding]:
    """MD/FD neither fire nor attack (BA-F2); fast, then no fire or attack (BA-10)."""
    out: list[Finding] = []
    data, order, disorder = ctx.data, ctx.order, ctx.state.disorder
    attacking = order.attack or order.rate is Rate.CHARGE
    if disorder is not None and disorder in data.no_fire_or_attack and (order.fire or attacking):
        what = _(" or ").join(w for w, on in ((_("fire"), order.fire), (_("attack"), attacking))
                              if on)
        out.append(finding("BA_DISORDER_NO_FIRE_ATTACK", ERROR, "BA-F2",
                           _("A unit in {disorder} may not {what}").format(
                               disorder=disorder.value, what=what),
                           house=data.house("disorder.no_fire_or_attack")))
    if order.rate is Rate.FAST and (order.fire or order.attack):
        out.append(finding("BA_FAST_FIRE_ATTACK", ERROR, "BA-10",
                           _("A unit at the fast rate may not fire or attack in the same bound")))
    return out


def check_fast(ctx: Context) -> list[Finding]:
    """Fast only in column of march (BA-8 reading), and not on the change into it (BA-8,
    BA-1); closed opponents near (BA-9)."""
    out: list[Finding] = []
    data = ctx.data
    if ctx.order.rate is not Rate.FAST:
        return out
    if ctx.formation is not None and ctx.formation not in data.fast_formations:
        allowed = _(" or ").join(sorted(_(data.formations[f].label) for f in data.fast_formations))
        out.append(finding("BA_FAST_FORMATION", ERROR, "BA-8",
                           _("Only a unit in {value} may march fast, not one in {label}").format(
                               value=allowed or _("no formation"),
                               label=_(data.formations[ctx.formation].label)),
                           house=data.house("rate.fast_formations")))
    out.extend(_fast_after_change(ctx))
    near = ctx.situation.nearest_opponent_cm
    if near is not None and near <= data.fast_stop_distance_cm:
        limit = fmt(data.fast_stop_distance_cm)
        out.append(finding("BA_FAST_NEAR_OPPONENT", WARNING, "BA-9",
                           _("Steady closed opponents are {near} cm away, within {limit} cm: "
                             "the fast march turns normal at once").format(
                               near=fmt(near), limit=limit)
                           + measured_note(ctx.situation.measured, "nearest_closed_opponent_cm"),
                           house=data.house("rate.fast_stop_distance_cm")))
    return out


def _fast_after_change(ctx: Context) -> list[Finding]:
    """Line ordered into column of march and fast in one bound: after the change it is a
    column of march, yet it began the bound in line, and BA-1 fixes the rate for the whole
    bound. A warning the umpire sees, or an error where the campaign says so
    (``rate.fast_after_change``)."""
    data, now, ordered = ctx.data, ctx.state.formation, ctx.order.formation
    if (now is None or ordered is None or ordered == now or ordered not in data.fast_formations
            or now in data.fast_formations):
        return []
    return [finding("BA_FAST_AFTER_CHANGE", data.fast_after_change, "BA-8",
                    _("From {now} into {ordered} and fast in one bound: the fast rate is for "
                      "a {ordered} only (BA-8), and the rate is fixed for the whole bound "
                      "(BA-1)").format(now=_(data.formations[now].label),
                                       ordered=_(data.formations[ordered].label)),
                    house=data.house("rate.fast_after_change"), cited=True)]


def check_direction(ctx: Context) -> list[Finding]:
    """Backwards and sideways only for those BA-4 allows, unless forced action."""
    data, direction = ctx.data, ctx.order.direction
    if direction in (None, Direction.FORWARD) or ctx.situation.forced_action:
        return []
    arm = _arm(ctx)
    if direction is Direction.BACKWARD:
        forms, arms, key = data.backward_formations, data.backward_arms, "direction.backward_"
    else:
        forms, arms, key = data.sideways_formations, data.sideways_arms, "direction.sideways_"
    if (ctx.formation is not None and ctx.formation in forms) or (arm is not None and arm in arms):
        return []
    who = _(data.formations[ctx.formation].label) if ctx.formation else _("this formation")
    return [finding("BA_DIRECTION", ERROR, "BA-4",
                    _("A unit in {who} moves {direction} only in forced action").format(
                        who=who, direction=term(direction)),
                    house=data.house(key + "formations", key + "arms"))]


def check_no_rate(ctx: Context) -> list[Finding]:
    """A formation with no rate of march in the terrain may not attack or move (BA-3)."""
    data, formation, order = ctx.data, ctx.formation, ctx.order
    if formation is None or _arm(ctx) is None:
        return []
    row = data.rate_row(arm=ctx.unit.arm, unit_type=ctx.unit.unit_type, formation=formation)
    blocked = [t for t in ctx.terrain if row is None or row.get(t) is None]
    if not blocked:
        return []
    info = data.formations[formation]
    where = ", ".join(_(data.terrain[t].label) for t in blocked)
    as_line = ""
    if info.rate_as != info.id:  # at work, at rest: judged as line (BA-3)
        as_line = f" (judged as {_(data.formations[info.rate_as].label)})"
    house = data.house(f"rates_cm.{ctx.unit.arm}", f"rates_cm.{ctx.unit.unit_type}")
    if order.attack or order.rate is Rate.CHARGE:
        return [finding("BA_NO_RATE_ATTACK", ERROR, "BA-3",
                        _("In {info_label}{as_line}, with no rate of march in {where}, the "
                          "unit may not attack").format(
                            info_label=info.label, as_line=as_line, where=where), house=house)]
    if order.destination or order.as_far_as_possible:
        return [finding("BA_NO_RATE_MOVE", WARNING, "BA-3",
                        _("In {info_label}{as_line} the unit has no rate of march in {where}: "
                          "it will not move, and a forced move makes it FD").format(
                            info_label=info.label, as_line=as_line, where=where), house=house)]
    return []



def check_halt(ctx: Context) -> list[Finding]:
    """A halted unit stands where it is: it moves, crosses and attacks nowhere.

    RULES.md has no clause for a halt: it is campaign data (``halt.moves_cm``),
    and the finding cites that key.
    """
    order, data = ctx.order, ctx.data
    if order.rate is not Rate.HALT:
        return []
    moving = [what for what, on in (
        (_("the position '{position}'").format(position=order.destination), order.destination),
        (_("the segment '{segment}'").format(segment=order.segment), order.segment),
        (_("crossing {feature}").format(feature=order.crossing), order.crossing),
        (_("moving {direction}").format(direction=term(order.direction_text)),
         order.direction not in (None, Direction.FORWARD)),
        (_("attacking"), order.attack)) if on]
    if not moving:
        return []
    return [finding("BA_HALT_MOVES", WARNING, "halt.moves_cm",
                    _("A halted unit moves {cm} cm, yet the order names {what}").format(
                        cm=fmt(data.halt_moves_cm), what=", ".join(moving)),
                    house=data.house("halt"))]


def measured_note(measured: Mapping[str, str], key: str) -> str:
    """" (measured: 84 cm to …)" when the desk measured the distance from the positions."""
    working = measured.get(key)
    return _(" (measured: {working})").format(working=working) if working else ""
