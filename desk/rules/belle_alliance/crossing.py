"""Belle Alliance checks of crossings (BA-19 … BA-21) and passing through (BA-15 … BA-17).

Worked examples with the default data: an 8 cm brook may be crossed only at a
bridge or a ford (BA-20, 5 cm or less anywhere); a battalion in line (24 cm
frontage) may not take a 12 cm ford, a column of attack (8 cm) may (BA-21).
"""

from __future__ import annotations

from desk.i18n import _
from desk.rules.base import ERROR, WARNING, Finding, finding
from desk.rules.belle_alliance.checks import Context, measured_note
from desk.rules.belle_alliance.data import CrossingKind
from desk.rules.belle_alliance.rates import fmt


def check_crossing(ctx: Context) -> list[Finding]:
    """Waterways (BA-20), bridges and fords (BA-21), named obstacles (BA-19, BA-5)."""
    data, order, crossing = ctx.data, ctx.order, ctx.situation.crossing
    out: list[Finding] = []
    for name in order.obstacles + ctx.situation.obstacles:
        if name not in data.obstacles_cm:
            out.append(finding("BA_OBSTACLE_UNKNOWN", WARNING, "BA-19",
                               _("'{name}' is not in the campaign's obstacle table: reduce the "
                                 "rate by hand").format(
                                   name=name)))
    for name in order.manoeuvres:
        if name not in data.reductions_cm:
            out.append(finding("BA_MANOEUVRE_UNKNOWN", WARNING, "BA-5",
                               _("'{name}' is not a manoeuvre with a reduction ({value})").format(
                                   name=name, value=', '.join(data.reductions_cm))))
    if crossing is None:
        if order.crossing:
            out.append(finding("BA_CROSSING_UNKNOWN", WARNING, "BA-20",
                               _("The desk does not know '{crossing}': check the crossing by "
                                 "hand").format(
                                   crossing=order.crossing)))
        return out
    name = crossing.name or order.crossing or _("the crossing")
    if crossing.kind is None:
        out.append(finding("BA_CROSSING_UNKNOWN", WARNING, "BA-20",
                           _("{name} is not a waterway, bridge, ford or obstacle: check the "
                             "crossing by hand").format(
                               name=name)))
    elif crossing.kind is CrossingKind.WATERWAY:
        width = crossing.width_cm if crossing.width_cm is not None else crossing.waterway_width_cm
        free = data.waterway_free_width_cm
        if width is None:
            out.append(finding("BA_CROSSING_WIDTH_UNKNOWN", WARNING, "BA-20",
                               _("The width of {name} is not known: more than {free} cm may be "
                                 "crossed only at a bridge or a ford").format(
                                   name=name, free=fmt(free))))
        elif width > free:
            out.append(finding("BA_WATERWAY_WIDE", ERROR, "BA-20",
                               _("{name} is {width} cm wide, more than {free} cm: cross it "
                                 "only at a bridge or a ford").format(
                                   name=name, width=fmt(width), free=fmt(free)),
                               house=data.house("crossing.waterway_free_width_cm")))
    elif crossing.kind is CrossingKind.BRIDGE:
        if ctx.formation is not None and ctx.formation not in data.bridge_formations:
            allowed = _(" or ").join(sorted(_(data.formations[f].label)
                                            for f in data.bridge_formations))
            out.append(finding("BA_BRIDGE_FORMATION", ERROR, "BA-21",
                               _("{name} may be crossed only in {value}, not in {label}").format(
                                   name=name, value=allowed or _("no formation"),
                                   label=_(data.formations[ctx.formation].label)),
                               house=data.house("crossing.bridge_formations")))
    elif crossing.kind is CrossingKind.FORD:
        out.extend(_check_ford(ctx, name, crossing.width_cm))
    return out


def _check_ford(ctx: Context, name: str, width: float | None) -> list[Finding]:
    data, formation = ctx.data, ctx.formation
    if formation is None:
        return []
    if width is None:
        return [finding("BA_CROSSING_WIDTH_UNKNOWN", WARNING, "BA-21",
                        _("The width of {name} is not known: check the formation fits it").format(
                            name=name))]
    info = data.formations[formation]
    if info.frontage_cm > width:
        return [finding("BA_FORD_FRONTAGE", ERROR, "BA-21",
                        _("In {info_label} the unit is {frontage_cm} cm wide, {name} only "
                          "{width} cm").format(
                            info_label=info.label, frontage_cm=fmt(info.frontage_cm), name=name,
                            width=fmt(width)),
                        house=data.house(f"formations.{formation.value}.frontage_cm"))]
    return []


def check_passing(ctx: Context) -> list[Finding]:
    """Own skirmish lines and unlimbered guns only (BA-15), FD by a soutien (BA-16),
    never opponents but their abandoned guns (BA-17)."""
    data, state = ctx.data, ctx.state
    out: list[Finding] = []
    described = {t.name for t in ctx.situation.pass_through}
    for name in ctx.order.pass_through:
        if name not in described:
            out.append(finding("BA_PASS_UNKNOWN", WARNING, "BA-15",
                               _("The desk does not know {name}: check passing "
                                 "through by hand").format(
                                   name=name)))
    for target in ctx.situation.pass_through:
        if not target.own:
            if not target.abandoned_guns:
                out.append(finding("BA_PASS_ENEMY", ERROR, "BA-17",
                                   _("May not pass through the opponent's {target_name}, only "
                                     "through abandoned guns").format(
                                       target_name=target.name)))
            continue
        form = target.formation
        if form is None or form not in data.passable_formations:
            shown = _(data.formations[form].label) if form else _("an unknown formation")
            out.append(finding("BA_PASS_FORMATION", ERROR, "BA-15",
                               _("Own units may be passed through only as skirmish lines or "
                                 "unlimbered guns; {target_name} is in {shown}").format(
                                   target_name=target.name, shown=shown),
                               house=data.house("passing.passable_formations")))
            continue
        if state.disorder is None or state.disorder not in data.barred_disorder:
            continue
        limit = data.soutien_fd_distance_cm
        near = target.soutien_distance_cm
        house = data.house("passing.soutien_fd_distance_cm")
        if form.value == "skirmish-line" and near is not None and near <= limit:
            out.append(finding("BA_PASS_FD_SOUTIEN", WARNING, "BA-16",
                               _("In {disorder}, may pass through {target_name}: its soutien "
                                 "is {near} cm away, within {limit} cm; no dice for spread of "
                                 "rout").format(
                                   disorder=state.disorder.value, target_name=target.name,
                                   near=fmt(near), limit=fmt(limit))
                               + measured_note(ctx.situation.measured,
                                               "soutien_distance_cm:" + target.name),
                               house=house))
        elif form.value == "skirmish-line":
            out.append(finding("BA_PASS_FD", ERROR, "BA-16",
                               _("In {disorder}, may pass through {target_name} only when its "
                                 "soutien is within {limit} cm").format(
                                   disorder=state.disorder.value, target_name=target.name,
                                   limit=fmt(limit))
                               + measured_note(ctx.situation.measured,
                                               "soutien_distance_cm:" + target.name),
                               house=house))
        else:
            out.append(finding("BA_PASS_FD", ERROR, "BA-15",
                               _("A unit in {disorder} may not pass through {target_name}").format(
                                   disorder=state.disorder.value, target_name=target.name)))
    return out
