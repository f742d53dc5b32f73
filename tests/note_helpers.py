"""Umpires named on a campaign file, and the demo's things a note can be on, for the
secret notes' tests (the roster's own service is another module's: rows are enough here)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlmodel import col, select

from desk.services.common import current_battle
from desk.store import open_campaign
from desk.store.tables.bounds import Bound
from desk.store.tables.oob import Command, Unit
from desk.store.tables.umpires import Umpire


@dataclass(frozen=True)
class Things:
    """A unit, a command and the open bound of the demo, by id and by name."""

    unit_id: int
    unit: str
    command_id: int
    command: str
    bound_id: int
    bound: int


def name_umpires(path: Path, umpires: dict[str, str]) -> None:
    """Name the campaign's umpires: name → role (chief or sector)."""
    with open_campaign(path) as store, store.session() as session:
        campaign, _battle = current_battle(session)
        for name, role in umpires.items():
            session.add(Umpire(campaign_id=campaign.id or 0, name=name, role=role))


def things(path: Path) -> Things:
    """The demo's first unit, the command of its last unit, and its open bound."""
    with open_campaign(path, read_only=True) as store, store.session() as session:
        _campaign, battle = current_battle(session)
        units = session.exec(select(Unit).order_by(col(Unit.id))).all()
        command = session.get(Command, units[-1].command_id)
        bound = session.exec(select(Bound).where(Bound.battle_id == battle.id,
                                                 Bound.number == battle.current_bound)).one()
        assert command is not None
        return Things(unit_id=units[0].id or 0, unit=units[0].name, command_id=command.id or 0,
                      command=command.name, bound_id=bound.id or 0, bound=bound.number)
