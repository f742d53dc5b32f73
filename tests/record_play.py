"""A short evening on the Belle Alliance demo for the bound's record (issue 30), shared by
the services, command-line and window tests: two orders in bound 1; in bound 2 one new
order, one event, and the two units of bound 1 continuing their orders; both bounds closed."""

from __future__ import annotations

from pathlib import Path

from desk.services.bounds.close import close_bound
from desk.services.bounds.events import record_event
from desk.services.common import current_battle
from desk.services.orders.write import write_order
from desk.services.queries import order_table
from desk.services.versions import order_version, state_version
from desk.store import open_campaign


def play_two_bounds(path: Path) -> tuple[int, list[int]]:
    """Play the evening on the campaign at ``path``; its battle's id and its units' ids."""
    with open_campaign(path) as store:
        def run(fn: object, **kwargs: object) -> object:
            with store.session() as session:
                return fn(session=session, **kwargs)  # type: ignore[operator]

        with store.session() as session:
            battle = current_battle(session)[1].id or 0
        units = [r.unit_id for r in run(order_table, battle_id=battle)]  # type: ignore[attr-defined]

        def order(unit: int, verbatim: str, fields: dict[str, object]) -> None:
            seen = run(order_version, battle_id=battle, unit_id=unit)
            run(write_order, battle_id=battle, unit_id=unit, verbatim=verbatim, fields=fields,
                seen_version=seen)

        order(units[0], "March on", {"rate": "normal", "destination": "the mill"})
        order(units[1], "Halt", {"rate": "halt"})
        run(close_bound, battle_id=battle, backup=False)
        order(units[2], "Into column", {"rate": "normal", "formation": "column-of-march",
                                        "destination": "the wood"})
        seen = run(state_version, battle_id=battle, unit_id=units[3])
        run(record_event, battle_id=battle, unit_id=units[3], kind="became-LD", data={},
            seen_version=seen)
        run(close_bound, battle_id=battle, backup=False)
    return battle, units
