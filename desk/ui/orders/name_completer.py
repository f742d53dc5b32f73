"""Pick, don't spell: a text field that lists the scenario's names as the umpire types.

"Feature to cross" needed the scenario's exact, case-sensitive name ("Lasne
bridge"); "bridge" was unknown. With this completer, "lasne" lists every name
holding it, case and accents forgiven (the loose form of
:mod:`desk.services.names`, the same the command line uses); Down and Enter
pick one. Leaving the field with text that names exactly one (loosely equal, or
else the only one holding it) writes that name as the scenario spells it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QStringListModel, Qt, QTimer
from PySide6.QtWidgets import QCompleter, QLineEdit

from desk.services.names import loose, loosely_named


class NameCompleter(QCompleter):
    """The names holding what is typed, in a popup under ``edit`` (see the module text)."""

    def __init__(self, edit: QLineEdit, names: Sequence[str]) -> None:
        self._names = tuple(names)
        self._loose = tuple(loose(n) for n in self._names)
        self._model = QStringListModel()
        super().__init__(self._model, edit)
        self._model.setParent(self)
        self.edit = edit
        # Filtered here, on the loose forms: Qt's own filter knows case but not accents.
        self.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        self.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setMaxVisibleItems(8)
        edit.setCompleter(self)
        edit.textEdited.connect(self._typed)
        self.activated.connect(self._picked)  # the line edit sets it only in prefix modes
        # After the event that ended the editing: Enter in the popup picks a name first.
        edit.editingFinished.connect(lambda: QTimer.singleShot(0, self, self.settle))

    def matches(self, text: str) -> list[str]:
        """The names holding ``text``, case and accents forgiven, in the scenario's order."""
        wanted = loose(text)
        if not wanted:
            return []
        return [n for n, low in zip(self._names, self._loose, strict=True) if wanted in low]

    def _typed(self, text: str) -> None:
        found = self.matches(text)
        self._model.setStringList(found)
        popup = self.popup()
        if found and found != [text]:
            self.complete()
        elif popup is not None:
            popup.hide()

    def _picked(self, name: str) -> None:
        self.edit.setText(name)

    def settle(self) -> None:
        """Write the one name the text means, as the scenario spells it (else leave it)."""
        text = self.edit.text().strip()
        if not text or text in self._names:
            return
        same = loosely_named(text, self._names)
        found = same or self.matches(text)
        if len(found) == 1:
            self.edit.setText(found[0])
