"""The order form's note when another umpire saved the unit's order while this one typed
(issue 33): "Changed by Anne meanwhile", their words beside the umpire's own, and the
two ways on: keep mine (saving then replaces theirs, knowingly) or take theirs.

Until the umpire chooses, the form still holds the version it loaded, so a save is
refused by the services as a change made meanwhile: nothing of either is lost.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QWidget

if TYPE_CHECKING:
    from desk.services.screens.order_form import FormContext

_LONGEST = 160  # characters of their words shown; the rest is on their saved order


class MeanwhileNote(QLabel):
    """Says who changed the order meanwhile and offers theirs beside yours."""

    keep_mine = Signal(object)  # FormContext: the form now stands on their version
    take_theirs = Signal(object)  # FormContext: their order, loaded in place of the typing

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("", parent)
        self.setObjectName("meanwhile_note")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.linkActivated.connect(self._chosen)
        self.theirs: FormContext | None = None
        self.hide()

    def show_for(self, theirs: FormContext, *, by: str) -> None:
        """Show that ``by`` saved the order now in ``theirs`` meanwhile."""
        self.theirs = theirs
        order = theirs.order
        words = (order.verbatim if order and order.status != "cancelled"
                 else self.tr("(no order: cancelled)") if order else self.tr("(no order)"))
        if len(words) > _LONGEST:
            words = words[:_LONGEST - 1] + "…"
        who = by or self.tr("another umpire")
        self.setText(self.tr(
            "<b>Changed by {who} meanwhile.</b> Theirs: “{words}”<br>Yours stays on the "
            "form: <a href='mine'>Keep mine</a> (saving replaces theirs) · "
            "<a href='theirs'>Take theirs</a>").format(who=escape(who), words=escape(words)))
        self.show()

    def clear(self) -> None:
        """Nothing to say (another unit, or the choice made)."""
        self.theirs = None
        self.hide()

    def _chosen(self, link: str) -> None:
        theirs = self.theirs
        self.clear()
        if theirs is None:
            return
        (self.keep_mine if link == "mine" else self.take_theirs).emit(theirs)
