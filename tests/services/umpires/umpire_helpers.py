"""Helpers of the umpires' tests: a demo file with two named umpires, opened as either.

Anne is the chief, Bob a sector umpire. Each desk is a store opened on the real file as
one of them (``DESK_UMPIRE`` is never read: the name is passed), closed by the caller.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlmodel import select

from desk.services.common import current_battle
from desk.services.umpires.roster import add_umpire
from desk.store import CampaignStore, open_campaign
from desk.store.tables.oob import Unit

ANNE, BOB = "Anne", "Bob"


def name_umpires(path: Path) -> None:
    """Anne (chief) and Bob (sector) become the file's umpires."""
    with open_campaign(path, umpire="") as store, store.session() as session:
        add_umpire(session=session, name=ANNE, role="chief")
        add_umpire(session=session, name=BOB, role="sector")


@contextmanager
def desk_of(path: Path, umpire: str, *, beside: bool = False) -> Iterator[CampaignStore]:
    """A desk on ``path`` writing as ``umpire`` (``beside``: without the writer's lock, a
    second desk on a file another holds)."""
    store = open_campaign(path, umpire=umpire, beside_writer=beside,
                          backup_dir=path.parent / "backups")
    try:
        yield store
    finally:
        store.close()


def battle_and_units(store: CampaignStore) -> tuple[int, dict[str, int]]:
    """The current battle's id and every unit's id by name."""
    with store.session() as session:
        battle_id = current_battle(session)[1].id or 0
        units = {u.name: u.id or 0 for u in session.exec(select(Unit))}
    return battle_id, units
