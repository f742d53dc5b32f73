"""The one Print dialog: one PDF per side and command in a folder beside the campaign."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from form_helpers import filled_sheet
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QProgressDialog, QPushButton
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.printing.viewmodels import Paper, SheetMode
from desk.services.screens.startup import oob_nodes
from desk.ui.main_window import MainWindow
from desk.ui.printing.dialog import WHOLE_SIDE, PrintChoice, PrintDialog


def _text(path: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(path).pages)


def _print(window: MainWindow, qtbot: QtBot, **choices: Any) -> list[Path]:
    scripted(window).print_with = choices
    window.actions_by_name["print_sheets"].trigger()
    qtbot.waitUntil(lambda: bool(window.printing.written) or bool(scripted(window).errors),
                    timeout=60000)
    assert scripted(window).errors == []
    bars = [d for d in window.findChildren(QProgressDialog) if d.isVisible()]
    assert bars == []  # the progress bar went with the last PDF
    return list(window.printing.written)


def test_one_side_per_command_writes_a_pdf_per_top_command_beside_the_campaign(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    window.side_box.setCurrentIndex(window.side_box.findData("Prussian"))
    written = _print(window, qtbot)
    offer = scripted(window).print_offers[0]
    assert offer.sides == ("Prussian",) and offer.level == 1 and offer.mode is SheetMode.BLANK
    folder = tmp_path / f"{window.ops.context.campaign} bound 1"
    tree = window.ops.read(lambda s: oob_nodes(session=s,
                                               campaign_id=window.ops.context.campaign_id))
    tops = [c.name for side in tree if side.name == "Prussian" for c in side.commands]
    assert written == [folder / f"Prussian - {name}.pdf" for name in tops]
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in written)
    text = _text(written[0])
    assert "Bülow" in text or "Brigade" in text
    assert "Lobau" not in text  # fog of war: nothing of the French on a Prussian sheet


def test_all_sides_whole_side_writes_one_pdf_per_side_on_letter_paper(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window("la-bataille")
    folder = tmp_path / "sheets"
    sides = window.ops.context.sides
    written = _print(window, qtbot, sides=sides, level=WHOLE_SIDE, paper=Paper.LETTER,
                     folder=folder)
    assert written == [folder / f"{side}.pdf" for side in sides]
    width = float(PdfReader(written[0]).pages[0].mediabox.width)
    assert abs(width - 612) < 1  # Letter, 8.5 in


def test_players_copy_hides_what_the_umpires_copy_shows(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    window.orders.next_without_order()
    unit = window.unit_id
    window.form.verbatim_edit.setPlainText("Hold the chateau.")
    assert window.orders.save_order()
    side = next(r.side for r in window.table_model.rows() if r.unit_id == unit)
    players = _print(window, qtbot, sides=(side,), level=WHOLE_SIDE, mode=SheetMode.FILLED,
                     folder=tmp_path / "players")
    window.printing.written = []
    umpire = _print(window, qtbot, sides=(side,), level=WHOLE_SIDE, mode=SheetMode.UMPIRE,
                    folder=tmp_path / "umpire")
    players_text, umpire_text = _text(players[0]), _text(umpire[0])
    assert "Hold the chateau." in players_text and "Hold the chateau." in umpire_text
    assert "BA-" not in players_text  # no clause ids for the players
    assert "BA-" in umpire_text


def test_cancel_writes_nothing(make_window: Any, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    scripted(window).print_with = None
    window.actions_by_name["print_sheets"].trigger()
    assert scripted(window).asked == ["print"]
    assert not (tmp_path / f"{window.ops.context.campaign} bound 1").exists()


def test_import_filled_forms_from_the_window_shows_the_drafts(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    [sheet] = _print(window, qtbot, sides=("French",), level=WHOLE_SIDE, fillable=True,
                     folder=tmp_path / "forms")
    fields = PdfReader(sheet).get_fields() or {}
    prefix = sorted(n for n in fields if n.endswith("-verbatim"))[0][:-len("verbatim")]
    filled = filled_sheet(sheet.read_bytes(), {prefix + "verbatim": "Storm the farm."},
                          tmp_path / "filled.pdf")
    scripted(window).open_many = [filled]
    window.actions_by_name["import_forms"].trigger()
    assert scripted(window).errors == []
    [result] = scripted(window).imported
    [order] = result.imported
    row = next(r for r in window.table_model.rows() if r.unit_id == order.unit_id)
    assert row.status == "draft"  # in the table, for review
    from desk.ui.orders.form_review import FormReviewDialog

    review = FormReviewDialog(result)
    qtbot.addWidget(review)
    assert review.rows()[0][0] == order.unit and review.rows()[0][2].startswith("draft")


def test_a_commanders_sheet_printed_with_the_defaults_imports_whole_from_the_window(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 27, defect 2: the Print dialog's default (a PDF per command under the side),
    five battalions filled on Lobau's VI Corps sheet: three go by courier, two wait as
    drafts with the limit's finding (data: couriers.limit_per_leader); nothing is refused."""
    window = make_window("belle-alliance")
    written = _print(window, qtbot, sides=("French",), fillable=True,
                     folder=tmp_path / "forms")
    sheet = next(p for p in written if p.name == "French - VI Corps.pdf")
    fields = PdfReader(sheet).get_fields() or {}
    names = ("1/5e Ligne", "2/5e Ligne", "1/11e Ligne", "2/11e Ligne", "1/27e Ligne")
    ids = {r.unit: r.unit_id for r in window.table_model.rows()}
    chosen = [n for n in fields for name in names if n.endswith(f"-u{ids[name]}-verbatim")]
    assert len(chosen) == 5
    filled = filled_sheet(sheet.read_bytes(), dict.fromkeys(chosen, "Advance on Plancenoit."),
                          tmp_path / "filled.pdf")
    scripted(window).open_many = [filled]
    window.actions_by_name["import_forms"].trigger()
    assert scripted(window).errors == []
    [result] = scripted(window).imported
    assert len(result.dispatched) == 3 and len(result.imported) == 2
    from desk.ui.orders.form_review import FormReviewDialog

    review = FormReviewDialog(result)
    qtbot.addWidget(review)
    assert [row[2].split(": ")[0] for row in review.rows()] == [
        "draft · data", "draft · data"]
    assert all("the limit per leader" in row[2] for row in review.rows())
    assert review.notes.text().splitlines()[-1] == ("Sent by courier: "
                                                    + ", ".join(result.dispatched))
    assert set(result.dispatched) | {o.unit for o in result.imported} == set(names)


