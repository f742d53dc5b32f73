"""The order form offers La Bataille's road hexes measured along the road, with their working
(LB-9), on the Leipzig demo's map, and takes the umpire's count over it.

The Landwehr is dragged on the board's map to road hex 0506 (a new position in the
open bound); its road march to 0908 then counts 4 road hexes from where it was
placed: "Hexes on the way" shows the measured count, the movement points line and
the findings give the route, and the saved order keeps the measured finding. A
typed count drops it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QLineEdit
from pytestqt.qtbot import QtBot

from desk.services.common import current_battle
from desk.services.maps.board import calibration
from desk.services.maps.hexes import hex_to_pixel
from desk.services.maps.placing import place_unit
from desk.services.orders.write import get_order
from desk.services.positions.record import position_version
from desk.services.queries import order_table

ROUTE = "4 road hexes 0506 → 0908 along the road (scenario's hex data)"


def test_lb_9_the_form_offers_the_road_hexes_measured_from_where_the_unit_stands(
        make_window: Any, qtbot: QtBot) -> None:
    window = make_window("la-bataille")
    window.resize(1366, 768)
    with qtbot.waitActive(window):
        window.show()
    store = window.ops.store
    landwehr = next(r.unit_id for r in window.table_model.rows()
                    if r.unit == "I/14th Silesian Landwehr")  # road march, 0405
    with store.session() as session:  # the umpire drags it one road hex on
        battle_id = current_battle(session)[1].id or 0
        x, y = hex_to_pixel(calibration(session=session), "0506") or (0.0, 0.0)
        place_unit(session=session, battle_id=battle_id, unit_id=landwehr, x=x, y=y,
                   seen_version=position_version(session=session, battle_id=battle_id,
                                                 unit_id=landwehr))
    window.select_unit(landwehr, force=True)
    form = window.form
    assert form.context.recorded_hex == "0506"
    march, there, path = (form.editors["road_march"], form.editors["to_hex"],
                          form.editors["path_hexes"])
    assert isinstance(march, QCheckBox) and isinstance(there, QLineEdit)
    assert isinstance(path, QLineEdit)
    default = path.placeholderText()
    march.setChecked(True)
    there.setText("0908")
    assert path.placeholderText() == "4 along the road (measured)"
    assert ROUTE in path.toolTip()
    assert f"{ROUTE} × ½ MP = 2 MP (LB-9)" in form.rules_note.text()
    said = {f.code: f.message for f in form.findings()}
    assert said["LB_ROAD_MARCH_ROUTE"] == f"Measured from the map: {ROUTE}: 2 MP (LB-9)."
    assert window.orders.save_order()
    with store.session() as session:
        row = next(r for r in order_table(session=session, battle_id=battle_id)
                   if r.unit_id == landwehr)
        assert row.order_id is not None  # saved just above
        stored = get_order(session=session, order_id=row.order_id)
    assert f"Measured from the map: {ROUTE}: 2 MP (LB-9)." in [f.message for f in
                                                                stored.findings]
    # The umpire counts 6 road hexes: 3 MP, and nothing says measured any more.
    window.select_unit(landwehr, force=True)
    path.setText("6")
    assert "measured" not in path.placeholderText() and path.placeholderText() == default
    assert "6 road hexes × ½ MP = 3 MP (LB-9)" in form.rules_note.text()
    assert not [f for f in form.findings() if "easured" in f.message]
