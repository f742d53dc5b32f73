"""The one door through which the window changes the campaign (Anki's operations layer).

:class:`Operations` holds the open store, the campaign's rules system and the
window's ``QUndoStack``. Every change opens one ``store.session()`` (one
transaction), runs a typed ``Callable[[Session], T]`` (``ops.write(lambda s:
service(session=s, ...), Change.ORDER)``, so mypy checks each argument against the
service's signature), pushes its undo command through :meth:`Operations.push` (the
only way onto the stack; ``tests/typing/test_door.py`` holds both) and emits ONE
signal, ``campaign_changed(Change)`` (:mod:`desk.ui.changes`), that the item models
and panels listen to. The Battles of Waterloo LIM steps are in :attr:`Operations.lim`
(:class:`~desk.ui.lim.operations.LimOperations`), built over this object. A bound
close runs in the background (:func:`~desk.ui.background.run_in_background`). Reads go
through it too, so no widget ever opens a session. Service refusals propagate
as :class:`~desk.services.errors.ServiceError` / :class:`~desk.store.StoreError`
for the window to show in one dialog.

Conflicts are the services' to detect: every write passes ``seen_version``,
the version of the row the screen showed (an order, a unit's state, the LIM
pool), and the service refuses atomically when another umpire changed it
(:mod:`desk.services.versions`). An undo or redo passes the version this desk
last wrote (``known``), so it is refused when someone wrote after it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from desk.rules.base import RulesSystem, SituationRecord
from desk.services.dto import CloseReport, EventView, LimPoolView, OrderView
from desk.services.order_rows import OrderTable
from desk.services.screens import startup as ui_startup
from desk.store import CampaignStore
from desk.store.live import Announcement
from desk.ui.background import Progress, run_in_background
from desk.ui.changes import Change
from desk.ui.lim.operations import LimOperations
from desk.ui.undo import DoneOnPush, EventCommand, GridCommand, OrderCommand

if TYPE_CHECKING:  # imported where first used: the first paint needs none of it
    from sqlmodel import Session

    from desk.services.bounds.grid import GridOutcome, GridRow, GridUnit
    from desk.services.dto import ImportReport
    from desk.services.orders.undo import OrderSnapshot
    from desk.services.screens.close_summary import CloseSummary
    from desk.services.screens.order_form import FormContext
    from desk.services.screens.unit_panel import UnitPanelData

T = TypeVar("T")



class Operations(QObject):
    """Runs the window's use cases against one open campaign (see the module text)."""

    campaign_changed = Signal(object)  # a Change
    close_finished = Signal(object)  # CloseReport, or the exception that refused the close
    failed = Signal(object)  # an undo or redo the services refused (shown by the window)

    def __init__(self, *, store: CampaignStore, undo_stack: QUndoStack,
                 backup_dir: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.backup_dir = backup_dir  # None: the services' default, in the user's data dir
        self.undo_stack = undo_stack
        self._closing = False
        # The version of each row this desk last wrote, for its undo and redo:
        # ("order", unit id), ("state", unit id), ("lim", 0).
        self.known: dict[tuple[str, int], int | None] = {}
        # One transaction for the whole first screen; the window takes it once.
        self._start: ui_startup.DeskStart | None = self.read(
            lambda s: ui_startup.desk_start(session=s))
        self.context = self._start.context
        self.system: RulesSystem = self._start.system
        self.lim = LimOperations(self)
        # Counts the changes this desk has told its views of: a view read at generation N
        # is still true at N (the window reads a unit once after a save, not twice).
        self.generation = 0
        self._held: list[Change] | None = None  # the notices of a use case not yet sent
        # Another umpire's change being told to the views (desk.ui.live), else None: a view
        # may then leave alone what the umpire here is typing.
        self.remote: Announcement | None = None

    def take_start(self) -> ui_startup.DeskStart | None:
        """The start-up read (tree and order table), handed over once and then let go."""
        start, self._start = self._start, None
        return start

    # --- plumbing -------------------------------------------------------------------------
    @property
    def read_only(self) -> bool:
        """True when the campaign was opened read-only."""
        return bool(getattr(self.store, "read_only", False))

    @property
    def battle_id(self) -> int:
        """The battle the window shows."""
        return self.context.battle_id

    def notify(self, change: Change) -> None:
        """Tell the views what changed, now, or when the use case under way has finished."""
        self.generation += 1
        if self._held is not None:
            self._held.append(change)
            return
        self.campaign_changed.emit(change)

    @contextmanager
    def held_notices(self) -> Iterator[None]:
        """Send the change notices of the use case inside once it has finished, success
        step and all (Anki's CollectionOp): saving an order moves to the next unit first,
        so the views do not redraw the unit just saved, mid-use-case, as an unsaved draft.
        What was written before a failure is still told."""
        if self._held is not None:  # already inside one: the outer sends
            yield
            return
        self._held = []
        try:
            yield
        finally:
            held, self._held = self._held, None
            for change in dict.fromkeys(held):
                self.campaign_changed.emit(change)

    def push(self, command: DoneOnPush) -> None:
        """Put a change already written on the undo stack: every undo step enters here."""
        self.undo_stack.push(command)

    def read(self, use: Callable[[Session], T], /) -> T:
        """Run a read in its own session: ``ops.read(lambda s: service(session=s, ...))``,
        so mypy checks every argument against the service's keyword-only signature."""
        with self.store.session() as session:
            return use(session)

    def write(self, use: Callable[[Session], T], change: Change, /) -> T:
        """Run a change in one transaction, then tell the views what changed (``change``)."""
        with self.store.session() as session:
            result = use(session)
        self.refresh_context()
        self.notify(change)
        return result

    def refresh_context(self) -> None:
        """Read the campaign's context (bounds, sides, phase of play) again."""
        self.context = self.read(lambda s: ui_startup.desk_context(session=s))

    def hear(self, notice: Announcement, changes: tuple[Change, ...]) -> None:
        """Another desk's committed change (issue 33): read the context again and tell the
        views, with :attr:`remote` naming it while they redraw. A bound closed or reopened
        elsewhere empties the undo stack, as it does here."""
        if Change.BOUND in changes:
            self.undo_stack.clear()
        self.remote = notice
        try:
            self.refresh_context()
            for change in changes:
                self.notify(change)
        finally:
            self.remote = None

    def reload(self) -> None:
        """Read everything again (after another umpire's change); the undo stack is cleared."""
        self.undo_stack.clear()
        self.refresh_context()
        self.notify(Change.RELOAD)

    # --- reads ----------------------------------------------------------------------------
    def order_rows(self, bound: int | None = None) -> OrderTable:
        """The order table of a bound (the current one when None): one service call."""
        from desk.services.queries import order_table

        return self.read(lambda s: order_table(session=s, battle_id=self.battle_id, bound=bound))

    def form_context(self, unit_id: int, bound: int | None = None) -> FormContext:
        """The unit's form context; Battles of Waterloo adds the phase the umpire is in."""
        from desk.services.screens import order_form

        ctx = self.read(lambda s: order_form.form_context(session=s, battle_id=self.battle_id,
                                                          unit_id=unit_id, bound=bound))
        if not self.system.has_turn_phases:
            return ctx
        situation: SituationRecord = {**ctx.situation, "phase": self.lim.phase}
        return dataclasses.replace(ctx, situation=situation)  # every other field kept

    def unit_views(self, unit_id: int, bound: int | None = None
                   ) -> tuple[FormContext, UnitPanelData]:
        """The unit's form context and unit panel, read in one session (what choosing a unit
        reads)."""
        from desk.services.screens import order_form, unit_panel

        with self.store.session() as session:
            ctx = order_form.form_context(session=session, battle_id=self.battle_id,
                                          unit_id=unit_id, bound=bound)
            panel = unit_panel.unit_panel(session=session, battle_id=self.battle_id,
                                          unit_id=unit_id, bound=bound)
        if self.system.has_turn_phases:
            ctx = dataclasses.replace(ctx, situation={**ctx.situation, "phase": self.lim.phase})
        return ctx, panel

    def unit_panel(self, unit_id: int, bound: int | None = None) -> UnitPanelData:
        """What the unit panel shows for a unit in a bound."""
        from desk.services.screens import unit_panel

        return self.read(lambda s: unit_panel.unit_panel(session=s, battle_id=self.battle_id,
                                                         unit_id=unit_id, bound=bound))

    def close_summary(self) -> CloseSummary:
        """Units without orders and overruled orders of the open bound."""
        from desk.services.screens import close_summary

        return self.read(lambda s: close_summary.close_summary(session=s, battle_id=self.battle_id))

    def lim_pool(self) -> LimPoolView | None:
        """The open bound's LIM pool (None: not built yet, or not Battles of Waterloo)."""
        from desk.services.errors import NotFound
        from desk.services.lim.draws import lim_pool

        if not self.system.has_lim_pool:
            return None
        try:
            return self.read(lambda s: lim_pool(session=s, battle_id=self.battle_id))
        except NotFound:
            return None

    # --- orders ---------------------------------------------------------------------------
    def save_order(self, *, unit_id: int, fields: Mapping[str, object], verbatim: str = "",
                   override_reason: str = "", situation: Mapping[str, object] | None = None,
                   seen_version: int | None) -> OrderView:
        """Write the unit's order in the open bound (refused on errors without a reason).

        ``seen_version``: the version of the order the form loaded (None: none); if
        another umpire changed it since, ConcurrentChangeError and nothing is written.
        """
        from desk.services.orders import undo
        from desk.services.orders.write import write_order

        with self.store.session() as session:
            before = undo.order_snapshot(session=session, battle_id=self.battle_id,
                                               unit_id=unit_id)
            view = write_order(session=session, battle_id=self.battle_id, unit_id=unit_id,
                               fields=dict(fields), verbatim=verbatim,
                               override_reason=override_reason, situation=situation,
                               seen_version=seen_version)
            after = undo.order_snapshot(session=session, battle_id=self.battle_id,
                                              unit_id=unit_id)
        self.known[("order", unit_id)] = view.version
        self._push_order(self.tr("Order for {unit}").format(unit=view.unit), unit_id, before, after)
        return view

    def cancel_order(self, *, unit_id: int, order_id: int, seen_version: int | None
                     ) -> OrderView:
        """Cancel an order of the open bound (undoable); ``seen_version`` as the form saw it."""
        from desk.services.orders import undo
        from desk.services.orders.write import cancel_order

        with self.store.session() as session:
            before = undo.order_snapshot(session=session, battle_id=self.battle_id,
                                               unit_id=unit_id)
            view = cancel_order(session=session, order_id=order_id, seen_version=seen_version)
            after = undo.order_snapshot(session=session, battle_id=self.battle_id,
                                              unit_id=unit_id)
        self.known[("order", unit_id)] = view.version
        self._push_order(self.tr("Cancel {unit}'s order").format(unit=view.unit), unit_id,
                         before, after)
        return view

    def _push_order(self, text: str, unit_id: int, before: OrderSnapshot | None,
                    after: OrderSnapshot | None) -> None:
        self.push(OrderCommand(text=text, unit_id=unit_id, before=before, after=after,
                               restore=self._restore_order, on_error=self.failed.emit))
        self.notify(Change.ORDER)

    def _restore_order(self, unit_id: int, snapshot: OrderSnapshot | None,
                       _expect: OrderSnapshot | None) -> None:
        """Put the order back as ``snapshot`` if no one wrote it since this desk did."""
        from desk.services.orders import undo

        key = ("order", unit_id)
        self.known[key] = self.write(
            lambda s: undo.restore_order(session=s, battle_id=self.battle_id, unit_id=unit_id,
                                         snapshot=snapshot, seen_version=self.known.get(key)),
            Change.ORDER)

    # --- events ---------------------------------------------------------------------------
    def record_event(self, *, unit_id: int, kind: str, data: Mapping[str, object] | None = None,
                     seen_version: int | None) -> EventView:
        """Record an in-bound event against a unit (undoable: undo strikes it out).

        ``seen_version``: the unit's state version as the unit panel showed it.
        """
        from desk.services.bounds.events import record_event

        payload = dict(data or {})
        key = ("state", unit_id)

        def record(seen: int | None) -> EventView:
            done = self.write(lambda s: record_event(session=s, battle_id=self.battle_id,
                                                     unit_id=unit_id, kind=kind, data=payload,
                                                     seen_version=seen), Change.EVENT)
            self.known[key] = done.state_version
            return done

        view = record(seen_version)
        label = next((k.label for k in self.system.event_kinds() if k.code == kind), kind)
        self.push(EventCommand(
            text=self.tr("Event: {event}").format(event=label), event_id=view.id,
            record=lambda: record(self.known.get(key)).id,
            strike=lambda event_id: self._strike(unit_id, event_id), on_error=self.failed.emit))
        return view

    def _strike(self, unit_id: int, event_id: int) -> None:
        from desk.services.bounds.events import remove_event

        key = ("state", unit_id)
        self.known[key] = self.write(
            lambda s: remove_event(session=s, event_id=event_id, reason="undone at the desk",
                                   seen_version=self.known.get(key)), Change.EVENT)

    # --- the casualties grid ----------------------------------------------------------------
    def grid_units(self) -> tuple[GridUnit, ...]:
        """The units the casualties grid may list, with their strength now."""
        from desk.services.bounds.grid import grid_units

        return self.read(lambda s: grid_units(session=s, battle_id=self.battle_id))

    def check_grid(self, rows: tuple[GridRow, ...], cause: str = "") -> dict[int, str]:
        """Each row's refusal by unit id, as recording it would say (reads only)."""
        from desk.services.bounds.grid import check_grid

        return self.read(lambda s: check_grid(session=s, battle_id=self.battle_id, rows=rows,
                                              cause=cause))

    def record_grid(self, rows: tuple[GridRow, ...], cause: str = "") -> GridOutcome:
        """Record the grid's rows all at once (ONE undo step); refused rows: nothing written.

        Each row carries the unit's state version as the grid showed it.
        """
        from desk.services.bounds.grid import record_grid

        def record(rows: tuple[GridRow, ...]) -> GridOutcome:
            done = self.write(lambda s: record_grid(session=s, battle_id=self.battle_id, rows=rows,
                                                    cause=cause), Change.EVENT)
            for unit_id, version in (done.versions or {}).items():
                self.known[("state", unit_id)] = version
            return done

        def again() -> tuple[tuple[int, int], ...]:
            redo = tuple(dataclasses.replace(r, seen_version=self.known.get(("state", r.unit_id)))
                         for r in rows)
            done = record(redo)
            if done.refused:  # someone changed a unit since: say which, in its words
                from desk.services.errors import ServiceError

                raise ServiceError(" ".join((done.refusals or {}).values()))
            return tuple((e.unit_id, e.id) for e in done.events)

        done = record(rows)
        if done.refused or not done.events:
            return done
        units = len({e.unit_id for e in done.events})
        self.push(GridCommand(
            text=self.tr("Casualties grid (%n unit(s))", "", units),
            events=tuple((e.unit_id, e.id) for e in done.events), record=again,
            strike=self._strike_grid, on_error=self.failed.emit))
        return done

    def _strike_grid(self, events: tuple[tuple[int, int], ...]) -> None:
        from desk.services.bounds.grid import strike_grid

        seen = {unit_id: self.known.get(("state", unit_id)) for unit_id, _ in events}
        struck = self.write(lambda s: strike_grid(session=s, events=events, seen=seen,
                                                  reason="undone at the desk"), Change.EVENT)
        for unit_id, version in struck.items():
            self.known[("state", unit_id)] = version

    # --- bounds ---------------------------------------------------------------------------
    def close_bound(self, *, backup: bool = True, progress: Progress | None = None) -> None:
        """Close the open bound in the background; ``close_finished`` tells the outcome.

        ``progress``: a busy dialog to show meanwhile (the window's).
        """
        from desk.services.bounds.close import close_bound

        if self._closing:
            return
        self._closing = True

        def work() -> CloseReport:
            with self.store.session() as session:
                return close_bound(session=session, battle_id=self.battle_id, backup=backup,
                                   backup_dir=self.backup_dir)

        run_in_background(owner=self, work=work, done=self._after_close, progress=progress)

    def _after_close(self, result: object) -> None:
        self._closing = False
        if isinstance(result, CloseReport):
            self.undo_stack.clear()
            self.refresh_context()
            self.notify(Change.BOUND)
        self.close_finished.emit(result)

    def add_units_csv(self, text: str) -> ImportReport:
        """Add the units of a CSV text (atomic; an import is not undone from the stack)."""
        from desk.services.oob.csv_units import import_units_csv

        return self.write(lambda s: import_units_csv(session=s, battle_id=self.battle_id,
                                                     text=text), Change.OOB)

    def reopen_bound(self, *, discard_next: bool = False) -> None:
        """Reopen the last closed bound; the undo stack is cleared."""
        from desk.services.bounds.reopen import reopen_bound

        self.undo_stack.clear()
        self.write(lambda s: reopen_bound(session=s, battle_id=self.battle_id,
                                          discard_next=discard_next,
                                          backup_dir=self.backup_dir), Change.BOUND)
