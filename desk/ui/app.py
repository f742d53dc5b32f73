"""The composition root: builds the store, the operations layer, the window and the application.

No global main window and no registry: whatever a widget needs is passed to
it here. Opening another campaign (File menu, recent campaigns) builds a new
store and window and closes the old ones; the settings remember the window's
geometry and the campaigns opened.
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QIcon, QUndoStack
from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox

from desk import __version__
from desk.services.collector import collector_paused
from desk.ui.language import fill_language_menu, install_translators
from desk.ui.palette import DeskPalette
from desk.ui.settings import COLOUR_SCHEME, LANGUAGE, RECENT_CAMPAIGNS, Settings, umpire_at
from desk.ui.window_memory import WindowMemory

if TYPE_CHECKING:  # imported where first used: the window and the store import a lot
    from desk.store import CampaignStore
    from desk.ui.dialogs import Dialogs
    from desk.ui.main_window import MainWindow


def _application() -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    app = QApplication(sys.argv[:1])
    app.setApplicationName("Umpire's Desk")
    app.setOrganizationName("Umpire's Desk")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("io.github.umpiresdesk.Desk")
    app.setWindowIcon(_icon())
    return app


def _icon() -> QIcon:
    from desk.resources import icons_dir

    icon = QIcon()
    for size in (48, 64, 128, 256, 512):
        path = icons_dir() / f"desk-{size}.png"
        if path.is_file():
            icon.addFile(str(path))
    return icon


def _show_crash(title: str, text: str) -> None:
    QMessageBox.critical(None, title, text)


def _ask_read_only(holder: str) -> bool:
    answer = QMessageBox.question(
        None,
        QCoreApplication.translate("App", "Campaign in use"),
        QCoreApplication.translate(
            "App", "Another desk has this campaign open for writing ({holder}).\n\n"
            "Open it read-only, or cancel?").format(holder=holder),
        QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Open


def open_store(*, target: str, read_only: bool, umpire: str | None = None
               ) -> CampaignStore | None:
    """Open the campaign, offering read-only when another desk holds it; None if cancelled.

    ``umpire``: the name to write as (None: found by the store, desk.store.who)."""
    from desk.store import CampaignLockedError, StoreError, open_campaign

    try:
        return open_campaign(target, read_only=read_only, umpire=umpire)
    except CampaignLockedError as exc:
        if _ask_read_only(str(getattr(exc, "holder", exc))):
            return open_campaign(target, read_only=True, umpire=umpire)
        return None
    except StoreError as exc:
        QMessageBox.critical(None, QCoreApplication.translate("App", "Cannot open the campaign"),
                             str(exc))
        print(f"desk: {exc}", file=sys.stderr)
        return None


_frozen = False


def _freeze_start_up() -> None:
    """Once per process, when the first window is built: what the imports and the window
    made so far (modules, classes, the ORM's tables and mappers, Qt's wrappers) lives as
    long as the process, so it is moved out of the cyclic collector's sight (``gc.freeze``):
    its full collections would walk all of it again in a pause while the umpire types."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()


def build_window(*, store: CampaignStore, dialogs: Dialogs | None = None,
                 backup_dir: Path | None = None, drafts_dir: Path | None = None,
                 palette: DeskPalette | None = None,
                 settings: Settings | None = None) -> MainWindow:
    """The main window over an open store, with its own operations layer and undo stack.

    ``drafts_dir``: where unsaved orders are kept (default: ``drafts/`` in the data dir).
    """
    # The collector held off while the window's modules load and it is built: what they
    # make lives as long as the window, and the collector's walks over it found nothing to
    # free (a tenth of a start-up, issue 28). Then all of it is put out of its sight.
    with collector_paused():
        from desk.resources import user_data_dir
        from desk.ui.main_window import MainWindow
        from desk.ui.operations import Operations
        from desk.ui.orders.draft_keeper import open_drafts

        stack = QUndoStack()
        ops = Operations(store=store, undo_stack=stack, backup_dir=backup_dir)
        where = str(store.path) if store.path is not None else str(store.url)
        drafts = open_drafts(ops=ops, store=store,
                             folder=drafts_dir or user_data_dir() / "drafts")
        window = MainWindow(ops=ops, dialogs=dialogs, title=where, drafts=drafts,
                            palette=palette, settings=settings)
    _freeze_start_up()
    stack.setParent(window)  # the window owns them: they go when it goes
    ops.setParent(window)
    for warning in store.warnings:
        window.statusBar().showMessage(warning)
    return window


