"""Pick, don't spell (issue 30): "Feature to cross" (BA-20, BA-21) lists the scenario's
features as the umpire types, case and accents forgiven; "lasne" then Down and Enter picks
the bridge, and a loose spelling that names one feature is written as the scenario spells it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from desk.rules.coerce import as_mapping
from desk.ui.main_window import MainWindow


def _unit(window: MainWindow, name: str) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == name)


def _crossing(window: MainWindow) -> QLineEdit:
    edit = window.form.editors["crossing"]
    assert isinstance(edit, QLineEdit)
    return edit




def test_lasne_lists_the_features_and_down_enter_picks_the_bridge_BA_21(
        make_window: Any, qtbot: QtBot) -> None:
    window: MainWindow = make_window("belle-alliance")
    window.show()
    window.select_unit(_unit(window, "1/5e Ligne"))
    edit = _crossing(window)
    completer = window.form.completers["crossing"]
    assert completer is not None and edit.completer() is completer
    edit.setFocus()
    qtbot.keyClicks(edit, "lasne")
    popup = completer.popup()
    assert popup is not None
    qtbot.waitUntil(popup.isVisible, timeout=3000)
    shown = [completer.completionModel().index(r, 0).data()
             for r in range(completer.completionModel().rowCount())]
    assert shown == ["Lasne", "Lasne bridge", "Chemin de Lasne"] or \
        {"Lasne", "Lasne bridge"} <= set(shown)
    at = shown.index("Lasne bridge")
    for _ in range(at + 1):
        qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    qtbot.wait(20)  # the field settles after the key
    assert edit.text() == "Lasne bridge"
    # The check now knows the feature: a bridge is crossed at the road's rate (BA-21).
    assert as_mapping(window.form.situation()["crossing"])["kind"] == "bridge"
    assert "BA_CROSSING_UNKNOWN" not in {f.code for f in window.form.check_now()}
    edit.setText("lasne brdige")  # a slip: the check says it does not know it (BA-20)
    assert "BA_CROSSING_UNKNOWN" in {f.code for f in window.form.check_now()}


def test_a_loose_spelling_that_names_one_feature_is_written_as_spelt(
        make_window: Any, qtbot: QtBot) -> None:
    window: MainWindow = make_window("belle-alliance")
    window.show()
    window.select_unit(_unit(window, "1/5e Ligne"))
    edit, completer = _crossing(window), window.form.completers["crossing"]
    assert completer is not None
    assert completer.matches("MARANSART") == ["Maransart ford"]
    assert completer.matches("lasne")[:2] == ["Lasne", "Lasne bridge"]
    edit.setFocus()
    qtbot.keyClicks(edit, "maransart")
    popup = completer.popup()
    assert popup is not None
    popup.hide()
    edit.editingFinished.emit()  # as Tab out of the field does
    qtbot.waitUntil(lambda: edit.text() == "Maransart ford", timeout=2000)
    edit.setText("LASNE")  # loosely equal to one name, though three hold it
    completer.settle()
    assert edit.text() == "Lasne"
    edit.setText("brook of nowhere")  # names none: left as typed, for the check to say so
    completer.settle()
    assert edit.text() == "brook of nowhere"
