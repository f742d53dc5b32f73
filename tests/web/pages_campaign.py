"""A two-side Belle Alliance campaign for the players' pages' tests (issue 32).

The Plancenoit demo (on its map) with three players: Anne plays the French side, Claire
its Young Guard, Bernd the Prussian IV Corps. The French saw one Prussian unit, the
Prussians one French unit; one French order was overruled with a reason only the umpire
may read. :func:`every_row` reads the whole file, to show that a refused request stored
nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import text
from sqlmodel import col, select

from desk.services.common import current_battle
from desk.services.errors import OrderRefused
from desk.services.maps.seen import mark_seen
from desk.services.orders.write import write_order
from desk.services.packets.players import add_player
from desk.services.pages.links import reissue_link
from desk.store import open_campaign
from desk.store.engine import sqlite_engine
from desk.store.tables import metadata
from desk.store.tables.oob import Leader, Side, Unit

SECRET_REASON = "Umpire only: the Prussian guns were moved by scenario rule 7b"
FAST = {"rate": "fast", "destination": "the ridge beyond Plancenoit"}


@dataclass(frozen=True)
class PagesCampaign:
    """The campaign file, each player's token, and the names each side may not read."""

    path: Path
    tokens: dict[str, str]  # player's name → their link's token
    sides: dict[str, str]  # player's name → their side
    units: dict[str, dict[str, int]]  # side → unit name → id
    leaders: dict[str, tuple[str, ...]]  # side → its leaders' names
    seen: dict[str, str]  # side → the enemy unit it saw
    battle_id: int


def _overrule_one(session_path: Path, french: dict[str, int], battle_id: int) -> None:
    """One French order the rules refuse, saved with the umpire's reason."""
    with open_campaign(session_path) as store:
        for unit_id in french.values():
            try:
                with store.session() as session:
                    write_order(session=session, battle_id=battle_id, unit_id=unit_id,
                                fields=FAST, seen_version=None)
            except OrderRefused:
                with store.session() as session:
                    write_order(session=session, battle_id=battle_id, unit_id=unit_id,
                                fields=FAST, override_reason=SECRET_REASON, seen_version=None)
                return
    raise AssertionError("no French unit's fast order was refused")


def pages_campaign(path: Path) -> PagesCampaign:
    """Players, sightings and an overruled order on the demo at ``path``."""
    with open_campaign(path) as store, store.session() as session:
        _campaign, battle = current_battle(session)
        sides = {s.id: s.name for s in session.exec(select(Side))}
        units: dict[str, dict[str, int]] = {name: {} for name in sides.values()}
        for unit in session.exec(select(Unit).order_by(col(Unit.id))):
            units[sides[unit.side_id]][unit.name] = unit.id or 0
        leaders: dict[str, list[str]] = {name: [] for name in sides.values()}
        for leader in session.exec(select(Leader)):
            leaders[sides[leader.side_id]].append(leader.name)
        ids = {name: side_id for side_id, name in sides.items()}
        add_player(session=session, name="Anne", address="anne@example.org", side="French")
        add_player(session=session, name="Claire", address="claire@example.org",
                   side="French", command="Young Guard")
        add_player(session=session, name="Bernd", address="bernd@example.de", side="Prussian",
                   command="IV Corps")
        seen = {"French": next(iter(units["Prussian"])), "Prussian": next(iter(units["French"]))}
        mark_seen(session=session, unit_id=units["Prussian"][seen["French"]],
                  side_id=ids["French"] or 0)
        mark_seen(session=session, unit_id=units["French"][seen["Prussian"]],
                  side_id=ids["Prussian"] or 0)
        tokens = {who: reissue_link(session=session, who=who).token
                  for who in ("Anne", "Claire", "Bernd")}
        battle_id = battle.id or 0
    _overrule_one(path, units["French"], battle_id)
    return PagesCampaign(path=path, tokens=tokens,
                         sides={"Anne": "French", "Claire": "French", "Bernd": "Prussian"},
                         units=units, leaders={k: tuple(v) for k, v in leaders.items()},
                         seen=seen, battle_id=battle_id)


def every_row(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table of the file, sorted: equal results, equal files."""
    engine = sqlite_engine(path, read_only=True)
    try:
        with engine.connect() as conn:
            return {t.name: sorted((tuple(r) for r in conn.execute(
                text(f'SELECT * FROM "{t.name}"'))), key=repr) for t in metadata.sorted_tables}
    finally:
        engine.dispose()