class Desk:
    """The running desk: the settings and the one open campaign with its window."""

    def __init__(self, settings: Settings) -> None:
        from desk.resources import user_data_dir
        from desk.ui import desk_log

        desk_log.install(log_dir=user_data_dir() / "logs")  # beside crash.py's reports
        self.settings = settings
        # One palette for the desk's life: the scheme outlives the campaign's window.
        self.palette = DeskPalette(DeskPalette.choice_of(settings.get(COLOUR_SCHEME)))
        self.palette.chosen.connect(lambda choice: settings.set(COLOUR_SCHEME, choice))
        self.palette.apply()
        self.store: CampaignStore | None = None
        self.window: MainWindow | None = None
        self.memory: WindowMemory | None = None  # the window's geometry, saved as it changes

    def open(self, target: str, *, read_only: bool = False) -> bool:
        """Open a campaign in a new window, closing the one shown before."""
        # The collector held off from the store's first import to the built window, as in
        # build_window: the store's tables and mappers live as long as the process too.
        with collector_paused():
            store = self._open_as_umpire(target, read_only=read_only)
            if store is None:
                return False
            try:
                window = build_window(store=store, palette=self.palette,
                                      settings=self.settings)
            except Exception as exc:  # a file that opens but holds no campaign, or a bad one
                store.close()
                QMessageBox.critical(
                    None, QCoreApplication.translate("App", "Cannot show the campaign"),
                    str(exc))
                return False
        window.show()  # first: closing the old window must not leave none (Qt would quit)
        self._close_current()
        self.store, self.window = store, window
        self.memory = WindowMemory(window=window, settings=self.settings)
        self.memory.restore()  # saved again whenever it changes, not only at quit
        window.campaign_requested.connect(self.open)
        self.settings.remember_campaign(target)
        self._fill_recent(window)
        fill_language_menu(window.language_menu, window=window, settings=self.settings)
        window.orders.offer_drafts()  # after a crash: "Restore N unsaved orders?"
        return True

    def _open_as_umpire(self, target: str, *, read_only: bool) -> CampaignStore | None:
        """Open the campaign as the umpire named on the command line (``--umpire``), else as
        the store finds (desk.store.who); where the campaign names umpires and none signs
        in as this database role, ask which one is at the desk, offering the answer given
        at the last open first (issue 33)."""
        import os

        asked = os.environ.get("DESK_UMPIRE") or None
        store = open_store(target=target, read_only=read_only, umpire=asked)
        if store is None:
            return None
        choices = list(store.identity.choices)
        if choices:
            remembered = self.settings.get(umpire_at(target))
            first = choices.index(remembered) if remembered in choices else 0
            name, chosen = QInputDialog.getItem(
                None, QCoreApplication.translate("App", "Which umpire are you?"),
                QCoreApplication.translate(
                    "App", "This campaign names its umpires, and none of them signs in as "
                    "this database role. Your orders, events and rulings will carry the name "
                    "you choose:"), choices, first, False)
            if chosen and name:
                store.requested_umpire = name
                store.forget_identity()
                self.settings.set(umpire_at(target), name)
        return store

    def _fill_recent(self, window: MainWindow) -> None:
        menu = window.recent_menu
        menu.clear()
        for target in self.settings.get(RECENT_CAMPAIGNS):
            action = menu.addAction(target)
            action.triggered.connect(lambda _c=False, t=target: self.open(t))

    def _close_current(self) -> None:
        if self.memory is not None:
            self.memory.save()
            self.memory = None
        if self.window is not None:
            self.window.close()
            self.window.deleteLater()
        if self.store is not None:
            self.store.close()
        self.window = self.store = None

    def shutdown(self) -> None:
        """Remember the geometry and close the campaign."""
        self._close_current()
        self.settings.sync()


def run_app(*, target: str, read_only: bool, language: str | None = None) -> int:
    """Run the desk on one campaign until the window closes (in ``language`` when given,
    else in the language of the settings)."""
    from desk.resources import user_data_dir
    from desk.ui import crash

    log_dir = user_data_dir() / "logs"
    # First, as Qt's start-up can abort too. faulthandler holds the file it was
    # given, so it stays open to the process's last moment (a crash at exit too).
    crash.enable_fault_log(log_dir=log_dir)
    app = _application()
    crash.install(log_dir=log_dir, show=_show_crash)
    settings = Settings(QSettings())
    install_translators(app, language or settings.get(LANGUAGE))  # before any widget
    desk = Desk(settings)
    opened = desk.open(target, read_only=read_only)
    gc.enable()  # held since the launch (desk.ui.launch.hold_collector)
    if not opened:
        return 1
    try:
        return int(app.exec())
    finally:
        desk.shutdown()
