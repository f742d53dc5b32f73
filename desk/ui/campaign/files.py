"""The File and Print menus: new, open, save a copy, backups, PDFs.

The order of battle's files are in :mod:`desk.ui.oob.controller`. Opening
another campaign is the composition root's business: the controller asks for it
through ``request_campaign(path)`` (the window's ``campaign_requested`` signal).
Restoring a backup closes the campaign first, puts the backup in place and
asks for the campaign again (the composition root opens it in a new window).
PDFs are rendered off the GUI thread (reportlab takes a while on a big order
of battle) behind a progress dialog (:func:`~desk.ui.background.run_in_background`),
written to the chosen file and opened with the system viewer.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox, QWidget

from desk.ui.background import Progress, run_in_background
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.oob.controller import campaign_filter
from desk.ui.operations import Operations

if TYPE_CHECKING:  # the first paint needs none of the printing models
    from desk.services.condition.losses_view import LossesModel
    from desk.services.printing.viewmodels import ChartModel, ReportModel, SheetModel

    PrintModel = ChartModel | ReportModel | LossesModel | SheetModel

translate = QCoreApplication.translate  # lupdate reads translate("FileController", "...") calls

class FileController(Controller):
    """File and Print actions."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget,
                 request_campaign: Callable[[str], None],
                 shown_bound: Callable[[], int]) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.request_campaign = request_campaign
        self.shown_bound = shown_bound

    def new_campaign(self) -> None:
        """A new campaign file (demo scenario or empty), then opened in its own window."""
        choice = self.dialogs.new_campaign()
        if choice is None:
            return
        path = self.dialogs.save_path(
            translate("FileController", "New campaign file"), f"{choice.rules_system}.desk",
            campaign_filter())
        if path is None:
            return
        from desk.ui.campaign.new_campaign import make_campaign_file

        try:
            make_campaign_file(path=path, choice=choice)
        except Exception as exc:  # a refused file or scenario: one dialog, no traceback
            self.dialogs.show_error(exc)
            return
        self.request_campaign(str(path))

    def open_campaign(self) -> None:
        """Choose a campaign file and open it."""
        path = self.dialogs.open_path(
            translate("FileController", "Open campaign"), campaign_filter())
        if path is not None:
            self.request_campaign(str(path))

    def save_copy(self) -> None:
        """Write a consistent copy of the campaign (SQLite's backup API) to a new file."""
        source = self.ops.store.path
        if source is None:
            QMessageBox.information(
                self.parent, translate("FileController", "Save a copy"), QCoreApplication.translate(
                    "FileController", "A campaign on a database server is copied with the server's "
                    "own tools (pg_dump)."))
            return
        path = self.dialogs.save_path(translate("FileController", "Save a copy as"),
                                      f"{source.stem}-copy.desk", campaign_filter())
        if path is None:
            return
        from desk.store import backup_sqlite

        try:
            backup_sqlite(store_or_path=source, dest=path)
        except Exception as exc:
            self.dialogs.show_error(exc)

    def show_backups(self) -> None:
        """Choose one of the campaign's backups and, once confirmed, restore it."""
        from desk.services.campaign.backups import campaign_backups, restore_campaign_backup

        store = self.ops.store
        path: Path | None = getattr(store, "path", None)
        if path is None or self.ops.read_only:
            QMessageBox.information(
                self.parent, translate("FileController", "Backups"), QCoreApplication.translate(
                    "FileController", "Only a campaign file opened for writing is restored here "
                    "(a server database: its own tools)."))
            return
        found = self.guard(lambda: campaign_backups(campaign_path=path,
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
        self.request_campaign(str(path))

    # --- print ----------------------------------------------------------------------------
    def print_document(self, what: str) -> None:
        """The chart, the bound report or the losses report: render it off the GUI thread,
        save it and open it.

        (Order sheets have their own dialog: :mod:`desk.ui.printing.controller`.)
        """
        from desk.services.printing import report_view
        from desk.services.printing import views as sv

        bound = self.shown_bound()
        model: PrintModel | None
        if what == "chart":
            model = self.guard(lambda: self.ops.read(lambda s: sv.chart_model(session=s)))
            suggested = f"chart-{self.ops.context.rules_system}.pdf"
        else:  # a battle and a bound chosen first, proposed as the last played (issue 30)
            from desk.services.printing.report_choice import Report, report_choice

            report = Report(what)
            offer = self.guard(lambda: self.ops.read(
                lambda s: report_choice(session=s, report=report, battle_id=self.ops.battle_id,
                                        shown_bound=bound)))
            chosen = self.dialogs.choose_report(offer, report=report) if offer else None
            if offer is None or chosen is None:
                return
            battle_id, bound = chosen
            name = next(b.name for b in offer.battles if b.id == battle_id)
            if report is Report.LOSSES:  # by side, command and bound, with its chart
                from desk.services.condition.losses import losses_model

                model = self.guard(lambda: self.ops.read(
                    lambda s: losses_model(session=s, battle_id=battle_id)))
                suggested = f"losses-{name}.pdf"
            else:
                model = self.guard(lambda: self.ops.read(
                    lambda s: report_view.bound_report_model(session=s, bound=bound,
                                                             battle=name)))
                suggested = f"report-{name}-bound-{bound}.pdf"
        if model is None:
            return
        path = self.dialogs.save_path(translate("FileController", "Save the PDF"), suggested,
                                     translate("FileController", "PDF (*.pdf)"))
        if path is not None:
            self.render_pdf(model, path)

    def render_pdf(self, model: PrintModel, path: Path,
                   then: Callable[[Path], None] | None = None) -> None:
        """Render ``model`` to ``path`` in the background (its renderer is the model's);
        open it when done."""

        def work() -> Path:
            path.write_bytes(_rendered(model))
            return path

        def finished(result: object) -> None:
            if isinstance(result, BaseException):
                self.dialogs.show_error(result)
            elif then is not None:
                then(path)
            else:
                QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))

        run_in_background(owner=self.parent, work=work, done=finished,
                          progress=Progress(parent=self.parent, label=QCoreApplication.translate(
                              "FileController", "Writing {file}…").format(file=path.name)))


def _rendered(model: PrintModel) -> bytes:
    """The PDF of a printing model, by its own renderer (reportlab loads here, off the
    window's thread)."""
    from desk.services.condition.losses_view import LossesModel
    from desk.services.printing.viewmodels import ChartModel, SheetModel
    from desk.sheets import BoundReport, ChartSheet, OrderSheet
    from desk.sheets.losses_report import LossesReport

    if isinstance(model, LossesModel):
        return LossesReport().render(model)
    if isinstance(model, ChartModel):
        return ChartSheet().render(model)
    if isinstance(model, SheetModel):
        return OrderSheet().render(model)
    return BoundReport().render(model)
