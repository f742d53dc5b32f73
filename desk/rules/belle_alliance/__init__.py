"""Belle Alliance (Lexnet, 2nd edition): written orders, rates of march, charges, crossings.

``system(house_rules)`` returns the :class:`BelleAlliance` rules system, which
satisfies :class:`desk.rules.base.RulesSystem`: plain mappings at the edge,
typed dataclasses inside (``belle_alliance.model``),
every number from ``resources/rulesets/belle-alliance.toml`` with the
campaign's house rules merged. Clause ids are those of RULES.md (BA-1 … BA-21,
BA-F1 … BA-F4). See docs/rules-api-belle-alliance.md for worked examples.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from desk.i18n import _
from desk.rules.base import (
    WARNING,
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
    Severity,
    SituationRecord,
    StateRecord,
    UnitInfo,
    finding,
)
from desk.rules.belle_alliance import orders
from desk.rules.belle_alliance.chart import build_chart
from desk.rules.belle_alliance.checks import (
    Context,
    check_charge,
    check_direction,
    check_fast,
    check_fire_and_attack,
    check_halt,
    check_no_rate,
    check_vocabulary,
)
from desk.rules.belle_alliance.crossing import check_crossing, check_passing
from desk.rules.belle_alliance.data import (
    SYSTEM_ID,
    Arm,
    BAData,
    CrossingKind,
    Disorder,
    Formation,
    Rate,
)
from desk.rules.belle_alliance.events import EVENT_KINDS, apply
from desk.rules.belle_alliance.model import (
    Carried,
    Situation,
    UnitState,
    as_formation,
    read_carried,
    read_order,
    read_situation,
    read_state,
)
from desk.rules.belle_alliance.parse import load_data
from desk.rules.belle_alliance.rates import RateOfMarch, charge_again_from, rate_of_march
from desk.rules.belle_alliance.state import advance_state
from desk.rules.condition import (
    advanced_with_condition,
    carry,
    condition_kinds,
    condition_lines,
    is_removed,
    removed_findings,
    with_condition,
)
from desk.rules.condition_data import ConditionData, load_condition
from desk.rules.records import state_record
from desk.rules.words import Worded

_CARRIED_KINDS = 512  # kinds of order advance() remembers what it carries of
_ADVANCED_KINDS = 1024  # kinds of (state, order) advance() remembers the outcome of
_CHECKS = (check_vocabulary, check_charge, check_fire_and_attack, check_fast, check_direction,
           check_no_rate, check_crossing, check_passing, check_halt)


def system(house_rules: Mapping[str, object] | None = None) -> BelleAlliance:
    """The Belle Alliance rules with a campaign's house rules (RulesDataError if malformed)."""
    return BelleAlliance(load_data(house_rules or {}),
                         load_condition(SYSTEM_ID, house_rules, name="Belle Alliance"))


