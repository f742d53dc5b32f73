"""The main window's form follows what the filter lists (a mixin of :class:`MainWindow`).

The form never shows a unit the filter or the side box hides: when the shown
unit drops out of the list, the first unit listed takes its place, or the form
is cleared with a line saying why. Enter in the filter goes to the first unit
listed, with the cursor in its order text.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from desk.ui.order_form import OrderForm
from desk.ui.order_table import OrderFilterProxy, OrderTableModel
from desk.ui.unit_panel import UnitPanel


class ListedUnits:
    """What the window lists decides what its form may show (see the module text)."""

    unit_id: int | None
    table_model: OrderTableModel
    table_proxy: OrderFilterProxy
    form: OrderForm
    unit_panel: UnitPanel

    def select_unit(self, unit_id: int, *, force: bool = False) -> None:
        raise NotImplementedError  # the window's

    def focus_form(self) -> None:
        raise NotImplementedError  # the window's

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
        return self.table_proxy.mapFromSource(self.table_model.index(row, 0)).row()

    def _keep_shown_listed(self) -> None:
        if self.unit_id is None or self.listed_row(self.unit_id) >= 0:
            return
        first = self.first_listed()
        if first is not None:
            self.select_unit(first)
            return
        self.unit_id = None
        self.form.load(None)
        self.unit_panel.show_unit(None)
        self.form.header.setText(QCoreApplication.translate(
            "MainWindow", "No unit is listed: the filter or the side shown hides every unit."))

    def go_to_first_match(self) -> None:
        """Enter in the filter: the first unit listed, the cursor in its order text."""
        first = self.first_listed()
        if first is not None:
            self.select_unit(first)
            self.focus_form()
