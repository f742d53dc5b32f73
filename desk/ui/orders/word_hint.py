"""The order form's one-click suggestion: "Use: rate = charge" from the words written.

The rules system reads the written order's words (``suggest()``, from each
ruleset's ``[words]`` data); where they ask for a value a field does not have,
this label offers it as a link, and a click asks the form to set it. The
disagreement itself is a warning finding beside the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QWidget

from desk import i18n
from desk.rules.base import RulesSystem


class WordHint(QLabel):
    """A link offering the fields the written words ask for; hidden when they agree."""

    use_requested = Signal(dict)  # {field name: value}

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("word_hint")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.pending: dict[str, Any] = {}
        self.linkActivated.connect(lambda _link: self.use_requested.emit(dict(self.pending)))
        self.hide()

    def show_for(self, system: RulesSystem, *, verbatim: str, completed: Mapping[str, Any],
                 fields: Mapping[str, str]) -> None:
        """Offer what ``verbatim`` asks for and ``completed`` lacks (``fields``: name -> label)."""
        asked = system.suggest(verbatim)
        self.pending = {k: v for k, v in asked.items() if k in fields and completed.get(k) != v}
        if not self.pending:
            self.hide()
            return
        # the field's label and the value in the reader's words ("allure = pas de charge")
        yes = self.tr("yes")
        what = ", ".join(f"{i18n._(fields[k]).lower()} = {yes if v is True else i18n.term(v)}"
                         for k, v in self.pending.items())
        offer = self.tr("Use: {what}").format(what=what)  # double quotes: lupdate reads them
        self.setText(f"<a href='use'>{escape(offer)}</a>")
        self.show()
