"""Frozen view models: what the services hand to the renderers.

A service (``desk/services/sheets_view.py``) reads the campaign database and
fills these; a renderer turns one into PDF bytes. Nothing here knows about the
database or Qt, and nothing here is live: the renderers may be run on another
thread while the umpire goes on working.

Fog of war is the service's job: a :class:`SheetModel` holds one side's units
only, and the renderers print nothing that is not in the model.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from desk.rules.base import Chart, FieldSpec, Finding
from desk.services.bounds.views import BoundRecord
from desk.services.lim.views import CupView


class Paper(StrEnum):
    """The paper sizes the desk prints on."""

    A4 = "a4"
    LETTER = "letter"


class SheetMode(StrEnum):
    """Which sheet: the players' (blank, or their orders as entered) or the umpire's copy.

    The players' sheets speak the players' words and carry nothing the umpire
    alone should see (findings, status words, override reasons, clause ids); the
    umpire's copy carries every field of the order with its clause, the findings,
    the status and the reasons for overruling.
    """

    BLANK = "blank"
    FILLED = "filled"
    UMPIRE = "umpire"

    @property
    def for_players(self) -> bool:
        """Whether a player gets this sheet."""
        return self is not SheetMode.UMPIRE

    @property
    def with_orders(self) -> bool:
        """Whether the sheet shows the orders entered."""
        return self is not SheetMode.BLANK


@dataclass(frozen=True)
class UnitBlock:
    """One unit on an order sheet: who it is, its state now, and its order's fields.

    ``state_lines`` are already worded by the rules system ("may charge from
    bound 10"). In filled mode ``values`` holds the completed order (``None``:
    the unit has no order yet), ``defaulted`` names the fields the rules filled
    in, and ``findings`` what the checks said.
    """

    unit_id: int
    name: str
    command: str
    arm: str
    unit_type: str
    state_lines: tuple[str, ...]
    fields: tuple[FieldSpec, ...]
    values: Mapping[str, object] | None = None
    defaulted: frozenset[str] = frozenset()
    findings: tuple[Finding, ...] = ()
    verbatim: str = ""
    status: str = ""  # draft, accepted, overruled, cancelled ("" when no order)
    override_reason: str = ""
    # On a players' sheet: what the player says in the order's words rather than in a
    # box ("what it crosses"), and each choice value in the players' words.
    said_in_words: tuple[str, ...] = ()
    words: Mapping[str, str] = field(default_factory=dict)
    # On a commander's sheet, for a unit of a subordinate command where the campaign uses
    # couriers: the one line saying its order goes as his dispatch ("" otherwise).
    courier_note: str = ""


@dataclass(frozen=True)
class DispatchNote:
    """A dispatch as a sheet prints it: who wrote it, when, to whom, and its text."""

    writer: str
    writer_side: str
    game_time: str
    recipient: str
    text: str


@dataclass(frozen=True)
class SheetModel:
    """The order sheets of one side (optionally one command) for one bound."""

    campaign_id: int
    campaign_name: str
    rules_name: str
    side: str
    bound: int
    game_time: str
    units: tuple[UnitBlock, ...]
    command: str | None = None  # the command filter, None = the whole side
    battle: str = ""
    paper: Paper = Paper.A4
    mode: SheetMode = SheetMode.BLANK
    fillable: bool = False
    # Tells this campaign's fillable sheets from another file's: two campaign
    # files both number their campaign 1, so the id alone cannot.
    campaign_key: str = ""
    # A fillable sheet's keywords: its signed binding (formfields.binding_keywords).
    form_keywords: str = ""
    # Dispatches delivered to these units this bound; enemy dispatches this side captured
    # (its intelligence page); the subordinate commands a commander may write to.
    dispatches: tuple[DispatchNote, ...] = ()
    intelligence: tuple[DispatchNote, ...] = ()
    dispatch_room: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChartModel:
    """A quick-reference chart, optionally for one campaign (its house rules shown)."""

    chart: Chart
    campaign_name: str = ""
    paper: Paper = Paper.A4


@dataclass(frozen=True)
class ReportOrder:
    """One order of the bound as the umpire sees it in the bound report."""

    unit_id: int
    unit_name: str
    side: str
    command: str
    summary: str
    verbatim: str = ""
    status: str = "draft"
    defaulted: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = ()
    override_reason: str = ""
    source: str = "desk"  # desk, form
    umpire: str = ""  # who entered it (issue 33; "" where the campaign names no umpire)


@dataclass(frozen=True)
class ReportEvent:
    """An in-bound event recorded against a unit."""

    unit_name: str
    side: str
    kind: str
    text: str
    umpire: str = ""  # who recorded it (issue 33; "" where the campaign names no umpire)


@dataclass(frozen=True)
class ReportModel:
    """The umpire's bound report: every order with findings, overrides and events."""

    campaign_name: str
    rules_name: str
    bound: int
    game_time: str
    bound_status: str  # open, closed
    orders: tuple[ReportOrder, ...]
    events: tuple[ReportEvent, ...] = ()
    without_order: tuple[str, ...] = ()  # units with no order saved in the bound
    # The same units as (side, unit) pairs, so the report can list them side by side.
    without_order_sides: tuple[tuple[str, str], ...] = ()
    # What each of them does, as the close says it: (side, what, unit) — "holds (no order
    # yet)", "continues its bound 2 order: …", "moved under LIM 1: tactical → 1209 (BOW-2)".
    without_order_steps: tuple[tuple[str, str, str], ...] = ()
    battle: str = ""
    paper: Paper = Paper.A4
    notes: tuple[str, ...] = field(default=())
    lim: CupView | None = None  # Battles of Waterloo: the turn's cup, draws, rolls and moves
    record: BoundRecord | None = None  # a closed bound: what every unit did (issue 30)
