"""The order form shows a distance measured from the positions (BA-9) with its working,
and the umpire's typed distance overrides it (issue 20, "Distances the rules use").

On the Belle Alliance demo every unit stands on a map of 0.1 cm a pixel; the
test sets the French skirmishers of the 1er Tirailleurs 892 pixels (89.2 cm)
from the Prussian I/11th, every other Prussian standing further east.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from desk.ui.orders import field_editors as fe


def test_the_form_offers_the_measured_distance_and_a_typed_one_wins_BA_9(
        make_window: Any, qtbot: QtBot, tmp_path: Path, place_at: Any) -> None:
    window = make_window("belle-alliance")
    window.resize(1366, 768)
    place_at(window, "Skirmishers of the 1er Tirailleurs", 300, 700)
    place_at(window, "I/11th Infantry", 1192, 700)
    unit = next(r.unit_id for r in window.table_model.rows()
                if r.unit == "Skirmishers of the 1er Tirailleurs")
    window.select_unit(unit)
    form = window.form
    assert not form.measured.isHidden()
    assert form.measured.working.text().startswith("measured: 89.2 cm to I/11th Infantry, in ")
    spec = next(s for s in form.specs if s.name == "rate")
    fe.set_value(spec, form.editors["rate"], "fast")
    found = [f for f in form.check_now() if f.clause == "BA-9"]
    assert found and "(measured: 89.2 cm to I/11th Infantry" in found[0].message
    qtbot.keyClicks(form.measured.edit, "120")
    assert not [f for f in form.findings() if f.clause == "BA-9"]
    assert "typed by the umpire" in form.measured.working.text()
    assert form.situation()["nearest_closed_opponent_cm"] == 120.0
    shot = tmp_path / "measured.png"  # looked at by hand: the box and the working beside it
    assert window.grab().save(str(shot))
