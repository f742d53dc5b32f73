"""Players ▸ Players' pages (issue 32): serve the open campaign's players' pages from the
window, and issue, reissue or revoke each player's link.

The server (:class:`~desk.ui.players.serving.PagesServer`) runs in its own thread; the
window never waits on it: Stop asks it to end and a timer watches the thread go, and
the same timer notices the players' visits (:class:`desk.web.visits.Visits`) and a
server that ended by itself. Only the window's close waits for the thread
(:meth:`PagesController.shutdown`), so no server outlives its window.

Links change through the window's one door (``ops.write(..., Change.PLAYERS)``) with the
services of :mod:`desk.services.pages.links`; a revoke is asked first
(:meth:`~desk.ui.dialogs.Dialogs.confirm_revoke`). A link's token is shown once, in the
dialog, and forgotten when it closes: the campaign keeps only its hash.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QWidget

from desk.ui.changes import Change
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.operations import Operations
from desk.ui.palette import DeskPalette

if TYPE_CHECKING:  # imported where first used: the window's first paint needs none of it
    from desk.services.pages.links import IssuedLink, LinkState
    from desk.ui.players.dialog import PlayerRow, PlayersPagesDialog
    from desk.ui.players.serving import PagesServer

translate = QCoreApplication.translate
WATCH_MS = 100  # how often the server's thread and the visits are looked at
SHUTDOWN_SECONDS = 5.0  # the window's close waits this long at most for the server


class PagesController(Controller):
    """The Players' pages dialog, the server it starts, and the links it changes."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget,
                 palette: DeskPalette, show_status: Callable[[str], None]) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.palette = palette
        self.show_status = show_status
        self.dialog: PlayersPagesDialog | None = None
        self.server: PagesServer | None = None
        self._issued: IssuedLink | None = None  # the link shown, while the dialog is open
        self._owners: dict[str, int | None] = {}  # a visiting token → its player (None: none)
        self._visits_seen = 0
        self._watch = QTimer(parent)
        self._watch.setInterval(WATCH_MS)
        self._watch.timeout.connect(self._look)
        ops.campaign_changed.connect(self._changed)

    # --- the dialog ---------------------------------------------------------------------
    def show_pages(self) -> None:
        """Players ▸ Players' pages: the dialog, with the players read now."""
        from desk.ui.players.dialog import PlayersPagesDialog

        if self.dialog is None:
            dialog = PlayersPagesDialog(campaign=self.ops.context.campaign,
                                        palette=self.palette, parent=self.parent)
            dialog.writable = not self.ops.read_only
            dialog.start_button.clicked.connect(self.start)
            dialog.stop_button.clicked.connect(self.stop)
            dialog.issue_button.clicked.connect(lambda: self.issue(reissue=False))
            dialog.reissue_button.clicked.connect(lambda: self.issue(reissue=True))
            dialog.revoke_button.clicked.connect(self.revoke)
            dialog.network_box.toggled.connect(self._show_issued)
            dialog.port_box.valueChanged.connect(self._show_issued)
            dialog.finished.connect(self._closed)
            self.dialog = dialog
        self._say_serving()
        self.refresh()
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        self.dialog.table.setFocus()

    def _closed(self, _result: int) -> None:
        self._issued = None  # shown once: gone with the dialog
        if self.dialog is not None:
            self.dialog.forget_link()

    def _changed(self, change: Change) -> None:
        if change in (Change.PLAYERS, Change.RELOAD) and self.dialog is not None \
                and self.dialog.isVisible():
            self.refresh()

    def refresh(self) -> None:
        """Read the players and their links again, with their visits as the server saw them."""
        from desk.services.packets.players import PlayerView
        from desk.services.pages.links import link_states, resolve_token

        if self.dialog is None:
            return
        visits = self.server.visits.last_visits() \
            if self.server is not None and self.server.visits is not None else {}
        unknown = [token for token in visits if token not in self._owners]

        def read() -> tuple[tuple[LinkState, ...], dict[str, PlayerView | None]]:
            states = self.ops.read(lambda s: link_states(session=s))
            owners = self.ops.read(lambda s: {t: resolve_token(session=s, token=t)
                                              for t in unknown}) if unknown else {}
            return states, owners

        listed = self.guard(read)
        if listed is None:
            return
        states, owners = listed
        self._owners.update({t: p.player_id if p is not None else None
                             for t, p in owners.items()})
        last: dict[int, datetime] = {}
        for token, when in visits.items():
            owner = self._owners.get(token)
            if owner is not None and (owner not in last or when > last[owner]):
                last[owner] = when
        self.dialog.show_players([self._row(st, last.get(st.player.player_id))
                                  for st in states])

    @staticmethod
    def _row(state: LinkState, last_visit: datetime | None) -> PlayerRow:
        from desk.ui.players.dialog import PlayerRow

        player = state.player
        return PlayerRow(player_id=player.player_id, name=player.name, side=player.side,
                         command=player.command, issued_at=state.issued_at,
                         last_visit=last_visit)

    # --- serving ------------------------------------------------------------------------
    def _campaign(self) -> str | Path:
        store = self.ops.store
        return store.path if store.path is not None else str(store.url)

    def _shown_host(self) -> str:
        """The host a player types: this computer's, or its address on the network."""
        from desk.ui.players.serving import lan_address
        from desk.web.server import DEFAULT_HOST

        networked = (self.server.host != DEFAULT_HOST if self.server is not None
                     else self.dialog is not None and self.dialog.network_box.isChecked())
        return (lan_address() or DEFAULT_HOST) if networked else DEFAULT_HOST

    def _port(self) -> int:
        if self.server is not None:
            return self.server.port
        return self.dialog.port_box.value() if self.dialog is not None else 0

    def start(self) -> None:
        """Start serving on the address the dialog says (a refusal is one sentence there)."""
        from desk.ui.players.serving import LAN_HOST, PagesServer, ServingRefused
        from desk.web.server import DEFAULT_HOST

        if self.dialog is None or (self.server is not None and self.server.alive):
            return
        host = LAN_HOST if self.dialog.network_box.isChecked() else DEFAULT_HOST
        server = PagesServer(self._campaign(), host=host, port=self.dialog.port_box.value())
        try:
            server.start()
        except ServingRefused as refused:
            self.dialog.show_refusal(str(refused))
            return
        self.server = server
        self._visits_seen = 0
        self._watch.start()
        self._say_serving()
        self._show_issued()
        self.show_status(translate("PagesController", "Serving the players' pages on {url}")
                         .format(url=server.url("/", shown_host=self._shown_host())))

    def stop(self) -> None:
        """Ask the server to stop; the timer sees its thread end (the window never waits)."""
        if self.server is None:
            return
        self.server.stop()
        self._say_serving()

    def shutdown(self) -> None:
        """The window closes: stop serving, and wait for the thread to end."""
        self._watch.stop()
        if self.server is not None:
            self.server.stop()
            self.server.join(SHUTDOWN_SECONDS)
            self.server = None

    def _look(self) -> None:
        """Every WATCH_MS while a server exists: has it ended? has someone visited?"""
        server = self.server
        if server is None:
            self._watch.stop()
            return
        if not server.alive:
            server.join()
            failed = not server.stopping
            self.server = None
            self._watch.stop()
            self._say_serving()
            if failed and self.dialog is not None:  # ended by itself: say so, in one line
                self.dialog.show_refusal(translate(
                    "PagesController", "The players' pages stopped unexpectedly: start them "
                    "again."))
            self.show_status(translate("PagesController", "The players' pages are no longer "
                                       "served."))
            return
        visits = server.visits
        if visits is not None and visits.count != self._visits_seen:
            self._visits_seen = visits.count
            if self.dialog is not None and self.dialog.isVisible():
                self.refresh()

    def _say_serving(self) -> None:
        from desk.ui.players.serving import lan_address
        from desk.web.server import DEFAULT_HOST

        if self.dialog is None:
            return
        server = self.server
        if server is None:
            self.dialog.show_serving(translate(
                "PagesController", "Not serving. Start serving, then give each player their "
                "link."), serving=False)
        elif server.stopping:
            self.dialog.show_serving(translate("PagesController", "Stopping…"),
                                     serving=True, busy=True)
        elif server.host == DEFAULT_HOST:
            self.dialog.show_serving(translate(
                "PagesController", "Serving on this computer only, at {url} (each player "
                "opens their own link).").format(url=server.url("/")), serving=True)
        elif (lan := lan_address()) is not None:
            self.dialog.show_serving(translate(
                "PagesController", "Serving on the local network at {url}: each player "
                "opens their own link there, or scans its code.").format(
                    url=server.url("/", shown_host=lan)), serving=True)
        else:
            self.dialog.show_serving(translate(
                "PagesController", "Serving on every address of this computer, port {port}, "
                "but no network address was found: only this computer can open the "
                "pages.").format(port=server.port), serving=True)

    # --- links --------------------------------------------------------------------------
    def _who(self, row: PlayerRow) -> str:
        """What names the player to the services: the name, or the address where two
        players share a name."""
        assert self.dialog is not None
        same = [r for r in self.dialog.rows if r.name.casefold() == row.name.casefold()]
        if len(same) == 1:
            return row.name
        from desk.services.packets.players import players

        listed = self.ops.read(lambda s: players(session=s))
        return next((p.address for p in listed if p.player_id == row.player_id), row.name)

    def issue(self, *, reissue: bool) -> None:
        """Issue (or reissue) the chosen player's link; show it, and its QR code, once."""
        from desk.services.pages.links import issue_link, reissue_link

        row = self.dialog.chosen() if self.dialog is not None else None
        if row is None:
            return
        who = self._who(row)
        service = reissue_link if reissue else issue_link
        issued = self.guard(lambda: self.ops.write(lambda s: service(session=s, who=who),
                                                   Change.PLAYERS))
        if issued is None:
            return
        self._issued = issued
        self._show_issued()
        if self.dialog is not None:
            self.dialog.choose(issued.player.player_id)

    def revoke(self) -> None:
        """Revoke the chosen player's link, once the umpire has said yes."""
        from desk.services.pages.links import revoke_link

        row = self.dialog.chosen() if self.dialog is not None else None
        if row is None or not self.dialogs.confirm_revoke(player=row.name):
            return
        who = self._who(row)
        done = self.guard(lambda: self.ops.write(lambda s: revoke_link(session=s, who=who),
                                                 Change.PLAYERS))
        if done is not None and self._issued is not None \
                and self._issued.player.player_id == done.player_id and self.dialog is not None:
            self._issued = None
            self.dialog.forget_link()

    def _show_issued(self) -> None:
        """The link just issued, at the address the player would type now."""
        from desk.web.server import page_url

        if self.dialog is None or self._issued is None:
            return
        url = page_url(self._shown_host(), self._port(), self._issued.path)
        self.dialog.show_link(self._issued.player.name, url)
