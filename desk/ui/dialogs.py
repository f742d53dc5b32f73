"""The window's questions to the umpire, in one replaceable object.

:class:`Dialogs` asks for an override reason, confirms a close or a reopen,
collects an event's data and shows a refused use case in one clear dialog. The
window receives it from the composition root, so a test hands in a subclass
with scripted answers instead of clicking modal boxes.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGridLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QSizePolicy,
    QSpacerItem,
    QVBoxLayout,
    QWidget,
)

from desk.rules.base import EventKind, Finding, Severity
from desk.ui.bounds.close_text import close_question
from desk.ui.bounds.event_dialog import EventDialog
from desk.ui.orders.findings_view import without_clause
from desk.ui.typed_ahead import TypedAheadGuard

if TYPE_CHECKING:  # types only: the services behind them load when first used
    from desk.services.campaign.info import SideNode
    from desk.services.dto import BackupInfo
    from desk.services.printing.form_import import FormImport
    from desk.services.printing.report_choice import Report, ReportChoice
    from desk.services.screens.close_summary import CloseSummary
    from desk.ui.campaign.new_campaign import NewCampaign
    from desk.ui.orders.name_completer import NameBook
    from desk.ui.printing.dialog import PrintChoice
    from desk.ui.settings import Settings

CONFLICT_ERRORS = ("ConflictError", "ConcurrentChangeError")
translate = QCoreApplication.translate  # lupdate reads translate("Dialogs", "...") calls



def is_conflict(error: BaseException) -> bool:
    """Another umpire's edit got there first (the store's or the services' word for it)."""
    return type(error).__name__ in CONFLICT_ERRORS


def backup_label(backup: BackupInfo) -> str:
    """A backup as one line: when, what, which file."""
    label = backup.label or translate("Dialogs", "backup")
    return f"{backup.created:%Y-%m-%d %H:%M} · {label} · {backup.path.name}"


