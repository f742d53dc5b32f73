"""The order form's hex fields and the unit panel's numbers, on the Leipzig demo at 1366×768.

The hex fields fit the form without sideways scrolling; the form shows the
recorded hex, works out the move's movement points as the umpire types (LB-3
for a carre), asks for a hex it has none of, and names the field of a hex off
the map; the unit panel gives the hex, the morale on the 11–66 scale with the
roll a check needs, and the movement allowance.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from desk.rules import get_system
from desk.ui.main_window import MainWindow


def _leipzig(make_window: Any, qtbot: QtBot) -> Any:
    window = make_window("la-bataille")
    window.resize(1366, 768)
    with qtbot.waitActive(window):
        window.show()
    return window


def _unit(window: MainWindow, name: str) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == name)


def test_hex_fields_fit_1366x768_and_the_form_costs_the_move(make_window: Any, qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    window = _leipzig(make_window, qtbot)
    window.select_unit(_unit(window, "3/1er Régiment d'artillerie de marine"))  # column, 1513
    form = window.form
    here, there = form.editors["from_hex"], form.editors["to_hex"]
    assert isinstance(here, QLineEdit) and isinstance(there, QLineEdit)
    assert here.placeholderText() == "1513 (recorded)" and not here.property("asked")
    there.setText("1515")
    note = form.rules_note.text()
    assert note == ("Movement points: needs 2 hexes × 1 MP move (terrain_mp) = 2 MP; "
                    "has 6 MP movement allowance")
    # Nothing sideways: the whole form is as wide as the scroll area shows.
    scroll = window.form_scroll
    assert scroll.horizontalScrollBar().maximum() == 0
    for editor in (here, there, form.editors["path_hexes"]):
        left = editor.mapTo(scroll.viewport(), editor.rect().topLeft()).x()
        assert left >= 0 and left + editor.width() <= scroll.viewport().width()
    shot = tmp_path / "leipzig_form.png"  # looked at by hand: hex fields in full, no scrollbar
    assert window.grab().save(str(shot)) and shot.stat().st_size > 0
    # A hex off the map: one sentence naming the field, and the order is not saved.
    there.setText("3130")
    assert any(f.message.startswith("Destination hex: hex 3130 is off the map")
               for f in form.findings())


def test_a_carre_moved_two_hexes_is_refused_on_the_form_LB_3(make_window: Any,
                                                             qtbot: QtBot) -> None:
    window = _leipzig(make_window, qtbot)
    window.select_unit(_unit(window, "1/2e Régiment d'artillerie de marine"))  # line, 1608
    form = window.form
    context = form.context
    form.load(replace(context, state={**context.state, "formation": "carre"}))
    form.editors["to_hex"].setText("1610")
    assert [f.clause for f in form.findings() if f.severity == "error"] == ["LB-3"]
    form.editors["to_hex"].setText("1609")  # one clear hex: always allowed (LB-4)
    assert not [f for f in form.findings() if f.severity == "error"]


def test_a_unit_without_a_recorded_hex_is_asked_for_it(make_window: Any, qtbot: QtBot) -> None:
    window = _leipzig(make_window, qtbot)
    window.select_unit(_unit(window, "I/14th Silesian Landwehr"))  # road march, 0405
    form = window.form
    form.load(replace(form.context, recorded_hex=""))
    here = form.editors["from_hex"]
    assert here.property("asked") and here.placeholderText() == "not recorded: which hex?"
    form.editors["road_march"].setChecked(True)
    found = {f.code: f for f in form.findings()}
    assert "LB_HEX_ASKED" in found and not [f for f in found.values()
                                            if f.severity == "error"]
    here.setText("0405")
    assert not here.property("asked") and "LB_HEX_ASKED" not in {
        f.code for f in form.findings()}


def test_the_unit_panel_gives_hex_morale_and_allowance(make_window: Any, qtbot: QtBot) -> None:
    window = _leipzig(make_window, qtbot)
    window.select_unit(_unit(window, "1/1er Régiment d'artillerie de marine"))
    lines = window.unit_panel.state_lines(window.unit_panel.data)
    assert "In hex 1410 (village, road) since bound 1." in lines
    assert "Morale 44: a check passes on 45 or more (LB-F1, LB-F2)." in lines
    assert "Movement allowance: 6 MP." in lines
    bow = get_system("battles-of-waterloo", {})
    unit = window.unit_panel.data.unit
    assert bow.standing(unit=unit, state={}) == (
        "Movement allowance: 6; tactical 6, strategic 12 under the Strategic Movement LIM "
        "(BOW-F2).",)
