"""Orders imported from a filled sheet are drafts until saved (issue 27): the order table sets
them apart from saved orders, and the close and end-battle questions name every unit whose
draft the close would not apply, before the umpire says yes."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import Any

from form_helpers import filled_sheet
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPlainTextEdit
from scripted_dialogs import scripted

from desk.services.printing.views import order_sheet_model
from desk.sheets import OrderSheet
from desk.ui.main_window import MainWindow
from desk.ui.orders.table import STATE, OrderTableModel


def _import_drafts(window: MainWindow, tmp_path: Path, count: int) -> list[str]:
    """A fillable French sheet (the service's), ``count`` orders written on it, imported
    through the window's Import action; the names of the units given a draft."""
    model = window.ops.read(lambda s: order_sheet_model(session=s, side="French", fillable=True))
    pdf = OrderSheet().render(model)
    fields = PdfReader(BytesIO(pdf)).get_fields() or {}
    names = sorted(n for n in fields if n.endswith("-verbatim"))[:count]
    filled = filled_sheet(pdf, dict.fromkeys(names, "Storm the farm."), tmp_path / "filled.pdf")
    scripted(window).open_many = [filled]
    window.actions_by_name["import_forms"].trigger()
    assert scripted(window).errors == []
    return [r.unit for r in window.table_model.rows() if r.status == "draft"]


def test_a_draft_is_shown_as_a_draft_and_the_close_names_it_before_dropping_it(
        make_window: Any, qtmodeltester: Any, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    drafts = _import_drafts(window, tmp_path, 14)
    assert len(drafts) == 14
    model: OrderTableModel = window.table_model
    qtmodeltester.check(model)
    row = model.row_of_unit(next(r.unit_id for r in model.rows() if r.unit == drafts[0]))
    saved_like = model.row_of_unit(next(r.unit_id for r in model.rows() if r.status == "none"))
    status = model.index(row, STATE).data()
    assert "draft" in status and "not saved" in status
    for column in range(model.columnCount()):
        font = model.index(row, column).data(Qt.ItemDataRole.FontRole)
        assert font is not None and font.italic()
        assert model.index(saved_like, column).data(Qt.ItemDataRole.FontRole) is None
    tip = model.index(row, 2).data(Qt.ItemDataRole.ToolTipRole)
    assert "draft" in tip and "the close does not apply it" in tip
    assert model.index(row, 0).data(OrderTableModel.MissingRole) is True

    scripted(window).confirm = False  # the umpire reads the question and says no
    window.actions_by_name["close_bound"].trigger()
    summary = scripted(window).summaries[-1]
    assert summary.drafts == tuple(drafts)
    text = scripted(window).close_text(summary)
    assert all(name in text for name in drafts)  # every one, not cut at twelve
    assert "the close does not apply them" in text and "Close all the same?" in text
    assert window.ops.context.current_bound == 1  # nothing closed


def test_the_end_battle_question_names_the_drafts_too(make_window: Any,
                                                      tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    drafts = _import_drafts(window, tmp_path, 2)
    window.battles.end_battle()
    review = window.battles.review
    assert review is not None
    note = review.findChild(QPlainTextEdit, "close_summary")
    assert all(name in note.toPlainText() for name in drafts)
    assert "the close does not apply them" in note.toPlainText()
    review.reject()
