"""Frozen views of the LIM cup as at the table: its composition, the activations, the moves.

These are what :mod:`desk.services.lim.cup` and :mod:`desk.services.lim.moves`
return to the window, the command line and the bound report. Names are stable:
the LIM panel builds on them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from desk.rules.base import Finding

IN_CUP, DRAWN, REMOVED = "in-cup", "drawn", "removed"  # CupItem.status
OPERATIONS, NO_LIM = "operations", "no-lim"  # CupView.phase (the table's phase ids)


@dataclass(frozen=True)
class CupItem:
    """One chit the rules and the scenario consider for this turn's cup, and where it is."""

    chit: str
    kind: str  # cd, strategic, orders, artillery, grand-battery
    side: str | None
    command: str | None
    status: str  # in-cup, drawn, removed (left out of the pool)
    clause: str  # why it is in (BOW-1, BOW-2, BOW-F3, BOW-11, BOW-F4) or out (BOW-4)
    why: str
    drawn_seq: int | None = None


@dataclass(frozen=True)
class MoveView:
    """One unit's move recorded under one activation, with the row it moved under."""

    id: int
    seq: int  # the activation's (draw's) number in the bound
    unit_id: int
    unit: str
    command: str
    movement: str  # a movement type id (tactical …)
    movement_label: str
    destination_hex: str
    path_hexes: tuple[str, ...]
    row: str  # BOW-2 …; empty when the table refused and the umpire overruled
    findings: tuple[Finding, ...]
    status: str  # accepted, overruled
    override_reason: str


@dataclass(frozen=True)
class ActivationView:
    """One activation: a LIM drawn (or a No LIM roll), its option, its roll and its moves."""

    draw_id: int
    seq: int
    lim: str  # the chit's name, or "No LIM"
    kind: str  # cd, strategic, orders …; "no-lim" for a No LIM roll
    side: str | None
    command: str | None  # the command it activates (C/D, Orders option ii, No LIM roll)
    source: str  # desk (seeded draw), cup (recorded from the table), first (initiative winner)
    orders_option: str
    rating: int | None
    roll: int | None
    success: bool | None
    rolled_by: str  # typed (real dice) or desk (seeded); empty without a roll
    note: str
    moves: tuple[MoveView, ...] = ()
    clause: str = ""  # the roll's outcome's clause, as the rules decide it; empty before one


@dataclass(frozen=True)
class PendingUnit:
    """A unit the current activation moves whose written order moves it, with no move yet."""

    unit_id: int
    unit: str
    command: str
    ordered: str  # the written order's movement type


@dataclass(frozen=True)
class CupView:
    """A turn's cup as at the table: what is in it, what was drawn in order, the phase."""

    bound: int
    phase: str  # operations while chits remain, then no-lim
    items: tuple[CupItem, ...]
    activations: tuple[ActivationView, ...]
    idle_commands: tuple[str, ...] = ()
    version: int = field(default=0, compare=False)  # the pool row's: a step's seen_version

    @property
    def current(self) -> ActivationView | None:
        """The activation now open (the last one), if any."""
        return self.activations[-1] if self.activations else None

    @property
    def in_cup(self) -> tuple[str, ...]:
        """The chits still in the cup, in the pool's order."""
        return tuple(i.chit for i in self.items if i.status == IN_CUP)


@dataclass(frozen=True)
class ActivationUnit:
    """A unit under one activation: the movement types its table row allows, or why none."""

    unit_id: int
    unit: str
    command: str
    movement_types: tuple[str, ...]  # movement type ids (tactical …); empty: it stays
    row: str  # the table row it may move under (BOW-4 …); empty when it stays
    finding: Finding | None  # why it stays (None when it may move)
