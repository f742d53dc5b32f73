"""The window's questions to the umpire, in one replaceable object.

:class:`Dialogs` asks for an override reason, confirms a close or a reopen,
collects an event's data and shows a refused use case in one clear dialog. The
window receives it from the composition root, so a test hands in a subclass
with scripted answers instead of clicking modal boxes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QWidget,
)

from desk.rules.base import EventKind, Finding, Severity
from desk.ui import field_editors as fe

if TYPE_CHECKING:  # a type only: the services behind it load when first used
    from desk.services.ui_support import CloseSummary

CONFLICT_ERRORS = ("ConflictError", "ConcurrentChangeError")


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

    def confirm_close(self, summary: CloseSummary) -> bool:
        """Show what closing the bound leaves behind; True to go ahead."""
        lines = [f"Close bound {summary.bound} for {summary.units} units?"]
        if summary.without_order:
            names = ", ".join(summary.without_order[:12])
            more = len(summary.without_order) - 12
            lines.append(f"\n{len(summary.without_order)} units without an order (the rules' "
                         f"'no order' applies): {names}" + (f" and {more} more" if more > 0
                                                              else ""))
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

    def show_error(self, error: BaseException) -> bool:
        """One clear dialog; for another umpire's edit, True means 'reload'."""
        if type(error).__name__ in CONFLICT_ERRORS:
            answer = QMessageBox.warning(
                self.parent, "Changed by another umpire",
                f"{error}\n\nReload the campaign to see the other umpire's change?",
                QMessageBox.StandardButton.Reset | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Reset)
            return answer == QMessageBox.StandardButton.Reset
        QMessageBox.warning(self.parent, "Not done", str(error))
        return False
