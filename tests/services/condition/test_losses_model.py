"""The losses report's model: losses by side, command and bound from the carried states, each
side's strength on the table (reinforcements from their arrival, skirmishers still counted,
units off the table not), data: losses.casualties, losses.removed."""

from __future__ import annotations

from pathlib import Path

from condition_helpers import battle_id, demo, event, units
from demo_cache import DemoCache

from desk.services.bounds.close import close_bound
from desk.services.condition.losses import losses_model
from desk.services.condition.reinforcements import schedule_reinforcement
from desk.store import open_campaign


def test_losses_by_side_command_and_bound_and_strength_on_the_table(
        tmp_path: Path, demo_cache: DemoCache) -> None:
    path = demo(demo_cache, tmp_path, "battles-of-waterloo")
    with open_campaign(path) as store:
        bid = battle_id(store)
        every = units(store)
        (a, _, _), (b, _, sb), (c, _, sc) = every[:3]
        late, _, s_late = every[-1]
        with store.session() as session:
            start = losses_model(session=session, battle_id=bid)
            schedule_reinforcement(session=session, battle_id=bid, unit_id=late, due_bound=3)
        event(store, a, "casualties", losses=2)
        with store.session() as session:
            close_bound(session=session, battle_id=bid, backup=False)
        event(store, a, "casualties", losses=1)
        event(store, b, "destroyed")
        event(store, c, "left-table")
        with store.session() as session:
            close_bound(session=session, battle_id=bid, backup=False)
            model = losses_model(session=session, battle_id=bid)
    assert model.bounds == (1, 2, 3) and model.columns == ("1", "2", "3", "now")
    assert model.casualty_unit == "SP"
    first, second = model.sides
    assert first.losses == (2, 1 + sb, 0) and first.total == 3 + sb
    assert second.losses == (0, 0, 0)
    on_table = start.sides[0].strength[0]
    # Bound 1 and 2 lack the reinforcement (the last unit, of the second side); bound 3 has it.
    assert second.strength[0] == start.sides[1].strength[0] - s_late
    assert second.strength[2] == start.sides[1].strength[0]
    assert first.strength[:3] == (on_table, on_table - 2, on_table - 3 - sb - sc)
    command = next(c for c in model.commands if c.losses[1] >= sb)
    assert command.side == first.side and command.total >= 3 + sb
    assert {(e.bound, e.what) for e in model.events} == {
        (2, "destroyed"), (2, "left-table"), (3, "arrived")}
