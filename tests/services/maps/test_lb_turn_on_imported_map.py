"""A whole La Bataille turn played on an imported map (issue 20's "done when"): LB-9, LB-3.

The Leipzig demo's order of battle in a real SQLite file, without the demo's map:
a PNG made here is imported and its hex grid fixed by three hex centres; every
unit is placed on it by pixel (the hex each lands in comes from the map), every
leader beside his command. The
Landwehr is dragged one road hex on, to 0506. A turn of orders for every unit
goes in through the orders service: its road march to 0908 counts 4 road hexes
along the scenario's road from where it was placed, 2 MP, with the working
(LB-9); another road march's typed count overrides (nothing says measured); a
carre ordered two hexes is refused under LB-3 and one clear hex is allowed
(LB-4). The turn closes, the moved units start the next from their destination
hexes, and each side's view (model and PDF) names no enemy unit it was not shown.
"""

from __future__ import annotations

from pathlib import Path

from turn_helpers import (
    check_side_view,
    field_png,
    new_campaign,
    order,
    place,
    place_leaders,
    roster,
    said,
    set_state,
)

from desk.services.bounds.close import close_bound
from desk.services.common import current_battle
from desk.services.errors import OrderRefused
from desk.services.maps.board import calibration, import_map
from desk.services.maps.hexes import calibrate_hexes, hex_to_pixel
from desk.services.maps.seen import mark_seen
from desk.services.positions.queries import position_of, positions_at
from desk.store import open_campaign

# Hex 0101's centre at (30, 21), 0102 one hex (about 35 pixels) below, 3001 29 columns east.
CENTRES = [(30.0, 20.64, "0101"), (900.0, 37.96, "3001"), (30.0, 55.28, "0102")]
LANDWEHR, RESERVE, MARINES = ("I/14th Silesian Landwehr", "I/12th Reserve Infantry",
                              "3/1er Régiment d'artillerie de marine")
ROUTE = "4 road hexes 0506 → 0908 along the road (scenario's hex data)"
SEEN_BY_FRENCH = {"Brandenburg Hussars", "I/Brandenburg Infantry"}
SEEN_BY_PRUSSIANS = {"1/32e Léger", "13e Chasseurs à cheval"}
ORDERS: dict[str, dict[str, object]] = {
    LANDWEHR: {"road_march": True, "to_hex": "0908"},
    RESERVE: {"road_march": True, "to_hex": "1209", "path_hexes": 8},
    "Brandenburg Hussars": {"to_hex": "0411", "destination": "towards the Elster"},
    "1/1er Régiment d'artillerie de marine": {"fire": True},
    "2/1er Régiment d'artillerie de marine": {"hold": True},
    "13e Chasseurs à cheval": {"formation": "line", "to_hex": "1807"},
    "Foot battery of the 21e Division": {"limber": "unlimber"},
    "I/Leib-Infanterie-Regiment": {"to_hex": "1108"},
    "Thüringisches Bataillon": {"to_hex": "1006"},
    "Lithuanian Dragoons": {"to_hex": "0512"},
    "12-pdr Foot Battery No. 1": {"fire": True},
}


def test_lb_9_and_lb_3_a_whole_turn_on_an_imported_hex_calibrated_map(tmp_path: Path) -> None:
    path = new_campaign(tmp_path, "la-bataille")
    with open_campaign(path) as store:
        with store.session() as session:
            battle_id = current_battle(session)[1].id or 0
            info = import_map(session=session, data=field_png(930, 800), name="leipzig.png",
                              seen_version=None, battle_id=battle_id)
            calibrate_hexes(session=session, centres=CENTRES, seen_version=info.version,
                            battle_id=battle_id)
        with store.session() as session:
            units = roster(session)
            scenario = {u: p.hex for u, p in positions_at(session=session,
                                                          battle_id=battle_id).items()}
            fixed = calibration(session=session)
            wanted = {**{n: scenario[i] for n, i in units.ids.items()}, LANDWEHR: "0506"}
            landed = {}
            for name, number in wanted.items():  # a drop near, not on, the hex's centre
                x, y = hex_to_pixel(fixed, number) or (0.0, 0.0)
                landed[name] = place(session, battle_id, units.ids[name], x + 6, y - 5)
            assert landed == wanted  # every unit placed; the hex comes from the map
            zones = {"French": [325.0, 280, 651, 560], "Prussian": [18.0, 16, 372, 200]}
            assert place_leaders(session, battle_id, zones) == len(units.leaders)
            set_state(session, units.ids[MARINES], formation="carre")
        with store.session() as session:
            landwehr = position_of(session=session, battle_id=battle_id,
                                   unit_id=units.ids[LANDWEHR])
            assert landwehr is not None and landwehr.hex == "0506"
            assert all(p.x is not None for p in positions_at(
                session=session, battle_id=battle_id).values())

        # LB-3: the carre has 1 MP; two hexes are refused, one clear hex allowed (LB-4).
        with store.session() as session:
            try:
                order(session, battle_id, units.ids[MARINES], {"to_hex": "1515"})
            except OrderRefused as exc:
                refused = [f for f in exc.findings if f.severity == "error"]
            else:
                raise AssertionError("a carre moved two hexes was accepted")
        assert [f.clause for f in refused] == ["LB-3"]
        written = {}
        with store.session() as session:
            written[MARINES] = order(session, battle_id, units.ids[MARINES], {"to_hex": "1514"})
            for name in sorted(units.ids):
                if name not in written:
                    written[name] = order(session, battle_id, units.ids[name],
                                          ORDERS.get(name, {"hold": True}))
        assert {n: w.status for n, w in written.items() if w.status != "accepted"} == {}
        # LB-9 from the map, with its working: 4 road hexes along the road, 2 MP.
        march = said(written[LANDWEHR].findings)
        assert f"LB-9 Measured from the map: {ROUTE}: 2 MP (LB-9)." in march
        # The typed count (8 road hexes, 4 MP) wins: nothing says measured.
        assert not [f for f in said(written[RESERVE].findings) if "easured" in f]
        assert not [n for n, w in written.items() if n != LANDWEHR
                    and [f for f in said(w.findings) if "Measured from the map" in f]]

        with store.session() as session:
            for name in SEEN_BY_FRENCH:
                mark_seen(session=session, unit_id=units.ids[name],
                          side_id=units.side_ids["French"])
            for name in SEEN_BY_PRUSSIANS:
                mark_seen(session=session, unit_id=units.ids[name],
                          side_id=units.side_ids["Prussian"])
        with store.session() as session:
            close_bound(session=session, battle_id=battle_id, backup=False)
        with store.session() as session:
            after = {n: positions_at(session=session, battle_id=battle_id, bound=2)[i].hex
                     for n, i in units.ids.items()}
            moved = {n: str(f["to_hex"]) for n, f in ORDERS.items() if "to_hex" in f}
            assert after == {**wanted, **moved, MARINES: "1514"}
            check_side_view(session, units, side="French", enemy="Prussian",
                            seen=SEEN_BY_FRENCH, bound=2)
            check_side_view(session, units, side="Prussian", enemy="French",
                            seen=SEEN_BY_PRUSSIANS, bound=2)
