"""What the window's actions do: save and cancel orders, record events, close and reopen bounds.

A mixin of :class:`~desk.ui.main_window.MainWindow` (it uses the window's
``ops``, ``dialogs``, ``form``, table and unit panel). Every use case goes
through the operations layer; a refusal from the services is shown in one
dialog by :meth:`DeskActions.guard`, never as a traceback. The file and print
actions live in :class:`~desk.ui.file_actions.FileActions`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QProgressDialog

from desk.rules.base import Severity
from desk.services.errors import OrderRefused, ServiceError
from desk.store import StoreError
from desk.ui.file_actions import FileActions
from desk.ui.order_table import OrderTableModel

T = TypeVar("T")


class DeskActions(FileActions):
    """The window's order, event and bound actions (mixed into the main window)."""

    ops: Any
    dialogs: Any
    form: Any
    table: Any
    table_proxy: Any
    unit_panel: Any
    drafts: Any  # the window's DraftKeeper
    unit_id: int | None
    _progress: QProgressDialog | None = None
    select_unit: Callable[..., None]  # the window's

    def guard(self, work: Callable[[], T]) -> T | None:
        """Run ``work``; show a service's refusal in one dialog (offering reload on conflict)."""
        try:
            return work()
        except (ServiceError, StoreError, ValueError) as exc:
            if self.dialogs.show_error(exc):
                self.ops.reload()
            return None

    def undo_failed(self, error: BaseException) -> None:
        """An undo or redo the services refused (the stack dropped it): one dialog."""
        if self.dialogs.show_error(error):
            self.ops.reload()

    # --- orders ---------------------------------------------------------------------------
    def save_order(self) -> bool:
        """Save the form's order; with errors, only with an override reason. Then move on."""
        context = self.form.context
        if context is None or not context.editable or self.ops.read_only:
            return False
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

    def offer_drafts(self) -> None:
        """After a crash: offer the open bound's unsaved orders back, and show the first."""
        units = {row.unit_id: row.unit for row in self.ops.order_rows()}
        restored = self.drafts.offer(units=units, dialogs=self.dialogs)
        if restored:
            self.select_unit(restored[0], force=True)

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
        proxy = self.table_proxy
        rows = proxy.rowCount()
        if rows == 0:
            return
        start = 0
        current = after if after is not None else self.unit_id
        for row in range(rows):
            if proxy.index(row, 0).data(OrderTableModel.UnitIdRole) == current:
                start = row + 1
                break
        for step in range(rows):
            index = proxy.index((start + step) % rows, 0)
            if index.data(OrderTableModel.MissingRole):
                self.select_unit(int(index.data(OrderTableModel.UnitIdRole)))
                self.form.verbatim_edit.setFocus(Qt.FocusReason.OtherFocusReason)
                return

    # --- events ---------------------------------------------------------------------------
    def record_event(self) -> None:
        """Ctrl+E: record the event kind chosen in the unit panel."""
        self.unit_panel.request_event()

    def record_event_kind(self, code: str) -> None:
        """Ask for the event's data and record it against the chosen unit."""
        if self.unit_id is None or not self.ops.context.bound_open:
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
        unit_id = self.unit_id
        self.guard(lambda: self.ops.record_event(unit_id=unit_id, kind=code, data=data,
                                                 seen_version=seen))

    # --- bounds ---------------------------------------------------------------------------
    def close_bound(self) -> None:
        """Show what is missing, then close the bound with a progress dialog."""
        summary = self.guard(self.ops.close_summary)
        if summary is None or not self.dialogs.confirm_close(
                summary, unsaved=self.drafts.unsaved_names()):
            return
        progress = QProgressDialog(f"Closing bound {summary.bound}: carrying "
                                   f"{summary.units} units into the next bound…", "", 0, 0,
                                   self._widget)
        progress.setCancelButton(None)  # a close is one transaction: it cannot stop half-way
        progress.setWindowTitle("Closing the bound")
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(0)
        progress.show()
        self._progress = progress
        self.ops.close_bound()

    def _close_finished(self, result: object) -> None:
        if self._progress is not None:
            self._progress.close()
            self._progress.deleteLater()
            self._progress = None
        if isinstance(result, BaseException) and self.dialogs.show_error(result):
            self.ops.reload()

    def reopen_bound(self) -> None:
        """Confirm, then undo the last close exactly."""
        ctx = self.ops.context
        if ctx.current_bound <= 1:
            return
        summary = self.guard(self.ops.close_summary) if ctx.bound_open else None
        done = 0 if summary is None else summary.units - len(summary.without_order)
        work = f"Bound {ctx.current_bound} already has {done} orders." if done else ""
        if not self.dialogs.confirm_reopen(bound=ctx.current_bound - 1, work=work):
            return
        self.guard(lambda: self.ops.reopen_bound(discard_next=True))
