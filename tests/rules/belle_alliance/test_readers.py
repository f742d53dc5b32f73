"""The typed readers of Belle Alliance (BA-F4 orders, the unit state) build the same values
as the dataclasses' own constructors, every field set (they skip ``__init__`` for speed,
issue 28), ``UnitState.but`` refuses a field the state does not have, and what advance()
remembers of each kind of order (rate, formation, terrain) stays apart and bounded."""

from __future__ import annotations

from dataclasses import fields

import pytest

from desk.rules import get_system
from desk.rules.base import UnitInfo
from desk.rules.belle_alliance import BelleAlliance
from desk.rules.belle_alliance.data import Direction, Disorder, Formation, Rate
from desk.rules.belle_alliance.model import Order, UnitState, read_order, read_state
from desk.rules.records import fields_record

DATA = get_system("belle-alliance", {}).data  # type: ignore[attr-defined]


def test_ba_f4_an_order_read_is_the_order_the_constructor_makes() -> None:
    order = read_order(DATA, {"rate": " fast ", "destination": "the mill", "formation": "line",
                              "fire": True, "obstacles": "hedge, wall", "direction": "odd"})
    assert set(vars(order)) == {f.name for f in fields(Order)}
    assert order == Order(rate_text="fast", rate=Rate.FAST, destination="the mill", segment="",
                          as_far_as_possible=False, formation_text="line",
                          formation=Formation.LINE, fire=True, attack=False,
                          direction_text="odd", direction=None, terrain="", crossing="",
                          obstacles=("hedge", "wall"), manoeuvres=(), pass_through=())
    assert hash(order) == hash(read_order(DATA, {"rate": "fast", "destination": "the mill",
                                                 "formation": "line", "fire": True,
                                                 "obstacles": ["hedge", "wall"],
                                                 "direction": "odd"}))
    assert read_order(DATA, {}).rate is DATA.default_rate
    assert read_order(DATA, {}).direction is Direction.FORWARD
    with pytest.raises(AttributeError):
        order.rate = Rate.HALT  # type: ignore[misc]


def test_ba_f1_a_state_read_is_the_state_the_constructor_makes() -> None:
    state = read_state(DATA, {"formation": "square", "disorder": "SD", "strength": "12",
                              "rate_this_bound": "charge", "last_charge_bound": 3})
    assert set(vars(state)) == {f.name for f in fields(UnitState)}
    assert state == UnitState(formation=Formation.SQUARE, disorder=Disorder.LD, strength=12,
                              last_charge_bound=3, rate_this_bound=Rate.CHARGE)
    assert read_state(DATA, {"formation": "oblong", "disorder": "odd"}) == UnitState(
        formation=None, disorder=None, strength=0)
    moved = state.but(formation=Formation.LINE, fast_this_bound=True)
    assert moved == UnitState(formation=Formation.LINE, disorder=Disorder.LD, strength=12,
                              last_charge_bound=3, rate_this_bound=Rate.CHARGE,
                              fast_this_bound=True)
    assert state.formation is Formation.SQUARE  # the original is untouched
    with pytest.raises(TypeError, match="no field colour"):
        state.but(colour="blue")


def test_ba14_advance_tells_each_kind_of_order_apart() -> None:
    rules = get_system("belle-alliance", {})
    assert isinstance(rules, BelleAlliance)
    unit = UnitInfo(id=1, name="1/1st Line", arm="infantry", unit_type="line-infantry",
                    side="French", command="I", strength=20)
    start = rules.initial_state(unit=unit)

    def advanced(fields: dict[str, object]) -> dict[str, object]:
        return dict(rules.advance(unit=unit, state=start, fields=fields_record(fields), events=[],
                                  bound=3).state)

    assert advanced({"rate": "charge"})["last_charge_bound"] == 3
    assert advanced({"rate": "normal"})["last_charge_bound"] is None
    assert advanced({"rate": " Charge ", "fire": True})["last_charge_bound"] == 3
    assert advanced({"rate": "normal", "formation": "square"})["formation"] == "square"
    assert advanced({"rate": "normal"})["formation"] == start["formation"]
    for n in range(600):  # as many kinds as odd terrain names: the memory stays bounded
        assert advanced({"terrain": f"marsh {n}"})["terrain"] == f"marsh {n}"
    assert len(rules._carried) <= 512
