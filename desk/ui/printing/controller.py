"""Order sheets through the one Print dialog, and filled forms brought back in.

Ctrl+P asks :meth:`Dialogs.print_choice` (sides, per command or whole side,
blank / filled / the umpire's copy, fillable, bound, paper, folder), builds
every sheet's view model on the GUI thread (reads, one session each), then
renders them all off it behind one progress dialog, one PDF per side and
command, into a folder named after the campaign and bound beside the campaign
file (``<campaign> bound 7/French - VI Corps.pdf``). The paper size is
remembered. File → Import filled forms writes the forms' orders as drafts and
lists them for review.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QProgressDialog, QWidget

from desk.ui.background import run_in_background
from desk.ui.changes import Change
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.operations import Operations
from desk.ui.plural import Counted
from desk.ui.settings import PAPER_SIZE, Settings

if TYPE_CHECKING:  # imported where first used: the window's first paint needs none of it
    from desk.services.printing.viewmodels import SheetModel
    from desk.ui.printing.dialog import PrintChoice, SheetJob

translate = QCoreApplication.translate  # lupdate reads translate("Context", "...") calls


class _Step(QObject):
    """Carries "one more PDF written" from the worker to the progress bar (queued)."""

    done = Signal(int, str)


class PrintController(Controller):
    """Print order sheets (one dialog, many PDFs) and import filled forms."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget,
                 settings: Settings | None, shown_bound: Callable[[], int],
                 chosen_side: Callable[[], str | None],
                 show_status: Callable[[str], None]) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.settings = settings
        self.shown_bound = shown_bound
        self.chosen_side = chosen_side
        self.show_status = show_status
        self.written: list[Path] = []  # the PDFs of the last print, once all are written

    def default_folder(self, bound: int) -> Path:
        """``<campaign> bound N`` beside the campaign file (or in the last folder used)."""
        from desk.ui.printing.dialog import file_name

        path = self.ops.store.path
        base = path.parent if path is not None else Path(self.dialogs.start_folder()
                                                         or Path.home())
        return base / file_name(f"{self.ops.context.campaign} bound {bound}")

    def default_choice(self) -> PrintChoice:
        """What the dialog offers first: the side shown, per top command, blank, this bound."""
        from desk.services.printing.viewmodels import Paper, SheetMode
        from desk.ui.printing.dialog import PrintChoice

        ctx = self.ops.context
        side = self.chosen_side()
        paper = self.settings.get(PAPER_SIZE) if self.settings is not None else Paper.A4.value
        bound = self.shown_bound()
        return PrintChoice(
            sides=(side,) if side else tuple(ctx.sides), level=1, mode=SheetMode.BLANK,
            fillable=False, bound=bound,
            paper=Paper(paper) if paper in tuple(Paper) else Paper.A4,
            folder=self.default_folder(bound), open_folder=False)

    def print_sheets(self) -> None:
        """Ask what to print, then write one PDF per side and command."""
        from desk.services.oob.names import campaign_names
        from desk.services.screens.startup import oob_nodes
        from desk.ui.printing.dialog import sheet_jobs

        ctx = self.ops.context
        tree = self.guard(lambda: self.ops.read(lambda s: oob_nodes(session=s,
                                                                    campaign_id=ctx.campaign_id)))
        names = self.guard(lambda: self.ops.read(
            lambda s: campaign_names(session=s, campaign_id=ctx.campaign_id)))
        if tree is None or names is None:
            return
        labels = dict(names.commands)
        choice = self.dialogs.print_choice(
            tree=tree, labels=labels, choice=self.default_choice(),
            current_bound=ctx.current_bound,
            open_bound=ctx.current_bound if ctx.bound_open else None)
        if choice is None:
            return
        if self.settings is not None:
            self.settings.set(PAPER_SIZE, choice.paper.value)
        if choice.folder == self.default_folder(self.shown_bound()):  # follows the bound
            choice = replace(choice, folder=self.default_folder(choice.bound))
        jobs = sheet_jobs(tree, choice, labels)
        self.print_jobs(jobs, choice)

    def _sheet_model(self, job: SheetJob, choice: PrintChoice) -> SheetModel | None:
        """One sheet's model, or None when the services refused it (said in one dialog)."""
        from desk.services.printing import views

        return self.guard(lambda: self.ops.read(
            lambda s: views.order_sheet_model(session=s, side=job.side, command=job.command,
                                              bound=choice.bound, mode=choice.mode,
                                              fillable=choice.fillable, paper=choice.paper)))

    def print_jobs(self, jobs: list[SheetJob], choice: PrintChoice) -> None:
        """Build the sheets' models now, render and write them in the background."""
        models: list[tuple[SheetJob, SheetModel]] = []
        for job in jobs:
            model = self._sheet_model(job, choice)
            if model is None:
                return
            models.append((job, model))
        try:
            choice.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self.dialogs.show_error(OSError(translate(
                "PrintController", "The folder {folder} could not be made: {why}").format(
                    folder=choice.folder, why=exc.strerror or exc)))
            return

        # A progress bar that counts the PDFs (a big order of battle makes dozens).
        dialog = QProgressDialog(Counted().writing_pdfs(len(models)),
            "", 0, len(models), self.parent)
        dialog.setCancelButton(None)  # a PDF half-written is worth nothing: no stopping
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(0)
        dialog.show()
        step = _Step(self.parent)

        def advanced(count: int, name: str) -> None:
            dialog.setValue(count)
            dialog.setLabelText(translate(
                "PrintController", "Written {count} of {n}: {name}").format(
                    count=count, n=len(models), name=name))

        step.done.connect(advanced, Qt.ConnectionType.QueuedConnection)

        def work() -> list[Path]:
            from desk.sheets import OrderSheet

            renderer = OrderSheet()
            written = []
            for job, model in models:
                job.path.write_bytes(renderer.render(model))
                written.append(job.path)
                step.done.emit(len(written), job.path.name)
            return written

        def finished(result: object) -> None:
            dialog.close()
            dialog.deleteLater()
            step.deleteLater()
            if isinstance(result, BaseException):
                self.dialogs.show_error(result)
                return
            assert isinstance(result, list)
            self.written = result
            self.show_status(Counted().pdfs_written(len(result), folder=str(choice.folder)))
            if choice.open_folder:
                QDesktopServices.openUrl(QUrl.fromLocalFile(str(choice.folder)))

        self.written = []
        run_in_background(owner=self.parent, work=work, done=finished)

    def import_forms(self) -> None:
        """File → Import filled forms: their orders become drafts, listed for review."""
        from desk.services.printing.form_import import import_filled_forms

        if self.ops.read_only:
            return
        paths = self.dialogs.open_paths(translate("PrintController", "Import filled forms"),
                                        translate("PrintController", "PDF forms (*.pdf)"))
        if not paths:
            return
        sources = [(p.name, p) for p in paths]
        result = self.guard(lambda: self.ops.write(
            lambda s: import_filled_forms(session=s, sources=sources), Change.ORDER))
        if result is not None:
            self.show_status(Counted().drafts_imported(len(result.imported), forms=len(paths)))
            self.dialogs.show_imported(result)
