"""What the Help menu does: opens the keys, the clause browser (at a clause) and About.

Each dialog is made once per window and shown without blocking, so the umpire
can keep it open beside the form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QAbstractItemView, QDialog, QWidget

from desk.resources import user_data_dir
from desk.ui.orders.findings_view import FindingsModel

if TYPE_CHECKING:  # each dialog's module loads when it is first shown (issue 28)
    from desk.ui.help.about import AboutDialog
    from desk.ui.help.clause_browser import ClauseBrowser
    from desk.ui.help.keys import KeysDialog


def chosen_clause(*, findings: QAbstractItemView, table: QAbstractItemView,
                  clause_role: int) -> str | None:
    """The clause F1 shows: the finding chosen in the list, else the first finding on the
    form, else the clause of the chosen order's worst finding (in the table's last column)."""
    model = findings.model()
    current = findings.currentIndex()
    for index in (current, model.index(0, 0) if model.rowCount() else current):
        if index.isValid() and index.data(clause_role):
            return str(index.data(clause_role))
    row = table.currentIndex()
    if row.isValid():
        text = str(row.siblingAtColumn(table.model().columnCount() - 1).data() or "")
        clause = text.partition(":")[0]
        return clause or None
    return None


class HelpController(QObject):
    """Opens the Help dialogs over ``parent``; F1 and a double-click on a finding show the
    clause of the finding in ``findings`` (see :func:`chosen_clause`)."""

    def __init__(self, *, parent: QWidget, findings: QAbstractItemView,
                 table: QAbstractItemView, campaign: Callable[[], str]) -> None:
        super().__init__(parent)
        self._parent = parent
        role = FindingsModel.ClauseRole
        self._current_clause: Callable[[], str | None] = lambda: chosen_clause(
            findings=findings, table=table, clause_role=role)
        findings.doubleClicked.connect(lambda index: self.show_clause(index.data(role) or ""))
        self._campaign = campaign
        self.keys_dialog: KeysDialog | None = None
        self.browser: ClauseBrowser | None = None
        self.about_dialog: AboutDialog | None = None

    @staticmethod
    def _raise(dialog: QDialog) -> None:
        dialog.show()
        dialog.activateWindow()

    def show_keys(self) -> KeysDialog:
        """Help ▸ Keys."""
        if self.keys_dialog is None:
            from desk.ui.help.keys import KeysDialog

            self.keys_dialog = KeysDialog(self._parent)
        self._raise(self.keys_dialog)
        return self.keys_dialog

    def show_clause(self, clause: str | None = None) -> ClauseBrowser:
        """Help ▸ Clauses, at ``clause`` (default: the chosen finding's, if any)."""
        if self.browser is None:
            from desk.ui.help.clause_browser import ClauseBrowser

            self.browser = ClauseBrowser(self._parent)
        wanted = clause if clause is not None else self._current_clause()
        if wanted:
            self.browser.show_clause(wanted)
        self._raise(self.browser)
        if not wanted:
            self.browser.search.setFocus()
        return self.browser

    def show_about(self) -> AboutDialog:
        """Help ▸ About."""
        if self.about_dialog is None:
            from desk.ui.help.about import AboutDialog

            self.about_dialog = AboutDialog(campaign=self._campaign(), data_dir=user_data_dir(),
                                            parent=self._parent)
        self._raise(self.about_dialog)
        return self.about_dialog
