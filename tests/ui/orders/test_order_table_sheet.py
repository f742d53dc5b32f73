"""The order table as the umpire's sheet (issue 30): written words, what is applied, the
row's state to the close, its findings; the Show box and its keys list one state; every
column sorts.

A Belle Alliance evening: one draft the rules refuse (over the Lasne bridge in line,
BA-21), the same order overruled with the umpire's reason, one whose words say charge
while its rate is normal (a warning), one saved plainly, and the rest with no order.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desk.rules.records import fields_record
from desk.services.common import get_battle, get_campaign, open_bound, rules_of
from desk.services.errors import OrderRefused
from desk.services.lim import cup, moves
from desk.services.orders.write import write_order
from desk.services.versions import pool_version
from desk.store.tables.bounds import Order
from desk.ui.changes import Change
from desk.ui.main_window import MainWindow
from desk.ui.orders.table import FINDINGS, STATE, UNIT, WRITTEN, OrderTableModel

BRIDGE_IN_LINE: dict[str, object] = {"crossing": "Lasne bridge", "formation": "line"}
REFUSED, OVERRULED, WARNED, SAVED = "1/5e Ligne", "2/5e Ligne", "1/11e Ligne", "2/11e Ligne"


def _ids(window: MainWindow) -> dict[str, int]:
    return {r.unit: r.unit_id for r in window.table_model.rows()}


def _write(window: MainWindow, unit_id: int, **kwargs: Any) -> None:
    with window.ops.store.session() as session:
        write_order(session=session, battle_id=window.ops.battle_id, unit_id=unit_id,
                    seen_version=None, **kwargs)


def _refused_draft(window: MainWindow, unit_id: int) -> None:
    """The draft a dispatch delivers when the rules refuse it (desk.services.couriers)."""
    with window.ops.store.session() as session:
        try:
            write_order(session=session, battle_id=window.ops.battle_id, unit_id=unit_id,
                        fields=BRIDGE_IN_LINE, seen_version=None)
        except OrderRefused as refused:
            session.rollback()
            battle = get_battle(session, window.ops.battle_id)
            completed = rules_of(get_campaign(session, battle.campaign_id)).complete(
                fields_record(BRIDGE_IN_LINE))
            session.add(Order(bound_id=open_bound(session, battle).id or 0, unit_id=unit_id,
                              verbatim="Over the Lasne bridge", fields=BRIDGE_IN_LINE,
                              completed=dict(completed.fields),
                              defaulted=sorted(completed.defaulted), status="draft",
                              findings=[f.to_dict() for f in refused.findings]))
        else:
            raise AssertionError("the rules took the order")


def _evening(make_window: Any) -> tuple[MainWindow, dict[str, int]]:
    window = make_window("belle-alliance")
    ids = _ids(window)
    _refused_draft(window, ids[REFUSED])
    _write(window, ids[OVERRULED], fields=BRIDGE_IN_LINE, verbatim="Cross the bridge in line",
           override_reason="the bridge is repaired")
    _write(window, ids[WARNED], fields={}, verbatim="Charge the guns")
    _write(window, ids[SAVED], fields={"destination": "Plancenoit"}, verbatim="To Plancenoit")
    window.ops.reload()
    return window, ids


def _cell(window: MainWindow, unit_id: int, column: int, role: int = 0) -> Any:
    model = window.table_model
    return model.index(model.row_of_unit(unit_id), column).data(
        role or Qt.ItemDataRole.DisplayRole)


def _listed(window: MainWindow) -> set[int]:
    proxy = window.table_proxy
    return {proxy.index(row, 0).data(OrderTableModel.UnitIdRole)
            for row in range(proxy.rowCount())}


def test_the_sheet_says_written_words_state_and_findings_with_the_reason_BA_21(
        make_window: Any) -> None:
    window, ids = _evening(make_window)
    assert _cell(window, ids[OVERRULED], WRITTEN) == "Cross the bridge in line"
    assert _cell(window, ids[REFUSED], FINDINGS).startswith(
        "refused BA-21: Lasne bridge may be crossed only in column of march")
    assert "(BA-21)" not in _cell(window, ids[REFUSED], FINDINGS)  # named once, first
    assert _cell(window, ids[OVERRULED], FINDINGS) == (
        "overruled BA-21 — reason: 'the bridge is repaired'")
    assert "the bridge is repaired" in _cell(window, ids[OVERRULED], FINDINGS,
                                             Qt.ItemDataRole.ToolTipRole)
    assert _cell(window, ids[WARNED], FINDINGS).startswith("warning ")
    assert _cell(window, ids[SAVED], FINDINGS) == ""
    states = {name: _cell(window, ids[name], STATE) for name in (REFUSED, OVERRULED, SAVED)}
    assert states == {REFUSED: "draft, not saved", OVERRULED: "saved", SAVED: "saved"}
    assert _cell(window, ids["Lobau and staff"], STATE) == "no order"
    font = _cell(window, ids[REFUSED], UNIT, Qt.ItemDataRole.FontRole)
    assert font is not None and font.italic()  # a draft is visibly a draft


def test_the_show_box_lists_exactly_the_refused_then_the_drafts(make_window: Any,
                                                                qtbot: QtBot) -> None:
    window, ids = _evening(make_window)
    window.select_unit(ids[SAVED])
    box = window.state_box
    box.setCurrentIndex(box.findData("refused"))
    assert _listed(window) == {ids[REFUSED]}
    assert window.unit_id == ids[REFUSED]  # the shown unit was hidden: the first listed
    box.setCurrentIndex(box.findData("overruled"))
    assert _listed(window) == {ids[OVERRULED]}
    box.setCurrentIndex(box.findData("warning"))
    assert _listed(window) == {ids[WARNED]}
    box.setCurrentIndex(box.findData("saved"))
    assert _listed(window) == {ids[OVERRULED], ids[WARNED], ids[SAVED]}
    # An order half-typed on the form is a draft too, until saved.
    window.select_unit(ids[SAVED])
    window.form.verbatim_edit.setPlainText("To Plancenoit, then the wood")
    window.select_unit(ids[WARNED])  # the draft is kept as the unit's
    assert "unsaved draft" in _cell(window, ids[SAVED], STATE)
    with qtbot.waitExposed(window):  # the keys are the window's shortcuts
        window.show()
    window.activateWindow()
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.AltModifier)  # View ▸ Show drafts
    assert box.currentData() == "draft"
    assert _listed(window) == {ids[REFUSED], ids[SAVED]}
    qtbot.keyClick(window.table, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.AltModifier)  # View ▸ Show refused orders
    assert _listed(window) == {ids[REFUSED]}
    qtbot.keyClick(window.table, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.AltModifier)  # again: all
    assert box.currentData() is None
    assert len(_listed(window)) == window.table_model.rowCount()


def test_a_unit_hidden_by_the_show_box_can_still_be_chosen_elsewhere(make_window: Any) -> None:
    window, ids = _evening(make_window)
    window.state_box.setCurrentIndex(window.state_box.findData("refused"))
    window.select_unit(ids[SAVED])  # from the tree, say: not listed in the table
    assert window.unit_id == ids[SAVED]
    assert window.filtering.listed_row(ids[SAVED]) == -1
    window.filter_edit.setText("Ligne")  # the text filter and the state filter together
    assert _listed(window) == {ids[REFUSED]}
    window.filter_edit.setText("11e")
    assert _listed(window) == set()


def test_every_column_sorts_state_and_findings_included(make_window: Any) -> None:
    window, _ = _evening(make_window)
    proxy = window.table_proxy

    def column(col: int) -> list[str]:
        return [str(proxy.index(row, col).data()) for row in range(proxy.rowCount())]

    window.table.sortByColumn(STATE, Qt.SortOrder.AscendingOrder)
    states = column(STATE)
    assert states[0] == "no order" and states[-1] == "saved"
    assert states.index("draft, not saved") > states.index("no order")
    window.table.sortByColumn(FINDINGS, Qt.SortOrder.AscendingOrder)
    findings = column(FINDINGS)
    assert findings[0].startswith("refused BA-21") and findings[1].startswith("overruled")
    assert findings[2].startswith("warning")
    for col in range(window.table_model.columnCount()):  # none raises, all rows stay
        window.table.sortByColumn(col, Qt.SortOrder.DescendingOrder)
        assert proxy.rowCount() == window.table_model.rowCount()


def _close(window: MainWindow, qtbot: QtBot) -> None:
    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000,
                          check_params_cb=lambda kind: kind is Change.BOUND):
        window.bounds.close_bound()


def test_a_unit_without_an_order_continues_its_order_of_the_bound_before(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("belle-alliance")
    ids = _ids(window)
    _write(window, ids[SAVED], fields={"destination": "Plancenoit"}, verbatim="To Plancenoit")
    window.ops.reload()
    _close(window, qtbot)
    assert _cell(window, ids[SAVED], STATE) == "continues order of bound 1"
    assert "bound 1" in _cell(window, ids[SAVED], STATE, Qt.ItemDataRole.ToolTipRole)
    assert _cell(window, ids[REFUSED], STATE) == "no order"
    window.state_box.setCurrentIndex(window.state_box.findData("missing"))
    assert ids[SAVED] in _listed(window)
    window.show_bound(1)  # read-only: what happened
    assert _cell(window, ids[SAVED], STATE) == "saved"


def test_a_unit_moved_under_a_lim_says_so_before_and_after_the_close_BOW_3(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("battles-of-waterloo")
    borcke = _ids(window)["9. Brigade (Borcke)"]
    battle = window.ops.battle_id
    for step, kwargs in ((cup.record_draw, {"chit": "Prussian Orders"}),
                         (cup.take_option, {"option": "move-unit"}),
                         (moves.record_move, {"seq": 1, "unit_id": borcke,
                                              "movement": "tactical"})):
        with window.ops.store.session() as session:
            seen = pool_version(session=session, battle_id=battle)
            step(session=session, battle_id=battle, seen_version=seen, **kwargs)
    window.ops.reload()
    assert _cell(window, borcke, STATE) == "moved under a LIM"
    assert "LIM" in _cell(window, borcke, STATE, Qt.ItemDataRole.ToolTipRole)
    _close(window, qtbot)
    assert _cell(window, borcke, STATE) == "no order"  # a new turn
    window.show_bound(1)
    assert _cell(window, borcke, STATE) == "moved under a LIM"
    assert "applied" in _cell(window, borcke, STATE, Qt.ItemDataRole.ToolTipRole)
