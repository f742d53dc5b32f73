"""Pick, don't spell: a text field that lists the scenario's names as the umpire types.

"Feature to cross" needed the scenario's exact, case-sensitive name ("Lasne
bridge"); "bridge" was unknown. With this completer, "lasne" lists every name
holding it, case and accents forgiven (the loose form of
:mod:`desk.services.names`, the same the command line uses); Down and Enter
pick one. Leaving the field with text that names exactly one (loosely equal, or
else the only one holding it) writes that name as the scenario spells it.

A field holding several names, comma-separated ("Units passed through"),
completes the one being typed, after the last comma, and keeps the others.

The names come from a :class:`NameBook`, read from the campaign when a field
first asks (not at start-up: an umpire may never type in these fields) and
read again after the order of battle changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QStringListModel, Qt, QTimer
from PySide6.QtWidgets import QCompleter, QLineEdit

from desk.rules.records import Names
from desk.services.names import loose, loosely_named
from desk.services.screens.scenario_names import ScenarioNames


class NameBook(QObject):
    """The campaign's names by kind, read once through ``read`` and kept until :meth:`forget`."""

    def __init__(self, read: Callable[[], ScenarioNames], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._read = read
        self._names: ScenarioNames | None = None
        self._loose: dict[Names, tuple[str, ...]] = {}

    def names(self, kind: Names) -> tuple[str, ...]:
        """The names of ``kind``, read now if they were not yet."""
        if self._names is None:
            self._names = self._read()
        return self._names.of(kind)

    def loose_names(self, kind: Names) -> tuple[str, ...]:
        """The loose forms of :meth:`names` (case and accents folded), in the same order."""
        if kind not in self._loose or self._names is None:
            self._loose[kind] = tuple(loose(n) for n in self.names(kind))
        return self._loose[kind]

    def forget(self) -> None:
        """The order of battle changed: read the names again when next asked."""
        self._names = None
        self._loose = {}


def _fixed(names: Sequence[str]) -> NameBook:
    """A book of one kind's names that never change (a scenario's features)."""
    book = ScenarioNames(features=tuple(names))
    return NameBook(lambda: book)


class NameCompleter(QCompleter):
    """The names holding what is typed, in a popup under ``edit`` (see the module text).

    ``names``: the names themselves (features), or a :class:`NameBook` and the ``kind``
    of name it lists. ``several``: the field holds a comma-separated list of names.
    """

    def __init__(self, edit: QLineEdit, names: Sequence[str] | NameBook, *,
                 kind: Names = Names.FEATURES, several: bool = False) -> None:
        self._book = names if isinstance(names, NameBook) else _fixed(names)
        self._kind = kind
        self.several = several
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

    def pathFromIndex(self, index: QModelIndex | QPersistentModelIndex) -> str:
        # What Qt writes into the field as a name is highlighted or chosen: the whole
        # text, the other names of a list kept.
        return self._with_last(str(index.data()))  # an index of the completion model

    def splitPath(self, path: str) -> list[str]:
        return [self._last(path)]

    @property
    def names(self) -> tuple[str, ...]:
        """The names this field lists."""
        return self._book.names(self._kind)

    def _last(self, text: str) -> str:
        return text.rpartition(",")[2].strip() if self.several else text.strip()

    def _with_last(self, name: str) -> str:
        if not self.several:
            return name
        head, comma, _tail = self.edit.text().rpartition(",")
        return f"{head}{comma} {name}" if comma else name

    def matches(self, text: str) -> list[str]:
        """The names holding ``text`` (the last of a list), case and accents forgiven, in
        the scenario's order."""
        wanted = loose(self._last(text))
        if not wanted:
            return []
        return [n for n, low in zip(self.names, self._book.loose_names(self._kind), strict=True)
                if wanted in low]

    def _typed(self, text: str) -> None:
        found = self.matches(text)
        self._model.setStringList(found)
        popup = self.popup()
        if found and found != [self._last(text)]:
            self.complete()
        elif popup is not None:
            popup.hide()

    def _picked(self, text: str) -> None:
        self.edit.setText(text)  # already the whole text (pathFromIndex)

    def settle(self) -> None:
        """Write the one name the text means, as the scenario spells it (else leave it);
        in a list, each name."""
        text = self.edit.text().strip()
        if not text:
            return
        parts = [p.strip() for p in text.split(",")] if self.several else [text]
        settled = [self._settled(p) for p in parts]
        if settled != parts or (self.several and ", ".join(settled) != text):
            self.edit.setText(", ".join(p for p in settled if p))

    def _settled(self, text: str) -> str:
        names = self.names
        if not text or text in names:
            return text
        same = loosely_named(text, names)
        found = same or self.matches(text)
        return found[0] if len(found) == 1 else text