def test_the_dialog_lists_its_files_and_refuses_a_fillable_closed_bound(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    ctx = window.ops.context
    tree = window.ops.read(lambda s: oob_nodes(session=s, campaign_id=ctx.campaign_id))
    offer = PrintChoice(sides=("French",), level=1, mode=SheetMode.BLANK, fillable=True,
                        bound=1, paper=Paper.A4, folder=tmp_path / "out")
    dialog = PrintDialog(tree=tree, labels={}, choice=offer, current_bound=2, open_bound=2)
    qtbot.addWidget(dialog)
    dialog.show()
    assert "French - VI Corps.pdf" in dialog.files_label.text()
    assert not dialog.fillable_check.isEnabled()  # bound 1 is closed
    assert dialog.choice().fillable is False
    dialog.bound_box.setValue(2)
    assert dialog.choice().fillable is True
    dialog.side_box.setCurrentIndex(0)  # all sides
    assert dialog.choice().sides == ctx.sides
    assert "Prussian - IV Corps.pdf" in dialog.files_label.text()
    QApplication.processEvents()


def test_enter_prints_wherever_the_focus_is(make_window: Any, qtbot: QtBot,
                                            tmp_path: Path) -> None:
    """At the table the umpire presses Enter: it prints, never opens the folder chooser."""
    window = make_window("belle-alliance")
    tree = window.ops.read(lambda s: oob_nodes(session=s,
                                               campaign_id=window.ops.context.campaign_id))
    offer = PrintChoice(sides=("French",), level=1, mode=SheetMode.BLANK, fillable=False,
                        bound=1, paper=Paper.A4, folder=tmp_path / "out")
    for tabs in range(12):  # every stop of the focus chain, the folder's Choose… included
        dialog = PrintDialog(tree=tree, labels={}, choice=offer, current_bound=1,
                             open_bound=1)
        qtbot.addWidget(dialog)
        dialog.show()
        for _ in range(tabs):
            QTest.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Tab)
        focus = QApplication.focusWidget() or dialog
        if isinstance(focus, QPushButton) and focus is not dialog.print_button:
            continue  # Cancel and Choose… answer Space, as buttons do
        QTest.keyClick(focus, Qt.Key.Key_Return)
        assert dialog.result() == QDialog.DialogCode.Accepted, f"after {tabs} tabs"
