"""A La Bataille unit's state from bound to bound: advance and the unit panel's lines.

``advance`` applies the executed order's change of formation (a hold's too: it
stays in its hex, changing formation there), then the in-bound
events in the order recorded, then lets general order settle for the hex the unit
ends in (LB-6), so the next bound starts from what the table shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from desk.i18n import _, ngettext, term
from desk.rules.base import Advanced, UnitInfo
from desk.rules.la_bataille.compute import change_cost, road_hexes, target_formation
from desk.rules.la_bataille.data import Disorder, Formation, LBData
from desk.rules.la_bataille.events import apply_event
from desk.rules.la_bataille.general import initial_formation, settle, state_dict
from desk.rules.la_bataille.model import LBOrder, LBState
from desk.rules.la_bataille.working import fmt


def advance(
    data: LBData, *, unit: UnitInfo, state: Mapping[str, object],
    fields: Mapping[str, object] | None, events: Sequence[Mapping[str, object]], bound: int,
) -> Advanced:
    """The unit's state for bound ``bound + 1``: the order's change, then the events, then LB-6."""
    current = LBState.read(state, fallback_formation=initial_formation(data, unit.arm))
    journal: list[str] = []
    if fields is not None and LBOrder.read(fields).hold:
        journal.append(f"Held its position: {fmt(data.number('hold.mp_spent'))} MP spent "
                       "(hold.mp_spent)")
    if fields is not None:
        # A hold keeps the unit in its hex, not in its formation: "form square and hold"
        # forms the square there, for the change's own MP (LB-F3).
        order = LBOrder.read(fields)
        target = target_formation(order)
        if target and target != current.formation and target in data.formations(unit.arm):
            cost = change_cost(data, arm=unit.arm, current=current.formation, target=target)
            journal.append(f"Changed formation {cost.working}")
            combat = target if target in data.names("formations.combat") else (
                current.combat_formation)
            current = LBState(formation=target, disorder=current.disorder,
                              strength=current.strength, terrain=current.terrain,
                              road=current.road, combat_formation=combat)
    mapping = state_dict(current)
    for event in events:
        kind = event.get("event", event.get("kind", ""))
        payload = event.get("data", event)
        outcome = apply_event(
            data, unit=unit, state=mapping, event=str(kind),
            data_=payload if isinstance(payload, Mapping) else {}, bound=bound,
        )
        mapping = outcome.state
        journal.append(outcome.journal)
    current = LBState.read(mapping, fallback_formation=current.formation)
    current, line = settle(data, unit=unit, state=current)
    if line:
        journal.append(line)
    return Advanced(state=state_dict(current), journal=tuple(journal))


def describe_state(data: LBData, *, state: Mapping[str, object], bound: int) -> tuple[str, ...]:
    """Plain lines for the unit panel and the sheets, each citing its clause."""
    s = LBState.read(state, fallback_formation="column")
    number = state.get("hex")
    where = (term(s.terrain) if s.terrain else _("a hex not yet recorded")) + (
        _(" with a road") if s.road else "")
    if isinstance(number, str) and number:
        where += _(", hex {hex}").format(hex=number)
    strength = ngettext("{n} increment", "{n} increments", s.strength).format(n=s.strength)
    formation = term(s.formation)
    lines = [_("{formation}, {disorder}, {strength}, in {where} (bound {bound}).").format(
        formation=formation[:1].upper() + formation[1:], disorder=term(s.disorder),
        strength=strength, where=where, bound=bound)]
    if s.formation == Formation.CARRE:
        lines.append(_("Carre: {mp} MP unless its first action is a change of formation "
                       "(LB-3).").format(mp=fmt(data.number("carre.movement_value"))))
    elif s.formation == Formation.GENERAL_ORDER:
        place = _(" in {terrain}").format(terrain=s.terrain) if s.terrain else ""
        lines.append(_("General order{place}: fires at printed value, makes no pre-melee "
                       "morale check when defending (LB-7).").format(place=place))
    elif s.formation == Formation.ROAD_MARCH:
        hexes = road_hexes(data, s.strength)
        lines.append(_("Road march: {working}; no fire (LB-11); morale {steps} steps worse "
                       "(LB-12).").format(working=hexes.working,
                                          steps=data.whole("road_march.morale_steps")))
    elif s.formation == Formation.LIMBERED:
        lines.append(_("Limbered: cannot fire; unlimbering costs {mp} MP (LB-14).").format(
            mp=data.whole("artillery.unlimber_mp")))
    elif s.formation == Formation.UNLIMBERED:
        lines.append(_("Unlimbered: cannot move; limbering costs {mp} MP (LB-14).").format(
            mp=data.whole("artillery.limber_mp")))
    if s.disorder == Disorder.ROUTED:
        lines.append(_("Routed: must rally before it takes orders again (LB-F2)."))
    elif s.disorder == Disorder.DISORDERED and data.general_order_terrain(s.terrain):
        lines.append(_("Disordered in {terrain}: not in general order (LB-6).").format(
            terrain=s.terrain))
    return tuple(lines)
