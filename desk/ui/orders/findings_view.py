"""The findings list: each finding with its clause id; hovering shows the clause from RULES.md."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import QListView, QWidget

from desk.rules.base import Finding, Severity
from desk.rules.clauses import clause_text
from desk.ui.palette import DeskPalette

Index = QModelIndex | QPersistentModelIndex

_MARK = {Severity.ERROR: "✖", Severity.WARNING: "▲"}


def without_clause(finding: Finding) -> str:
    """The finding's sentence without its own "(BA-8)", for a line the clause already leads."""
    message = finding.message
    for cited in (f" ({finding.clause}).", f" ({finding.clause})"):
        if message.endswith(cited):
            return message[: -len(cited)] + ("." if cited.endswith(".") else "")
    return message


class FindingsModel(QAbstractListModel):
    """A list over frozen :class:`Finding` values, errors first."""

    ClauseRole = Qt.ItemDataRole.UserRole + 1
    SeverityRole = Qt.ItemDataRole.UserRole + 2

    def __init__(self, parent: object | None = None, *,
                 palette: DeskPalette | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._palette = palette or DeskPalette(parent=self)  # asked at data() time
        self._findings: tuple[Finding, ...] = ()

    def set_findings(self, findings: Iterable[Finding]) -> None:
        """Show these findings (errors before warnings, each group in the rules' order)."""
        ordered = tuple(sorted(findings, key=lambda f: f.severity is not Severity.ERROR))
        if ordered == self._findings:
            return  # typing a letter that changes nothing must not flicker the list
        self.beginResetModel()
        self._findings = ordered
        self.endResetModel()

    def findings(self) -> tuple[Finding, ...]:
        """The findings shown."""
        return self._findings

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._findings)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._findings):
            return None
        finding = self._findings[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            # The clause leads the line, so the sentence's own "(BA-8)" would say it twice.
            message = without_clause(finding)
            house = (" " + QCoreApplication.translate("FindingsModel", "[house rule]")
                     if finding.house_rule and "house rule" not in message else "")
            return f"{_MARK[finding.severity]} {finding.clause}  {message}{house}"
        if role == Qt.ItemDataRole.ToolTipRole:
            text = clause_text(finding.clause)
            return f"{finding.clause}: {text}" if text else finding.message
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._palette.brush("error" if finding.severity is Severity.ERROR
                                       else "warning")
        if role == self.ClauseRole:
            return finding.clause
        if role == self.SeverityRole:
            return finding.severity.value
        return None


class FindingsView(QListView):
    """A compact, word-wrapped list of findings."""

    def __init__(self, model: FindingsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.setWordWrap(True)
        self.setUniformItemSizes(False)
        self.setObjectName("findings")
        self.setAccessibleName("Findings")
        self.setMinimumHeight(60)
