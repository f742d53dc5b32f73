"""Every list fits its longest entry (issue 30): a narrow box still opens a list read whole.

In a crowded pane the rate box was narrow and its "charge" entry cut off. Every list box of
the window (the form's choices, the bound, the side, the event kinds, the LIM panel's) is a
``FittingCombo``: its list opens at least as wide as its longest entry.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot

from desk.ui.widgets import FittingCombo


@pytest.mark.parametrize("system", ["belle-alliance", "battles-of-waterloo", "la-bataille"])
def test_each_list_box_opens_as_wide_as_its_longest_entry(make_window: Any, qtbot: QtBot,
                                                          system: str) -> None:
    window = make_window(system)
    window.resize(1366, 768)
    with qtbot.waitActive(window):
        window.show()
    window.orders.next_without_order()
    boxes = [b for b in window.findChildren(QComboBox) if b.isVisible() and b.count()]
    assert len(boxes) >= 4
    for box in boxes:
        assert isinstance(box, FittingCombo), box.objectName() or box.accessibleName()
        longest = max(box.fontMetrics().horizontalAdvance(box.itemText(i))
                      for i in range(box.count()))
        box.setFixedWidth(min(60, longest // 2))  # as narrow as a crowded pane makes it
        assert longest > box.width()
        box.showPopup()
        QApplication.processEvents()
        view = box.view()
        assert view.width() >= longest + 2 * view.frameWidth(), (
            f"{box.objectName() or box.accessibleName()}: list {view.width()} px for an "
            f"entry of {longest} px")
        box.hidePopup()


def test_the_order_of_battle_shows_every_name_whole(make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    window.resize(1366, 768)
    with qtbot.waitActive(window):
        window.show()
    tree = window.tree
    tree.expandAll()
    QApplication.processEvents()
    model, metrics = tree.model(), tree.fontMetrics()
    widest, index = 0, model.index(0, 0)
    while index.isValid():  # every row shown, depth first, as the tree lists them
        indent = tree.visualRect(index).left() + tree.horizontalScrollBar().value()
        widest = max(widest, indent + metrics.horizontalAdvance(str(index.data())))
        index = tree.indexBelow(index)
    assert widest > 230  # longer than the column was: "Horse battery of Domon's division"
    assert tree.columnWidth(0) >= widest
