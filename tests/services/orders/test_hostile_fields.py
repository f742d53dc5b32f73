"""Every order field of every rules system, given what a form, a script or a hand-edited
sheet can hold (issue 28, item 3): "nan", "inf", numbers past any count, lists and mappings
where text goes, a NUL byte, 5,000 characters. ``write_order`` answers with an order or one
of the services' refusals, never a ValueError, OverflowError or TypeError from arithmetic
further in (La Bataille's "Hexes on the way" of "nan" did), and a refusal writes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from demo_cache import DemoCache
from sqlmodel import col, select

from desk.services.common import current_battle, rules_of
from desk.services.errors import ServiceError
from desk.services.orders.write import write_order
from desk.store import open_campaign
from desk.store.tables.bounds import Order
from desk.store.tables.oob import Unit

HOSTILE: tuple[Any, ...] = (
    "nan", "inf", "-inf", "1e309", float("nan"), float("inf"), -1, 10**30, {}, [], [[1]],
    {"a": 1}, 5, True, None, "x" * 5000, "\x00", "two", ["bridge", 3], "0506", " , ,",
)


@pytest.mark.parametrize("system", ["belle-alliance", "battles-of-waterloo", "la-bataille"])
def test_no_field_value_gets_past_the_boundary_as_an_internal_error(
        system: str, tmp_path: Path, demo_cache: DemoCache) -> None:
    path = tmp_path / f"{system}.desk"
    demo_cache.copy(system=system, dest=path)
    with open_campaign(path) as store:
        with store.session() as session:
            campaign, battle = current_battle(session)
            battle_id = battle.id or 0
            names = [f.name for f in rules_of(campaign).order_fields()]
            unit_id = session.exec(select(Unit.id).order_by(col(Unit.id))).first() or 0
        refused = 0
        for name in names:
            for value in HOSTILE:
                try:
                    with store.session() as session:
                        write_order(session=session, battle_id=battle_id, unit_id=unit_id,
                                    fields={name: value}, verbatim="as written",
                                    override_reason="the umpire's test", seen_version=None)
                        session.rollback()  # each value on a unit without an order
                except ServiceError:
                    refused += 1
                    with store.session() as session:
                        assert session.exec(select(Order)).first() is None, (name, value)
        with store.session() as session:
            assert session.exec(select(Order)).first() is None
    assert refused > 0  # the boundary does refuse things: the test reaches it
