"""Battles of Waterloo (GMT Games, 1994): the rules system the desk runs.

The Movement & Command table is data (``resources/rulesets/battles-of-waterloo.toml``)
read by :mod:`battles_of_waterloo.data`, evaluated by
:func:`battles_of_waterloo.table.evaluate` (BOW-1 … BOW-12) and charted by
:mod:`battles_of_waterloo.chart`; the LIM pool lives in
:mod:`battles_of_waterloo.pool` (BOW-F1 … BOW-F4). This module is the face those
show to the services: :func:`system` returns a :class:`BattlesOfWaterloo` that
satisfies :class:`desk.rules.base.RulesSystem`, speaking in plain mappings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from desk.i18n import _
from desk.rules.base import (
    ERROR,
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
    RulesDataError,
    SituationRecord,
    StateRecord,
    UnitInfo,
    finding,
)
from desk.rules.battles_of_waterloo import orders
from desk.rules.battles_of_waterloo.chart import build_chart
from desk.rules.battles_of_waterloo.data import (
    SYSTEM_ID,
    Comment,
    MovementTable,
    MovementType,
    load_table,
)
from desk.rules.battles_of_waterloo.events import EVENT_KINDS, apply_one
from desk.rules.battles_of_waterloo.intent import intent_findings, own_row
from desk.rules.battles_of_waterloo.model import (
    Situation,
    UnitFacts,
    as_enum,
    as_text,
    unit_facts,
)
from desk.rules.battles_of_waterloo.pool import (
    PoolState,
    build_pool,
    choose_orders_option,
    draw,
    draw_rows,
    idle,
    next_turn,
    record_activation,
)
from desk.rules.battles_of_waterloo.pool_spec import Chit, CommandSpec, PoolError, PoolSpec
from desk.rules.battles_of_waterloo.state import advance
from desk.rules.battles_of_waterloo.table import Evaluation, evaluate, movement_allowance
from desk.rules.coerce import as_bool
from desk.rules.condition import (
    advanced_with_condition,
    condition_kinds,
    condition_lines,
    is_removed,
    removed_findings,
    with_condition,
)
from desk.rules.condition_data import ConditionData, load_condition
from desk.rules.records import fields_record
from desk.rules.words import Worded

# The public API in one place, so the services import from this module only.
__all__ = [
    "BattlesOfWaterloo", "Chit", "CommandSpec", "Evaluation", "PoolError", "PoolSpec",
    "PoolState", "Situation", "UnitFacts", "build_pool", "choose_orders_option", "draw",
    "draw_rows", "evaluate", "idle", "movement_allowance", "next_turn", "record_activation",
    "system",
]


class BattlesOfWaterloo(Worded, NoCapabilities):
    """The Battles of Waterloo rules with one campaign's house rules applied."""

    id = SYSTEM_ID
    name = "Battles of Waterloo"
    has_lim_pool = True
    has_turn_phases = True
    has_movement_table = True
    commands_named_once = True  # each command's C/D LIM chit is named after it

    def __init__(self, table: MovementTable, condition: ConditionData) -> None:
        self.table = table
        self.condition = condition
        # What a rout and a rally leave the unit in (campaign data morale.rout, morale.rally).
        self._morale = {"rout_disorder": condition.rout, "rally_disorder": condition.rally}

    def order_fields(self) -> tuple[FieldSpec, ...]:
        """Movement type, destination, the Orders LIM option and a rally attempt."""
        return orders.order_fields(self.table)

    def field_clauses(self, *, unit: UnitInfo, state: StateRecord | None = None,
                      situation: SituationRecord | None = None) -> dict[str, str]:
        """Each movement field's own clause for this unit: the row it usually moves under."""
        facts = unit_facts(command=unit.command, side=unit.side, arm=unit.arm,
                           imperial_guard=unit.imperial_guard, state=state,
                           situation=situation, attrs=unit.attrs)
        row = own_row(facts, self.table)
        return {"movement": row, "rally": row}

    def standing(self, *, unit: UnitInfo, state: StateRecord) -> tuple[str, ...]:
        """The unit's printed movement allowance and what each LIM makes of it (BOW-F2)."""
        base = unit.attrs.get("movement_allowance")
        if isinstance(base, bool) or not isinstance(base, int | float) or base < 0:
            table = self.table.multipliers  # no printed figure: what each LIM makes of it
            return (_("Movement allowance: as printed; tactical ×{tactical:g}, strategic "
                      "×{strategic:g} under the Strategic Movement LIM (BOW-F2).").format(
                        tactical=table[MovementType.TACTICAL],
                        strategic=table[MovementType.UNRESTRICTED_STRATEGIC]),)
        tactical = movement_allowance(self.table, base=float(base), movement=MovementType.TACTICAL)
        strategic = movement_allowance(self.table, base=float(base),
                                       movement=MovementType.UNRESTRICTED_STRATEGIC)
        return (_("Movement allowance: {base:g}; tactical {tactical:g}, strategic {strategic:g} "
                  "under the Strategic Movement LIM (BOW-F2).").format(
                    base=float(base), tactical=tactical.points, strategic=strategic.points),)

    def order_choices(self, *, arm: str, state: StateRecord | None = None,
                      bound: int | None = None) -> dict[str, tuple[str, ...]]:
        """Nothing narrowed by arm: what a unit may do hangs on its command (BOW-2)."""
        return {}

    def formations(self, arm: str) -> tuple[str, ...]:
        """The game tracks no formations: every arm is ``normal``."""
        return self.table.formations

    def initial_state(self, *, unit: UnitInfo, formation: str | None = None) -> StateRecord:
        """In command, not idle, undisrupted, at its printed strength."""
        if formation not in (None, *self.table.formations):
            raise RulesDataError(f"{unit.name}: {formation!r} is not a Battles of Waterloo "
                                 "formation (the game uses only 'normal')")
        return {"formation": "normal", "disorder": "none", "strength": unit.strength,
                "in_command": True, "idle": False}

    def complete(self, fields: OrderFields) -> Completed:
        """Fill in "no movement" and "no rally" when left empty; normalise the ids."""
        return orders.complete(fields)

    def evaluate(self, *, unit: UnitInfo, state: StateRecord,
                 situation: SituationRecord) -> Evaluation:
        """The table's answer for one unit now (state supplies in_command and idle)."""
        sit = dict(situation) if isinstance(situation, Mapping) else {}
        st = state if isinstance(state, Mapping) else {}
        sit.setdefault("idle", st.get("idle", False))
        facts = unit_facts(command=unit.command, side=unit.side, arm=unit.arm,
                           imperial_guard=unit.imperial_guard, state=st, situation=sit,
                           attrs=unit.attrs)
        return evaluate(facts, sit.get("phase"), sit, table=self.table)

    def check(self, *, unit: UnitInfo, state: StateRecord, fields: OrderFields,
              situation: SituationRecord) -> list[Finding]:
        """Refuse a movement type the table does not allow now, citing the row or note."""
        if is_removed(state):  # destroyed, captured or off the table (data: losses.removed)
            return removed_findings(state)
        fields = fields if isinstance(fields, Mapping) else {}
        raw = fields.get("movement")
        movement = as_enum(MovementType, raw) or MovementType.NONE
        if as_text(raw) and as_enum(MovementType, raw) is None:
            return [finding("BOW_UNKNOWN_MOVEMENT", ERROR, "BOW-1",
                            _("{raw} is not a Battles of Waterloo movement type.").format(
                                raw=repr(raw)))]
        if isinstance(situation, Mapping) and as_bool(situation.get("intent")):
            # A written order is the turn's intent: checked against every row open to the
            # unit this turn, never against the LIM drawn last (intent.py).
            facts = unit_facts(command=unit.command, side=unit.side, arm=unit.arm,
                               imperial_guard=unit.imperial_guard, state=state,
                               situation=situation, attrs=unit.attrs)
            return intent_findings(facts, movement, self.table)
        found = self.evaluate(unit=unit, state=state, situation=situation)
        if found.finding is not None or found.row is None:
            # Standing still needs no permission: only a move is refused.
            return [found.finding] if found.finding and movement is not MovementType.NONE else []
        return self._row_findings(found, movement, rally=bool(as_bool(fields.get("rally"))))

    def _row_findings(self, found: Evaluation, movement: MovementType, *,
                      rally: bool) -> list[Finding]:
        row, labels, out = found.row or "", self.table.labels, []
        if not found.allows(movement):
            allowed = ", ".join(labels[m].lower() for m in found.movement_types) or "no movement"
            out.append(finding("BOW_MOVEMENT_NOT_ALLOWED", ERROR, row,
                               _("{labels} movement is not allowed now; this unit may use: "
                                 "{allowed}.").format(
                                   labels=labels[movement], allowed=allowed)))
        if rally and Comment.NO_RALLY in found.comments:
            out.append(finding("BOW_NO_RALLY", ERROR, row,
                               _("Units may not rally or recover under this row.")))
        if movement is not MovementType.NONE:
            for comment in (Comment.ONE_UNIT, Comment.CLOSER_TO_LEADER):
                if comment in found.comments:
                    out.append(finding(f"BOW_{comment.name}", WARNING, row,
                                       self.table.comment_text[comment]))
            if movement in self.table.roads_only:
                out.append(finding("BOW_ROADS_ONLY", WARNING, "BOW-F2",
                                   _("Restricted strategic movement keeps to roads and paths.")))
        return out

    def summarize(self, fields: OrderFields, *, arm: str = "") -> str:
        """"Tactical → Plancenoit (Orders: move-unit; rally)"."""
        return orders.summarize(self.table, fields)

    def describe_state(self, *, state: StateRecord, bound: int) -> tuple[str, ...]:
        """Command status, idleness (BOW-F3) and disruption, in plain lines."""
        lines = []
        if as_bool(state.get("in_command"), True):
            lines.append(_("In command."))
        else:
            lines.append(_("Out of command: moves in the Out of Command phase (BOW-9, BOW-10)."))
        if as_bool(state.get("idle")):
            lines.append(_("Idle for the rest of turn {bound} after a failed activation "
                           "(BOW-F3).").format(bound=bound))
        if state.get("disorder") == "disrupted":
            lines.append(_("Disrupted."))
        if as_bool(state.get("routed")):
            lines.append(_("Routed until rallied (data: morale.rout)."))
        return (*lines, *condition_lines(state, unit=self.condition.casualty_unit))

    def event_kinds(self) -> tuple[EventKind, ...]:
        """Command status, a failed activation, disruption, rout and rally; then the shared
        condition and losses, in strength points."""
        return (*EVENT_KINDS, *condition_kinds(skirmishers=False))

    def apply_event(self, *, unit: UnitInfo, state: StateRecord, event: str,
                    data: EventValues, bound: int) -> EventOutcome:
        """Record one event against the unit; an unknown event is a warning, not a crash."""
        values = {**(data if isinstance(data, Mapping) else {}), **self._morale}
        return with_condition(self.condition, state=state, event=event, values=data,
                              bound=bound, own=lambda: apply_one(state=state, event=event,
                                                                 data=values, bound=bound))

    def advance(self, *, unit: UnitInfo, state: StateRecord,
                fields: OrderFields | None, events: Sequence[EventRecord],
                bound: int) -> Advanced:
        """Carry command status and disorder to the next turn; idleness ends with the turn."""
        # The journal is written in English whatever the desk's language (journal_text).
        summary = orders.summarize(self.table, fields, english=True) if fields is not None else ""
        morale = self._morale

        def own(theirs: Sequence[Mapping[str, object]]) -> Advanced:
            told = [{**e, "data": {**(d if isinstance(d := e.get("data"), Mapping) else {}),
                                   **morale}} for e in theirs]
            return advance(state=state, fields=fields, events=told, bound=bound, summary=summary)

        return advanced_with_condition(self.condition, state=state, events=events,
                                       bound=bound, own=own)

    def hold_fields(self) -> OrderFields:
        """Hold: the table's own "no movement", written as an order (BOW-1)."""
        return {"movement": MovementType.NONE.value}

    def continued(self, fields: OrderFields) -> OrderFields:
        """The last order carried on; an Orders LIM option is used once and not repeated."""
        return fields_record({k: v for k, v in fields.items() if k != "orders_option"})

    def chart(self) -> Chart:
        """The Movement & Command chart from the same data the evaluator reads."""
        return build_chart(self.table)


def system(house_rules: Mapping[str, object]) -> BattlesOfWaterloo:
    """The Battles of Waterloo rules with the campaign's overrides (RulesDataError if bad)."""
    return BattlesOfWaterloo(load_table(house_rules),
                             load_condition(SYSTEM_ID, house_rules, name="Battles of Waterloo"))
