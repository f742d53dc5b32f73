"""Orders and events: save (overruling with a reason), cancel, the next unit without an order,
in-bound events, and unsaved orders offered back after a crash.

A refusal from the services is one dialog (:meth:`Controller.guard`), never a
traceback; an order the rules refuse is saved only with the umpire's reason. An
order whose written words and fields disagree is saved only after one choice
(the words, or the fields as they are); Ctrl+U takes the words, Ctrl+H writes
and saves a hold.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from desk.rules.base import Severity
from desk.services.errors import OrderRefused, ServiceError
from desk.store import StoreError
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.oob.unit_panel import UnitPanel
from desk.ui.operations import Operations
from desk.ui.orders.draft_keeper import DraftKeeper
from desk.ui.orders.form import OrderForm
from desk.ui.orders.table import OrderFilterProxy, OrderTableModel


class UnitSelection(Protocol):
    """The window's chosen unit, and the way to choose another."""

    @property
    def unit_id(self) -> int | None:
        """The unit shown in the form and the unit panel."""
        ...

    def select_unit(self, unit_id: int, *, force: bool = False) -> None:
        """Show a unit in the form and the unit panel."""
        ...

    def focus_form(self) -> None:
        """The cursor in the order text, scrolled into view."""
        ...

    @property
    def shown_bound(self) -> int:
        """The bound the order table shows."""
        ...


