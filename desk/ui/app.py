"""The composition root: builds the store, the window and the application, and runs it.

No global main window: whatever a widget needs is passed to it here.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QMessageBox

from desk import __version__


def _application() -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    app = QApplication(sys.argv[:1])
    app.setApplicationName("Umpire's Desk")
    app.setOrganizationName("Umpire's Desk")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("io.github.umpiresdesk.Desk")
    return app


def _ask_read_only(holder: str) -> bool:
    answer = QMessageBox.question(
        None,
        "Campaign in use",
        f"Another desk has this campaign open for writing ({holder}).\n\n"
        "Open it read-only, or cancel?",
        QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Open


def open_store(*, target: str, read_only: bool) -> object | None:
    """Open the campaign, offering read-only when another desk holds it; None if cancelled."""
    from desk.store import CampaignLockedError, StoreError, open_campaign

    try:
        return open_campaign(target, read_only=read_only)
    except CampaignLockedError as exc:
        if _ask_read_only(str(getattr(exc, "holder", exc))):
            return open_campaign(target, read_only=True)
        return None
    except StoreError as exc:
        QMessageBox.critical(None, "Cannot open the campaign", str(exc))
        print(f"desk: {exc}", file=sys.stderr)
        return None


def build_window(*, store: object, read_only: bool) -> object:
    """The main window over an open store."""
    from desk.services.campaign_info import campaign_overview, oob_tree
    from desk.ui.main_window import MainWindow

    with store.session() as session:  # type: ignore[attr-defined]
        overview = campaign_overview(session=session)
        sides = oob_tree(session=session)
    return MainWindow(title=str(getattr(store, "url", "")), overview=overview, sides=sides,
                      read_only=read_only or bool(getattr(store, "read_only", False)))


def run_app(*, target: str, read_only: bool) -> int:
    """Run the desk on one campaign until the window closes."""
    app = _application()
    store = open_store(target=target, read_only=read_only)
    if store is None:
        return 1
    try:
        window = build_window(store=store, read_only=read_only)
        window.show()  # type: ignore[attr-defined]
        return int(app.exec())
    finally:
        store.close()  # type: ignore[attr-defined]
