"""Helpers for the battles tests: a unit's strength set in the open bound, as a losses
event would leave it (the losses events land in main separately)."""

from __future__ import annotations

from sqlalchemy import update
from sqlmodel import Session, col, select

from desk.store import CampaignStore
from desk.store.tables.bounds import Bound, UnitState
from desk.store.tables.campaign import Battle
from desk.store.tables.oob import Unit


def set_strength(store: CampaignStore, unit: str, strength: int) -> None:
    """Write ``strength`` into the unit's state in the open bound of the open battle."""
    with store.session() as session:
        assert isinstance(session, Session)
        battle = session.exec(select(Battle).where(Battle.status == "open")).one()
        bound = session.exec(select(Bound).where(Bound.battle_id == battle.id,
                                                 Bound.number == battle.current_bound)).one()
        unit_id = session.exec(select(Unit.id).where(Unit.name == unit)).one()
        session.execute(update(UnitState).where(col(UnitState.bound_id) == bound.id,
                                                col(UnitState.unit_id) == unit_id)
                        .values(strength=strength))


def ids_by_name(store: CampaignStore) -> dict[str, int]:
    """Every unit's id by its name."""
    with store.session() as session:
        return {u.name: u.id or 0 for u in session.exec(select(Unit))}
