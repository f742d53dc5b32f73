"""The window's questions to the umpire, in one replaceable object.

:class:`Dialogs` asks for an override reason, confirms a close or a reopen,
collects an event's data and shows a refused use case in one clear dialog. The
window receives it from the composition root, so a test hands in a subclass
with scripted answers instead of clicking modal boxes.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QSizePolicy,
    QSpacerItem,
    QWidget,
)

from desk.rules.base import EventKind, Finding, Severity
from desk.ui import field_editors as fe

if TYPE_CHECKING:  # types only: the services behind them load when first used
    from desk.services.dto import BackupInfo
    from desk.services.screens.close_summary import CloseSummary
    from desk.ui.new_campaign import NewCampaign

CONFLICT_ERRORS = ("ConflictError", "ConcurrentChangeError")


def is_conflict(error: BaseException) -> bool:
    """Another umpire's edit got there first (the store's or the services' word for it)."""
    return type(error).__name__ in CONFLICT_ERRORS


def backup_label(backup: BackupInfo) -> str:
    """A backup as one line: when, what, which file."""
    return f"{backup.created:%Y-%m-%d %H:%M} · {backup.label or 'backup'} · {backup.path.name}"


class EventDialog(QDialog):
    """The data of one in-bound event, from its kind's fields."""

    def __init__(self, kind: EventKind, *, unit: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.setWindowTitle(f"{kind.label} — {unit}")
        form = QFormLayout(self)
        clause = f" ({kind.clause})" if kind.clause else ""
        form.addRow(QLabel(f"<b>{kind.label}</b>{clause} for {unit}"))
        self.editors = {}
        for spec in kind.fields:
            editor = fe.make_editor(spec, self)
            self.editors[spec.name] = editor
            form.addRow(spec.label, editor)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, Any]:
        """The data entered (fields left empty are left out)."""
        return fe.read_all(self.kind.fields, self.editors)


def _without_order_lines(summary: CloseSummary) -> list[str]:
    """Unit by unit, what each unit without an order does at the close (first 12)."""
    tr = QCoreApplication.translate
    if summary.no_order == "continue":
        head = tr("Dialogs", "{n} units without an order (each continues its last order, "
                             "never a charge, fire or attack):")
    elif summary.no_order == "hold":
        head = tr("Dialogs", "{n} units without an order (each holds):")
    else:
        head = tr("Dialogs", "{n} units without an order (the rules' 'no order' applies):")
    lines = ["\n" + head.format(n=len(summary.without_order))]
    steps = summary.without_order_steps or summary.without_order
    lines += [f"• {step}" for step in steps[:12]]
    if len(steps) > 12:
        lines.append(QCoreApplication.translate("Dialogs", "and {n} more").format(
            n=len(steps) - 12))
    return lines


