"""The Belle Alliance quick-reference chart, built from the tables the checks use.

Because every number comes from the same :class:`BAData` as the checks (house
rules included), a printed chart cannot disagree with the desk.
"""

from __future__ import annotations

from desk.i18n import _
from desk.rules.base import Chart, ChartTable, Severity
from desk.rules.belle_alliance.data import BAData, Formation
from desk.rules.belle_alliance.rates import fmt


def _labels(data: BAData, ids: frozenset[Formation]) -> str:
    return " or ".join(sorted(data.formations[f].label for f in ids)) or "none"


def _cell(cm: float | None) -> str:
    return "—" if cm is None else fmt(cm)


def _rates_table(data: BAData) -> ChartTable:
    terrain = tuple(data.terrain)
    rows = tuple(
        (key, data.formations[form].label,
         *(_cell(row[t]) for t in terrain))
        for key, table in data.rates_cm.items()
        for form, row in table.items()
    )
    return ChartTable(
        title=_("Rates of march at the normal rate (cm)"),
        columns=(_("Troops"), _("Formation"), *(data.terrain[t].label for t in terrain)),
        rows=rows,
        note=_("— : no rate of march there: may not attack, and a forced move makes it FD "
               "(BA-3). The slowest terrain holding any figure applies (BA-6)."),
    )


def _rate_rules(data: BAData) -> ChartTable:
    charge = ", ".join(f"{arm} {fmt(cm)} cm" for arm, cm in data.charge_rate_cm.items() if cm)
    never = ", ".join(arm for arm, cm in data.charge_rate_cm.items() if cm is None)
    return ChartTable(
        title=_("Rates and their defaults"),
        columns=(_("Rate"), _("Rule"), _("Clause")),
        rows=(
            ("normal", "the default when an order names no rate", "BA-1"),
            ("fast", f"{fmt(data.fast_multiplier)} × normal, then the reductions; only in "
                     f"{_labels(data, data.fast_formations)}", "BA-7, BA-8"),
            # Who never charges is the data's "none" rate, not a clause (BA-1 names the rates).
            ("charge", f"{charge}; never: {never or 'none'}", "BA-1; data: charge.rate_cm"),
            ("halt", f"stands where it is: moves {fmt(data.halt_moves_cm)} cm (campaign data)",
             "halt.moves_cm"),
            ("(none given)", "as far as possible when no position or segment is given", "BA-2"),
        ),
    )


def _formations_table(data: BAData) -> ChartTable:
    rows = tuple(
        (info.label, fmt(info.frontage_cm), "yes" if info.closed else "no",
         data.formations[info.rate_as].label if info.rate_as != info.id else "")
        for info in data.formations.values()
    )
    return ChartTable(
        title=_("Formations"),
        columns=(_("Formation"), _("Frontage (cm)"), _("Closed"), _("Judged as")),
        rows=rows,
        note=_("Melee zone: the frontage by {zone_depth_cm} cm in front (BA-F3).").format(
                 zone_depth_cm=fmt(data.zone_depth_cm)),
    )


def _reductions_table(data: BAData) -> ChartTable:
    rows = tuple(
        (name.replace("_", " "), fmt(cm), "BA-5") for name, cm in data.reductions_cm.items()
    )
    rows += tuple((name, fmt(cm), "BA-19") for name, cm in data.obstacles_cm.items())
    factors = ", ".join(f"{d.value} × {fmt(f)}" for d, f in data.rate_factor.items() if f != 1.0)
    return ChartTable(
        title=_("Reductions of the rate (cm)"),
        columns=(_("Cause"), _("cm"), _("Clause")),
        rows=rows,
        note=_("All reductions add up, disorder among them (BA-5): {value}.").format(
                 value=factors or 'none'),
    )


def notes(data: BAData) -> tuple[tuple[str, str], ...]:
    """One line per clause, with the numbers the checks use."""
    free, soutien = fmt(data.waterway_free_width_cm), fmt(data.soutien_fd_distance_cm)
    return (
        ("BA-1", _("No rate given: normal. The rate may not change in the bound except by "
                   "forced action.")),
        ("BA-2", _("No position and no segment: as far as possible.")),
        ("BA-3", _("A formation with no rate in its terrain may not attack; forced to move, it "
                   "becomes FD at once (at work, at rest: judged as line).")),
        ("BA-4", _("Backwards: unlimbered guns, skirmish lines, staff. Sideways: skirmish "
                   "lines, staff. Others only in forced action.")),
        ("BA-5", _("Reductions add up.")),
        ("BA-6", _("A terrain's rate applies while any figure is in it.")),
        ("BA-7", _("Fast = {fast_multiplier} × normal, then the reductions.").format(
                     fast_multiplier=fmt(data.fast_multiplier))),
        ("BA-8", _("Fast only in {labels}; skirmish lines are not counted as opponents. "
                   "Ordered into it and fast in one bound: {outcome} (BA-1).").format(
                     labels=_labels(data, data.fast_formations),
                     outcome=_("refused") if data.fast_after_change is Severity.ERROR
                     else _("a warning"))),
        ("BA-9", _("Fast within {fast_stop_distance_cm} cm of steady closed opponents (not MD, "
                   "FD): normal for the rest of the bound.").format(
                     fast_stop_distance_cm=fmt(data.fast_stop_distance_cm))),
        ("BA-10", _("Fast in the bound: no fire, no attack.")),
        ("BA-11", _("A charge meeting terrain it cannot cross turns normal.")),
        ("BA-12", _("LD may not charge; becoming LD in a charge: normal, halved.")),
        ("BA-13", _("Charged: negative melee factor for {melee_penalty_bounds} bound(s) "
                    "after.").format(
                      melee_penalty_bounds=data.melee_penalty_bounds)),
        ("BA-14", _("Charged in bound n: may charge again from bound n + {value}.").format(
                      value=data.cooldown_bounds + 1)),
        ("BA-15", _("Own skirmish lines and unlimbered guns may be passed through, not by FD.")),
        ("BA-16", _("FD may pass a skirmish line within {soutien} cm of its soutien; no rout "
                    "dice.").format(
                      soutien=soutien)),
        ("BA-17", _("Never through opponents, except their abandoned guns.")),
        ("BA-18", _("A passing unit that would end on another unit is moved off it.")),
        ("BA-19", _("Obstacles reduce the rate (campaign's Tables 4 and 5).")),
        ("BA-20", _("Waterways over {free} cm: only at bridges and fords.").format(
                      free=free)),
        ("BA-21", _("Bridges: {labels} only. Fords: the frontage must fit the ford's "
                    "width.").format(
                      labels=_labels(data, data.bridge_formations))),
        ("BA-F1", _("SD is LD.")),
        ("BA-F2", _("MD and FD neither fire nor attack.")),
        ("BA-F3", _("Melee zone: frontage × {zone_depth_cm} cm.").format(
                      zone_depth_cm=fmt(data.zone_depth_cm))),
        ("BA-F4", _("Orders per unit each bound; the rate table is campaign data.")),
    )


def build_chart(data: BAData) -> Chart:
    """The chart of the ruleset as this campaign plays it."""
    house = tuple(f"{key}: {old!r} → {new!r} (house rule)"
                  for key, (old, new) in sorted(data.overridden.items()))
    return Chart(
        system="belle-alliance",
        title=_("Belle Alliance — movement quick reference"),
        tables=(_rate_rules(data), _rates_table(data), _formations_table(data),
                _reductions_table(data)),
        notes=notes(data),
        house_rules=house,
    )
