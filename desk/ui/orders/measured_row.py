"""The order form's measured distance: the value the desk measured from the positions,
with its working beside it, and a box where the umpire types a distance that overrides it.

Only the nearest steady closed opponent is shown here (BA-9); a skirmish line's distance
to its soutien (BA-16) is measured when the order is written, from the units it names.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QWidget

from desk.rules.base import SituationRecord
from desk.rules.coerce import as_mapping
from desk.services.positions.situation import NEAREST_KEY, workings


class MeasuredRow(QWidget):
    """A distance box whose placeholder is the measured value, and the working beside it."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.edit = QLineEdit(self)
        self.edit.setObjectName("measured_distance")
        self.edit.setMaximumWidth(90)
        self.edit.setAccessibleName(self.tr("Distance to the nearest closed opponent (cm)"))
        self.edit.setToolTip(self.tr("Type a distance in cm to override the measured one"))
        self.working = QLabel("", self)
        self.working.setObjectName("measured_working")
        self.working.setWordWrap(True)
        layout.addWidget(self.edit)
        layout.addWidget(self.working, 1)
        self.edit.textEdited.connect(lambda _text: self.edited.emit())

    def show_for(self, situation: Mapping[str, object]) -> bool:
        """Show the context's measured distance and clear the typed one; whether there is one."""
        working = as_mapping(situation.get("measured")).get(NEAREST_KEY)
        value = situation.get(NEAREST_KEY)
        self.edit.clear()
        self.edit.setPlaceholderText(str(value) if working else "")
        self.working.setText(self.tr("measured: {working}").format(working=working)
                             if working else "")
        return bool(working)

    def typed(self) -> float | None:
        """The umpire's distance, or None when the box is empty or not a number."""
        try:
            return float(self.edit.text().replace(",", ".")) if self.edit.text().strip() else None
        except ValueError:
            return None

    def apply(self, situation: SituationRecord) -> SituationRecord:
        """``situation`` with the typed distance, which drops the measured working."""
        value = self.typed()
        if value is not None:
            situation[NEAREST_KEY] = value
            measured = workings(situation)
            measured.pop(NEAREST_KEY, None)
            situation["measured"] = measured
            self.working.setText(self.tr("typed by the umpire (overrides the measured value)"))
        return situation