class BelleAlliance(Worded, NoCapabilities):
    """The Belle Alliance rules system, as one campaign plays it."""

    id = SYSTEM_ID
    name = "Belle Alliance"
    has_charge_cooldown = True

    def __init__(self, data: BAData, condition: ConditionData) -> None:
        self.data = data
        self.condition = condition
        # What a rout and a rally leave the unit in (campaign data morale.rout, morale.rally).
        self._morale = {"rout_disorder": condition.rout, "rally_disorder": condition.rally}
        # What advance() carries of an order, by its three fields (see _carried).
        self._carried: dict[tuple[str | None, str | None, str | None], Carried] = {}
        # What advance() made of a unit without events, by everything it read but the
        # strength (see _advanced_kind).
        # The bound is in the key too: another thread may advance another battle meanwhile.
        self._advanced: dict[tuple[object, ...], Advanced] = {}
        self._advanced_bound = 0

    def closed_opponent(self, *, state: StateRecord) -> str | None:
        """The formation's label when a unit in ``state`` is a steady closed opponent (BA-9:
        a closed formation, per the data's ``closed`` column, not MD or FD)."""
        typed = read_state(self.data, state)
        if typed.formation is None or not self.data.formations[typed.formation].closed:
            return None
        if typed.disorder in (Disorder.MD, Disorder.FD):
            return None
        return _(self.data.formations[typed.formation].label)

    def frontage_cm(self, *, state: StateRecord) -> float | None:
        """The formation's frontage from the data (``formations.*.frontage_cm``, BA-F3);
        None for a state without a formation."""
        typed = read_state(self.data, state)
        if typed.formation is None:
            return None
        return self.data.formations[typed.formation].frontage_cm

    def order_fields(self) -> tuple[FieldSpec, ...]:
        """The fields of a written order, in form order (BA-F4)."""
        return orders.order_fields(self.data)

    def formations(self, arm: str) -> tuple[str, ...]:
        """The formations an arm may take (none for an unknown arm)."""
        try:
            return tuple(f.value for f in self.data.arms[Arm(arm)].formations)
        except ValueError:
            return ()

    def order_choices(self, *, arm: str, state: StateRecord | None = None,
                      bound: int | None = None) -> dict[str, tuple[str, ...]]:
        """Formations the arm has (BA-F4), the charge only where it has a rate (data:
        charge.rate_cm) and not before its cooldown is over (BA-14)."""
        allowed = self.formations(arm)
        if not allowed:  # an unknown arm: nothing narrowed, the checks warn instead
            return {}
        last = read_state(self.data, state).last_charge_bound if state is not None else None
        cooling = (last is not None and bound is not None
                   and bound < charge_again_from(self.data, last_charge_bound=last))
        rates = tuple(r.value for r in Rate if r is not Rate.CHARGE or (
            self.data.charge_rate_cm.get(arm) is not None and not cooling))
        formations = ("", *(f.value for f in Formation if f.value in allowed))
        return {"rate": rates, "formation": formations}

    def initial_state(self, *, unit: UnitInfo, formation: str | None = None) -> StateRecord:
        """Steady, in the given formation or the arm's starting one."""
        form = as_formation(formation)
        if form is None and unit.arm in {a.value for a in Arm}:
            form = self.data.arms[Arm(unit.arm)].initial_formation
        return UnitState(formation=form, disorder=Disorder.NONE,
                         strength=max(0, unit.strength)).to_dict()

    def complete(self, fields: OrderFields) -> Completed:
        """No rate → normal (BA-1); no position and no segment → as far as possible (BA-2)."""
        return orders.complete(self.data, fields)

    def _context(self, unit: UnitInfo, state: StateRecord, fields: OrderFields,
                 situation: SituationRecord) -> tuple[Context, list[Finding]]:
        data = self.data
        typed_state = read_state(data, state)
        order = read_order(data, fields if isinstance(fields, Mapping) else {})
        where = read_situation(situation)
        # The services' terrain first, then the order's, then the state's (BA-6).
        named = where.terrain or tuple(t for t in (order.terrain or typed_state.terrain,) if t)
        odd = [t for t in named if t not in data.terrain]
        notes = [finding("BA_TERRAIN_UNKNOWN", WARNING, "BA-6",
                         _("'{t}' is not a terrain type of this campaign: not checked").format(
                             t=t))
                 for t in odd]
        terrain = tuple(t for t in named if t in data.terrain)
        ctx = Context(data=data, unit=unit, state=typed_state, order=order, situation=where,
                      formation=order.formation or typed_state.formation, terrain=terrain)
        return ctx, notes

    def check(self, *, unit: UnitInfo, state: StateRecord, fields: OrderFields,
              situation: SituationRecord) -> list[Finding]:
        """Findings for a completed order; odd input gives warnings, never an exception."""
        if is_removed(state):  # destroyed, captured or off the table (data: losses.removed)
            return removed_findings(state)
        ctx, found = self._context(unit, state, fields, situation)
        for rule in _CHECKS:
            found.extend(rule(ctx))
        return found

    def rate_for(self, *, unit: UnitInfo, state: StateRecord, fields: OrderFields,
                 situation: SituationRecord) -> RateOfMarch | None:
        """The order's rate of march with its working; None when rate or formation is unknown."""
        ctx, _ = self._context(unit, state, fields, situation)
        data, order = self.data, ctx.order
        if ctx.formation is None or order.rate is None:
            return None
        terrain, obstacles = _crossing_terms(data, ctx.situation, ctx.terrain)
        disorder = ctx.state.disorder or Disorder.NONE
        return rate_of_march(
            data, arm=unit.arm, unit_type=unit.unit_type, formation=ctx.formation,
            rate=order.rate, terrain=terrain, disorder=disorder,
            obstacles=[o for o in (*order.obstacles, *ctx.situation.obstacles, *obstacles)
                       if o in data.obstacles_cm],
            manoeuvres=[m for m in order.manoeuvres if m in data.reductions_cm],
            change_of_formation=order.formation not in (None, ctx.state.formation),
        )

    def summarize(self, fields: OrderFields, *, arm: str = "") -> str:
        """One line for the order table: "fast to Plancenoit, column of march, fire"."""
        return orders.summarize(self.data, fields)

    def describe_state(self, *, state: StateRecord, bound: int) -> tuple[str, ...]:
        """Plain lines for the unit panel and the sheets."""
        s = read_state(self.data, state)
        lines = [self.data.formations[s.formation].label if s.formation else "formation unknown",
                 f"disorder {(s.disorder or Disorder.NONE).value}"]
        if s.last_charge_bound is not None:
            again = charge_again_from(self.data, last_charge_bound=s.last_charge_bound)
            if bound < again:
                lines.append(_("charged in bound {bound}: may charge from bound {again} "
                               "(BA-14)").format(bound=s.last_charge_bound, again=again))
        if s.melee_penalty_bound is not None and bound <= s.melee_penalty_bound:
            lines.append(_("negative melee factor through bound {bound} (BA-13)").format(
                bound=s.melee_penalty_bound) if bound < s.melee_penalty_bound else
                _("negative melee factor in melee this bound (BA-13)"))
        if s.crossing is not None:
            lines.append(_("crossing {feature} since bound {bound}").format(
                feature=s.crossing.feature, bound=s.crossing.since_bound))
        if s.routed:
            lines.append(_("routed: may neither fire nor attack until rallied (BA-F2)"))
        return (*lines, *condition_lines(state, unit=self.condition.casualty_unit))

    def hold_fields(self) -> OrderFields:
        """Halt where it stands (campaign data ``halt``: RULES.md has no clause for it)."""
        return {"rate": Rate.HALT.value}

    def continued(self, fields: OrderFields) -> OrderFields:
        """The last order carried on: a charge goes on at the normal rate, no fire or attack."""
        return orders.continued(self.data, fields)

    def charge_available_from(self, *, state: StateRecord) -> int | None:
        """The first bound the unit may charge again (BA-14), house rules included."""
        last = state.get("last_charge_bound")
        if not isinstance(last, int):
            return None
        return charge_again_from(self.data, last_charge_bound=last)

    def charge_refusals(self, *, unit: UnitInfo, state: StateRecord,
                        bound: int) -> tuple[Finding, ...]:
        """The errors of the check itself on a plain charge order (BA-14 cooldown, BA-12 LD,
        BA-F2 MD and FD, BA-3 no rate in its terrain, data: charge.rate_cm): the unit panel
        asks this, not a copy of the conditions, so it can never say "May charge." of a unit
        whose charge the check refuses."""
        fields = self.complete({"rate": Rate.CHARGE.value}).fields
        found = self.check(unit=unit, state=state, fields=fields, situation={"bound": bound})
        return tuple(f for f in found if f.severity is Severity.ERROR)

    def event_kinds(self) -> tuple[EventKind, ...]:
        """The in-bound events of Belle Alliance, then condition and losses (campaign data)."""
        return (*EVENT_KINDS, *condition_kinds(skirmishers=True))

    def apply_event(self, *, unit: UnitInfo, state: StateRecord, event: str,
                    data: EventValues, bound: int) -> EventOutcome:
        """Record one in-bound event: the new state, a journal line, or a refusal."""
        def own() -> EventOutcome:
            new, line, found = apply(self.data, read_state(self.data, state), event, data,
                                     bound, arm=unit.arm, unit_type=unit.unit_type,
                                     morale=self._morale)
            return EventOutcome(state=new.to_dict(), journal=line, findings=found)

        return with_condition(self.condition, state=state, event=event, values=data,
                              bound=bound, own=own)

    def _carried_of(self, fields: OrderFields) -> Carried:
        """What advance() carries of an order, read as completed (BA-1, BA-2) without
        completing it: only its rate, formation and terrain count. Remembered by those
        three when they are text or nothing (a close reads the same few thousands of
        times); the memory is emptied past a few hundred kinds."""
        get = fields.get
        rate, formation, terrain = get("rate"), get("formation"), get("terrain")
        # Tested one by one, not with all() over a generator: this runs once per unit.
        if not ((rate is None or type(rate) is str) and (formation is None or type(formation)
                is str) and (terrain is None or type(terrain) is str)):
            return read_carried(self.data, fields)
        key = (rate, formation, terrain)
        found = self._carried.get(key)
        if found is None:
            if len(self._carried) >= _CARRIED_KINDS:
                self._carried.clear()
            found = self._carried[key] = read_carried(self.data, fields)
        return found

    def _advanced_kind(self, *, unit: UnitInfo, state: StateRecord,
                       fields: OrderFields | None, bound: int) -> tuple[object, ...] | None:
        """What advance() reads of a unit without events, but its strength, as a key; None
        when a value cannot be a key (a crossing, a list) or the strength is not a count.

        Without events advance_state() carries the strength through unread, and the rest
        of a state takes few values in a bound (a formation, a degree of disorder, a charge
        bound): a close of 2,000 units advances a few dozen kinds of unit, not 2,000.
        The values' types are part of the key: ``True`` and ``1`` are equal keys but not
        equal states (``routed`` must be ``True``). A rule that came to read the strength
        here would break the memory: tests/rules/belle_alliance/test_advance_memory.py
        compares it with a fresh advance over varied strengths.
        """
        strength = state.get("strength")
        if type(strength) is not int or strength < 0:
            return None
        get = (fields or {}).get
        order = (get("rate"), get("formation"), get("terrain"))
        rest = dict(state)
        del rest["strength"]
        values = (*rest.values(), *order)
        key = (bound, fields is None, unit.arm, unit.unit_type, tuple(rest), values,
               tuple(map(type, values)))
        try:
            hash(key)
        except TypeError:  # a list or a mapping among the values
            return None
        return key

    def advance(self, *, unit: UnitInfo, state: StateRecord,
                fields: OrderFields | None, events: Sequence[EventRecord],
                bound: int) -> Advanced:
        """The state for bound + 1; ``events`` are replayed (each is idempotent)."""
        if events:
            return self._advance(unit=unit, state=state, fields=fields, events=events,
                                 bound=bound)
        key = self._advanced_kind(unit=unit, state=state, fields=fields, bound=bound)
        if key is None:
            return self._advance(unit=unit, state=state, fields=fields, events=(), bound=bound)
        if bound != self._advanced_bound:  # a close advances one bound: the last one's go
            self._advanced.clear()
            self._advanced_bound = bound
        found = self._advanced.get(key)
        if found is None:
            found = self._advance(unit=unit, state=state, fields=fields, events=(), bound=bound)
            # Full: a bound of units each its own kind; what is held is kept, not churned.
            if len(self._advanced) < _ADVANCED_KINDS:
                self._advanced[key] = found
        # The remembered state with this unit's strength, in a dict of its own.
        new = state_record(found.state)
        new["strength"] = state["strength"]
        return Advanced(state=new, journal=found.journal)

    def _advance(self, *, unit: UnitInfo, state: StateRecord,
                 fields: OrderFields | None, events: Sequence[EventRecord],
                 bound: int) -> Advanced:
        carried = self._carried_of(fields or {})
        if not events:  # most units: advanced_with_condition's first case, without its calls
            new, journal = advance_state(
                self.data, read_state(self.data, state), carried, no_order=fields is None,
                events=(), bound=bound, arm=unit.arm, unit_type=unit.unit_type,
                morale=self._morale)
            return Advanced(state=carry(state, new.to_dict()), journal=journal)

        def own(theirs: Sequence[Mapping[str, object]]) -> Advanced:
            new, journal = advance_state(
                self.data, read_state(self.data, state), carried,
                no_order=fields is None, events=theirs, bound=bound,
                arm=unit.arm, unit_type=unit.unit_type, morale=self._morale)
            return Advanced(state=new.to_dict(), journal=journal)

        return advanced_with_condition(self.condition, state=state, events=events,
                                       bound=bound, own=own)

    def chart(self) -> Chart:
        """The quick-reference chart from the same tables as the checks."""
        return build_chart(self.data)


def _crossing_terms(data: BAData, where: Situation, terrain: tuple[str, ...]
                    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A bridge counts as road (BA-21); a ford or narrow waterway as an obstacle (BA-20/21)."""
    crossing = where.crossing
    if crossing is None:
        return terrain, ()
    if crossing.kind is CrossingKind.BRIDGE and data.bridge_terrain in data.terrain:
        return (*terrain, data.bridge_terrain), ()
    if crossing.kind is CrossingKind.FORD:
        return terrain, (data.ford_obstacle,)
    if crossing.kind is CrossingKind.WATERWAY:
        return terrain, (data.narrow_waterway_obstacle,)
    return terrain, ()