class Dialogs:
    """Modal questions; each returns the answer (None or False when the umpire cancels)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent

    def ask_override_reason(self, *, unit: str, findings: Sequence[Finding]) -> str | None:
        """Why the umpire overrules the rules; None or '' means the order is not saved."""
        errors = "\n".join(f"• {f.clause}: {f.message}" for f in findings
                           if f.severity is Severity.ERROR)
        text, ok = QInputDialog.getText(
            self.parent, "Overrule the rules?",
            f"The rules refuse {unit}'s order:\n{errors}\n\n"
            "Give the reason to overrule them (it is kept in the journal):",
            QLineEdit.EchoMode.Normal, "")
        return text.strip() if ok else None

    def idle_reason(self, *, command: str) -> str | None:
        """Why a command does nothing more this turn (for the journal); None: not idled."""
        text, ok = QInputDialog.getText(
            self.parent, "Idle a command",
            f"{command} does nothing more this turn (BOW-F3).\n\n"
            "Why? (kept in the journal)", QLineEdit.EchoMode.Normal, "idled by the umpire")
        return (text.strip() or "idled by the umpire") if ok else None

    def confirm_close(self, summary: CloseSummary, *, unsaved: Sequence[str] = ()) -> bool:
        """Show what closing the bound leaves behind; True to go ahead.

        ``unsaved``: units whose order is typed but not saved (their draft is kept).
        """
        lines = [f"Close bound {summary.bound} for {summary.units} units?"]
        if unsaved:
            etc = " …" if len(unsaved) > 12 else ""
            lines.append(f"\nTyped but not saved (save them first, or these units close "
                         f"without that order): {', '.join(unsaved[:12])}{etc}")
        if summary.without_order:
            lines += _without_order_lines(summary)
        if summary.overruled:
            lines.append(f"\n{len(summary.overruled)} orders overrule the rules:")
            lines += [f"• {unit}: {reason}" for unit, reason in summary.overruled[:12]]
        answer = QMessageBox.question(self.parent, "Close the bound", "\n".join(lines),
                                      QMessageBox.StandardButton.Yes
                                      | QMessageBox.StandardButton.Cancel,
                                      QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes

    def confirm_reopen(self, *, bound: int, work: str = "") -> bool:
        """Reopen the last closed bound? (``work``: what would be discarded)."""
        extra = f"\n\n{work}\nThat work will be discarded." if work else ""
        answer = QMessageBox.question(
            self.parent, "Reopen the last bound",
            f"Reopen bound {bound}? Its close is undone exactly: the states it carried are "
            f"removed and bound {bound} is open again.{extra}",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes

    def event_data(self, kind: EventKind, *, unit: str) -> dict[str, Any] | None:
        """The event's data (an event without fields needs no dialog)."""
        if not kind.fields:
            return {}
        dialog = EventDialog(kind, unit=unit, parent=self.parent)
        return dialog.values() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def new_campaign(self) -> NewCampaign | None:
        """Name, rules system, and demo scenario or empty; None when cancelled."""
        from desk.ui.new_campaign import NewCampaignDialog

        dialog = NewCampaignDialog(self.parent)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def open_path(self, title: str, filters: str) -> Path | None:
        """A file to read; None when cancelled."""
        name, _ = QFileDialog.getOpenFileName(self.parent, title, "", filters)
        return Path(name) if name else None

    def save_path(self, title: str, suggested: str, filters: str) -> Path | None:
        """A file to write; None when cancelled."""
        name, _ = QFileDialog.getSaveFileName(self.parent, title, suggested, filters)
        return Path(name) if name else None

    def choose_backup(self, backups: Sequence[BackupInfo]) -> BackupInfo | None:
        """One of the campaign's backups (newest first); None when cancelled or none."""
        if not backups:
            QMessageBox.information(self.parent, "Backups", "No backups yet. One is taken "
                                    "before every bound is closed.")
            return None
        labels = [backup_label(b) for b in backups]
        choice, ok = QInputDialog.getItem(self.parent, "Restore a backup",
                                          "Backups, newest first:", labels, 0, False)
        return backups[labels.index(choice)] if ok and choice in labels else None

    def confirm_restore(self, backup: BackupInfo) -> bool:
        """Put the backup in place of the campaign? (a safety backup is taken first)."""
        answer = QMessageBox.question(
            self.parent, "Restore the backup",
            f"Put the backup {backup_label(backup)} in place of the campaign?\n\nThe campaign "
            "is closed, backed up as it is now, replaced and opened again. What was done "
            "since the backup is only in that safety backup.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes

    def restore_drafts_box(self, units: Sequence[str]) -> QMessageBox:
        """"Restore N unsaved orders?": Restore (the default, and Esc) or Discard."""
        count = len(units)
        names = "\n".join(f"• {name}" for name in units[:12])
        more = f"\n… and {count - 12} more" if count > 12 else ""
        plural = "order" if count == 1 else "orders"
        box = QMessageBox(QMessageBox.Icon.Question, "Unsaved orders",
                          f"Restore {count} unsaved {plural}?", parent=self.parent)
        box.setInformativeText(
            f"{'This order was' if count == 1 else 'These orders were'} typed but not saved "
            f"when the desk last had this campaign open:\n{names}{more}\n\nRestoring puts "
            "them back on the form; nothing is saved until you save it.")
        layout = box.layout()
        if isinstance(layout, QGridLayout):  # wide enough that a unit's name fits on its line
            layout.addItem(QSpacerItem(440, 0, QSizePolicy.Policy.Minimum,
                                       QSizePolicy.Policy.Expanding),
                           layout.rowCount(), 0, 1, layout.columnCount())
        restore = box.addButton("&Restore", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("&Discard", QMessageBox.ButtonRole.DestructiveRole)
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
        box = QMessageBox(QMessageBox.Icon.Warning, "Changed by another umpire",
                          f"{error}\n\nReload to see the other umpire's change? What you "
                          "entered here that was not saved is dropped.",
                          QMessageBox.StandardButton.Cancel, self.parent)
        box.setDefaultButton(box.addButton("&Reload", QMessageBox.ButtonRole.AcceptRole))
        return box

    def show_error(self, error: BaseException) -> bool:
        """One clear dialog; for another umpire's edit, True means 'reload'."""
        if is_conflict(error):
            box = self.conflict_box(error)
            box.exec()
            return box.clickedButton() is box.defaultButton()
        QMessageBox.warning(self.parent, "Not done", str(error))
        return False
