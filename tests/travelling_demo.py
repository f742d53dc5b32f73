"""The Belle Alliance demo played three bounds with information travelling (issue 31), for
the tests of a headquarters' belief drawn over the truth (services and window alike).

``desk couriers --set information_travels=true`` with no courier lost or captured, on the
demo's own map (0.1 cm a pixel, every headquarters a bound's ride from its superior), so
news climbs one level of the chain a bound. In each bound before its close the umpire moves:

- 1/5e Ligne (Brigade Bellair, 19e Division, VI Corps) 100 pixels east, every bound;
- Lobau and staff (VI Corps' own unit) 40 pixels west, every bound;
- in bound 3 only: 1/107e Ligne (Brigade Tromelin, 20e Division) 60 pixels south and
  2/5e Ligne one pixel east;
- in the open bound 4, after the last close: I/18th Infantry (15. Brigade, IV Corps) 40
  pixels west.

With bound 4 open, VI Corps knows its brigades' units as they stood at bound 2: 1/5e Ligne
100 pixels west of where it is, 1/107e Ligne 60 pixels north; 2/5e Ligne one pixel off
(the same place). At bound 2 no brigade's news had reached it yet. IV Corps, a level
above its brigades, knows I/18th Infantry as at bound 3: 40 pixels east of where it is
(half its block: the two overlap).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from demo_cache import DemoCache
from sqlmodel import Session, select

from desk.services import versions
from desk.services.bounds.close import close_bound
from desk.services.common import current_battle
from desk.services.couriers import set_courier_rules
from desk.services.maps.placing import place_unit
from desk.services.positions.queries import positions_at
from desk.services.queries import order_table
from desk.store import CampaignStore, open_campaign
from desk.store.tables.oob import Command

MOVER = "1/5e Ligne"  # moved every bound
LATE = "1/107e Ligne"  # moved in bound 3 only
PRUSSIAN = "I/18th Infantry"  # moved in bound 3 only
NUDGED = "2/5e Ligne"  # one pixel in bound 3: the same place
CORPS_STAFF = "Lobau and staff"  # VI Corps' own unit, moved every bound
MOVES: dict[int, dict[str, tuple[float, float]]] = {
    1: {MOVER: (100.0, 0.0), CORPS_STAFF: (-40.0, 0.0)},
    2: {MOVER: (100.0, 0.0), CORPS_STAFF: (-40.0, 0.0)},
    3: {MOVER: (100.0, 0.0), CORPS_STAFF: (-40.0, 0.0), LATE: (0.0, 60.0),
        NUDGED: (1.0, 0.0)},
}
OPEN_MOVES = {PRUSSIAN: (-40.0, 0.0)}  # in bound 4, left open


@dataclass(frozen=True)
class TravellingDemo:
    """The campaign file played, and the ids a test asks about, by name."""

    path: Path
    battle: int
    units: dict[str, int]
    commands: dict[str, int]


def _move(store: CampaignStore, *, battle: int, unit: int, dx: float, dy: float) -> None:
    """The umpire drags the unit by (dx, dy) pixels in the open bound, as the board does."""
    with store.session() as session:
        where = positions_at(session=session, battle_id=battle)[unit]
        seen = versions.state_version(session=session, battle_id=battle, unit_id=unit)
    assert where.x is not None and where.y is not None
    with store.session() as session:
        place_unit(session=session, battle_id=battle, unit_id=unit, x=where.x + dx,
                   y=where.y + dy, seen_version=seen)


def travel_surely(session: Session, *, campaign_id: int) -> None:
    """Information travels, and no courier is lost or captured (the same evening whatever
    the seeds)."""
    set_courier_rules(session=session, campaign_id=campaign_id,
                      overrides={"information_travels": True, "loss_chance": 0,
                                 "capture_chance": 0})


def travelling_demo(cache: DemoCache, dest: Path) -> TravellingDemo:
    """A copy of the Belle Alliance demo at ``dest``, played as the module text says."""
    cache.copy(system="belle-alliance", dest=dest)
    with open_campaign(dest) as store:
        with store.session() as session:
            campaign, battle_row = current_battle(session)
            travel_surely(session, campaign_id=campaign.id or 0)
            battle = battle_row.id or 0
            commands = {c.name: c.id or 0 for c in session.exec(select(Command))}
        with store.session() as session:
            units = {r.unit: r.unit_id for r in order_table(session=session, battle_id=battle)}
        for bound, moves in MOVES.items():
            for name, (dx, dy) in moves.items():
                _move(store, battle=battle, unit=units[name], dx=dx, dy=dy)
            with store.session() as session:
                close_bound(session=session, battle_id=battle, backup=False)
            with store.session() as session:
                assert current_battle(session)[1].current_bound == bound + 1
        for name, (dx, dy) in OPEN_MOVES.items():
            _move(store, battle=battle, unit=units[name], dx=dx, dy=dy)
    return TravellingDemo(path=dest, battle=battle, units=units, commands=commands)
