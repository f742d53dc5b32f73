"""Counts with a noun in the window: Qt's numerus forms, and English with no catalogue.

A count is marked with Qt's plural form, ``self.tr("%n unit(s)", "", n)``: the French
catalogue (``desk_fr.ts``) holds one form per plural rule of the language ("%n unité",
"%n unités"; French says "0 unité" and "1 unité"). English is the source language and
loads no catalogue, so Qt hands back the source with ``%n`` filled in; :func:`numerus`
then spells its "(s)" for the count: "1 unit", "12 units".

The counted phrases of code that is not a QObject (the dialogs' texts, the
controllers) live in :class:`Counted`, whose ``self.tr`` calls lupdate reads as
plural forms (it does not for ``QCoreApplication.translate``).
"""

from __future__ import annotations

from PySide6.QtCore import QObject


def numerus(text: str, n: int) -> str:
    """``text`` as Qt returned it for count ``n``, with an untranslated "(s)" spelled out."""
    return text.replace("(s)", "" if n == 1 else "s")


class Counted(QObject):
    """The window's counted phrases, each in the reader's language and number."""

    def close_bound(self, *, bound: int, units: int) -> str:
        """The close question's first line."""
        return numerus(self.tr("Close bound {bound} for %n unit(s)?", "", units),
                       units).format(bound=bound)

    def without_order(self, n: int, *, no_order: str) -> str:
        """The heading of the units without an order, by the campaign's no-order setting."""
        if no_order == "continue":
            text = self.tr("%n unit(s) without an order (each continues its last order, "
                           "never a charge, fire or attack):", "", n)
        elif no_order == "hold":
            text = self.tr("%n unit(s) without an order (each holds):", "", n)
        else:
            text = self.tr("%n unit(s) without an order (the rules' 'no order' applies):",
                           "", n)
        return numerus(text, n)

    def closing(self, *, bound: int, units: int) -> str:
        """The progress label while a bound closes."""
        return numerus(self.tr("Closing bound {bound}: carrying %n unit(s) into the next "
                               "bound…", "", units), units).format(bound=bound)

    def orders_done(self, *, bound: int, n: int) -> str:
        """What reopening would throw away."""
        return numerus(self.tr("Bound {bound} already has %n order(s).", "", n),
                       n).format(bound=bound)

    def writing_pdfs(self, n: int) -> str:
        """The print progress label."""
        return numerus(self.tr("Writing %n order sheet PDF(s)…", "", n), n)

    def pdfs_written(self, n: int, *, folder: str) -> str:
        """The status line after printing."""
        return numerus(self.tr("%n order sheet PDF(s) written in {folder}", "", n),
                       n).format(folder=folder)

    def drafts_imported(self, n: int, *, forms: int) -> str:
        """The status line after importing filled forms."""
        return numerus(self.tr("%n draft order(s) imported", "", n), n) + \
            numerus(self.tr(" from %n form(s)", "", forms), forms)

    def believed_elsewhere(self, n: int) -> str:
        """The belief line's count of ghosts (issue 31)."""
        return numerus(self.tr("%n unit(s) believed elsewhere", "", n), n)

    def without_news(self, n: int) -> str:
        """The belief line's count of the units no report has named yet."""
        return numerus(self.tr("%n with no news", "", n), n)
