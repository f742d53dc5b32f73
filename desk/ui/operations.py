"""The one door through which the window changes the campaign (Anki's operations layer).

:class:`Operations` holds the open store, the campaign's rules system and the
window's ``QUndoStack``. Every change opens one ``store.session()`` (one
transaction), calls the service, pushes its undo command and emits ONE signal,
``campaign_changed(kind)``, that the item models and panels listen to. Reads go
through it too, so no widget ever opens a session. Service refusals propagate
as :class:`~desk.services.errors.ServiceError` / :class:`~desk.store.StoreError`
for the window to show in one dialog.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from desk.rules.base import RulesSystem
from desk.services import ui_startup
from desk.services.dto import CloseReport, EventView, LimPoolView, OrderRow, OrderView
from desk.ui.lim_operations import LimOperations
from desk.ui.undo import EventCommand, OrderCommand, same_order

if TYPE_CHECKING:  # imported where first used: the first paint needs none of it
    from desk.services import ui_support

T = TypeVar("T")

UNCHECKED: Any = object()  # save_order without a conflict check


class Operations(LimOperations, QObject):
    """Runs the window's use cases against one open campaign (see the module text).

    ``campaign_changed`` kinds: ``order``, ``event``, ``lim``, ``bound`` (closed,
    reopened: the undo stack was cleared), ``phase``, ``oob`` (units added) and ``reload``.
    """

    campaign_changed = Signal(str)
    close_finished = Signal(object)  # CloseReport, or the exception that refused the close
    _close_done = Signal(object)  # from the worker thread, queued to the GUI thread
    failed = Signal(object)  # an undo or redo the services refused (shown by the window)

    def __init__(self, *, store: Any, undo_stack: QUndoStack, backup_dir: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.backup_dir = backup_dir  # None: the services' default, in the user's data dir
        self.undo_stack = undo_stack
        self.phase = "operations"  # Battles of Waterloo: the phase of the turn the umpire is in
        self._closing: threading.Thread | None = None
        self._close_done.connect(self._after_close)
        # One transaction for the whole first screen; the window takes it once.
        self._start: ui_startup.DeskStart | None = self.read(ui_startup.desk_start)
        self.context = self._start.context
        self.system: RulesSystem = self._start.system

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

    def read(self, service: Callable[..., T], **kwargs: Any) -> T:
        """Run a read-only service in its own session."""
        with self.store.session() as session:
            return service(session=session, **kwargs)

    def _write(self, service: Callable[..., T], change: str, /, **kwargs: Any) -> T:
        with self.store.session() as session:
            result = service(session=session, **kwargs)
        self._refresh_context()
        self.campaign_changed.emit(change)
        return result

    def _refresh_context(self) -> None:
        self.context = self.read(ui_startup.desk_context)

    def reload(self) -> None:
        """Read everything again (after another umpire's change); the undo stack is cleared."""
        self.undo_stack.clear()
        self._refresh_context()
        self.campaign_changed.emit("reload")

    # --- reads ----------------------------------------------------------------------------
    def order_rows(self, bound: int | None = None) -> tuple[OrderRow, ...]:
        """The order table of a bound (the current one when None): one service call."""
        from desk.services.queries import order_table

        return self.read(order_table, battle_id=self.battle_id, bound=bound)

    def form_context(self, unit_id: int, bound: int | None = None) -> ui_support.FormContext:
        """The unit's form context; Battles of Waterloo adds the phase the umpire is in."""
        from desk.services import ui_support

        ctx = self.read(ui_support.form_context, battle_id=self.battle_id, unit_id=unit_id,
                        bound=bound)
        if not self.system.has_turn_phases:
            return ctx
        situation = {**ctx.situation, "phase": self.phase}
        return ui_support.FormContext(unit=ctx.unit, bound=ctx.bound, editable=ctx.editable,
                                      state=ctx.state, situation=situation, order=ctx.order)

    def unit_panel(self, unit_id: int, bound: int | None = None) -> ui_support.UnitPanelData:
        """What the unit panel shows for a unit in a bound."""
        from desk.services import ui_support

        return self.read(ui_support.unit_panel, battle_id=self.battle_id, unit_id=unit_id,
                         bound=bound)

    def close_summary(self) -> ui_support.CloseSummary:
        """Units without orders and overruled orders of the open bound."""
        from desk.services import ui_support

        return self.read(ui_support.close_summary, battle_id=self.battle_id)

    def lim_pool(self) -> LimPoolView | None:
        """The open bound's LIM pool (None: not built yet, or not Battles of Waterloo)."""
        from desk.services.errors import NotFound
        from desk.services.lim import lim_pool

        if not self.system.has_lim_pool:
            return None
        try:
            return self.read(lim_pool, battle_id=self.battle_id)
        except NotFound:
            return None

    # --- orders ---------------------------------------------------------------------------
    def save_order(self, *, unit_id: int, fields: Mapping[str, Any], verbatim: str = "",
                   override_reason: str = "", situation: Mapping[str, Any] | None = None,
                   expect: Any = UNCHECKED) -> OrderView:
        """Write the unit's order in the open bound (refused on errors without a reason).

        ``expect``: the order as the form loaded it (None: none); if another umpire
        changed it since, ConcurrentChangeError and nothing is written.
        """
        from desk.services import ui_support
        from desk.services.orders import write_order

        with self.store.session() as session:
            before = ui_support.order_snapshot(session=session, battle_id=self.battle_id,
                                               unit_id=unit_id)
            if expect is not UNCHECKED and not same_order(expect, before):
                _changed_meanwhile(session, unit_id)
            view = write_order(session=session, battle_id=self.battle_id, unit_id=unit_id,
                               fields=dict(fields), verbatim=verbatim,
                               override_reason=override_reason, situation=situation)
            after = ui_support.order_snapshot(session=session, battle_id=self.battle_id,
                                              unit_id=unit_id)
        self._push_order(f"Order for {view.unit}", unit_id, before, after)
        return view

    def cancel_order(self, *, unit_id: int, order_id: int) -> OrderView:
        """Cancel an order of the open bound (undoable)."""
        from desk.services import ui_support
        from desk.services.orders import cancel_order

        with self.store.session() as session:
            before = ui_support.order_snapshot(session=session, battle_id=self.battle_id,
                                               unit_id=unit_id)
            view = cancel_order(session=session, order_id=order_id)
            after = ui_support.order_snapshot(session=session, battle_id=self.battle_id,
                                              unit_id=unit_id)
        self._push_order(f"Cancel {view.unit}'s order", unit_id, before, after)
        return view

    def _push_order(self, text: str, unit_id: int, before: Any, after: Any) -> None:
        self.undo_stack.push(OrderCommand(text=text, unit_id=unit_id, before=before,
                                          after=after, restore=self._restore_order,
                                          on_error=self.failed.emit))
        self.campaign_changed.emit("order")

    def _restore_order(self, unit_id: int, snapshot: Any, expect: Any) -> None:
        """Put the order back as ``snapshot`` if it is still ``expect``; one transaction."""
        from desk.services import ui_support

        with self.store.session() as session:
            now = ui_support.order_snapshot(session=session, battle_id=self.battle_id,
                                            unit_id=unit_id)
            if not same_order(expect, now):
                _changed_meanwhile(session, unit_id)
            ui_support.restore_order(session=session, battle_id=self.battle_id,
                                     unit_id=unit_id, snapshot=snapshot)
        self._refresh_context()
        self.campaign_changed.emit("order")

    # --- events ---------------------------------------------------------------------------
    def record_event(self, *, unit_id: int, kind: str,
                     data: Mapping[str, Any] | None = None) -> EventView:
        """Record an in-bound event against a unit (undoable: undo strikes it out)."""
        from desk.services.events import record_event

        payload = dict(data or {})

        def record() -> EventView:
            return self._write(record_event, "event", battle_id=self.battle_id,
                               unit_id=unit_id, kind=kind, data=payload)

        view = record()
        label = next((k.label for k in self.system.event_kinds() if k.code == kind), kind)
        self.undo_stack.push(EventCommand(text=f"Event: {label}", event_id=view.id,
                                          record=lambda: record().id, strike=self._strike,
                                          on_error=self.failed.emit))
        return view

    def _strike(self, event_id: int) -> None:
        from desk.services.events import remove_event

        self._write(remove_event, "event", event_id=event_id, reason="undone at the desk")

    # --- bounds ---------------------------------------------------------------------------
    def close_bound(self, *, backup: bool = True) -> None:
        """Close the open bound in a worker thread; ``close_finished`` tells the outcome."""
        from desk.services.bounds import close_bound

        if self._closing is not None and self._closing.is_alive():
            return

        def work() -> None:
            try:
                with self.store.session() as session:
                    result: object = close_bound(session=session, battle_id=self.battle_id,
                                                 backup=backup, backup_dir=self.backup_dir)
            except Exception as exc:  # handed to the GUI thread, shown there in one dialog
                result = exc
            self._close_done.emit(result)

        self._closing = threading.Thread(target=work, name="close-bound", daemon=True)
        self._closing.start()

    def _after_close(self, result: object) -> None:
        if self._closing is not None:
            self._closing.join()
            self._closing = None
        if isinstance(result, CloseReport):
            self.undo_stack.clear()
            self._refresh_context()
            self.campaign_changed.emit("bound")
        self.close_finished.emit(result)

    def add_units_csv(self, text: str) -> Any:
        """Add the units of a CSV text (atomic; an import is not undone from the stack)."""
        from desk.services.oob_csv import import_units_csv

        return self._write(import_units_csv, "oob", battle_id=self.battle_id, text=text)

    def reopen_bound(self, *, discard_next: bool = False) -> None:
        """Reopen the last closed bound; the undo stack is cleared."""
        from desk.services.reopen import reopen_bound

        self.undo_stack.clear()
        self._write(reopen_bound, "bound", battle_id=self.battle_id, discard_next=discard_next)


def _changed_meanwhile(session: Any, unit_id: int) -> None:
    """Refuse a write over an order another umpire changed since this desk read it."""
    from desk.services.common import get_unit
    from desk.services.errors import ConcurrentChangeError

    raise ConcurrentChangeError(f"Another umpire changed {get_unit(session, unit_id).name}'s "
                                "order since you opened it; reload to see theirs.")
