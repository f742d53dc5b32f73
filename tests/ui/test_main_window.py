"""The first main window: the order-of-battle tree over a real demo campaign."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt

from desk.cli_campaign import create_demo_campaign
from desk.services.campaign_info import campaign_overview, oob_tree
from desk.store import open_campaign
from desk.ui.main_window import MainWindow
from desk.ui.oob_model import OobTreeModel


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ui") / "plancenoit.desk"
    create_demo_campaign(path=path, rules_system="belle-alliance")
    return path


@pytest.fixture
def window(qtbot, demo: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    with open_campaign(demo, read_only=True) as store, store.session() as session:
        overview = campaign_overview(session=session)
        sides = oob_tree(session=session)
    win = MainWindow(title=str(demo), overview=overview, sides=sides, read_only=True)
    qtbot.addWidget(win)
    return win


def test_oob_model_passes_the_model_tester(qtmodeltester, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    qtmodeltester.check(window.oob_model)


def test_tree_holds_sides_commands_and_every_unit(window: MainWindow) -> None:
    model = window.oob_model
    sides = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert sides == ["French", "Prussian"]
    assert model.unit_count() >= 40
    french = model.index(0, 0)
    assert model.rowCount(french) >= 2  # VI Corps and the Young Guard at least
    assert model.index(0, 0, french).data(OobTreeModel.KindRole) == "command"


def _visible_units(window: MainWindow, parent: QModelIndex | None = None) -> list[str]:
    proxy = window.proxy
    parent = parent or QModelIndex()
    names: list[str] = []
    for row in range(proxy.rowCount(parent)):
        index = proxy.index(row, 0, parent)
        if window.tree.isRowHidden(row, parent):
            continue
        if index.data(OobTreeModel.KindRole) == "unit":
            names.append(index.data())
        names.extend(_visible_units(window, index))
    return names


def test_filter_by_text_keeps_matching_units_and_their_commands(window: MainWindow,
                                                                  qtbot) -> None:  # type: ignore[no-untyped-def]
    all_units = _visible_units(window)
    some = next(name for name in all_units if name)
    window.filter_edit.setText(some)
    shown = _visible_units(window)
    assert some in shown
    assert len(shown) < len(all_units)
    window.filter_edit.clear()
    assert len(_visible_units(window)) == len(all_units)


def test_filter_by_side_hides_the_other_side(window: MainWindow) -> None:
    window.side_box.setCurrentIndex(window.side_box.findData("Prussian"))
    proxy = window.proxy
    visible = [proxy.index(r, 0).data() for r in range(proxy.rowCount())
               if not window.tree.isRowHidden(r, QModelIndex())]
    assert visible == ["Prussian"]


def test_ctrl_f_focuses_the_filter(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.show()
    qtbot.waitExposed(window)
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(window.filter_edit.hasFocus)
