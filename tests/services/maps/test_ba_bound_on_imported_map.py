"""A whole Belle Alliance bound played on an imported map (issue 20's "done when"): BA-9, BA-16.

The Plancenoit demo's order of battle in a real SQLite file, without the demo's
map: a 1000 × 1000 pixel PNG made here is imported and calibrated by two points
and a distance (500 pixels = 100 cm, so 0.2 cm a pixel); every unit is placed by
hand on it, as the umpire drags them, every leader beside his command. A bound
of orders for every unit goes in through the orders service: a fast march 84 cm
from a Prussian battalion in line meets BA-9 with the measured working, fast
marches further off do not; a unit in FD passing a skirmish line 34 cm from its
soutien is refused under BA-16 naming the measured distance, and overruled with
a reason; one passing a line 12 cm from its soutien is told so, measured. The
bound closes, the next starts from the last positions, and each side's map view
(model and PDF) names every own unit and leader, the enemy units it was shown,
and no other.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
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

from desk.rules.coerce import as_mapping
from desk.rules.lengths import MapPx
from desk.services.bounds.close import close_bound
from desk.services.common import current_battle
from desk.services.errors import OrderRefused
from desk.services.maps.board import calibrate_scale, import_map
from desk.services.maps.seen import mark_seen
from desk.services.positions.queries import positions_at
from desk.services.positions.situation import NEAREST_KEY
from desk.services.screens.order_form import form_context
from desk.store import open_campaign

PX_PER_CM = 5  # 500 pixels = 100 cm
# Where the umpire puts the units that matter, in cm on the table (x, y).
SPECIAL = {
    "I/15th Infantry": (100.0, 50.0),  # in line: the closed opponent
    "1/3e Voltigeurs": (16.0, 50.0),  # 84 cm west of it
    "Skirmishers of the 1er Tirailleurs": (30.0, 150.0),
    "2/1er Tirailleurs": (30.0, 184.0),  # its soutien, 34 cm behind: too far (BA-16)
    "Tirailleurs of the 5e Ligne": (60.0, 150.0),
    "2/5e Ligne": (60.0, 162.0),  # its soutien, 12 cm behind: near enough
}
FAST = {"rate": "fast", "formation": "column-of-march"}
SEEN_BY_FRENCH = {"F/18th Infantry", "West Prussian Uhlans"}
SEEN_BY_PRUSSIANS = {"1/3e Voltigeurs", "4e Chasseurs à cheval"}


def _layout(names_by_side: dict[str, list[str]]) -> dict[str, tuple[float, float]]:
    """Every unit's place in cm: the special ones, the other Prussians in a row along the
    north edge (from x 100 cm), the other French in a row along the south edge, more
    than 90 cm from any Prussian."""
    spots = dict(SPECIAL)
    for side, y, x0, step in (("Prussian", 10.0, 100.0, 3.0), ("French", 190.0, 4.0, 2.5)):
        rest = [n for n in names_by_side[side] if n not in SPECIAL]
        spots.update({name: (x0 + step * i, y) for i, name in enumerate(rest)})
    return spots


def _nearest_closed(spots: dict[str, tuple[float, float]], name: str, closed: set[str]) -> float:
    x, y = spots[name]
    return min(math.dist((x, y), spots[o]) for o in closed)


def test_ba_9_and_ba_16_a_whole_bound_on_an_imported_calibrated_map(tmp_path: Path) -> None:
    path = new_campaign(tmp_path, "belle-alliance")
    with open_campaign(path) as store:
        with store.session() as session:
            battle_id = current_battle(session)[1].id or 0
            info = import_map(session=session, data=field_png(1000, 1000), name="table.png",
                              seen_version=None, battle_id=battle_id)
            calibrate_scale(session=session, first=(0, 0), second=(500, 0), distance=100,
                            unit="cm", seen_version=info.version, battle_id=battle_id)
        with store.session() as session:
            units = roster(session)
            spots = _layout({s: sorted(units.names(s)) for s in ("French", "Prussian")})
            assert set(spots) == set(units.ids)  # every unit has a place
            for name, (x, y) in spots.items():
                place(session, battle_id, units.ids[name], x * PX_PER_CM, y * PX_PER_CM)
            zones = {"French": [0.0, 700, 1000, 1000], "Prussian": [400.0, 0, 1000, 100]}
            assert place_leaders(session, battle_id, zones) == len(units.leaders)
            set_state(session, units.ids["I/15th Infantry"], formation="line")
            for name in ("1/1er Voltigeurs", "1/5e Ligne"):
                set_state(session, units.ids[name], disorder="FD")
        with store.session() as session:
            assert len(positions_at(session=session, battle_id=battle_id)) == len(units.ids)
            context = form_context(session=session, battle_id=battle_id,
                                   unit_id=units.ids["1/3e Voltigeurs"])
        # The form offers the measured distance with its working before anything is typed.
        assert context.situation[NEAREST_KEY] == 84.0
        assert as_mapping(context.situation["measured"])[NEAREST_KEY] == (
            "84 cm to I/15th Infantry, in line")

        # The bound's orders, unit by unit through the orders service.
        with store.session() as session, pytest.raises(OrderRefused) as refused:
            order(session, battle_id, units.ids["1/1er Voltigeurs"],
                  {"pass_through": "Skirmishers of the 1er Tirailleurs"})
        ba16 = [f for f in said(refused.value.findings) if f.startswith("BA-16 ")]
        assert ba16 and ("measured: 34 cm from Skirmishers of the 1er Tirailleurs to its "
                         "soutien 2/1er Tirailleurs") in ba16[0]
        fast = {"1/3e Voltigeurs", "2/3e Voltigeurs", "2/10e Ligne", "2/107e Ligne",
                "1/2e Chasseurs à pied", "9e Chasseurs à cheval", "West Prussian Uhlans",
                "I/11th Infantry", "II/11th Infantry"}
        written = {}
        with store.session() as session:
            written["1/1er Voltigeurs"] = order(
                session, battle_id, units.ids["1/1er Voltigeurs"],
                {"pass_through": "Skirmishers of the 1er Tirailleurs"},
                override_reason="The line opens its files for them")
            written["1/5e Ligne"] = order(session, battle_id, units.ids["1/5e Ligne"],
                                          {"pass_through": "Tirailleurs of the 5e Ligne"})
            for name in sorted(units.ids):
                if name not in written:
                    written[name] = order(session, battle_id, units.ids[name],
                                          FAST if name in fast else {"rate": "normal"})
        assert written["1/1er Voltigeurs"].status == "overruled"
        assert all(w.status == "accepted" for n, w in written.items()
                   if n != "1/1er Voltigeurs"), {n: said(w.findings) for n, w in written.items()
                                                 if w.status != "accepted"}
        soutien = [f for f in said(written["1/5e Ligne"].findings) if f.startswith("BA-16 ")]
        assert soutien and "12 cm away" in soutien[0] and (
            "measured: 12 cm from Tirailleurs of the 5e Ligne to its soutien 2/5e Ligne"
            in soutien[0])
        # BA-9 for every fast march, from the map: a warning exactly when a steady closed
        # opponent stands within 90 cm (the test's own measure from where it put them).
        for name in fast:
            enemy = "French" if units.side_of[name] == "Prussian" else "Prussian"
            closed = {n for n in units.names(enemy) if "staff" not in n
                      and not n.startswith(("Skirmishers", "Tirailleurs", "Voltigeurs of",
                                            "Schützen"))}
            near = _nearest_closed(spots, name, closed)
            ba9 = [f for f in said(written[name].findings) if f.startswith("BA-9 ")]
            assert bool(ba9) == (near <= 90), (name, near, ba9)
        (voltigeurs,) = [f for f in said(written["1/3e Voltigeurs"].findings)
                         if f.startswith("BA-9 ")]
        assert "84 cm away" in voltigeurs
        assert "measured: 84 cm to I/15th Infantry, in line" in voltigeurs

        # The march itself: the umpire drags the Voltigeurs 10 cm on, then sightings.
        with store.session() as session:
            place(session, battle_id, units.ids["1/3e Voltigeurs"], 26 * PX_PER_CM,
                  50 * PX_PER_CM)
            for name in SEEN_BY_FRENCH:
                mark_seen(session=session, unit_id=units.ids[name],
                          side_id=units.side_ids["French"])
            for name in SEEN_BY_PRUSSIANS:
                mark_seen(session=session, unit_id=units.ids[name],
                          side_id=units.side_ids["Prussian"])
        with store.session() as session:
            first = positions_at(session=session, battle_id=battle_id, bound=1)
            close_bound(session=session, battle_id=battle_id, backup=False)
        with store.session() as session:
            second = positions_at(session=session, battle_id=battle_id, bound=2)
            assert current_battle(session)[1].current_bound == 2
            assert {u: (p.x, p.y, p.hex) for u, p in second.items()} == {
                u: (p.x, p.y, p.hex) for u, p in first.items()}
            assert second[units.ids["1/3e Voltigeurs"]].x == MapPx(26 * PX_PER_CM)
            check_side_view(session, units, side="French", enemy="Prussian",
                            seen=SEEN_BY_FRENCH, bound=2)
            check_side_view(session, units, side="Prussian", enemy="French",
                            seen=SEEN_BY_PRUSSIANS, bound=2)
            check_side_view(session, units, side="French", enemy="Prussian",
                            seen=SEEN_BY_FRENCH, bound=1)
