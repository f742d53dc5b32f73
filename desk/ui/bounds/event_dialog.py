"""The data of one in-bound event, asked of the umpire from the event kind's fields.

A field holding the campaign's names (a leader lost, a unit passed through, a feature
crossed) lists them as the umpire types (:mod:`desk.ui.orders.name_completer`).
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from desk import i18n
from desk.rules.base import EventKind
from desk.ui.orders import field_editors as fe
from desk.ui.orders.name_completer import NameBook, NameCompleter


class EventDialog(QDialog):
    """The data of one in-bound event, from its kind's fields."""

    def __init__(self, kind: EventKind, *, unit: str, names: NameBook | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.setWindowTitle(f"{i18n._(kind.label)} — {unit}")
        form = QFormLayout(self)
        clause = f" ({kind.clause})" if kind.clause else ""
        form.addRow(QLabel(self.tr("<b>{event}</b>{clause} for {unit}").format(
            event=i18n._(kind.label), clause=clause, unit=unit)))
        self.editors = {}
        self.completers: dict[str, NameCompleter] = {}
        for spec in kind.fields:
            editor = fe.make_editor(spec, self)
            self.editors[spec.name] = editor
            form.addRow(i18n._(spec.label), editor)
            if names is not None and spec.names is not None and isinstance(editor, QLineEdit):
                # a leader, a feature, a unit: listed as typed (issue 30)
                self.completers[spec.name] = NameCompleter(editor, names, kind=spec.names,
                                                           several=spec.several)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, object]:
        """The data entered (fields left empty are left out)."""
        return fe.read_all(self.kind.fields, self.editors)
