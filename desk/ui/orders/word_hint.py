"""The order form's offer of what the written words ask for: "Use: rate = charge (Ctrl+U)".

The reading itself is :func:`desk.rules.words.read_words` (the form, its Hold key
and the import of filled sheets share it). Where the words ask for a value a
field the umpire set does not have, this label offers it, as a link for the
mouse and as the key :data:`USE_WORDS_KEY` for the keyboard (the window's Edit
menu, and the status line, say the same); the disagreement itself is a warning
finding beside the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel, QWidget

from desk import i18n

USE_WORDS_KEY = "Ctrl+U"  # Edit ▸ Use the written words
HOLD_KEY = "Ctrl+H"  # Edit ▸ Hold
# The window's keys that a text box of the form must leave to the window (on X11 a text
# box reads Ctrl+U as "delete the line"): see desk.ui.undo.DeskUndoKeys.
WORD_KEYS = (QKeySequence(USE_WORDS_KEY), QKeySequence(HOLD_KEY))


class WordHint(QLabel):
    """A link offering the fields the written words ask for; hidden when they agree."""

    use_requested = Signal(dict)  # {field name: value}

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("word_hint")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.pending: dict[str, object] = {}
        self.offer = ""  # the status line's words: "Ctrl+U: use rate of march = halt"
        self.linkActivated.connect(lambda _link: self.use_requested.emit(dict(self.pending)))
        self.hide()

    def show_offer(self, pending: Mapping[str, object], *, fields: Mapping[str, str]) -> None:
        """Offer ``pending`` (the words' values the fields refuse; ``fields``: name -> label)."""
        self.pending = {k: v for k, v in pending.items() if k in fields}
        if not self.pending:
            self.offer = ""
            self.hide()
            return
        # the field's label and the value in the reader's words ("allure = pas de charge")
        yes = self.tr("yes")
        what = ", ".join(f"{i18n._(fields[k]).lower()} = {yes if v is True else i18n.term(v)}"
                         for k, v in self.pending.items())
        self.offer = self.tr("{key}: use {what}").format(key=USE_WORDS_KEY, what=what)
        text = self.tr("Use: {what} ({key})").format(what=what, key=USE_WORDS_KEY)
        self.setText(f"<a href='use'>{escape(text)}</a>")
        self.show()
