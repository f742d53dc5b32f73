"""The desk's main window (first version: the order of battle of the open campaign)."""

from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QSplitter,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from desk.rules import SYSTEM_NAMES
from desk.services.campaign_info import CampaignOverview, SideNode
from desk.ui.oob_model import OobTreeModel


class MainWindow(QMainWindow):
    """The umpire's window: order-of-battle tree (filterable by text and side) and overview."""

    def __init__(self, *, title: str, overview: CampaignOverview, sides: tuple[SideNode, ...],
                 read_only: bool = False) -> None:
        super().__init__()
        self.setObjectName("MainWindow")
        suffix = " — read-only" if read_only else ""
        self.setWindowTitle(f"{overview.name} — Umpire's Desk{suffix}")
        self.resize(1100, 720)

        self.oob_model = OobTreeModel(sides, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.oob_model)
        self.proxy.setRecursiveFilteringEnabled(True)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(0)

        self.filter_edit = QLineEdit(placeholderText="Filter units and commands (Ctrl+F)")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        self.side_box = QComboBox()
        self.side_box.addItem("All sides", None)
        for side in sides:
            self.side_box.addItem(side.name, side.name)
        self.side_box.currentIndexChanged.connect(self._apply_side)

        self.tree = QTreeView()
        self.tree.setModel(self.proxy)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.expandToDepth(1)
        self.tree.header().setStretchLastSection(False)
        self.tree.setColumnWidth(0, 260)
        self.tree.setColumnWidth(1, 180)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        row = QHBoxLayout()
        row.addWidget(self.filter_edit, 1)
        row.addWidget(self.side_box)
        left_layout.addLayout(row)
        left_layout.addWidget(self.tree)

        system = SYSTEM_NAMES.get(overview.rules_system, overview.rules_system)
        self.overview_label = QLabel(self._overview_html(overview, system))
        self.overview_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.overview_label.setWordWrap(True)
        self.overview_label.setMargin(12)

        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.overview_label)
        splitter.setSizes([620, 480])
        self.setCentralWidget(splitter)

        status = "open" if overview.open_bound else "closed"
        self.statusBar().showMessage(
            f"{system} · Bound {overview.current_bound} ({status}) · "
            f"game time {overview.game_time or '—'} · {overview.units} units · {title}"
        )
        self._make_menus()

    def _make_menus(self) -> None:
        find = QAction("&Filter…", self)
        find.setShortcut(QKeySequence.StandardKey.Find)
        find.setToolTip("Filter the order of battle (Ctrl+F)")
        find.triggered.connect(self._focus_filter)
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.setToolTip("Close the desk (Ctrl+Q)")
        quit_action.triggered.connect(self.close)
        file_menu = self.menuBar().addMenu("&File")
        file_menu.addAction(quit_action)
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.addAction(find)
        self.addActions([find, quit_action])

    def _focus_filter(self) -> None:
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()

    def _apply_side(self) -> None:
        side = self.side_box.currentData()
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            hidden = side is not None and index.data() != side
            self.tree.setRowHidden(row, index.parent(), hidden)

    @staticmethod
    def _overview_html(overview: CampaignOverview, system: str) -> str:
        per_side = "".join(
            f"<tr><td>{name}</td><td align='right'>{count} units</td></tr>"
            for name, count in overview.units_per_side
        )
        return (
            f"<h2>{overview.name}</h2>"
            f"<p><b>{overview.battle}</b> · {system}</p>"
            f"<p>Bound {overview.current_bound}, game time {overview.game_time or '—'}</p>"
            f"<table cellspacing='6'>{per_side}</table>"
            f"<p>{overview.commands} commands, {overview.units} units.</p>"
        )
