"""The umpire's debrief of a bound (issue 31): each headquarters' belief against the truth.

For every headquarters with units under it beyond its own, unit by unit: where and how
it believes the unit stands (and the bound that news was true), where and how it really
stands, and what differs: its place (by how many cm on the table, through the map's
calibration), its formation, its strength, or that no news has reached it at all. Own
units are known as they are and only counted. Umpire only: both sides on one document.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.rules.lengths import Cm, MapPx
from desk.services.common import get_battle, get_bound, get_campaign
from desk.services.knowledge.belief import Known
from desk.services.knowledge.views import Standing, UnitBelief
from desk.services.maps.calibration import TableScale, scale_of, table_scale
from desk.services.positions.views import PositionView, where_words
from desk.services.printing import vocabulary
from desk.services.printing.viewmodels import Paper
from desk.store.tables.maps import BattleMap
from desk.store.tables.oob import Side

PLACE_TOLERANCE = Cm(0.5)  # closer than this on the table is the same place


@dataclass(frozen=True)
class DebriefRow:
    """One unit under a headquarters: belief, truth, and what differs."""

    unit: str
    believed: str  # "x 190, y 100, line, 720", or "" with no news
    news: str  # "bound 2", or "no news"
    truth: str
    off: Cm | None  # how far the belief is from the truth on the table (None: unknown)
    differences: tuple[str, ...]  # "place", "formation", "strength", "no news"


@dataclass(frozen=True)
class HeadquartersDebrief:
    """One headquarters' belief against the truth."""

    command: str
    side: str
    own: int  # its own units, known as they are
    rows: tuple[DebriefRow, ...]

    @property
    def wrong(self) -> int:
        """Units it believes otherwise than they are (no news included)."""
        return sum(1 for r in self.rows if r.differences)


@dataclass(frozen=True)
class DebriefModel:
    """The debrief of one bound, for the umpire."""

    campaign: str
    battle: str
    bound: int
    game_time: str
    headquarters: tuple[HeadquartersDebrief, ...]
    calibrated: bool  # places differ by cm on the table (else by the map's pixels)
    paper: Paper = Paper.A4


def debrief_model(*, session: Session, battle_id: int, bound: int | None = None,
                  paper: Paper = Paper.A4) -> DebriefModel:
    """Every headquarters' belief against the truth at ``bound`` (the open one when None)."""
    battle = get_battle(session, battle_id)
    campaign = get_campaign(session, battle.campaign_id)
    number = battle.current_bound if bound is None else bound
    row_bound = get_bound(session, battle_id, number)
    stored = session.exec(select(BattleMap).where(BattleMap.battle_id == battle_id)).first()
    scale = table_scale(scale_of(stored.calibration)) if stored is not None else None
    everyone = Known(session, battle_id=battle_id, bound=number)
    found: list[HeadquartersDebrief] = []
    for side in session.exec(select(Side).where(Side.campaign_id == campaign.id)
                             .order_by(col(Side.id))):
        for command in everyone.commands_of(side.id or 0):
            if command.leader_id is None:
                continue
            known = everyone.of(command)
            others = [b for b in known.units if not b.own]
            if not others:
                continue
            rows = tuple(_row(b, everyone.places.get(b.unit_id),
                              everyone.states.get(b.unit_id), scale)
                         for b in others)
            found.append(HeadquartersDebrief(command=command.name, side=side.name,
                                             own=len(known.units) - len(others), rows=rows))
    return DebriefModel(campaign=campaign.name, battle=battle.name, bound=number,
                        game_time=row_bound.game_time, headquarters=tuple(found),
                        calibrated=scale is not None, paper=paper)


def _row(belief: UnitBelief, where: PositionView | None, state: Standing | None,
         scale: TableScale | None) -> DebriefRow:
    truth = _words(where.hex if where else "", where.x if where else None,
                   where.y if where else None, state.formation if state else "",
                   state.strength if state else None)
    if belief.as_of is None:
        return DebriefRow(unit=belief.unit, believed="", news=_("no news"), truth=truth,
                          off=None, differences=("no news",))
    believed = _words(belief.hex, belief.x, belief.y, belief.formation, belief.strength)
    off = _gap(belief, where, scale)
    differences: list[str] = []
    true_hex = where.hex if where is not None else ""
    moved_hex = bool(belief.hex or true_hex) and belief.hex != true_hex
    if moved_hex or (off is not None and off >= PLACE_TOLERANCE):
        differences.append("place")
    if state is not None and belief.formation != state.formation:
        differences.append("formation")
    if state is not None and belief.strength != state.strength:
        differences.append("strength")
    return DebriefRow(unit=belief.unit, believed=believed,
                      news=_("bound {n}").format(n=belief.as_of), truth=truth, off=off,
                      differences=tuple(differences))


def _gap(belief: UnitBelief, where: PositionView | None,
         scale: TableScale | None) -> Cm | None:
    """The distance from the believed point to the true one: cm on the table through the
    calibration, else (no scale in table units) the map's pixels as they are."""
    if where is None or belief.x is None or belief.y is None or where.x is None \
            or where.y is None:
        return None
    pixels = MapPx(math.hypot(where.x - belief.x, where.y - belief.y))
    return scale.cm(pixels) if scale is not None else Cm(pixels)


def _words(hex: str, x: MapPx | None, y: MapPx | None, formation: str,
           strength: int | None) -> str:
    parts = [where_words(hex, x, y), vocabulary.word(formation) if formation else "",
             "" if strength is None else str(strength)]
    return ", ".join(p for p in parts if p)
