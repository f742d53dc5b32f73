"""What every rules system offers the layers above, in plain data.

Each rules module (``belle_alliance``, ``battles_of_waterloo``, ``la_bataille``)
keeps its own typed vocabulary and computations, and exposes one object that
satisfies :class:`RulesSystem`. That object speaks in named records (an order's
:class:`OrderFields`, a unit's :class:`StateRecord`, the :class:`SituationRecord` the
services gather, the bound's :class:`EventRecord` with its :class:`EventValues`):
JSON-shaped TypedDicts, so that the store persists them as they are, the services run
any system without knowing which, mypy checks every key written, and the window and the
sheets build their forms from :meth:`RulesSystem.order_fields`. Data from outside the
desk's own gathering (a stored row, the CLI's JSON, a form's widgets) becomes a record
through :func:`~desk.rules.records.state_record` and its kin, at that boundary.

The findings (:mod:`desk.rules.findings`, with the one :func:`finding`) and the
plain records (:mod:`desk.rules.records`) live in modules of their own and are
re-exported here: ``from desk.rules.base import Finding, FieldSpec …`` works.

No I/O beyond reading the ruleset's data file, no Qt, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from desk.rules.findings import ERROR as ERROR
from desk.rules.findings import WARNING as WARNING
from desk.rules.findings import Finding as Finding
from desk.rules.findings import Severity as Severity
from desk.rules.findings import finding as finding
from desk.rules.records import Advanced as Advanced
from desk.rules.records import Chart as Chart
from desk.rules.records import ChartTable as ChartTable
from desk.rules.records import Completed as Completed
from desk.rules.records import EventKind as EventKind
from desk.rules.records import EventOutcome as EventOutcome
from desk.rules.records import EventRecord as EventRecord
from desk.rules.records import EventValues as EventValues
from desk.rules.records import FieldKind as FieldKind
from desk.rules.records import FieldSpec as FieldSpec
from desk.rules.records import OrderFields as OrderFields
from desk.rules.records import SituationRecord as SituationRecord
from desk.rules.records import StateRecord as StateRecord
from desk.rules.records import UnitInfo as UnitInfo

if TYPE_CHECKING:  # condition.py builds its event kinds from this module
    from desk.rules.condition_data import ConditionData

class RulesSystem(Protocol):
    """The face a rules system shows to the services, the window and the sheets.

    Records in, records out, each as JSON-shaped as the store keeps it. Every method is
    pure: same inputs, same result.
    """

    id: str
    name: str
    # Capabilities: what the layers above ask instead of comparing the system's id.
    has_lim_pool: bool  # a LIM pool drawn bound by bound: panel, chits, per-command situation
    has_turn_phases: bool  # the situation names the phase of the turn the umpire is in
    has_movement_table: bool  # evaluate() says which movement types a unit may use now
    has_charge_cooldown: bool  # a unit that charged may not charge again for some bounds
    commands_named_once: bool  # a command's name is unique in the army (its LIM bears it)
    # Casualties, rout and rally, leaders, skirmishers, reinforcements: the ruleset's campaign
    # data ([losses], [morale], [leaders], [skirmishers], [reinforcements]).
    condition: ConditionData

    def charge_available_from(self, *, state: StateRecord) -> int | None:
        """The first bound the unit may charge again; None: no cooldown runs (or no charge yet)."""
        ...

    def charge_refusals(self, *, unit: UnitInfo, state: StateRecord,
                        bound: int) -> tuple[Finding, ...]:
        """The errors ``check()`` gives a plain charge ordered for a unit in ``state`` in
        ``bound`` (cooldown, disorder, arm, terrain …): what the unit panel asks before it
        says "May charge.", so the two cannot disagree; () where the rules have no charge."""
        ...

    def closed_opponent(self, *, state: StateRecord) -> str | None:
        """The label of the closed formation a unit in ``state`` stands in, when it counts as
        an opponent that stops a fast march (None: it does not, or the system has no such
        rule); the desk measures the distance to the nearest one from the positions."""
        ...

    def frontage_cm(self, *, state: StateRecord) -> float | None:
        """The width on the table, in cm, of a unit in ``state`` (its formation's frontage),
        for the map board's blocks; None: the rules give no frontage for it."""
        ...

    def standing(self, *, unit: UnitInfo, state: StateRecord) -> tuple[str, ...]:
        """The unit's own numbers for the unit panel: morale and what a check needs to pass,
        its movement allowance (La Bataille, Battles of Waterloo); () when the rules keep none."""
        ...

    def order_fields(self) -> tuple[FieldSpec, ...]:
        """The fields of an order in this system, in form order."""
        ...

    def formations(self, arm: str) -> tuple[str, ...]:
        """The formations a unit of this arm may take."""
        ...

    def order_choices(self, *, arm: str, state: StateRecord | None = None,
                      bound: int | None = None) -> dict[str, tuple[str, ...]]:
        """The values each choice field may take in an order for a unit of this arm.

        Only the fields the rules narrow by arm are named; ``()`` means the field
        does not apply to the arm at all. Every value left out is one ``check()``
        refuses for that arm. Given the unit's ``state`` at the start of ``bound``,
        the rules narrow by that too (no charge during a charge cooldown). The
        players' sheets offer these; the window's form offers every value, since
        the umpire may overrule.
        """
        ...

    def initial_state(self, *, unit: UnitInfo, formation: str | None = None) -> StateRecord:
        """A unit's state at the start of a battle."""
        ...

    def complete(self, fields: OrderFields) -> Completed:
        """The order with the rules' defaults filled in."""
        ...

    def check(
        self,
        *,
        unit: UnitInfo,
        state: StateRecord,
        fields: OrderFields,
        situation: SituationRecord,
    ) -> list[Finding]:
        """Findings for a (completed) order; never raises on odd input."""
        ...

    def summarize(self, fields: OrderFields, *, arm: str = "") -> str:
        """A one-line summary of an order for the order table (``arm``: the unit's, for costs
        that depend on it; "" for none)."""
        ...

    def describe_state(self, *, state: StateRecord, bound: int) -> tuple[str, ...]:
        """Plain lines for the unit panel and the sheets ("may charge from bound 10")."""
        ...

    def event_kinds(self) -> tuple[EventKind, ...]:
        """The in-bound events the umpire may record in this system."""
        ...

    def apply_event(
        self,
        *,
        unit: UnitInfo,
        state: StateRecord,
        event: str,
        data: EventValues,
        bound: int,
    ) -> EventOutcome:
        """Record one in-bound event: the new state and its journal line."""
        ...

    def advance(
        self,
        *,
        unit: UnitInfo,
        state: StateRecord,
        fields: OrderFields | None,
        events: Sequence[EventRecord],
        bound: int,
    ) -> Advanced:
        """The unit's state for bound ``bound + 1``; ``fields`` None means no order."""
        ...

    def chart(self) -> Chart:
        """The quick-reference chart's data."""
        ...

    def hold_fields(self) -> OrderFields:
        """An order to stand where it is, in this system's terms (distinct from no order)."""
        ...

    def continued(self, fields: OrderFields) -> OrderFields:
        """A unit's last order carried into a bound without one: no charge, fire or attack."""
        ...

    def suggest(self, verbatim: str) -> OrderFields:
        """The fields the words written in an order ask for (from the ruleset's ``[words]``)."""
        ...

    def word_findings(self, *, verbatim: str, fields: OrderFields) -> list[Finding]:
        """A warning for each field whose written words and value disagree."""
        ...


class NoCapabilities:
    """The capabilities' defaults: a system has none of them unless its class says so."""

    has_lim_pool = False
    has_turn_phases = False
    has_movement_table = False
    has_charge_cooldown = False
    commands_named_once = False

    def charge_available_from(self, *, state: StateRecord) -> int | None:
        """No charge cooldown runs."""
        return None

    def charge_refusals(self, *, unit: UnitInfo, state: StateRecord,
                        bound: int) -> tuple[Finding, ...]:
        """No charge rate to refuse."""
        return ()

    def closed_opponent(self, *, state: StateRecord) -> str | None:
        """No fast march stopped by nearby opponents."""
        return None

    def frontage_cm(self, *, state: StateRecord) -> float | None:
        """No frontage: hexes and counters, not blocks of a given width."""
        return None

    def standing(self, *, unit: UnitInfo, state: StateRecord) -> tuple[str, ...]:
        """No morale or movement allowance of the unit's own to show."""
        return ()


class RulesDataError(ValueError):
    """A ruleset data file or a house-rule override is malformed."""
