"""In-bound events the umpire records against a La Bataille unit while adjudicating.

Each event returns the unit's new state and one journal line; one that cannot
apply (general order in the open, an unknown kind) leaves the state unchanged
and says why in a finding, never an exception. After every event general order
settles for the unit's hex (LB-6), so "disordered" in woods also ends general order.
"""

from __future__ import annotations

from collections.abc import Mapping

from desk.i18n import N_, _
from desk.rules.base import (
    ERROR,
    EventKind,
    EventOutcome,
    FieldKind,
    FieldSpec,
    Finding,
    UnitInfo,
    finding,
)
from desk.rules.la_bataille.combat import morale_value
from desk.rules.la_bataille.data import Disorder, Formation, LBData
from desk.rules.la_bataille.general import initial_formation, settle, state_dict
from desk.rules.la_bataille.model import LBState, flag, text, whole
from desk.rules.la_bataille.scale import Scale66, ScaleError, morale_passes
from desk.rules.records import state_record

_FORMATION_FIELD = FieldSpec("formation", N_("Formation"), FieldKind.CHOICE,
                             choices=tuple(f.value for f in Formation if f != Formation.ROUTED))

EVENT_KINDS: tuple[EventKind, ...] = (
    EventKind("formation-changed", N_("Formation changed"), "LB-F4", (_FORMATION_FIELD,)),
    EventKind("entered-terrain", N_("Entered a hex"), "LB-6", (
        FieldSpec("terrain", N_("Terrain"), FieldKind.TEXT),
        FieldSpec("road", N_("A road runs through it"), FieldKind.FLAG, default=False))),
    EventKind("entered-general-order", N_("Entered general order"), "LB-6"),
    EventKind("disordered", N_("Disordered"), "LB-F2", condition=True),
    EventKind("routed", N_("Routed"), "LB-F2", condition=True),
    EventKind("rallied", N_("Rallied"), "LB-F2", (_FORMATION_FIELD,)),
    EventKind("morale-check", N_("Morale check"), "LB-F2", (
        FieldSpec("roll", N_("Roll (11–66)"), FieldKind.NUMBER, clause="LB-F1"),)),
    EventKind("increments-lost", N_("Increments lost"), "LB-F5", (
        FieldSpec("increments", N_("Increments"), FieldKind.NUMBER),)),
)


def _refused(state: Mapping[str, object], code: str, clause: str, message: str) -> EventOutcome:
    refused = finding(code, ERROR, clause, message)
    return EventOutcome(state=state_record(state), journal=f"Not recorded: {refused.message}",
                        findings=(refused,))


def _morale_check(data: LBData, *, unit: UnitInfo, state: LBState,
                  payload: Mapping[str, object]) -> tuple[str, tuple[Finding, ...]]:
    raw = whole(payload, "roll")
    try:
        roll = Scale66.of(raw if raw is not None else 0)
    except ScaleError as error:
        return f"Morale check not recorded: {error}", (
            finding("LB_ROLL_NOT_ON_SCALE", ERROR, "LB-F1", str(error), cited=True),)
    morale = morale_value(data, unit=unit, formation=state.formation)
    if morale.value is None:
        return f"Rolled {roll}: {morale.working}", ()
    verdict = "passes" if morale_passes(roll=roll, morale=morale.value) else "fails"
    return f"Rolled {roll} against {morale.working}: {verdict} (LB-F2)", ()


def apply_event(
    data: LBData, *, unit: UnitInfo, state: Mapping[str, object], event: str,
    data_: Mapping[str, object], bound: int,
) -> EventOutcome:
    """Record one in-bound event: the new state and its journal line (never raises)."""
    current = LBState.read(state, fallback_formation=initial_formation(data, unit.arm))
    changes: dict[str, object] = {}
    findings: tuple[Finding, ...] = ()
    if event == "formation-changed":
        target = text(data_, "formation")
        if target not in data.formations(unit.arm):
            return _refused(state, "LB_FORMATION_NOT_FOR_ARM", "LB-F4",
                            _("{arm} cannot form {formation}.").format(
                                arm=unit.arm.capitalize(), formation=target or _("nothing")))
        changes["formation"] = target
        journal = f"Formed {target} (LB-F4)"
    elif event == "entered-terrain":
        terrain = text(data_, "terrain", "clear")
        changes["terrain"] = "clear" if terrain == "road" else terrain
        changes["road"] = flag(data_, "road") or terrain == "road"
        journal = f"Entered {terrain} (LB-6)"
    elif event == "entered-general-order":
        if not data.general_order_terrain(current.terrain):
            where = ", ".join(data.names("general_order.terrain"))
            return _refused(state, "LB_GENERAL_ORDER_TERRAIN", "LB-6",
                            _("General order is taken only in {where} hexes, not in "
                              "{terrain}.").format(
                                where=where, terrain=current.terrain))
        if current.disorder != Disorder.GOOD_ORDER:
            return _refused(state, "LB_GENERAL_ORDER_DISORDERED", "LB-6",
                            _("A {disorder} unit is not in general order.").format(
                                disorder=current.disorder))
        changes["formation"] = Formation.GENERAL_ORDER.value
        journal = f"Entered general order in {current.terrain} (LB-6)"
    elif event == "disordered":
        changes["disorder"] = Disorder.DISORDERED.value
        journal = "Disordered (LB-F2)"
    elif event == "routed":
        changes["disorder"] = Disorder.ROUTED.value
        changes["formation"] = Formation.ROUTED.value
        journal = "Routed (LB-F2)"
    elif event == "rallied":
        target = text(data_, "formation") or current.combat_formation
        if target not in data.formations(unit.arm) or target == Formation.ROUTED:
            target = initial_formation(data, unit.arm)
        changes.update(disorder=Disorder.GOOD_ORDER.value, formation=target)
        journal = f"Rallied into {target} (LB-F2)"
    elif event == "morale-check":
        journal, findings = _morale_check(data, unit=unit, state=current, payload=data_)
    elif event == "increments-lost":
        lost = whole(data_, "increments") or 0
        if lost <= 0 or lost > current.strength:
            return _refused(state, "LB_LOSS_BEYOND_STRENGTH", "data: losses.casualties",
                            _("{lost} increments lost is more than the unit's {strength}").format(
                                lost=lost, strength=current.strength) if lost > 0 else
                            _("Casualties must be a whole number above 0"))
        changes["strength"] = max(0, current.strength - lost)
        journal = f"Lost {lost} increments: {changes['strength']} left (LB-F5)"
    else:
        return _refused(state, "LB_EVENT_UNKNOWN", "LB-F4",
                        _("La Bataille records no event called {event}.").format(
                            event=repr(event)))
    # Remember the combat formation under general order, to fall back to it later (LB-6).
    combat = data.names("formations.combat")
    if changes.get("formation") in combat:
        changes["combat_formation"] = changes["formation"]
    elif changes.get("formation") == Formation.GENERAL_ORDER and current.formation in combat:
        changes["combat_formation"] = current.formation
    merged = {**state_dict(current), **changes}
    settled, line = settle(data, unit=unit,
                           state=LBState.read(merged, fallback_formation=current.formation))
    if line:
        journal = f"{journal}; {line[0].lower()}{line[1:]}"
    return EventOutcome(state=state_dict(settled), journal=journal, findings=findings)
