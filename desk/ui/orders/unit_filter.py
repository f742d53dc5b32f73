"""The filter, the side box and the Show box: what the tree and the table list, and the form
follows it.

Typing in the filter narrows both the order of battle and the order table (case and
accents forgiven: "bulow" finds Bülow);
the side box shows one side or all; the Show box lists the table's rows of one
state (refused, drafts …) or all (View ▸ Show refused orders, Ctrl+Alt+R; Show
drafts, Ctrl+Alt+J: the same key again shows all). The form never shows a unit
the filter or the boxes hide: when the shown unit drops out of the list, the
first unit listed takes its place, or the form is cleared with a line saying
why. Enter in the filter goes to the first unit listed, with the cursor in its
order text.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QCoreApplication, QObject, QSortFilterProxyModel
from PySide6.QtWidgets import QComboBox, QLineEdit, QTreeView

from desk.rules.words import fold
from desk.ui.oob.model import OobTreeModel
from desk.ui.orders.table import SHOW, OrderFilterProxy, OrderTableModel
from desk.ui.widgets import fit_popup

EXPAND_UNITS = 400  # up to this many units the tree opens every command at start


class ShownUnit(Protocol):
    """The window's side of it: the unit it shows, and how to show another or none."""

    @property
    def unit_id(self) -> int | None:
        """The unit in the form and the unit panel."""
        ...

    def select_unit(self, unit_id: int, *, force: bool = False) -> None:
        """Show a unit in the form and the unit panel."""
        ...

    def clear_unit(self, why: str) -> None:
        """Show no unit, with a line saying why."""
        ...

    def focus_form(self) -> None:
        """The cursor in the order text, and the text in view."""
        ...


class UnitFilter(QObject):
    """Applies the filter text and the side to the tree and the table (see the module text)."""

    def __init__(self, *, filter_edit: QLineEdit, side_box: QComboBox, tree: QTreeView,
                 tree_proxy: QSortFilterProxyModel, oob_model: OobTreeModel,
                 table_model: OrderTableModel, table_proxy: OrderFilterProxy,
                 shown: ShownUnit, state_box: QComboBox | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.filter_edit = filter_edit
        self.side_box = side_box
        self.tree = tree
        self.tree_proxy = tree_proxy
        self.oob_model = oob_model
        self.table_model = table_model
        self.table_proxy = table_proxy
        self.shown = shown
        filter_edit.textChanged.connect(self.apply_filter)
        filter_edit.returnPressed.connect(self.go_to_first_match)
        side_box.currentIndexChanged.connect(self.apply_side)
        self.state_box = state_box
        if state_box is not None:
            for label, tag in SHOW:
                state_box.addItem(QCoreApplication.translate("OrderTableModel", str(label)), tag)
            fit_popup(state_box)
            state_box.currentIndexChanged.connect(self.apply_state)

    def expand_tree(self) -> None:
        """Open the commands of an order of battle that fits on a few screens."""
        # On a big one (thousands of units) only the sides: mapping every unit through
        # the filter proxy to open them all costs more than the rest of the window.
        depth = 1 if self.oob_model.unit_count() <= EXPAND_UNITS else 0
        self.tree.expandToDepth(depth)

    def fill_sides(self, sides: tuple[str, ...]) -> None:
        """Offer these sides (and all); the umpire's choice stays where it still exists."""
        chosen = self.side_box.currentData()
        self.side_box.blockSignals(True)  # refilling is no choice of the umpire's
        try:
            self.side_box.clear()
            self.side_box.addItem(QCoreApplication.translate("MainWindow", "All sides"), None)
            for side in sides:
                self.side_box.addItem(side, side)
            self.side_box.setCurrentIndex(max(self.side_box.findData(chosen), 0))
        finally:
            self.side_box.blockSignals(False)

    def reapply(self) -> None:
        """Apply the filter and the side again (after the order of battle was read anew)."""
        self.apply_filter(self.filter_edit.text())
        self.apply_side()

    def apply_filter(self, text: str) -> None:
        """Narrow the tree and the table to what matches ``text``, case and accents forgiven
        ("bulow" finds Bülow: an umpire's keyboard may have no umlaut)."""
        self.tree_proxy.setFilterFixedString(fold(text))  # against the tree's folded names
        self.table_proxy.set_text(text)
        if text:  # show where the matches are
            self.tree.expandAll()
        else:
            self.expand_tree()
        self.keep_shown_listed()

    def apply_side(self) -> None:
        """Show the side chosen in the side box (or all)."""
        side = self.side_box.currentData()
        for row in range(self.tree_proxy.rowCount()):
            index = self.tree_proxy.index(row, 0)
            self.tree.setRowHidden(row, index.parent(), side is not None and index.data() != side)
        self.table_proxy.set_side(side)
        self.keep_shown_listed()

    def apply_state(self) -> None:
        """List the table's rows of the state chosen in the Show box (or all)."""
        if self.state_box is not None:
            self.table_proxy.set_state(self.state_box.currentData())
        self.keep_shown_listed()

    def toggle_state(self, tag: str) -> None:
        """Show the rows tagged ``tag`` (refused, draft …); all again when already shown."""
        if self.state_box is None:
            return
        found = self.state_box.findData(tag)
        current = self.state_box.currentIndex()
        self.state_box.setCurrentIndex(0 if found in (current, -1) else found)

    def focus_state(self) -> None:
        """The cursor in the Show box, its list open."""
        if self.state_box is not None:
            self.state_box.setFocus()
            self.state_box.showPopup()

    def first_listed(self) -> int | None:
        """The unit in the table's first row, or None when the table lists none."""
        if self.table_proxy.rowCount() == 0:
            return None
        return int(self.table_proxy.index(0, 0).data(OrderTableModel.UnitIdRole))

    def listed_row(self, unit_id: int) -> int:
        """The table row (as filtered and sorted) of a unit, or -1 when it is not listed."""
        row = self.table_model.row_of_unit(unit_id)
        if row < 0:
            return -1
        return self.table_proxy.listed(row).row()

    def keep_shown_listed(self) -> None:
        """The form moves to the first unit listed when its unit is no longer listed."""
        unit_id = self.shown.unit_id
        if unit_id is None or self.listed_row(unit_id) >= 0:
            return
        first = self.first_listed()
        if first is not None:
            self.shown.select_unit(first)
            return
        self.shown.clear_unit(QCoreApplication.translate(
            "MainWindow", "No unit is listed: the filter, the side or the state shown hides "
            "every unit."))

    def go_to_first_match(self) -> None:
        """Enter in the filter: the first unit listed, the cursor in its order text."""
        first = self.first_listed()
        if first is not None:
            self.shown.select_unit(first)
            self.shown.focus_form()
