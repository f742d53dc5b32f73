"""File menu: the order of battle's files — units added from a spreadsheet's CSV,
exported as CSV, and an order of battle imported from JSON as a new campaign."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.ui.main_window import MainWindow

CSV = ("side,command,name,arm,type,strength,formation\n"
       "French,VI Corps / 21e Division,1/37e Ligne,infantry,line-infantry,24,line\n"
       "French,VI Corps / 21e Division,2/37e Ligne,infantry,line-infantry,22,\n")


def _names(window: MainWindow) -> set[str]:
    return {r.unit for r in window.table_model.rows()}


def _tree_labels(model: Any, parent: Any = None) -> set[str]:
    from PySide6.QtCore import QModelIndex

    parent = parent or QModelIndex()
    labels = set()
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        labels.add(str(index.data()))
        labels |= _tree_labels(model, index)
    return labels


def test_units_added_from_csv_appear_in_the_table_and_the_tree(make_window: Any, qtbot: QtBot,
                                                               tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    before = len(window.table_model.rows())
    source = tmp_path / "reinforcements.csv"
    source.write_text("\ufeff" + CSV, encoding="utf-8")  # as a spreadsheet saves it, with a BOM
    scripted(window).open_from = source
    with qtbot.waitSignal(window.ops.campaign_changed, check_params_cb=lambda k: k == "oob"):
        window.actions_by_name["add_units"].trigger()
    assert len(window.table_model.rows()) == before + 2
    assert {"1/37e Ligne", "2/37e Ligne"} <= _names(window)
    assert {"21e Division", "1/37e Ligne"} <= _tree_labels(window.oob_model)
    assert "Added 2 units from reinforcements.csv (1 new command, 0 new sides)" in \
        window.statusBar().currentMessage()
    assert scripted(window).errors == []


def test_a_csv_with_a_bad_row_is_refused_in_one_dialog_and_adds_nothing(
        make_window: Any, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    before = _names(window)
    source = tmp_path / "bad.csv"
    source.write_text(CSV + "French,VI Corps,Odd,infantry,line-infantry,24,wedge\n",
                      encoding="utf-8")
    scripted(window).open_from = source
    window.actions_by_name["add_units"].trigger()
    assert len(scripted(window).errors) == 1 and "line 4" in str(scripted(window).errors[0])
    assert _names(window) == before


def test_exported_units_csv_lists_every_unit_in_the_format_import_reads(
        make_window: Any, tmp_path: Path) -> None:
    window = make_window("la-bataille")
    scripted(window).save_to = tmp_path / "units.csv"
    window.actions_by_name["export_units"].trigger()
    lines = (tmp_path / "units.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "side,command,name,arm,type,strength,formation"
    assert len(lines) - 1 == len(window.table_model.rows())


def test_units_added_to_a_battles_of_waterloo_campaign_bring_their_command_to_the_lim_panel(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window("battles-of-waterloo")
    source = tmp_path / "guard.csv"
    source.write_text("side,command,name,arm,type,strength,formation\n"
                      "French,Reserve Corps,Lobau's 19e Division,infantry,infantry,6,\n",
                      encoding="utf-8")
    scripted(window).open_from = source
    with qtbot.waitSignal(window.ops.campaign_changed):
        window.actions_by_name["add_units"].trigger()
    box = window.lim_panel.command_box
    assert any(box.itemText(i).startswith("Reserve Corps") for i in range(box.count()))


def test_an_order_of_battle_imported_from_json_opens_as_a_new_campaign(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    scripted(window).save_to = tmp_path / "oob.json"
    window.actions_by_name["export_oob"].trigger()
    data = json.loads((tmp_path / "oob.json").read_text(encoding="utf-8"))
    assert data["format"] == "umpires-desk-oob"
    scripted(window).open_from = tmp_path / "oob.json"
    scripted(window).save_to = tmp_path / "copy.desk"
    with qtbot.waitSignal(window.campaign_requested) as opened:
        window.actions_by_name["import_oob"].trigger()
    assert opened.args == [str(tmp_path / "copy.desk")]


def test_an_import_keeps_the_side_filter_and_offers_a_new_side(make_window: Any, qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    window.side_box.setCurrentIndex(window.side_box.findData("French"))
    source = tmp_path / "saxons.csv"
    source.write_text("side,command,name,arm,type,strength,formation\n"
                      "Saxon,Saxon Brigade,Leib-Grenadier-Garde,infantry,line-infantry,20,\n",
                      encoding="utf-8")
    scripted(window).open_from = source
    with qtbot.waitSignal(window.ops.campaign_changed):
        window.actions_by_name["add_units"].trigger()
    box = window.side_box
    assert box.currentData() == "French"
    assert [box.itemData(i) for i in range(box.count())] == [None, "French", "Prussian", "Saxon"]
    assert {r.side for r in (window.table_model.rows()[window.table_proxy.mapToSource(
        window.table_proxy.index(i, 0)).row()] for i in range(window.table_proxy.rowCount()))} \
        == {"French"}
    shown = [window.proxy.index(i, 0).data() for i in range(window.proxy.rowCount())
             if not window.tree.isRowHidden(i, window.proxy.index(i, 0).parent())]
    assert shown == ["French"]


def test_units_cannot_be_added_to_a_campaign_opened_read_only(make_window: Any) -> None:
    assert make_window("belle-alliance").actions_by_name["add_units"].isEnabled()
    assert not make_window("belle-alliance", read_only=True).actions_by_name["add_units"] \
        .isEnabled()


def test_an_export_to_a_place_that_cannot_be_written_is_one_dialog(make_window: Any,
                                                                   tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    scripted(window).save_to = tmp_path / "no-such-folder" / "units.csv"
    window.actions_by_name["export_units"].trigger()
    assert len(scripted(window).errors) == 1
    assert "units.csv could not be written" in str(scripted(window).errors[0])


def test_a_csv_in_another_encoding_or_too_long_a_cell_is_one_dialog_naming_the_file(
        make_window: Any, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    before = _names(window)
    source = tmp_path / "latin.csv"
    source.write_bytes(CSV.replace("1/37e", "Grenadiers à pied").encode("latin-1"))
    scripted(window).open_from = source
    window.actions_by_name["add_units"].trigger()
    source = tmp_path / "long.csv"
    source.write_text(CSV + "French,VI Corps," + "x" * 140_000 + ",infantry,line-infantry,2,\n",
                      encoding="utf-8")
    scripted(window).open_from = source
    window.actions_by_name["add_units"].trigger()
    assert [str(e) for e in scripted(window).errors] == [
        "latin.csv, line 2, column 43 (byte 88): the byte 0xe0 is not UTF-8 text: "
        "save it as UTF-8",
        "long.csv, line 4: a cell is longer than the 131,072 characters a CSV cell may hold"]
    assert _names(window) == before
