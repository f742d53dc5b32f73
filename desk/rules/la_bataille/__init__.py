"""La Bataille (Marshal Enterprises, Premier rules): the desk's third rules system.

Hexes, increments and formations with large effects: the carre (LB-1 … LB-5),
general order (LB-6 … LB-8), road march (LB-9 … LB-13), limbering (LB-14) and
the 11–66 scale of two d6 (LB-F1, LB-F2). ``system(house_rules)`` returns a
:class:`LaBataille` that satisfies :class:`desk.rules.base.RulesSystem`; its
numbers come from ``resources/rulesets/la-bataille.toml``. The public API is
documented in docs/rules-api-la-bataille.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from desk.i18n import _
from desk.rules.base import (
    ERROR,
    Advanced,
    Chart,
    Completed,
    EventKind,
    EventOutcome,
    EventRecord,
    EventValues,
    FieldSpec,
    Finding,
    NoCapabilities,
    OrderFields,
    RulesDataError,
    SituationRecord,
    StateRecord,
    UnitInfo,
    finding,
)
from desk.rules.condition import (
    advanced_with_condition,
    condition_kinds,
    condition_lines,
    is_removed,
    removed_findings,
    with_condition,
)
from desk.rules.condition_data import ConditionData, load_condition
from desk.rules.la_bataille import combat, compute, working
from desk.rules.la_bataille.chart import build_chart
from desk.rules.la_bataille.checks import (
    OrderContext,
    check_artillery,
    check_carre_assault,
    check_carre_battery,
    check_formation,
    check_hold,
    check_movement_points,
)
from desk.rules.la_bataille.checks_terrain import (
    check_general_order,
    check_hex_known,
    check_road_march,
)
from desk.rules.la_bataille.data import SYSTEM_ID, Arm, Disorder, Formation, LBData, load
from desk.rules.la_bataille.events import EVENT_KINDS, apply_event
from desk.rules.la_bataille.fields import ORDER_FIELDS, complete_order, summarize_order
from desk.rules.la_bataille.general import initial_formation, state_dict
from desk.rules.la_bataille.model import LBOrder, LBSituation, LBState
from desk.rules.la_bataille.scale import Scale66
from desk.rules.la_bataille.state import advance, describe_state
from desk.rules.la_bataille.working import Computation
from desk.rules.records import fields_record
from desk.rules.words import Worded

_CHECKS = (check_formation, check_artillery, check_movement_points, check_carre_assault,
           check_carre_battery, check_general_order, check_road_march, check_hold,
           check_hex_known)


class LaBataille(Worded, NoCapabilities):
    """La Bataille with one campaign's house rules applied (see the module docstring)."""

    id = SYSTEM_ID
    name = "La Bataille"

    def __init__(self, data: LBData, condition: ConditionData) -> None:
        self.data = data
        self.condition = condition

    # --- the RulesSystem protocol -------------------------------------------------------
    def order_fields(self) -> tuple[FieldSpec, ...]:
        """The order's fields in form order (formation, road march, limber, …)."""
        return ORDER_FIELDS

    def formations(self, arm: str) -> tuple[str, ...]:
        """The formations open to ``arm`` (LB-F4)."""
        return self.data.formations(arm)

    def order_choices(self, *, arm: str, state: StateRecord | None = None,
                      bound: int | None = None) -> dict[str, tuple[str, ...]]:
        """The arm's own formations (LB-F4); limbering for artillery only (LB-14)."""
        allowed = self.data.formations(arm)
        if not allowed:  # an unknown arm: nothing narrowed, the checks say why
            return {}
        specs = {spec.name: spec for spec in ORDER_FIELDS}
        return {
            "formation": tuple(str(f) for f in specs["formation"].choices if str(f) in allowed),
            "limber": specs["limber"].choices if arm == Arm.ARTILLERY else (),
        }

    def initial_state(self, *, unit: UnitInfo, formation: str | None = None) -> StateRecord:
        """The state a unit starts a battle in; a formation its arm cannot take is refused."""
        chosen = (formation or initial_formation(self.data, unit.arm)).strip().lower()
        if chosen not in self.data.formations(unit.arm):
            raise RulesDataError(
                f"{unit.name}: {unit.arm or 'a unit'} cannot start in {chosen!r} in La Bataille "
                f"(open to it: {', '.join(self.data.formations(unit.arm)) or 'nothing'}) (LB-F4)"
            )
        combat = chosen if chosen in self.data.names("formations.combat") else ""
        disorder = Disorder.ROUTED if chosen == Formation.ROUTED else Disorder.GOOD_ORDER
        state = LBState(formation=chosen, disorder=disorder.value, strength=max(unit.strength, 0),
                        combat_formation=combat)
        return state_dict(state)

    def complete(self, fields: OrderFields) -> Completed:
        """The order with its defaults filled in (keep formation, no road march, …)."""
        return complete_order(fields)

    def check(
        self, *, unit: UnitInfo, state: StateRecord, fields: OrderFields,
        situation: SituationRecord,
    ) -> list[Finding]:
        """Findings for an order; never raises on odd input."""
        if is_removed(state):  # destroyed, captured or off the table (data: losses.removed)
            return removed_findings(state)
        if unit.arm not in tuple(Arm):
            return [finding("LB_ARM_UNKNOWN", ERROR, "LB-F4",
                            _("{unit_name}: La Bataille knows infantry, cavalry and artillery, "
                              "not {arm}.").format(
                                unit_name=unit.name, arm=repr(unit.arm)))]
        ctx = self._context(unit=unit, state=state, fields=fields, situation=situation)
        return [found for check in _CHECKS for found in check(ctx)]

    def summarize(self, fields: OrderFields, *, arm: str = "") -> str:
        """One line for the order table ("form line (1 MP inf, 3 cav); to Plancenoit; fire")."""
        return summarize_order(self.data, fields, arm=arm)

    def describe_state(self, *, state: StateRecord, bound: int) -> tuple[str, ...]:
        """Plain lines for the unit panel and the sheets."""
        return (*describe_state(self.data, state=state, bound=bound),
                *condition_lines(state, unit=self.condition.casualty_unit))

    def event_kinds(self) -> tuple[EventKind, ...]:
        """Formation changed, entered a hex, general order, disordered, routed, rallied, …,
        then the shared condition and losses (a tirailleur is a formation here, not a
        detachment: no skirmishers detached)."""
        return (*EVENT_KINDS, *condition_kinds(skirmishers=False))

    def apply_event(
        self, *, unit: UnitInfo, state: StateRecord, event: str,
        data: EventValues, bound: int,
    ) -> EventOutcome:
        """Record one in-bound event (an unknown one is refused with a finding)."""
        return with_condition(
            self.condition, state=state, event=event, values=data, bound=bound,
            own=lambda: apply_event(self.data, unit=unit, state=state, event=event, data_=data,
                                    bound=bound))

    def advance(
        self, *, unit: UnitInfo, state: StateRecord, fields: OrderFields | None,
        events: Sequence[EventRecord], bound: int,
    ) -> Advanced:
        """The state for bound ``bound + 1``: the order's change, the events, then LB-6."""
        return advanced_with_condition(
            self.condition, state=state, events=events, bound=bound,
            own=lambda theirs: advance(self.data, unit=unit, state=state, fields=fields,
                                       events=theirs, bound=bound))

    def hold_fields(self) -> OrderFields:
        """Hold position: no MP spent (campaign data ``hold.mp_spent``)."""
        return {"hold": True}

    def continued(self, fields: OrderFields) -> OrderFields:
        """The last order carried on: never its fire or melee, nor a change made once."""
        done = ("fire", "melee", "formation", "limber", "first_action_is_formation_change")
        return fields_record({k: v for k, v in fields.items() if k not in done})

    def chart(self) -> Chart:
        """The one-page quick reference, from the same data the checks read."""
        return build_chart(self.data)

    # --- computations, each with its working --------------------------------------------
    def road_hexes(self, increments: int) -> Computation[int]:
        """Road hexes filled in road march: "11 increments: 3 road hexes (LB-9)"."""
        return compute.road_hexes(self.data, increments)

    def road_march_mp(self, road_hexes: int) -> Computation[float]:
        """MP for ``road_hexes`` road hexes entered in road march (LB-9)."""
        return compute.road_march_mp(self.data, road_hexes)

    def change_cost(self, *, arm: str, current: str, target: str) -> Computation[int]:
        """MP to change formation (LB-F3, LB-14)."""
        return compute.change_cost(self.data, arm=arm, current=current, target=target)

    def movement_allowance(
        self, *, unit: UnitInfo, state: StateRecord, fields: OrderFields,
        situation: SituationRecord,
    ) -> Computation[float | None]:
        """MP the unit may spend this bound (LB-3 for a carre)."""
        ctx = self._context(unit=unit, state=state, fields=fields, situation=situation)
        return compute.movement_allowance(self.data, unit=unit, state=ctx.state, order=ctx.order,
                                          situation=ctx.situation)

    def mp_needed(
        self, *, unit: UnitInfo, state: StateRecord, fields: OrderFields,
        situation: SituationRecord,
    ) -> Computation[float]:
        """MP the order spends: change of formation, limbering, the move."""
        ctx = self._context(unit=unit, state=state, fields=fields, situation=situation)
        return compute.mp_needed(self.data, unit=unit, state=ctx.state, order=ctx.order,
                                 situation=ctx.situation)

    def effective_formation(
        self, *, unit: UnitInfo, state: StateRecord, situation: SituationRecord,
        fields: OrderFields | None = None,
    ) -> Computation[str]:
        """The formation the unit is in where it ends, general order included (LB-6, LB-13)."""
        return self._context(unit=unit, state=state, fields=fields or {},
                             situation=situation).effective

    def melee_value(
        self, *, unit: UnitInfo, state: StateRecord, situation: SituationRecord,
        fields: OrderFields | None = None,
    ) -> Computation[float | None]:
        """Melee value with its working (LB-2, LB-7, LB-11)."""
        ctx = self._context(unit=unit, state=state, fields=fields or {}, situation=situation)
        return combat.melee_value(self.data, unit=unit, formation=ctx.effective.value,
                                   situation=ctx.situation)

    def fire_value(
        self, *, unit: UnitInfo, state: StateRecord, situation: SituationRecord,
        fields: OrderFields | None = None,
    ) -> Computation[float | None]:
        """Fire value with its working (LB-5, LB-7, LB-11, LB-14)."""
        ctx = self._context(unit=unit, state=state, fields=fields or {}, situation=situation)
        return combat.fire_value(self.data, unit=unit, formation=ctx.effective.value,
                                  situation=ctx.situation)

    def morale_value(self, *, unit: UnitInfo, state: StateRecord) -> Computation[
            Scale66 | None]:
        """The morale value to beat on the 11–66 scale, + 12 in road march (LB-12)."""
        formation = LBState.read(state, fallback_formation="column").formation
        return combat.morale_value(self.data, unit=unit, formation=formation)

    def standing(self, *, unit: UnitInfo, state: StateRecord) -> tuple[str, ...]:
        """Morale on the 11–66 scale with the roll a check needs, and the MP it has."""
        current = self._context(unit=unit, state=state, fields={}, situation={})
        morale = combat.morale_value(self.data, unit=unit, formation=current.state.formation)
        allowance = compute.movement_allowance(self.data, unit=unit, state=current.state,
                                               order=current.order, situation=current.situation)
        moves = (_("Movement allowance: {mp} MP.").format(mp=working.fmt(allowance.value))
                 if allowance.value is not None and current.state.formation != Formation.CARRE
                 else _("Movement allowance: {working}.").format(working=allowance.working))
        return combat.morale_check_line(morale), moves

    def pre_melee_morale_check(self, *, state: StateRecord) -> Computation[bool]:
        """Whether the unit, defending, takes a pre-melee morale check (LB-7)."""
        formation = LBState.read(state, fallback_formation="column").formation
        return combat.pre_melee_morale_check(self.data, formation=formation)

    def men(self, *, unit: UnitInfo, increments: int | None = None) -> Computation[int]:
        """What the increments stand for (LB-F5)."""
        count = unit.strength if increments is None else increments
        return compute.men(self.data, arm=unit.arm, increments=count)

    def _context(
        self, *, unit: UnitInfo, state: StateRecord, fields: OrderFields,
        situation: SituationRecord,
    ) -> OrderContext:
        fallback = initial_formation(self.data, unit.arm)
        # A state without a strength is read with the order of battle's increments.
        stored = {"strength": unit.strength, **(state if isinstance(state, Mapping) else {})}
        current = LBState.read(stored, fallback_formation=fallback)
        return OrderContext(
            data=self.data, unit=unit, state=current,
            order=LBOrder.read(fields if isinstance(fields, Mapping) else {}),
            situation=LBSituation.read(situation if isinstance(situation, Mapping) else {},
                                       terrain_default=current.terrain,
                                       road_default=current.road),
        )


def system(house_rules: Mapping[str, object]) -> LaBataille:
    """La Bataille with a campaign's house rules (dotted keys of la-bataille.toml)."""
    return LaBataille(load(house_rules),
                      load_condition(SYSTEM_ID, house_rules, name="La Bataille"))
