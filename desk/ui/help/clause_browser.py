"""Help ▸ Clauses: search the rules' clauses by id or word, read one whole.

The texts are those of RULES.md as :mod:`desk.rules.clauses` reads them for
tooltips. The window opens the browser at a finding's clause (F1, or a
double-click in the findings list), so "what does BA-14 say" needs no README.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListView,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from desk.rules.clauses import clause_texts
from desk.ui.accessibility import HELP_DIALOGS, apply_accessibility
from desk.ui.plural import numerus

Index = QModelIndex | QPersistentModelIndex


class ClauseModel(QAbstractListModel):
    """Every clause, in RULES.md's order: "BA-14  After a bound in which …"."""

    ClauseRole = Qt.ItemDataRole.UserRole + 1
    SearchRole = Qt.ItemDataRole.UserRole + 2  # id and text: what the search looks in

    def __init__(self, clauses: dict[str, str] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._clauses = list((clause_texts() if clauses is None else clauses).items())

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._clauses)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._clauses):
            return None
        clause, text = self._clauses[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{clause}  {text}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return text
        if role == self.ClauseRole:
            return clause
        if role == self.SearchRole:
            return f"{clause} {text}"
        return None

    def row_of(self, clause: str) -> int:
        """The row of a clause id, or -1."""
        return next((i for i, (c, _t) in enumerate(self._clauses) if c == clause), -1)


class ClauseFilter(QSortFilterProxyModel):
    """Keeps the clauses whose id or text holds every word searched (any case)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []

    def set_search(self, text: str) -> None:
        """Search for these words ("" shows every clause)."""
        self.beginFilterChange()
        self._words = text.casefold().split()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.sourceModel()
        text = str(model.index(source_row, 0, source_parent).data(ClauseModel.SearchRole))
        folded = text.casefold()
        return all(word in folded for word in self._words)


class ClauseBrowser(QDialog):
    """A search box, the matching clauses, and the chosen clause in full."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("clause_browser")
        self._data_key: str | None = None  # a finding's rules data key, shown in place of a clause
        self.setWindowTitle(self.tr("Rules clauses — Umpire's Desk"))
        self.model = ClauseModel(parent=self)
        self.proxy = ClauseFilter(self)
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit(self)
        self.search.setObjectName("clause_search")
        self.search.setPlaceholderText(self.tr("Search by id (BA-14) or word (charge)"))
        self.search.setClearButtonEnabled(True)
        self.list = QListView(self)
        self.list.setObjectName("clause_list")
        self.list.setModel(self.proxy)
        self.list.setUniformItemSizes(True)
        self.text = QTextBrowser(self)
        self.text.setObjectName("clause_text")
        self.count = QLabel(self)
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.list)
        split.addWidget(self.text)
        split.setSizes([260, 160])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.setObjectName("clause_buttons")
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.count)
        layout.addWidget(split, 1)
        layout.addWidget(buttons)
        self.search.textChanged.connect(self._searched)
        self.list.selectionModel().currentChanged.connect(self._chosen)
        self.resize(720, 520)
        apply_accessibility(self, HELP_DIALOGS)
        self._searched("")

    def show_clause(self, clause: str | None) -> bool:
        """Show one clause in full (the search cleared so it is in the list); False if unknown.

        A finding that cites the rules data ("data: charge.rate_cm.artillery", where the
        rules' text has no clause) is shown as that, not as whichever clause is first."""
        self.search.clear()
        self._data_key = None
        if clause and clause.startswith("data:"):
            self.list.setCurrentIndex(QModelIndex())
            self._data_key = clause
            self.text.setPlainText(self.tr(
                "{key}\n\nNot a numbered clause of the rules: a number or list the desk reads "
                "from the rules system's data (resources/rulesets), which a campaign's house "
                "rules may change.").format(key=clause))
            return True
        row = self.model.row_of(clause) if clause else -1
        if row < 0:
            return False
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        self.list.setCurrentIndex(index)
        self.list.scrollTo(index)
        return True

    def shown_clause(self) -> str | None:
        """The clause (or rules data key) shown in full, or None."""
        if self._data_key is not None:
            return self._data_key
        value = self.list.currentIndex().data(ClauseModel.ClauseRole)
        return str(value) if value else None

    def _searched(self, text: str) -> None:
        self.proxy.set_search(text)
        found = self.proxy.rowCount()
        self.count.setText(numerus(self.tr("%n clause(s)", "", found), found))
        if found and not self.list.currentIndex().isValid():
            self.list.setCurrentIndex(self.proxy.index(0, 0))

    def _chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self._data_key = None
        clause = current.data(ClauseModel.ClauseRole)
        text = current.data(Qt.ItemDataRole.ToolTipRole)
        self.text.setPlainText(f"{clause}\n\n{text}" if clause else "")
