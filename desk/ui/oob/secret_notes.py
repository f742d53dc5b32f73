"""The unit panel's "Secret note…" (issue 33): ask for the note's text, keep it through the
window's one door, and show the panel again with it.

A note changes nothing any other view shows (no sheet, table or map reads it), so only
the panel is read again; the change notice is :attr:`~desk.ui.changes.Change.NOTE`.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from desk.ui.changes import Change
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.oob.unit_panel import UnitPanel
from desk.ui.operations import Operations


class SecretNotesController(Controller):
    """Keeps a secret note on the unit the panel shows, as the umpire at this desk."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget,
                 panel: UnitPanel) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.panel = panel
        panel.notes_writable = not ops.read_only
        panel.note_requested.connect(self.write_note)

    def write_note(self) -> None:
        """Ask for a note on the shown unit and keep it; Cancel keeps nothing."""
        from desk.services.umpires.notes import add_note

        shown = self.panel.data
        if shown is None or self.ops.read_only:
            return
        text = self.dialogs.secret_note(unit=shown.unit.name)
        if text is None:
            return
        unit_id = shown.unit.id
        kept = self.guard(lambda: self.ops.write(
            lambda s: add_note(session=s, unit_id=unit_id, text=text), Change.NOTE))
        if kept is None:
            return
        self.panel.show_unit(self.ops.unit_panel(unit_id, shown.bound),
                             editable=self.panel.event_button.isEnabled())
