"""The bound's record (issue 30): after a close, what every unit did, from what was recorded.

On the Belle Alliance demo (tests/record_play.py): two orders in bound 1, which closes;
in bound 2 a new order and an event, the two units continuing their orders; bound 2 closes.
The record of bound 2 names every unit, says which applied an order and which continued
one (the close's own words), shows the event and each state before → after.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from demo_cache import DemoCache
from record_play import play_two_bounds
from service_helpers import call

from desk.services.bounds.record import RecordRefused, bound_record
from desk.services.bounds.views import BoundRecord
from desk.services.queries import order_table, unit_state
from desk.store import open_campaign


@pytest.fixture(scope="module")
def played_demo(tmp_path_factory: pytest.TempPathFactory,
                demo_cache: DemoCache) -> tuple[Path, int, list[int]]:
    path = demo_cache.copy(system="belle-alliance",
                           dest=tmp_path_factory.mktemp("record") / "record.desk")
    battle, units = play_two_bounds(path)
    return path, battle, units


def test_the_record_lists_every_unit_with_what_it_did_and_its_state_before_and_after(
        played_demo: tuple[Path, int, list[int]]) -> None:
    path, battle, units = played_demo
    with open_campaign(path) as store:
        record: BoundRecord = call(store, bound_record, battle_id=battle, bound=2)
        taking_part = call(store, order_table, battle_id=battle, bound=2)
        after = call(store, unit_state, battle_id=battle, unit_id=units[3], bound=3)
    by_id = {u.unit_id: u for u in record.units}
    assert set(by_id) == {r.unit_id for r in taking_part}
    assert by_id[units[2]].did.startswith("order applied: ")
    assert "the wood" in by_id[units[2]].did
    assert by_id[units[0]].did.startswith("no order: continues its bound 1 order: ")
    assert "the mill" in by_id[units[0]].did
    assert by_id[units[1]].did.startswith("no order: continues its bound 1 order: ")
    disordered = by_id[units[3]]
    assert disordered.events and "LD" in disordered.events[0]
    assert disordered.after == ", ".join((*after.lines, f"strength {after.strength}"))
    assert disordered.before != disordered.after and disordered.changed
    assert any("seed revealed" in n for n in record.notes)
    assert any("Bound 2 closed" in n for n in record.notes)


def test_an_open_bound_has_no_record_yet(
        played_demo: tuple[Path, int, list[int]]) -> None:
    path, battle, _units = played_demo
    with open_campaign(path) as store, pytest.raises(
            RecordRefused, match=r"^bound 3 is still open: its record is written when it "
                                 r"closes$"):
        call(store, bound_record, battle_id=battle, bound=3)

