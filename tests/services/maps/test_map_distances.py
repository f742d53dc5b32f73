"""Distances the rules use, measured from the positions on the demo's calibrated map.

The Belle Alliance demo (Plancenoit) places every unit on a map of 0.1 cm a
pixel. A whole bound of orders: a fast march 84 cm from a Prussian battalion in
line meets BA-9 with the measured working; one 138 cm away does not; an FD unit
passing a skirmish line 34 cm from its soutien is refused under BA-16, the
finding naming the measured distance; the umpire's typed distance wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from desk.rules.coerce import as_mapping
from desk.services.common import current_battle, get_battle, get_campaign, rules_of
from desk.services.errors import OrderRefused
from desk.services.maps.distances import measured_situation
from desk.services.maps.placing import place_unit
from desk.services.orders.write import write_order
from desk.services.positions.record import position_version
from desk.services.positions.situation import NEAREST_KEY
from desk.services.screens.order_form import form_context
from desk.store import open_campaign
from desk.store.tables.bounds import UnitState
from desk.store.tables.oob import Unit

FAST = {"rate": "fast", "formation": "column-of-march"}



def _id(session: Session, name: str) -> int:
    return session.exec(select(Unit.id).where(Unit.name == name)).one() or 0


def _place(session: Session, battle_id: int, name: str, x: float, y: float) -> None:
    unit_id = _id(session, name)
    place_unit(session=session, battle_id=battle_id, unit_id=unit_id, x=x, y=y,
               seen_version=position_version(session=session, battle_id=battle_id,
                                             unit_id=unit_id))


def _set_state(session: Session, name: str, **values: str) -> None:
    row = session.exec(select(UnitState).where(UnitState.unit_id == _id(session, name))
                       .order_by(col(UnitState.id).desc())).first()
    assert row is not None
    for key, value in values.items():
        setattr(row, key, value)
    session.add(row)


def _order(session: Session, battle_id: int, name: str, fields: Mapping[str, object],
           situation: Mapping[str, object] | None = None) -> tuple[str, ...]:
    view = write_order(session=session, battle_id=battle_id, unit_id=_id(session, name),
                       fields=fields, situation=situation, seen_version=None)
    return tuple(f"{f.clause} {f.message}" for f in view.findings)


def test_ba9_and_ba16_measured_over_a_bound_of_orders(campaign: Path) -> None:
    with open_campaign(campaign) as store, store.session() as session:
        battle_id = current_battle(session)[1].id or 0
        # Clear the west side of the field of Prussians but one, set 84 cm from the French.
        _place(session, battle_id, "1/3e Voltigeurs", 100, 100)
        _place(session, battle_id, "I/15th Infantry", 940, 100)
        _set_state(session, "I/15th Infantry", formation="line")
        _place(session, battle_id, "2/3e Voltigeurs", 100, 1200)
        _set_state(session, "1/1er Voltigeurs", disorder="FD")
        # The skirmish line 34 cm (340 pixels) from its soutien.
        _place(session, battle_id, "Skirmishers of the 1er Tirailleurs", 300, 700)
        _place(session, battle_id, "2/1er Tirailleurs", 640, 700)
    with open_campaign(campaign) as store, store.session() as session:
        near = _order(session, battle_id, "1/3e Voltigeurs", FAST)
        far = _order(session, battle_id, "2/3e Voltigeurs", FAST)
        with pytest.raises(OrderRefused) as refused:
            _order(session, battle_id, "1/1er Voltigeurs",
                   {"pass_through": "Skirmishers of the 1er Tirailleurs"})
        soutien = [f"{f.clause} {f.message}" for f in refused.value.findings]
        other = _order(session, battle_id, "2/1er Voltigeurs", FAST)
    ba9 = [f for f in near if f.startswith("BA-9 ")]
    assert ba9 and "84 cm away" in ba9[0]
    assert "measured: 84 cm to I/15th Infantry, in line" in ba9[0]
    assert not [f for f in far if f.startswith("BA-9 ")]
    ba16 = [f for f in soutien if f.startswith("BA-16 ")]
    assert ba16 and "measured: 34 cm from Skirmishers of the 1er Tirailleurs to its soutien " \
        "2/1er Tirailleurs" in ba16[0], soutien
    assert not [f for f in other if f.startswith("BA-9 ")]


def test_a_typed_distance_overrides_the_measured_one(campaign: Path) -> None:
    with open_campaign(campaign) as store, store.session() as session:
        battle_id = current_battle(session)[1].id or 0
        _place(session, battle_id, "1/3e Voltigeurs", 100, 100)
        _place(session, battle_id, "I/15th Infantry", 940, 100)
        _set_state(session, "I/15th Infantry", formation="line")
    with open_campaign(campaign) as store, store.session() as session:
        typed = _order(session, battle_id, "1/3e Voltigeurs", FAST,
                       situation={NEAREST_KEY: 120})
        _set_state(session, "1/1er Voltigeurs", disorder="FD")
        line = "Skirmishers of the 1er Tirailleurs"
        soutien = _order(session, battle_id, "1/1er Voltigeurs", {"pass_through": line},
                         situation={"pass_through": [{"name": line, "side": "own",
                                                      "formation": "skirmish-line",
                                                      "soutien_distance_cm": 10}]})
        context = form_context(session=session, battle_id=battle_id,
                               unit_id=_id(session, "1/3e Voltigeurs"))
        system = rules_of(get_campaign(session, get_battle(session, battle_id).campaign_id))
        rows = measured_situation(session=session, battle_id=battle_id, bound=1,
                                  unit_id=_id(session, "1/3e Voltigeurs"), system=system)
    assert not [f for f in typed if f.startswith("BA-9 ")]
    ba16 = [f for f in soutien if f.startswith("BA-16 ")]
    assert ba16 and "10 cm away" in ba16[0] and "measured" not in ba16[0]
    assert context.situation[NEAREST_KEY] == 84.0
    assert str(as_mapping(context.situation["measured"])[NEAREST_KEY]).startswith(
        "84 cm to I/15th Infantry")
    assert [r.value for r in rows] == [84.0]


def test_ba9_measures_the_nearest_steady_closed_opponent_past_nearer_others(
        campaign: Path) -> None:
    """BA-9: a nearer opponent that does not count (FD, or in skirmish order) is passed
    over; the distance is to the nearest steady closed one, however many are nearer."""
    with open_campaign(campaign) as store, store.session() as session:
        battle_id = current_battle(session)[1].id or 0
        _place(session, battle_id, "1/3e Voltigeurs", 100, 100)
        _place(session, battle_id, "I/15th Infantry", 940, 100)
        _set_state(session, "I/15th Infantry", formation="line")
        _place(session, battle_id, "II/15th Infantry", 400, 100)
        _set_state(session, "II/15th Infantry", formation="line", disorder="FD")
        _place(session, battle_id, "Schützen of the F/15th", 100, 300)
        _place(session, battle_id, "F/15th Infantry", 100, 1100)
        _set_state(session, "F/15th Infantry", formation="line")
    with open_campaign(campaign) as store, store.session() as session:
        system = rules_of(get_campaign(session, get_battle(session, battle_id).campaign_id))
        rows = measured_situation(session=session, battle_id=battle_id, bound=1,
                                  unit_id=_id(session, "1/3e Voltigeurs"), system=system)
    assert [(r.value, r.working) for r in rows] == [(84.0, "84 cm to I/15th Infantry, in line")]
