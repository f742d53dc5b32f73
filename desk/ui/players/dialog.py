"""Players ▸ Players' pages (issue 32): the dialog's widgets. What its buttons do is
:class:`desk.ui.players.controller.PagesController`'s; this module only shows.

From the top: serving (on this computer or the local network, the port, Start and
Stop, and a line saying where the pages are or why they are not); the campaign's
players with their links and last visits, and Issue link, Reissue, Revoke; then the
link just issued, its address to copy and its QR code, shown this once (the campaign
keeps only a hash of it).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from PySide6.QtCore import QDateTime, QLocale, Qt, QTimeZone
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desk import i18n
from desk.ui.palette import DeskPalette
from desk.ui.players.qr import qr_pixmap
from desk.ui.record_table import cell_text, choose_record, chosen_record
from desk.web.server import DEFAULT_PORT

NAME, SIDE, COMMAND, LINK, VISIT = range(5)


@dataclass(frozen=True)
class PlayerRow:
    """One player as the table lists them."""

    player_id: int
    name: str
    side: str
    command: str | None  # None: the whole side
    issued_at: datetime | None  # None: no working link
    last_visit: datetime | None  # None: not while this desk served


def shown_time(when: datetime) -> str:
    """``when`` in this computer's time, as "20:31 4 Dec" (the window's language)."""
    utc = when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)
    moment = QDateTime.fromSecsSinceEpoch(int(utc.timestamp()), QTimeZone.systemTimeZone())
    return QLocale(i18n.current_language()).toString(moment, "HH:mm d MMM")


class PlayersPagesDialog(QDialog):
    """The players' pages of one campaign: serving, the players' links, a link just issued."""

    def __init__(self, *, campaign: str, palette: DeskPalette,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("players_pages_dialog")
        self.palette_ = palette
        self.setWindowTitle(self.tr("Players' pages — {campaign}").format(campaign=campaign))
        self.rows: list[PlayerRow] = []

        # Serving ------------------------------------------------------------------------
        serving = QGroupBox(self.tr("Serving"))
        intro = QLabel(self.tr(
            "Each player opens their own page in a browser, on a phone or a laptop: their "
            "situation, their side's map and their order form. What they send arrives as "
            "drafts for you to review."))
        intro.setWordWrap(True)
        self.network_box = QCheckBox(self.tr("Serve on the local &network"))
        self.network_box.setAccessibleName(self.tr("Serve on the local network"))
        self.network_box.setAccessibleDescription(self.tr(
            "Unticked: only this computer can open the pages. Ticked: every computer and phone "
            "on this network can, with a player's link"))
        self.port_box = QSpinBox()
        self.port_box.setRange(1, 65535)
        self.port_box.setValue(DEFAULT_PORT)
        self.port_box.setAccessibleName(self.tr("Port"))
        self.port_box.setAccessibleDescription(self.tr("The port the pages are served on"))
        port_label = QLabel(self.tr("P&ort:"))
        port_label.setBuddy(self.port_box)
        self.start_button = QPushButton(self.tr("&Start serving"))
        self.start_button.setAccessibleName(self.tr("Start serving"))
        self.stop_button = QPushButton(self.tr("S&top"))
        self.stop_button.setAccessibleName(self.tr("Stop serving"))
        self.stop_button.setEnabled(False)
        self.status = QLabel()
        self.status.setObjectName("serving_status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.setAccessibleName(self.tr("Serving"))
        controls = QHBoxLayout()
        controls.addWidget(self.network_box)
        controls.addStretch(1)
        controls.addWidget(port_label)
        controls.addWidget(self.port_box)
        controls.addWidget(self.start_button)
        controls.addWidget(self.stop_button)
        serving_layout = QVBoxLayout(serving)
        serving_layout.addWidget(intro)
        serving_layout.addLayout(controls)
        serving_layout.addWidget(self.status)

        # The players --------------------------------------------------------------------
        players_label = QLabel(self.tr("&Players:"))
        self.table = QTableWidget(0, 5)
        self.table.setObjectName("players_table")
        players_label.setBuddy(self.table)
        self.table.setAccessibleName(self.tr("Players"))
        self.table.setAccessibleDescription(self.tr(
            "One row per player: side, command, whether their link works and since when, "
            "when they last opened their page"))
        self.table.setHorizontalHeaderLabels([
            self.tr("Player"), self.tr("Side"), self.tr("Command"), self.tr("Link"),
            self.tr("Last visit")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; the arrows move in it
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.empty = QLabel(self.tr(
            "No players yet: add them at the command line, desk players CAMPAIGN add --name "
            "NAME --address ADDRESS --side SIDE (one per side, or per command)."))
        self.empty.setWordWrap(True)
        self.issue_button = QPushButton(self.tr("&Issue link"))
        self.issue_button.setAccessibleName(self.tr("Issue link"))
        self.issue_button.setAccessibleDescription(self.tr(
            "A first link for the chosen player"))
        self.reissue_button = QPushButton(self.tr("&Reissue"))
        self.reissue_button.setAccessibleName(self.tr("Reissue link"))
        self.reissue_button.setAccessibleDescription(self.tr(
            "A new link for the chosen player; the one they had stops working"))
        self.revoke_button = QPushButton(self.tr("Re&voke"))
        self.revoke_button.setAccessibleName(self.tr("Revoke link"))
        self.revoke_button.setAccessibleDescription(self.tr(
            "The chosen player's link stops working"))
        link_buttons = QHBoxLayout()
        for button in (self.issue_button, self.reissue_button, self.revoke_button):
            link_buttons.addWidget(button)
        link_buttons.addStretch(1)

        # The link just issued -----------------------------------------------------------
        self.link_box = QGroupBox()
        self.link_box.setObjectName("issued_link")
        self.url_edit = QLineEdit()
        self.url_edit.setReadOnly(True)
        self.url_edit.setAccessibleName(self.tr("Player's address"))
        self.url_edit.setAccessibleDescription(self.tr(
            "The address of the player's own page, to copy to them"))
        self.copy_button = QPushButton(self.tr("&Copy"))
        self.copy_button.setAccessibleName(self.tr("Copy the address"))
        self.qr_label = QLabel()
        self.qr_label.setObjectName("link_qr")
        self.qr_label.setAccessibleName(self.tr("QR code of the address"))
        self.qr_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.once_note = QLabel(self.tr(
            "Shown this once: the campaign keeps only a hash of it. Give it to the player now "
            "(on paper, by mail, or their phone's camera on the code); Reissue makes a new "
            "one."))
        self.once_note.setObjectName("shown_once")
        self.once_note.setWordWrap(True)
        url_row = QHBoxLayout()
        url_row.addWidget(self.url_edit, 1)
        url_row.addWidget(self.copy_button)
        beside = QVBoxLayout()
        beside.addLayout(url_row)
        beside.addWidget(self.once_note)
        beside.addStretch(1)
        link_layout = QHBoxLayout(self.link_box)
        link_layout.addWidget(self.qr_label)
        link_layout.addLayout(beside, 1)
        self.link_box.hide()
        self.copy_button.clicked.connect(self.copy_url)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        layout = QVBoxLayout(self)
        layout.addWidget(serving)
        layout.addWidget(players_label)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty)
        layout.addLayout(link_buttons)
        layout.addWidget(self.link_box)
        layout.addWidget(buttons)
        self.table.itemSelectionChanged.connect(self._enable_link_buttons)
        self.writable = True  # False: a read-only desk issues no link
        self._refused = False
        palette.changed.connect(self.recolour)
        self.recolour()
        self.resize(780, 600)  # well inside 1366 × 768

    # --- serving ------------------------------------------------------------------------
    def show_serving(self, text: str, *, serving: bool, busy: bool = False) -> None:
        """Say whether the pages are served and where; ``busy``: starting or stopping."""
        self._refused = False
        self.status.setText(text)
        self.start_button.setEnabled(not serving and not busy)
        self.stop_button.setEnabled(serving and not busy)
        self.network_box.setEnabled(not serving and not busy)
        self.port_box.setEnabled(not serving and not busy)
        self.recolour()

    def show_refusal(self, text: str) -> None:
        """Why the pages could not be served, in one sentence (in the error colour)."""
        self.show_serving(text, serving=False)
        self._refused = True
        self.recolour()

    # --- the players --------------------------------------------------------------------
    def show_players(self, rows: list[PlayerRow]) -> None:
        """List the players; the one chosen before stays chosen."""
        chosen = self.chosen()
        self.rows = rows
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            link = (self.tr("since {when}").format(when=shown_time(row.issued_at))
                    if row.issued_at is not None else self.tr("none"))
            visit = (shown_time(row.last_visit) if row.last_visit is not None
                     else self.tr("not yet"))
            for c, text in ((NAME, row.name), (SIDE, row.side),
                            (COMMAND, row.command or self.tr("the whole side")),
                            (LINK, link), (VISIT, visit)):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.empty.setVisible(not rows)
        again = next((r for r, row in enumerate(rows)
                      if chosen is not None and row.player_id == chosen.player_id), 0)
        if rows:
            self.table.selectRow(again)
        self._enable_link_buttons()

    def cell(self, row: int, column: int) -> str:
        """A cell's text, as shown (for tests and screen readers alike)."""
        return cell_text(self.table, row, column)

    def chosen(self) -> PlayerRow | None:
        """The player whose row is chosen."""
        return chosen_record(self.table, self.rows)

    def choose(self, player_id: int) -> None:
        """Choose a player's row (a test, or after an issue)."""
        choose_record(self.table, self.rows, lambda row: row.player_id == player_id)

    def _enable_link_buttons(self) -> None:
        row = self.chosen()
        self.issue_button.setEnabled(self.writable and row is not None
                                     and row.issued_at is None)
        self.reissue_button.setEnabled(self.writable and row is not None)
        self.revoke_button.setEnabled(self.writable and row is not None
                                      and row.issued_at is not None)

    # --- the link just issued -----------------------------------------------------------
    def show_link(self, name: str, url: str) -> None:
        """A player's new address and its QR code, shown this once."""
        self.link_box.setTitle(self.tr("{name}'s link").format(name=name))
        self.url_edit.setText(url)
        self.url_edit.setCursorPosition(0)
        self.qr_label.setPixmap(qr_pixmap(url))
        self.link_box.show()

    def forget_link(self) -> None:
        """Hide the link shown (revoked, or the dialog closed: the token is gone)."""
        self.url_edit.clear()
        self.qr_label.clear()
        self.link_box.hide()

    def copy_url(self) -> None:
        """The address to the clipboard."""
        QGuiApplication.clipboard().setText(self.url_edit.text())

    # --- colours ------------------------------------------------------------------------
    def recolour(self) -> None:
        """The status in the error colour after a refusal; the note as the form's notes."""
        colour = self.palette_.hex("error") if self._refused else self.palette_.hex("text")
        self.status.setStyleSheet(f"QLabel {{ color: {colour}; }}")
        self.once_note.setStyleSheet(self.palette_.note_style())
        self.qr_label.setStyleSheet(self.palette_.qr_style())
        self.palette_.show_focus(self)  # the table framed while it has the focus
