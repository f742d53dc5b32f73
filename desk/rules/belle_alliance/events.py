"""Belle Alliance in-bound events: what each does to a unit's state, and its journal line.

Every event is idempotent: recording it on a state that already shows it
changes nothing, so ``state.advance_state`` may replay the bound's events on
either the state before them or the state after them and get the same result.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from desk.i18n import N_, _
from desk.rules.base import ERROR, WARNING, EventKind, FieldKind, FieldSpec, Finding, finding
from desk.rules.belle_alliance.data import BAData, Disorder, Rate
from desk.rules.belle_alliance.model import (
    CrossingProgress,
    UnitState,
    as_disorder,
    as_formation,
    as_text,
)
from desk.rules.belle_alliance.rates import fast_stops, fmt
from desk.rules.coerce import as_float
from desk.rules.records import Names

Outcome = tuple[UnitState, str, tuple[Finding, ...]]

_TEXT, _FLAG, _NUMBER = FieldKind.TEXT, FieldKind.FLAG, FieldKind.NUMBER
EVENT_KINDS: tuple[EventKind, ...] = (
    EventKind("fast-stopped-90cm", N_("Fast march meets closed opponents"), "BA-9", (
        FieldSpec("distance_cm", N_("Distance to the opponents (cm)"), _NUMBER, clause="BA-9"),
        FieldSpec("opponent_formation", N_("Opponents' formation"), _TEXT, clause="BA-8"),
        FieldSpec("opponent_disorder", N_("Opponents' disorder"), _TEXT, clause="BA-9"))),
    EventKind("charge-stopped-terrain", N_("Charge meets terrain it cannot cross"), "BA-11", (
        FieldSpec("terrain", N_("Terrain met"), _TEXT, clause="BA-11"),)),
    EventKind("became-LD", N_("Became LD"), "BA-12", (
        FieldSpec("charging", N_("While charging"), _FLAG, clause="BA-12"),), condition=True),
    EventKind("became-MD", N_("Became MD"), "BA-F2", condition=True),
    EventKind("became-FD", N_("Became FD"), "BA-F2", condition=True),
    EventKind("routed", N_("Routed"), "data: morale.rout", condition=True),
    EventKind("rallied", N_("Rallied"), "data: morale.rally", (
        FieldSpec("disorder", N_("Disorder after the rally"), FieldKind.CHOICE,
                  tuple(d.value for d in Disorder), clause="data: morale.rally"),)),
    EventKind("forced-move", N_("Forced move (rout, retreat, pursuit)"), "BA-3", (
        FieldSpec("terrain", N_("Terrain it stands in"), _TEXT, clause="BA-3"),)),
    EventKind("rate-changed", N_("Change of rate during the bound"), "BA-1", (
        FieldSpec("rate", N_("New rate"), FieldKind.CHOICE, tuple(r.value for r in Rate)),
        FieldSpec("forced", N_("Forced action"), _FLAG, clause="BA-1"))),
    EventKind("pass-through-adjusted", N_("Passing unit moved off another's position"), "BA-18", (
        FieldSpec("through", N_("Unit passed through"), _TEXT, clause="BA-18",
                  names=Names.UNITS),
        FieldSpec("position", N_("New position"), _TEXT, clause="BA-18"))),
    EventKind("crossing-begun", N_("Crossing begun"), "BA-20", (
        FieldSpec("feature", N_("Feature"), _TEXT, clause="BA-20", names=Names.FEATURES),
        FieldSpec("kind", N_("Kind"), FieldKind.CHOICE,
                  ("waterway", "bridge", "ford", "obstacle")))),
    EventKind("crossing-completed", N_("Crossing completed"), "BA-21", (
        FieldSpec("feature", N_("Feature"), _TEXT, clause="BA-21", names=Names.FEATURES),)),
)


def _fast_stopped(d: BAData, s: UnitState, e: Mapping[str, object], bound: int) -> Outcome:
    distance = as_float(e.get("distance_cm"))
    form = as_formation(e.get("opponent_formation"))
    dis = as_disorder(d, e.get("opponent_disorder"))
    if s.rate_this_bound not in (None, Rate.FAST):
        f = finding("BA_EVENT_NOT_FAST", ERROR, "BA-9", _("The unit is not at the fast rate"))
        return s, "", (f,)
    if distance is not None and not fast_stops(d, distance_cm=distance, formation=form,
                                               disorder=dis):
        f = finding("BA_FAST_GOES_ON", WARNING, "BA-9",
                    _("Opponents {distance} cm away in {formation}{disorder} do not stop a "
                      "fast march (only steady closed ones within {limit} cm do)").format(
                        distance=fmt(distance),
                        formation=form.value if form else _("that order"),
                        disorder=" " + dis.value if dis and dis is not Disorder.NONE else "",
                        limit=fmt(d.fast_stop_distance_cm)),
                    house=d.house("rate.fast_stop_distance_cm"))
        return s, "", (f,)
    at = f"{fmt(distance)} cm" if distance is not None else "close"
    line = (f"Bound {bound}: closed opponents {at}, within {fmt(d.fast_stop_distance_cm)} cm: "
            "normal rate for the rest of the bound (BA-9)")
    return s.but(rate_this_bound=Rate.NORMAL, fast_this_bound=True), line, ()


def _charge_stopped(d: BAData, s: UnitState, e: Mapping[str, object], bound: int) -> Outcome:
    terrain = as_text(e.get("terrain"))
    if terrain in d.terrain and d.terrain[terrain].chargeable:
        f = finding("BA_CHARGE_TERRAIN_OK", WARNING, "BA-11",
                    _("{label} may be charged: the charge goes on").format(
                        label=d.terrain[terrain].label.capitalize()))
        return s, "", (f,)
    where = d.terrain[terrain].label if terrain in d.terrain else terrain or "terrain"
    line = (f"Bound {bound}: the charge met {where} it cannot cross: normal rate for the rest "
            "of the bound (BA-11)")
    return s.but(rate_this_bound=Rate.NORMAL, charged_this_bound=True), line, ()


def _became_ld(d: BAData, s: UnitState, e: Mapping[str, object], bound: int) -> Outcome:
    charging = e.get("charging") is True or s.rate_this_bound is Rate.CHARGE
    if charging:
        line = (f"Bound {bound}: became LD while charging: normal rate, halved, for the rest "
                "of the bound (BA-12)")
        return s.but(disorder=Disorder.LD, rate_this_bound=Rate.NORMAL,
                     charged_this_bound=True), line, ()
    return s.but(disorder=Disorder.LD), f"Bound {bound}: became LD (BA-12)", ()


def _became(level: Disorder) -> Callable[[BAData, UnitState, Mapping[str, object], int], Outcome]:
    def handler(d: BAData, s: UnitState, e: Mapping[str, object], bound: int) -> Outcome:
        return s.but(disorder=level), (f"Bound {bound}: became {level.value}: may neither fire "
                                       "nor attack (BA-F2)"), ()
    return handler


def _routed(d: BAData, s: UnitState, e: Mapping[str, object], bound: int) -> Outcome:
    level = as_disorder(d, e.get("rout_disorder")) or Disorder.FD
    return s.but(disorder=level, routed=True), (f"Bound {bound}: routed, in {level.value} "
                                                "(data: morale.rout)"), ()


def _rallied(d: BAData, s: UnitState, e: Mapping[str, object], bound: int) -> Outcome:
    if not s.routed and s.disorder in (None, Disorder.NONE):
        f = finding("BA_RALLY_NOTHING", ERROR, "data: morale.rally",
                    _("The unit is neither routed nor disordered: there is nothing to rally"))
        return s, "", (f,)
    level = (as_disorder(d, e.get("disorder")) if as_text(e.get("disorder")) else None) or (
        as_disorder(d, e.get("rally_disorder")) or Disorder.NONE)
    return s.but(disorder=level, routed=False), (f"Bound {bound}: rallied, now "
                                                 f"{level.value} (data: morale.rally)"), ()


def _forced_move(d: BAData, s: UnitState, e: Mapping[str, object], bound: int) -> Outcome:
    terrain = as_text(e.get("terrain")) or s.terrain or ""
    form = s.formation
    arm, kind = as_text(e.get("arm")), as_text(e.get("unit_type"))
    row = d.rate_row(arm=arm, unit_type=kind, formation=form) if form else None
    if form is not None and terrain in d.terrain and (row is None or row.get(terrain) is None):
        line = (f"Bound {bound}: forced to move in {d.formations[form].label}, which has no rate "
                f"of march in {d.terrain[terrain].label}: FD at once (BA-3)")
        return s.but(disorder=Disorder.FD, terrain=terrain), line, ()
    return s.but(terrain=terrain or s.terrain), f"Bound {bound}: forced move (BA-3)", ()


def _rate_changed(d: BAData, s: UnitState, e: Mapping[str, object], bound: int) -> Outcome:
    try:
        rate = Rate(as_text(e.get("rate")))
    except ValueError:
        f = finding("BA_RATE_UNKNOWN", ERROR, "BA-1", _("'{rate}' is not a rate").format(
                                                          rate=as_text(e.get("rate"))))
        return s, "", (f,)
    if e.get("forced") is not True:
        f = finding("BA_RATE_CHANGE_REFUSED", ERROR, "BA-1",
                    _("The rate may not change during the bound, apart from forced action"))
        return s, "", (f,)
    flags = {"fast_this_bound": True} if rate is Rate.FAST else {}
    if rate is Rate.CHARGE:
        flags = {"charged_this_bound": True}
    line = f"Bound {bound}: forced action: now at the {rate.value} rate (BA-1)"
    return s.but(rate_this_bound=rate, **flags), line, ()


def _adjusted(d: BAData, s: UnitState, e: Mapping[str, object], bound: int) -> Outcome:
    through = as_text(e.get("through")) or "another unit"
    where = as_text(e.get("position")) or "the nearest free place"
    line = (f"Bound {bound}: passing through {through} it would have ended on another unit: "
            f"placed at {where} (BA-18)")
    return s, line, ()


def _crossing_begun(d: BAData, s: UnitState, e: Mapping[str, object], bound: int) -> Outcome:
    feature = as_text(e.get("feature")) or "a feature"
    if s.crossing is not None and s.crossing.feature == feature:
        return s, f"Bound {bound}: still crossing {feature} (BA-20)", ()
    kind = as_text(e.get("kind"))
    progress = CrossingProgress(feature=feature, kind=kind, since_bound=bound)
    clause = "BA-21" if kind in ("bridge", "ford") else "BA-20"
    return s.but(crossing=progress), f"Bound {bound}: began crossing {feature} ({clause})", ()


def _crossing_completed(d: BAData, s: UnitState, e: Mapping[str, object], bound: int) -> Outcome:
    feature = s.crossing.feature if s.crossing else as_text(e.get("feature")) or "the feature"
    return s.but(crossing=None), f"Bound {bound}: finished crossing {feature} (BA-21)", ()


HANDLERS: dict[str, Callable[[BAData, UnitState, Mapping[str, object], int], Outcome]] = {
    "fast-stopped-90cm": _fast_stopped,
    "charge-stopped-terrain": _charge_stopped,
    "became-LD": _became_ld,
    "became-MD": _became(Disorder.MD),
    "became-FD": _became(Disorder.FD),
    "routed": _routed,
    "rallied": _rallied,
    "forced-move": _forced_move,
    "rate-changed": _rate_changed,
    "pass-through-adjusted": _adjusted,
    "crossing-begun": _crossing_begun,
    "crossing-completed": _crossing_completed,
}


def apply(
    data: BAData, state: UnitState, event: str, info: Mapping[str, object], bound: int,
    *, arm: str = "", unit_type: str = "", morale: Mapping[str, str] | None = None,
) -> Outcome:
    """Record one event; an unknown kind changes nothing and says so."""
    handler = HANDLERS.get(event)
    if handler is None:
        known = ", ".join(HANDLERS)
        f = finding("BA_EVENT_UNKNOWN", ERROR, "BA-1", _("'{event}' is not an "
                                                         "event ({known})").format(
                                                           event=event, known=known))
        return state, "", (f,)
    # The unit's arm and type let a forced move look up its rate (BA-3).
    # The campaign's morale data says the disorder of a rout and after a rally.
    merged = {**(info if isinstance(info, Mapping) else {}), "arm": arm, "unit_type": unit_type,
              **(morale or {})}
    return handler(data, state, merged, bound)
