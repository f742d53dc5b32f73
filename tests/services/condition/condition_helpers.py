"""A demo campaign per system and a few calls the condition tests share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from demo_cache import DemoCache
from sqlmodel import select

from desk.rules.records import StateRecord
from desk.services.bounds.events import record_event
from desk.services.common import current_battle
from desk.services.queries import unit_state
from desk.store import CampaignStore
from desk.store.tables.oob import Unit


def demo(cache: DemoCache, tmp_path: Path, system: str) -> Path:
    """A private copy of the demo campaign of ``system``."""
    return cache.copy(system=system, dest=tmp_path / f"{system}.desk")


def units(store: CampaignStore, arm: str | None = None) -> list[tuple[int, str, int]]:
    """(id, name, strength) of the campaign's units, of one arm when given."""
    with store.session() as session:
        query = select(Unit).order_by(Unit.id)  # type: ignore[arg-type]
        return [(u.id or 0, u.name, u.strength) for u in session.exec(query)
                if arm is None or u.arm == arm]


def battle_id(store: CampaignStore) -> int:
    """The battle being played."""
    with store.session() as session:
        return current_battle(session)[1].id or 0


def event(store: CampaignStore, unit_id: int, kind: str, **data: Any) -> Any:
    """Record one event as the window does: with the unit's state version as seen now."""
    battle = battle_id(store)
    with store.session() as session:
        seen = unit_state(session=session, battle_id=battle, unit_id=unit_id,
                          with_events=True).version
        return record_event(session=session, battle_id=battle, unit_id=unit_id, kind=kind,
                            data=data, seen_version=seen)


def state(store: CampaignStore, unit_id: int, *, now: bool = True, bound: int | None = None
          ) -> StateRecord:
    """The unit's state record, now (events applied) or at the start of ``bound``."""
    bid = battle_id(store)
    with store.session() as session:
        view = unit_state(session=session, battle_id=bid, unit_id=unit_id,
                          bound=bound, with_events=now)
    return view.as_mapping()