class OrderController(Controller):
    """Save and cancel orders, go to the next unit without one, record events."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget, form: OrderForm,
                 table: OrderFilterProxy, unit_panel: UnitPanel, drafts: DraftKeeper,
                 selection: UnitSelection,
                 show_status: Callable[[str], None] | None = None) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.show_status = show_status or (lambda _text: None)
        self.form = form
        self.table = table
        self.unit_panel = unit_panel
        self.drafts = drafts
        self.selection = selection

    def undo_failed(self, error: BaseException) -> None:
        """An undo or redo the services refused (the stack dropped it): one dialog."""
        if self.dialogs.show_error(error):
            self.ops.reload()

    # --- orders ---------------------------------------------------------------------------
    def save_order(self, *, words_chosen: bool = False) -> bool:
        """Save the form's order; with errors, only with an override reason. Then move on.

        Written words that the fields disagree with ask once: use the words, or keep the
        fields (``words_chosen``: the umpire already chose, as the Hold key does).
        """
        # One notice when it is all done: the next unit on the form, then the views redrawn.
        with self.ops.held_notices():
            return self._save_order(words_chosen=words_chosen)

    def _save_order(self, *, words_chosen: bool) -> bool:
        context = self.form.context
        if context is None or not context.editable or self.ops.read_only:
            return False
        if not words_chosen and not self.form.word_reading().agreed:
            choice = self.dialogs.words_or_fields(unit=context.unit.name,
                                                  offer=self.form.word_offer())
            if choice is None:
                return False  # back to the form, nothing saved
            if choice == "words":
                self.form.use_words()
        findings = self.form.check_now()
        reason = ""
        if any(f.severity is Severity.ERROR for f in findings):
            answer = self.dialogs.ask_override_reason(unit=context.unit.name, findings=findings)
            if not answer or not answer.strip():
                return False  # no reason, no order
            reason = answer.strip()
        unit_id = context.unit.id
        seen = context.order.version if context.order is not None else None  # as the form saw
        try:
            self.ops.save_order(unit_id=unit_id, fields=self.form.fields(),
                                verbatim=self.form.verbatim(), override_reason=reason,
                                situation=self.form.situation(), seen_version=seen)
        except OrderRefused as refused:  # the state changed under the form: ask once more
            answer = self.dialogs.ask_override_reason(unit=context.unit.name,
                                                      findings=refused.findings)
            if not answer or not answer.strip():
                return False
            saved = self.guard(lambda: self.ops.save_order(
                unit_id=unit_id, fields=self.form.fields(), verbatim=self.form.verbatim(),
                override_reason=answer.strip(), situation=self.form.situation(),
                seen_version=seen))
            if saved is None:
                return False
        except (ServiceError, StoreError) as exc:
            if self.dialogs.show_error(exc):  # Reload: what was typed gives way, as it says
                self.drafts.forget(unit_id)
                self.ops.reload()
            return False
        self.drafts.forget(unit_id)  # saved: no longer a draft
        self.next_without_order(after=unit_id)
        return True

    def use_words(self) -> None:
        """Ctrl+U: the fields take what the written words ask for."""
        if self.form.context is None or not self.form.context.editable:
            return
        if not self.form.use_words():
            self.show_status(QCoreApplication.translate(
                "OrderController", "The written words and the fields agree: nothing to use."))

    def hold_order(self) -> None:
        """Ctrl+H: write an order to hold where it stands for the chosen unit, and save it."""
        context = self.form.context
        if context is None or not context.editable or self.ops.read_only:
            return
        if not self.form.write_hold():
            self.show_status(QCoreApplication.translate(
                "OrderController", "{system} has no order to hold: write the order in its "
                "fields.").format(system=self.ops.system.name))
            return
        self.save_order(words_chosen=True)  # the key is the umpire's choice: no question

    def offer_drafts(self) -> None:
        """After a crash: offer the open bound's unsaved orders back, and show the first."""
        # The order table of the open bound as the window shows it: at start-up, the first
        # screen's own read (issue 28: the offer read the whole table a second time).
        model = self.table.order_model()
        shown = (model.rows() if isinstance(model, OrderTableModel)
                 and self.selection.shown_bound == self.ops.context.current_bound
                 else self.ops.order_rows())
        # The names alone: building every row (its summary by the rules) is not needed here.
        units = shown.unit_names()
        restored = self.drafts.offer(units=units, dialogs=self.dialogs)
        if restored:
            self.selection.select_unit(restored[0], force=True)

    def cancel_order(self) -> None:
        """Cancel the chosen unit's order."""
        context = self.form.context
        if context is None or context.order is None or not context.editable:
            return
        order_id, seen = context.order.id, context.order.version
        if self.guard(lambda: self.ops.cancel_order(unit_id=context.unit.id, order_id=order_id,
                                                    seen_version=seen)) is not None:
            self.drafts.forget(context.unit.id)

    def next_without_order(self, after: int | None = None) -> None:
        """Go to the next unit (in the table's order) without an order, and to its form."""
        proxy = self.table
        rows = proxy.rowCount()
        if rows == 0:
            return
        start = 0
        current = after if after is not None else self.selection.unit_id
        for row in range(rows):
            if proxy.index(row, 0).data(OrderTableModel.UnitIdRole) == current:
                start = row + 1
                break
        for step in range(rows):
            index = proxy.index((start + step) % rows, 0)
            if index.data(OrderTableModel.MissingRole):
                self.selection.select_unit(int(index.data(OrderTableModel.UnitIdRole)))
                self.selection.focus_form()  # in view too: the next order is never typed blind
                return

    # --- events ---------------------------------------------------------------------------
    def record_event(self) -> None:
        """Ctrl+E: record the event kind chosen in the unit panel."""
        self.unit_panel.request_event()

    def record_event_kind(self, code: str) -> None:
        """Ask for the event's data and record it against the chosen unit."""
        unit_id = self.selection.unit_id
        if unit_id is None or not self.ops.context.bound_open:
            return
        kind = next((k for k in self.ops.system.event_kinds() if k.code == code), None)
        if kind is None:
            return
        shown = self.unit_panel.data
        unit = shown.unit.name if shown else ""
        seen = shown.state.version if shown else None  # the state the panel showed
        data = self.dialogs.event_data(kind, unit=unit)
        if data is None:
            return
        self.guard(lambda: self.ops.record_event(unit_id=unit_id, kind=code, data=data,
                                                 seen_version=seen))
