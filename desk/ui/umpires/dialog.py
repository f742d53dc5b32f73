"""Campaign ▸ Claims (issue 33): the dialog's widgets. What its buttons do is
:class:`desk.ui.umpires.controller.ClaimsController`'s; this module only shows.

From the top: who this desk writes as; the battle's claims (on what, by whom, since
when, why the chief took it over); the claims to make for the unit chosen in the window
(its command, its side, the LIM cup where the rules have one); Release and, for the
chief, Take over with its reason; a line saying the last refusal, in one sentence.
Keyboard-first: the table has the focus, every button a mnemonic, Enter in the reason
takes the chosen claim over.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desk.ui.palette import DeskPalette
from desk.ui.record_table import cell_text, choose_record, chosen_record

WHAT, WHO, SINCE, REASON = range(4)


@dataclass(frozen=True)
class ClaimRow:
    """One claim as the table lists it (``target``: the claim table's key)."""

    target: str
    label: str
    umpire: str
    since: str  # as the order form says it: "20:14 UTC"
    reason: str


@dataclass(frozen=True)
class Offer:
    """What this desk may do now: who it is, the chosen unit's command and side."""

    me: str  # "" where the campaign names no umpires
    chief: bool
    named: bool  # the campaign names its umpires
    writable: bool  # an open battle on a desk that writes
    command: str | None  # the chosen unit's command (None: no unit chosen)
    side: str | None
    lim: bool  # the rules system has a LIM cup


class ClaimsDialog(QDialog):
    """The battle's claims, and the claims this desk may make, release or take over."""

    activated = Signal()  # the umpire came back to the dialog: read again

    def __init__(self, *, campaign: str, palette: DeskPalette,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("claims_dialog")
        self.palette_ = palette
        self.setWindowTitle(self.tr("Claims — {campaign}").format(campaign=campaign))
        self.rows: list[ClaimRow] = []
        self.offer: Offer | None = None

        self.who = QLabel()
        self.who.setObjectName("claims_who")
        self.who.setWordWrap(True)
        self.empty = QLabel()
        self.empty.setObjectName("claims_empty")
        self.empty.setWordWrap(True)
        self.empty.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        claims_label = QLabel(self.tr("C&laims in this battle:"))
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("claims_table")
        claims_label.setBuddy(self.table)
        self.table.setAccessibleName(self.tr("Claims"))
        self.table.setAccessibleDescription(self.tr(
            "One row per claim: on what, by which umpire, since when, and why the chief took "
            "it over"))
        self.table.setHorizontalHeaderLabels([
            self.tr("Claim"), self.tr("Umpire"), self.tr("Since"), self.tr("Taken over because")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; the arrows move in it
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.none_held = QLabel(self.tr("No claims: every unit is anyone's to write."))
        self.none_held.setObjectName("claims_none")

        # The claims to make for the chosen unit ---------------------------------------------
        self.command_button = QPushButton()
        self.command_button.setObjectName("claim_command")
        self.side_button = QPushButton()
        self.side_button.setObjectName("claim_side")
        self.lim_button = QPushButton(self.tr("Claim the LIM c&up"))
        self.lim_button.setObjectName("claim_lim")
        self.lim_button.setAccessibleName(self.tr("Claim the LIM cup"))
        make = QHBoxLayout()
        for button in (self.command_button, self.side_button, self.lim_button):
            make.addWidget(button)
        make.addStretch(1)

        # The chosen claim: release it, or (the chief) take it over --------------------------
        self.release_button = QPushButton(self.tr("&Release"))
        self.release_button.setObjectName("release_claim")
        self.release_button.setAccessibleName(self.tr("Release the chosen claim"))
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("take_over_reason")
        self.reason_edit.setPlaceholderText(self.tr("why the chief takes it over"))
        self.reason_edit.setAccessibleName(self.tr("Reason to take the claim over"))
        self.reason_edit.setAccessibleDescription(self.tr(
            "Required: journalled with the take-over"))
        reason_label = QLabel(self.tr("R&eason:"))
        reason_label.setBuddy(self.reason_edit)
        self.take_over_button = QPushButton(self.tr("&Take over…"))
        self.take_over_button.setObjectName("take_over_claim")
        self.take_over_button.setAccessibleName(self.tr("Take the chosen claim over"))
        self.take_over_button.setAccessibleDescription(self.tr(
            "Only the chief umpire, with a reason"))
        chosen = QHBoxLayout()
        chosen.addWidget(self.release_button)
        chosen.addWidget(reason_label)
        chosen.addWidget(self.reason_edit, 1)
        chosen.addWidget(self.take_over_button)

        self.refusal = QLabel()
        self.refusal.setObjectName("claims_refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.refusal.setAccessibleName(self.tr("Refused"))
        self.refusal.hide()

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        # No default button: Enter in the table or the reason must not close the dialog.
        for button in (self.command_button, self.side_button, self.lim_button,
                       self.release_button, self.take_over_button, self.close_button):
            button.setAutoDefault(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.who)
        layout.addWidget(self.empty)
        layout.addWidget(claims_label)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.none_held)
        layout.addLayout(make)
        layout.addLayout(chosen)
        layout.addWidget(self.refusal)
        layout.addWidget(buttons)
        self.table.itemSelectionChanged.connect(self._enable)
        palette.changed.connect(self.recolour)
        self.recolour()
        self.resize(720, 420)  # well inside 1366 × 768

    def event(self, event: QEvent) -> bool:
        """Coming back to the dialog reads the claims again (another unit may be chosen)."""
        if event.type() == QEvent.Type.WindowActivate:
            self.activated.emit()
        return super().event(event)

    # --- what is shown ------------------------------------------------------------------
    def show_claims(self, rows: list[ClaimRow], offer: Offer) -> None:
        """List the claims and offer what this desk may do; the claim chosen stays chosen."""
        chosen = self.chosen()
        self.rows, self.offer = rows, offer
        if not offer.named:
            self.who.setText(self.tr("No umpires named."))
        else:
            self.who.setText((self.tr("You are {name}, the chief umpire.") if offer.chief
                              else self.tr("You are {name}, a sector umpire."))
                             .format(name=offer.me))
        self.empty.setText(self.tr(
            "This campaign names no umpires, so nothing can be claimed: name them at the "
            "command line first (desk umpires CAMPAIGN add NAME --role chief)."))
        self.empty.setVisible(not offer.named)
        self.who.setVisible(offer.named)
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in ((WHAT, row.label), (WHO, row.umpire), (SINCE, row.since),
                            (REASON, row.reason)):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.none_held.setVisible(offer.named and not rows)
        if offer.command is not None and offer.side is not None:
            # a name with "&" in it would make a mnemonic of its own: doubled, it is shown
            self.command_button.setText(self.tr("Claim {command} (co&mmand)").format(
                command=offer.command.replace("&", "&&")))
            self.side_button.setText(self.tr("Claim {side} (&side)").format(
                side=offer.side.replace("&", "&&")))
        else:
            self.command_button.setText(self.tr("Claim the chosen unit's co&mmand"))
            self.side_button.setText(self.tr("Claim the chosen unit's &side"))
        for button in (self.command_button, self.side_button):
            button.setAccessibleName(button.text().replace("&&", "\0").replace("&", "")
                                     .replace("\0", "&"))
        self.lim_button.setVisible(offer.lim)
        again = next((r for r, row in enumerate(rows)
                      if chosen is not None and row.target == chosen.target), 0)
        if rows:
            self.table.selectRow(again)
        self._enable()

    def _enable(self) -> None:
        offer, row = self.offer, self.chosen()
        acting = offer is not None and offer.named and offer.writable
        unit = acting and offer is not None and offer.command is not None
        self.command_button.setEnabled(unit)
        self.side_button.setEnabled(unit)
        self.lim_button.setEnabled(acting and offer is not None and offer.lim)
        self.release_button.setEnabled(acting and row is not None and offer is not None
                                       and (row.umpire == offer.me or offer.chief))
        chief_may = (acting and offer is not None and offer.chief and row is not None
                     and row.umpire != offer.me)
        self.take_over_button.setEnabled(chief_may)
        self.reason_edit.setEnabled(chief_may)

    def show_refusal(self, text: str) -> None:
        """Why the last step was refused, in one sentence (in the error colour)."""
        self.refusal.setText(text)
        self.refusal.setVisible(bool(text))

    def cell(self, row: int, column: int) -> str:
        """A cell's text, as shown (for tests and screen readers alike)."""
        return cell_text(self.table, row, column)

    def chosen(self) -> ClaimRow | None:
        """The claim whose row is chosen."""
        return chosen_record(self.table, self.rows)

    def choose(self, target: str) -> None:
        """Choose a claim's row by its key (a test, or after a claim)."""
        choose_record(self.table, self.rows, lambda row: row.target == target)

    # --- colours ------------------------------------------------------------------------
    def recolour(self) -> None:
        """The refusal in the error colour; the table framed while it has the focus."""
        self.refusal.setStyleSheet(f"QLabel {{ color: {self.palette_.hex('error')}; }}")
        self.empty.setStyleSheet(self.palette_.note_style())
        self.palette_.show_focus(self)
