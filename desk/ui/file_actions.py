"""The File and Print menus: new, open, save a copy, backups, PDFs.

A mixin of the main window (the order of battle's files are in
:mod:`desk.ui.oob_actions`). Opening another campaign is the composition
root's business: the window asks for it with ``campaign_requested(path)``.
Restoring a backup closes the campaign first, puts the backup in place and
asks for the campaign again (the composition root opens it in a new window).
PDFs are rendered off the GUI thread (reportlab takes a while on a big order
of battle) behind a progress dialog, written to the chosen file and opened
with the system viewer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from PySide6.QtCore import QObject, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QWidget

from desk.ui.oob_actions import CAMPAIGN_FILTER, OobActions


class _Relay(QObject):
    """Carries a worker thread's result back to the GUI thread (a queued signal)."""

    done = Signal(object)


class FileActions(OobActions):
    """File and Print actions (mixed into the main window)."""

    ops: Any
    dialogs: Any
    campaign_requested: Any
    shown_bound: int
    side_box: Any
    _relay: _Relay | None = None

    @property
    def _widget(self) -> QWidget:
        """The main window this is mixed into: the parent of its dialogs."""
        return cast(QWidget, self)

    def new_campaign(self) -> None:
        """A new campaign file (demo scenario or empty), then opened in its own window."""
        choice = self.dialogs.new_campaign()
        if choice is None:
            return
        path = self._save_path("New campaign file", f"{choice.rules_system}.desk",
                               CAMPAIGN_FILTER)
        if path is None:
            return
        from desk.ui.new_campaign import make_campaign_file

        try:
            make_campaign_file(path=path, choice=choice)
        except Exception as exc:  # a refused file or scenario: one dialog, no traceback
            self.dialogs.show_error(exc)
            return
        self.campaign_requested.emit(str(path))

    def open_campaign(self) -> None:
        """Choose a campaign file and open it."""
        path = self._open_path("Open campaign", CAMPAIGN_FILTER)
        if path is not None:
            self.campaign_requested.emit(str(path))

    def save_copy(self) -> None:
        """Write a consistent copy of the campaign (SQLite's backup API) to a new file."""
        store = self.ops.store
        if getattr(store, "path", None) is None:
            QMessageBox.information(self._widget, "Save a copy", "A campaign on a database "
                                    "server is copied with the server's own tools (pg_dump).")
            return
        path = self._save_path("Save a copy as", f"{store.path.stem}-copy.desk", CAMPAIGN_FILTER)
        if path is None:
            return
        from desk.store import backup_sqlite

        try:
            backup_sqlite(store_or_path=store.path, dest=path)
        except Exception as exc:
            self.dialogs.show_error(exc)

    def show_backups(self) -> None:
        """Choose one of the campaign's backups and, once confirmed, restore it."""
        from desk.services.campaign.backups import campaign_backups, restore_campaign_backup

        store = self.ops.store
        path: Path | None = getattr(store, "path", None)
        if path is None or self.ops.read_only:
            QMessageBox.information(self._widget, "Backups", "Only a campaign file opened for "
                                    "writing is restored here (a server database: its own "
                                    "tools).")
            return
        found = self.guard(lambda: campaign_backups(campaign_path=path,  # type: ignore[attr-defined]
                                                    backup_dir=self.ops.backup_dir))
        chosen = self.dialogs.choose_backup(found) if found is not None else None
        if chosen is None or not self.dialogs.confirm_restore(chosen):
            return
        self.ops.undo_stack.clear()
        store.close()  # the file is replaced under no open connection and no writer lock
        try:
            restore_campaign_backup(backup=chosen.path, campaign_path=path,
                                    backup_dir=self.ops.backup_dir)
        except Exception as exc:  # the campaign was left as it was: open it again anyway
            self.dialogs.show_error(exc)
        self.campaign_requested.emit(str(path))

    # --- print ----------------------------------------------------------------------------
    def print_document(self, what: str) -> None:
        """Build the view model, render the PDF off the GUI thread, save it and open it."""
        from desk.services.printing import views as sv

        bound = self.shown_bound
        model: Any
        if what == "sheets":
            side = self.side_box.currentData() or self.ops.context.sides[0]
            model = self.guard(lambda: self.ops.read(  # type: ignore[attr-defined]
                sv.order_sheet_model, side=side, bound=bound))
            suggested = f"orders-{side.lower()}-bound-{bound}.pdf"
        elif what == "chart":
            model = self.guard(lambda: self.ops.read(sv.chart_model))  # type: ignore[attr-defined]
            suggested = f"chart-{self.ops.context.rules_system}.pdf"
        else:
            model = self.guard(lambda: self.ops.read(  # type: ignore[attr-defined]
                sv.bound_report_model, bound=bound))
            suggested = f"report-bound-{bound}.pdf"
        if model is None:
            return
        path = self._save_path("Save the PDF", suggested, "PDF (*.pdf)")
        if path is not None:
            self.render_pdf(what, model, path)

    def render_pdf(self, what: str, model: Any, path: Path,
                   then: Callable[[Path], None] | None = None) -> None:
        """Render ``model`` to ``path`` in a worker thread; open it when done."""
        progress = QProgressDialog(f"Writing {path.name}…", "", 0, 0, self._widget)
        progress.setCancelButton(None)
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(0)
        progress.show()
        relay = _Relay()
        self._relay = relay

        def work() -> None:
            try:
                from desk import sheets

                renderer = {"sheets": "OrderSheet", "chart": "ChartSheet"}.get(what,
                                                                             "BoundReport")
                path.write_bytes(getattr(sheets, renderer)().render(model))
                relay.done.emit(path)
            except Exception as exc:  # shown in the GUI thread, in one dialog
                relay.done.emit(exc)

        def finished(result: object) -> None:
            progress.close()
            progress.deleteLater()
            self._relay = None
            if isinstance(result, BaseException):
                self.dialogs.show_error(result)
            elif then is not None:
                then(path)
            else:
                QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))

        relay.done.connect(finished)
        threading.Thread(target=work, name="render-pdf", daemon=True).start()
