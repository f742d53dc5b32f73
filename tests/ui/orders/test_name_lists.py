"""Pick, don't spell (issue 30): every field holding the campaign's names lists them as typed.

Units passed through (BA-15) complete the name after the last comma and keep the others;
a Battles of Waterloo destination lists the scenario's villages; the event dialog's leader
lists the campaign's leaders; units added to the order of battle are listed at once.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from desk.rules.records import Names
from desk.ui.bounds.event_dialog import EventDialog
from desk.ui.main_window import MainWindow
from desk.ui.orders.name_completer import NameCompleter


def _unit(window: MainWindow, name: str) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == name)


def _shown(completer: NameCompleter) -> list[str]:
    model = completer.completionModel()
    return [model.index(r, 0).data() for r in range(model.rowCount())]


def test_units_passed_through_complete_the_last_name_and_keep_the_others_BA_15(
        make_window: Any, qtbot: QtBot) -> None:
    window: MainWindow = make_window("belle-alliance")
    window.show()
    window.select_unit(_unit(window, "1/5e Ligne"))
    window.form.rows.toggle_from_keyboard()  # Ctrl+M: the rare fields, this one among them
    edit = window.form.editors["pass_through"]
    assert isinstance(edit, QLineEdit) and edit.isVisible()
    completer = window.form.completers["pass_through"]
    assert completer.several
    edit.setFocus()
    qtbot.keyClicks(edit, "2/5E LIGNE, 1/27")  # case forgiven; the second name half typed
    assert _shown(completer) == ["1/27e Ligne"]
    popup = completer.popup()
    assert popup is not None
    qtbot.waitUntil(popup.isVisible, timeout=3000)
    qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    # the pick ends the editing: each name written as the order of battle spells it
    qtbot.waitUntil(lambda: edit.text() == "2/5e Ligne, 1/27e Ligne", timeout=2000)
    assert window.form.fields()["pass_through"] == "2/5e Ligne, 1/27e Ligne"
    edit.setText("2/5e Ligne, ")
    qtbot.keyClicks(edit, "1/27")
    assert completer.pathFromIndex(completer.completionModel().index(0, 0)) == \
        "2/5e Ligne, 1/27e Ligne"  # what a pick writes: the first name kept


def test_a_waterloo_destination_lists_the_villages(make_window: Any, qtbot: QtBot) -> None:
    window: MainWindow = make_window("battles-of-waterloo")
    window.show()
    window.select_unit(window.table_model.rows()[3].unit_id)
    edit = window.form.editors["destination"]
    assert isinstance(edit, QLineEdit)
    completer = window.form.completers["destination"]
    edit.setFocus()
    qtbot.keyClicks(edit, "wagnelee")  # no accent typed
    assert _shown(completer) == ["Wagnelée"]
    edit.editingFinished.emit()
    qtbot.waitUntil(lambda: edit.text() == "Wagnelée", timeout=2000)


def test_the_event_dialog_lists_the_campaigns_leaders(make_window: Any) -> None:
    window: MainWindow = make_window("belle-alliance")
    kind = next(k for k in window.ops.system.event_kinds()
                if any(f.names is Names.LEADERS for f in k.fields))
    leaders = window.names.names(Names.LEADERS)
    assert leaders
    dialog = EventDialog(kind, unit="1/5e Ligne", names=window.names, parent=window)
    completer = dialog.completers["leader"]
    wanted = leaders[0]
    assert completer.matches(wanted.upper()[:5]) and wanted in completer.matches(wanted[:5])
    dialog.deleteLater()


def test_units_added_to_the_order_of_battle_are_listed_at_once(make_window: Any) -> None:
    window: MainWindow = make_window("belle-alliance")
    assert "3/5e Ligne" not in window.names.names(Names.UNITS)  # read now, and kept
    window.ops.add_units_csv("side,command,name,arm,type,strength,formation\n"
                             "French,VI Corps,3/5e Ligne,infantry,line-infantry,24,line\n")
    assert "3/5e Ligne" in window.names.names(Names.UNITS)
