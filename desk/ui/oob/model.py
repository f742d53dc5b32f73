"""The order-of-battle tree as a Qt item model: side → command → sub-command → unit.

A unit's row, and a command's row whose command has a leader, can be dragged
onto the map board: the drag carries the board's marker key ("unit:12", or
"leader:3" for the command's leader) as :data:`MARKER_MIME`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractItemModel,
    QByteArray,
    QCoreApplication,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
)
from PySide6.QtWidgets import QAbstractItemView, QTreeView

from desk import i18n
from desk.rules.words import fold
from desk.services.campaign.info import CommandNode, SideNode

Index = QModelIndex | QPersistentModelIndex
MARKER_MIME = "application/x-desk-marker"  # a map marker's key, as UTF-8 text

COLUMNS = (QT_TRANSLATE_NOOP("OobTreeModel", "Name"), QT_TRANSLATE_NOOP("OobTreeModel", "Type"),
           QT_TRANSLATE_NOOP("OobTreeModel", "Strength"))


@dataclass(frozen=True)
class _Node:
    """A flattened tree node; ``parent`` and ``children`` are positions in the node list."""

    kind: str  # side, command, unit
    ref_id: int
    label: str
    detail: str
    strength: str
    parent: int  # -1 for a side
    row: int
    leader_id: int | None = None  # a command's leader

    @property
    def marker_key(self) -> str | None:
        """The map marker this row places: the unit's, or the command's leader's."""
        if self.kind == "unit":
            return f"unit:{self.ref_id}"
        if self.kind == "command" and self.leader_id is not None:
            return f"leader:{self.leader_id}"
        return None


class OobTreeModel(QAbstractItemModel):
    """A read-only tree over :func:`desk.services.campaign.info.oob_tree`'s frozen nodes.

    Nodes are flattened into a list and indexes carry the node's position as
    their internal id (no Python object pointers, which Qt cannot keep alive).
    """

    UnitIdRole = Qt.ItemDataRole.UserRole + 1
    KindRole = Qt.ItemDataRole.UserRole + 2
    MarkerKeyRole = Qt.ItemDataRole.UserRole + 3
    SearchRole = Qt.ItemDataRole.UserRole + 4  # the name folded: "bulow" finds "Bülow"

    def __init__(self, sides: tuple[SideNode, ...] = (), parent: object | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._nodes: list[_Node] = []
        self._children: dict[int, list[int]] = {}
        self._folded: dict[int, str] = {}  # node → its name folded, made when first filtered
        self._build(sides)

    def reset_tree(self, sides: tuple[SideNode, ...]) -> None:
        """Replace the whole tree (after an import or a reload)."""
        self.beginResetModel()
        self._build(sides)
        self.endResetModel()

    def _add(self, kind: str, ref_id: int, label: str, detail: str, strength: str,
             parent: int, leader_id: int | None = None) -> int:
        siblings = self._children.setdefault(parent, [])
        self._nodes.append(_Node(kind, ref_id, label, detail, strength, parent, len(siblings),
                                 leader_id))
        position = len(self._nodes) - 1
        siblings.append(position)
        return position

    def _build(self, sides: tuple[SideNode, ...]) -> None:
        self._nodes = []
        self._children = {}
        self._folded = {}
        words: dict[object, str] = {}  # a few unit types and levels over thousands of rows

        def term(value: object) -> str:
            word = words.get(value)
            if word is None:
                word = words[value] = i18n.term(value)
            return word

        def add_command(command: CommandNode, parent: int) -> None:
            detail = term(command.level) + (f" — {command.leader}" if command.leader else "")
            pos = self._add("command", command.id, command.name, detail, "", parent,
                            command.leader_id)
            for sub in command.commands:
                add_command(sub, pos)
            for unit in command.units:
                strength = (f"{unit.strength} {term(unit.strength_unit)}"
                            if unit.strength else "")
                self._add("unit", unit.id, unit.name, term(unit.unit_type), strength, pos)

        for side in sides:
            pos = self._add("side", side.id, side.name,
                            QCoreApplication.translate("OobTreeModel", "side"), "", -1)
            for command in side.commands:
                add_command(command, pos)

    # --- QAbstractItemModel -------------------------------------------------
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:
        parent_pos = parent.internalId() if parent.isValid() else -1
        siblings = self._children.get(parent_pos, [])
        if not (0 <= row < len(siblings) and 0 <= column < len(COLUMNS)):
            return QModelIndex()
        return self.createIndex(row, column, siblings[row])

    def parent(self, child: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]
        if not child.isValid():
            return QModelIndex()
        node = self._nodes[child.internalId()]
        if node.parent < 0:
            return QModelIndex()
        return self.createIndex(self._nodes[node.parent].row, 0, node.parent)

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        if parent.isValid() and parent.column() != 0:
            return 0
        parent_pos = parent.internalId() if parent.isValid() else -1
        return len(self._children.get(parent_pos, []))

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        node = self._nodes[index.internalId()]
        if role == Qt.ItemDataRole.DisplayRole:
            return (node.label, node.detail, node.strength)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{node.label} ({node.detail})"
        if role == self.UnitIdRole:
            return node.ref_id if node.kind == "unit" else None
        if role == self.KindRole:
            return node.kind
        if role == self.MarkerKeyRole:
            return node.marker_key
        if role == self.SearchRole:
            found = self._folded.get(index.internalId())
            if found is None:
                found = self._folded[index.internalId()] = fold(node.label)
            return found
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        found = super().flags(index)
        if index.isValid() and self._nodes[index.internalId()].marker_key is not None:
            found |= Qt.ItemFlag.ItemIsDragEnabled  # onto the map board
        return found

    def mimeTypes(self) -> list[str]:
        return [MARKER_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        """The first dragged row's marker key (the map places one marker at a time)."""
        data = QMimeData()
        key = next((k for i in indexes if i.isValid()
                    and (k := self._nodes[i.internalId()].marker_key) is not None), None)
        if key is not None:
            data.setData(MARKER_MIME, QByteArray(key.encode()))
        return data

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(COLUMNS)):
            return QCoreApplication.translate("OobTreeModel", str(COLUMNS[section]))
        return None

    def unit_count(self) -> int:
        """How many units the tree holds."""
        return sum(1 for n in self._nodes if n.kind == "unit")


def oob_tree_view(proxy: QAbstractItemModel) -> QTreeView:
    """The order of battle's tree view over its (filtering) model."""
    tree = QTreeView()
    tree.setObjectName("oob_tree")
    tree.setModel(proxy)
    tree.setUniformRowHeights(True)
    tree.setAlternatingRowColors(True)
    tree.setColumnWidth(0, 230)
    tree.setColumnWidth(1, 120)
    tree.setHeaderHidden(False)
    # The names whole ("Reserve cavalry of IV Corps", not "Reserve cavalry of IV Cor…"):
    # the name column fits its longest shown entry (Qt measures at most 1,000 rows of it),
    # once the view has settled: opening the tree to show a filter's matches says
    # "expanded" once per command, and measuring the column each time made one filter
    # keystroke cost a third of a second.
    settle = QTimer(tree)
    settle.setSingleShot(True)
    settle.setInterval(0)
    settle.timeout.connect(lambda: tree.resizeColumnToContents(0))

    def fit_names(*_: object) -> None:
        settle.start()

    tree.expanded.connect(fit_names)
    tree.collapsed.connect(fit_names)
    proxy.modelReset.connect(fit_names)
    proxy.layoutChanged.connect(fit_names)
    tree.setDragEnabled(True)  # a unit (or a command's leader) onto the map board
    tree.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
    return tree