class ReasonDialog(QDialog):
    """Asks why the umpire overrules the rules. OK stays greyed while the reason is empty,
    and the dialog says so: an empty reason used to close the box as if cancelled."""

    def __init__(self, parent: QWidget | None, *, title: str, question: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        layout = QVBoxLayout(self)
        label = QLabel(question)
        label.setWordWrap(True)
        layout.addWidget(label)
        self.reason = QLineEdit()
        layout.addWidget(self.reason)
        self.needed = QLabel(translate(
            "Dialogs", "A reason is needed to overrule the rules; Cancel leaves the order "
            "unsaved."))
        self.needed.setWordWrap(True)
        layout.addWidget(self.needed)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.reason.textChanged.connect(self._update)
        self._update(self.reason.text())
        # the next order's words, typed after Ctrl+Enter, are no reason to overrule the rules
        self.guard = TypedAheadGuard(self)

    def _update(self, text: str) -> None:
        given = bool(text.strip())
        button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        button.setEnabled(given)
        self.needed.setVisible(not given)


class Dialogs:
    """Modal questions; each returns the answer (None or False when the umpire cancels)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent
        self.settings: Settings | None = None  # remembers the last folder, when given
        self.campaign_folder: Path | None = None  # where file dialogs start otherwise
        self.names: NameBook | None = None  # the campaign's names, for fields that hold them

    def start_folder(self) -> str:
        """Where a file dialog opens: the last folder used, or beside the campaign."""
        from desk.ui.settings import LAST_FOLDER

        last = self.settings.get(LAST_FOLDER) if self.settings is not None else ""
        if last and Path(last).is_dir():
            return last
        return str(self.campaign_folder) if self.campaign_folder is not None else ""

    def used_folder(self, path: Path) -> None:
        """Remember the folder of a file the umpire chose."""
        from desk.ui.settings import LAST_FOLDER

        if self.settings is not None:
            self.settings.set(LAST_FOLDER, str(path.parent))

    def ask_override_reason(self, *, unit: str, findings: Sequence[Finding]) -> str | None:
        """Why the umpire overrules the rules; None or '' means the order is not saved."""
        errors = "\n".join(f"• {f.clause}: {without_clause(f)}" for f in findings
                           if f.severity is Severity.ERROR)
        dialog = ReasonDialog(
            self.parent, title=translate("Dialogs", "Overrule the rules?"),
            question=translate("Dialogs", "The rules refuse {unit}'s order:\n{errors}\n\n"
                               "Give the reason to overrule them (it is kept in the "
                               "journal):").format(unit=unit, errors=errors))
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        reason = dialog.reason.text().strip() if accepted else None
        dialog.deleteLater()  # a child of the window: it would stay, hidden, to the end
        return reason

    def words_or_fields(self, *, unit: str, offer: str) -> str | None:
        """The written words and the fields disagree: "words" (use them), "fields" (keep the
        fields as they are) or None (back to the form, nothing saved). Keys: Enter or W
        takes the words, F keeps the fields, Esc goes back."""
        box = QMessageBox(QMessageBox.Icon.Question,
                          translate("Dialogs", "Words and fields disagree"),
                          translate("Dialogs", "The order of {unit} as written asks for what "
                                    "its fields do not say.").format(unit=unit),
                          QMessageBox.StandardButton.Cancel, self.parent)
        box.setInformativeText(offer)
        words = box.addButton(translate("Dialogs", "Use the &words"),
                              QMessageBox.ButtonRole.AcceptRole)
        fields = box.addButton(translate("Dialogs", "Keep the &fields"),
                               QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(words)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        # A "w" or an Enter typed ahead of the box chooses nothing (held while it is open:
        # a guard with no Python owner would lose its attributes to the collector).
        guard = TypedAheadGuard(box)
        box.exec()
        del guard
        clicked = box.clickedButton()
        box.deleteLater()  # a child of the window: it would stay, hidden, to the end
        return "words" if clicked is words else "fields" if clicked is fields else None

    def idle_reason(self, *, command: str) -> str | None:
        """Why a command does nothing more this turn (for the journal); None: not idled."""
        default = translate("Dialogs", "idled by the umpire")
        text, ok = QInputDialog.getText(
            self.parent, translate("Dialogs", "Idle a command"),
            translate("Dialogs", "{command} does nothing more this turn (BOW-F3).\n\n"
                      "Why? (kept in the journal)").format(command=command),
            QLineEdit.EchoMode.Normal, default)
        return (text.strip() or default) if ok else None

    def confirm_draw_pending(self, *, lim: str, units: Sequence[str]) -> bool:
        """Draw the next LIM though units of the current one have no move recorded? (No: stay.)"""
        answer = QMessageBox.question(
            self.parent, translate("Dialogs", "Units still to move"),
            translate("Dialogs", "Under {lim}, these units are ordered to move and have no "
                      "move recorded:\n{units}\n\nDraw the next LIM all the same?").format(
                          lim=lim, units="\n".join(f"• {u}" for u in units)),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def confirm_replace_move(self, *, unit: str, refusal: str) -> bool:
        """Replace the move a unit already has under this LIM? (No: the first one stays.)"""
        answer = QMessageBox.question(
            self.parent, translate("Dialogs", "A move already recorded"),
            translate("Dialogs", "{refusal}\n\nReplace the move of {unit}?").format(
                refusal=refusal, unit=unit),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def confirm_close(self, summary: CloseSummary, *, unsaved: Sequence[str] = ()) -> bool:
        """Show what closing the bound leaves behind; True to go ahead.

        ``unsaved``: units whose order is typed but not saved (their draft is kept).
        """
        answer = QMessageBox.question(self.parent, translate("Dialogs", "Close the bound"),
                                      self.close_text(summary, unsaved=unsaved),
                                      QMessageBox.StandardButton.Yes
                                      | QMessageBox.StandardButton.Cancel,
                                      QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes

    def close_text(self, summary: CloseSummary, *, unsaved: Sequence[str] = ()) -> str:
        """The close question's text, in the window's language."""
        return close_question(summary, unsaved=unsaved)

    def confirm_reopen(self, *, bound: int, work: str = "") -> bool:
        """Reopen the last closed bound? (``work``: what would be discarded)."""
        extra = ("\n\n" + work + "\n" + translate("Dialogs", "That work will be discarded.")
                 if work else "")
        answer = QMessageBox.question(
            self.parent, translate("Dialogs", "Reopen the last bound"),
            translate("Dialogs", "Reopen bound {n}? Its close is undone exactly: the states it "
                      "carried are removed and bound {n} is open again.").format(n=bound)
            + extra,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes

    def event_data(self, kind: EventKind, *, unit: str) -> dict[str, object] | None:
        """The event's data (an event without fields needs no dialog)."""
        if not kind.fields:
            return {}
        dialog = EventDialog(kind, unit=unit, names=self.names, parent=self.parent)
        return dialog.values() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def secret_note(self, *, unit: str) -> str | None:
        """A secret note's text on ``unit`` (issue 33); None when cancelled."""
        dialog = QInputDialog(self.parent)
        dialog.setOption(QInputDialog.InputDialogOption.UsePlainTextEditForTextInput)
        dialog.setWindowTitle(translate("Dialogs", "Secret note"))
        dialog.setLabelText(translate(
            "Dialogs", "A note on {unit}, seen only by you and the chief umpire. It is never "
            "printed, sent or shown to the players. Ctrl+Enter keeps it.").format(unit=unit))
        # Keyboard first: Tab leaves the text for the buttons (a note needs no tab
        # character), and Ctrl+Enter keeps the note as it saves an order.
        for box in dialog.findChildren(QPlainTextEdit):
            box.setTabChangesFocus(True)
        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            QShortcut(QKeySequence(keys), dialog).activated.connect(dialog.accept)
        ok = dialog.exec() == QDialog.DialogCode.Accepted
        text = dialog.textValue()
        return text if ok and text.strip() else None

    def new_campaign(self) -> NewCampaign | None:
        """Name, rules system, and demo scenario or empty; None when cancelled."""
        from desk.ui.campaign.new_campaign import NewCampaignDialog

        dialog = NewCampaignDialog(self.parent)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def open_path(self, title: str, filters: str) -> Path | None:
        """A file to read; None when cancelled."""
        name, _ = QFileDialog.getOpenFileName(self.parent, title, self.start_folder(), filters)
        if name:
            self.used_folder(Path(name))
        return Path(name) if name else None

    def open_paths(self, title: str, filters: str) -> list[Path]:
        """Files to read (none when cancelled)."""
        names, _ = QFileDialog.getOpenFileNames(self.parent, title, self.start_folder(),
                                                filters)
        if names:
            self.used_folder(Path(names[0]))
        return [Path(n) for n in names]

    def save_path(self, title: str, suggested: str, filters: str) -> Path | None:
        """A file to write; None when cancelled."""
        start = self.start_folder()
        name, _ = QFileDialog.getSaveFileName(
            self.parent, title, str(Path(start) / suggested) if start else suggested, filters)
        if name:
            self.used_folder(Path(name))
        return Path(name) if name else None

    def print_choice(self, *, tree: Sequence[SideNode], labels: dict[int, str],
                     choice: PrintChoice, current_bound: int,
                     open_bound: int | None) -> PrintChoice | None:
        """The Print dialog's choices; None when cancelled."""
        from desk.ui.printing.dialog import PrintDialog

        dialog = PrintDialog(tree=tree, labels=labels, choice=choice,
                             current_bound=current_bound, open_bound=open_bound,
                             parent=self.parent)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def show_imported(self, result: FormImport) -> None:
        """The drafts an import of filled forms wrote, for review."""
        from desk.ui.orders.form_review import FormReviewDialog

        FormReviewDialog(result, self.parent).exec()

    def choose_backup(self, backups: Sequence[BackupInfo]) -> BackupInfo | None:
        """One of the campaign's backups (newest first); None when cancelled or none."""
        if not backups:
            QMessageBox.information(self.parent, translate("Dialogs", "Backups"), translate(
                "Dialogs", "No backups yet. One is taken before every bound is closed."))
            return None
        labels = [backup_label(b) for b in backups]
        choice, ok = QInputDialog.getItem(
            self.parent, translate("Dialogs", "Restore a backup"),
            translate("Dialogs", "Backups, newest first:"), labels, 0, False)
        return backups[labels.index(choice)] if ok and choice in labels else None

    def choose_report(self, choice: ReportChoice, *, report: Report) -> tuple[int, int] | None:
        """(battle id, bound) of a bound or losses report, proposed as the last played; None
        when cancelled."""
        from desk.ui.printing.report_dialog import ReportChoiceDialog

        dialog = ReportChoiceDialog(choice, report=report, parent=self.parent)
        return dialog.chosen() if dialog.exec() == ReportChoiceDialog.DialogCode.Accepted \
            else None

    def choose_to_place(self, labels: Sequence[str]) -> int | None:
        """Which of the units and leaders not on the map to place (its index), or None."""
        choice, ok = QInputDialog.getItem(
            self.parent, translate("Dialogs", "Place on map"),
            translate("Dialogs", "Not on the map yet:"), list(labels), 0, False)
        return list(labels).index(choice) if ok and choice in labels else None

    def confirm_revoke(self, *, player: str) -> bool:
        """Stop a player's link working? (No, the default: it keeps working.)"""
        answer = QMessageBox.question(
            self.parent, translate("Dialogs", "Revoke the link"),
            translate("Dialogs", "Revoke {player}'s link? Their page stops opening at once; "
                      "Reissue gives them a new link later.").format(player=player),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def confirm_restore(self, backup: BackupInfo) -> bool:
        """Put the backup in place of the campaign? (a safety backup is taken first)."""
        answer = QMessageBox.question(
            self.parent, translate("Dialogs", "Restore the backup"),
            translate("Dialogs", "Put the backup {backup} in place of the campaign?\n\nThe "
                      "campaign is closed, backed up as it is now, replaced and opened again. "
                      "What was done since the backup is only in that safety backup.").format(
                          backup=backup_label(backup)),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes

    def restore_drafts_box(self, units: Sequence[str]) -> QMessageBox:
        """"Restore N unsaved orders?": Restore (the default, and Esc) or Discard."""
        count = len(units)
        names = "\n".join(f"• {name}" for name in units[:12])
        if count > 12:
            names += "\n" + translate("Dialogs", "… and {more} more").format(more=count - 12)
        if count == 1:
            question = translate("Dialogs", "Restore 1 unsaved order?")
            detail = translate(
                "Dialogs", "This order was typed but not saved when the desk last had this "
                "campaign open:\n{names}\n\nRestoring puts it back on the form; nothing is "
                "saved until you save it.")
        else:
            question = translate("Dialogs", "Restore {count} unsaved orders?")
            detail = translate(
                "Dialogs", "These orders were typed but not saved when the desk last had this "
                "campaign open:\n{names}\n\nRestoring puts them back on the form; nothing is "
                "saved until you save it.")
        box = QMessageBox(QMessageBox.Icon.Question, translate("Dialogs", "Unsaved orders"),
                          question.format(count=count), parent=self.parent)
        box.setInformativeText(detail.format(names=names))
        layout = box.layout()
        if isinstance(layout, QGridLayout):  # wide enough that a unit's name fits on its line
            layout.addItem(QSpacerItem(440, 0, QSizePolicy.Policy.Minimum,
                                       QSizePolicy.Policy.Expanding),
                           layout.rowCount(), 0, 1, layout.columnCount())
        restore = box.addButton(translate("Dialogs", "&Restore"),
                                QMessageBox.ButtonRole.AcceptRole)
        box.addButton(translate("Dialogs", "&Discard"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(restore)
        box.setEscapeButton(restore)  # closing the box must not throw typed work away
        return box

    def restore_drafts(self, units: Sequence[str]) -> bool:
        """Offer unsaved orders back after a crash; True to restore them, False to discard."""
        box = self.restore_drafts_box(units)
        box.exec()
        return box.clickedButton() is box.defaultButton()

    def conflict_box(self, error: BaseException) -> QMessageBox:
        """The one dialog for another umpire's edit: Reload (the default) or Cancel."""
        box = QMessageBox(QMessageBox.Icon.Warning,
                          translate("Dialogs", "Changed by another umpire"),
                          f"{error}\n\n" + translate(
                              "Dialogs", "Reload to see the other umpire's change? What you "
                              "entered here that was not saved is dropped."),
                          QMessageBox.StandardButton.Cancel, self.parent)
        box.setDefaultButton(box.addButton(translate("Dialogs", "&Reload"),
                                           QMessageBox.ButtonRole.AcceptRole))
        return box

    def show_error(self, error: BaseException) -> bool:
        """One clear dialog; for another umpire's edit, True means 'reload'."""
        if is_conflict(error):
            box = self.conflict_box(error)
            box.exec()
            return box.clickedButton() is box.defaultButton()
        QMessageBox.warning(self.parent, translate("Dialogs", "Not done"), str(error))
        return False
