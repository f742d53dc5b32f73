"""Build a map view: one side's (or the umpire's) picture of the battle at a bound.

Fog of war is enforced here, as for the order sheets: a side's model is built
from that side's units, and of the enemy only the units the umpire marked seen
(``unit_seen``) at or before the bound, each drawn where it stood when last
seen (not where it is now), its strength rounded, with the bound of that
sighting. A unit never seen does not reach the model at all, not even as a
count. The umpire's view (no side) shows every unit where it is. Leaders
(most have no staff unit) follow the same rule through ``leader_seen``
(:mod:`desk.services.maps.leaders`).

Positions come from the one positions model (:mod:`desk.services.positions`):
a unit's latest position at or before the bound; a position known only by its
hex is drawn at that hex's centre when the map's hex grid is calibrated.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.rules.base import RulesSystem
from desk.rules.lengths import Cm
from desk.services.common import (
    campaign_units,
    current_battle,
    get_battle,
    get_bound,
    get_campaign,
    rules_of,
)
from desk.services.condition.reinforcements import hidden_units
from desk.services.dto import UnitStateView
from desk.services.errors import NotFound
from desk.services.knowledge.views import SideBelief
from desk.services.maps.board import map_image
from desk.services.maps.calibration import Scale, scale_of, table_scale
from desk.services.maps.hexes import map_point
from desk.services.maps.images import MapRefused
from desk.services.maps.leaders import leader_markers
from desk.services.maps.seen import last_seen
from desk.services.maps.viewmodel import MapMarker, MapViewModel, MarkerKind, rounded_strength
from desk.services.positions.queries import positions_at
from desk.services.positions.views import PositionView
from desk.services.printing import vocabulary
from desk.services.printing.viewmodels import Paper
from desk.services.queries import unit_states
from desk.store.tables.maps import BattleMap
from desk.store.tables.oob import Side


def _pixel(position: PositionView | None,
           calibration: Mapping[str, object]) -> tuple[float, float] | None:
    if position is None:
        return None
    return map_point(calibration, hex=position.hex, x=position.x, y=position.y)


def frontage_in_pixels(system: RulesSystem,
              scale: Scale | None) -> Callable[[UnitStateView | None], float | None]:
    """A unit's frontage in map pixels from its state: the rules' frontage on the table by
    the map's scale (cm or inches on the table; None on a map scaled in yards or paces)."""
    table = table_scale(scale)  # the one measure between the map's pixels and the table

    def frontage(state: UnitStateView | None) -> float | None:
        if state is None or table is None:
            return None
        width = system.frontage_cm(state=state.as_mapping())
        return None if width is None else round(table.px(Cm(width)), 1)

    return frontage


def map_view_model(*, session: Session, side: str | None = None, bound: int | None = None,
                   paper: Paper = Paper.A4, with_image: bool = True,
                   battle_id: int | None = None,
                   belief: SideBelief | None = None) -> MapViewModel:
    """The map as ``side`` (a side's name; None: the umpire) sees it at ``bound``
    (default: the open bound) in battle ``battle_id`` (default: the file's latest).
    ``belief`` (information travelling, issue 31): the side's own units where its
    headquarters last heard of them, marked "as of bound N", those it has no news of left
    off, and only those headquarters' own leaders.
    ``with_image`` False leaves the image's bytes out (the window keeps them while the
    map's version is the same)."""
    if battle_id is None:
        campaign, battle = current_battle(session)
    else:
        battle = get_battle(session, battle_id)
        campaign = get_campaign(session, battle.campaign_id)
    battle_id = battle.id or 0
    row_bound = get_bound(session, battle_id, battle.current_bound if bound is None else bound)
    stored = session.exec(select(BattleMap).where(BattleMap.battle_id == battle_id)).first()
    if stored is None:
        raise MapRefused(_("this battle has no map yet: import one with desk map-import"))
    sides = {s.name: s for s in session.exec(select(Side).where(
        Side.campaign_id == campaign.id).order_by(col(Side.id)))}
    viewer = None
    if side is not None:
        viewer = sides.get(side)
        if viewer is None:
            raise NotFound(_("there is no side {side!r} (the sides are {sides})").format(
                side=side, sides=", ".join(sides)))
    number = row_bound.number
    where = positions_at(session=session, battle_id=battle_id, bound=number)
    states = unit_states(session=session, battle_id=battle_id, bound=number)
    first_side = next(iter(sides.values())).id if sides else None
    # Information travelling, the enemy is what reached these headquarters, not the side.
    seen = dict(belief.enemies) if belief is not None else last_seen(
        session=session, side_id=viewer.id or 0, battle_id=battle_id,
        up_to=number) if viewer is not None else {}
    scale = scale_of(stored.calibration)
    frontage = frontage_in_pixels(rules_of(campaign), scale)
    markers: list[MapMarker] = []
    earlier: dict[int, tuple[dict[int, PositionView], dict[int, UnitStateView]]] = {}
    unplaced = no_news = 0
    # A reinforcement not yet arrived is on no side's sheet, so on no side's map either
    # (a packet's map is a player's document); the umpire's view shows it where placed.
    hidden = (hidden_units(session=session, battle_id=battle_id, bound=number)
              if viewer is not None else frozenset())
    for unit, side_name, _command in campaign_units(session, campaign.id or 0):
        uid = unit.id or 0
        if uid in hidden:
            continue
        mine = viewer is None or unit.side_id == viewer.id
        news = belief.units.get(uid) if belief is not None and mine else None
        if belief is not None and mine and news is None:
            continue  # of the side, but not under these headquarters: not theirs to know
        if news is not None and not news.own:  # as reported to the headquarters: not the truth
            told = None if news.as_of is None else map_point(
                stored.calibration, hex=news.hex, x=news.x, y=news.y)
            if told is None:
                no_news += news.as_of is None
                unplaced += news.as_of is not None
                continue
            markers.append(MapMarker(
                unit_id=uid, name=unit.name, side=side_name, kind=MarkerKind.OWN,
                x=told[0], y=told[1], detail=", ".join(p for p in (
                    vocabulary.word(news.formation) if news.formation else "",
                    "" if news.strength is None else str(news.strength)) if p),
                leader=unit.arm == "staff", as_of=news.as_of))
            continue
        if mine:
            point = _pixel(where.get(uid), stored.calibration)
            if point is None:
                unplaced += 1
                continue
            state = states.get(uid)
            detail = (f"{vocabulary.word(state.formation)}, {state.strength}"
                      if state is not None and state.formation else str(unit.strength))
            kind = MarkerKind.OWN if viewer is not None or unit.side_id == first_side \
                else MarkerKind.ENEMY
            markers.append(MapMarker(unit_id=uid, name=unit.name, side=side_name, kind=kind,
                                     x=point[0], y=point[1], detail=detail,
                                     leader=unit.arm == "staff", facing=where[uid].facing,
                                     frontage=frontage(state)))
        elif uid in seen:
            # Where it stood, and how strong it looked, when last seen: not as it is now.
            then = seen[uid]
            if then not in earlier:
                earlier[then] = (positions_at(session=session, battle_id=battle_id, bound=then),
                                 unit_states(session=session, battle_id=battle_id, bound=then))
            point = _pixel(earlier[then][0].get(uid), stored.calibration)
            if point is None:
                continue
            state = earlier[then][1].get(uid)
            strength = state.strength if state is not None else unit.strength
            markers.append(MapMarker(
                unit_id=uid, name=unit.name, side=side_name, kind=MarkerKind.ENEMY,
                x=point[0], y=point[1],
                detail=_("about {n}").format(n=rounded_strength(strength)),
                leader=unit.arm == "staff", seen_bound=seen[uid],
                facing=earlier[then][0][uid].facing, frontage=frontage(state)))
    leaders = leader_markers(session=session, battle_id=battle_id, campaign_id=campaign.id or 0,
                             bound=number, viewer=viewer, first_side=first_side,
                             calibration=stored.calibration)
    if belief is not None:  # other own leaders stand with their commands: as reported, or not
        leaders = [m for m in leaders if m.kind is MarkerKind.ENEMY or m.leader_id in
                   belief.leaders]
    markers += leaders
    scale_text = ""
    if scale is not None:
        scale_text = _("The map is {w:.0f} x {h:.0f} {unit}.").format(
            w=stored.width * scale.per_pixel, h=stored.height * scale.per_pixel, unit=scale.unit)
    return MapViewModel(campaign=campaign.name, battle=battle.name, side=side, bound=number,
                        game_time=row_bound.game_time,
                        image=map_image(session=session, battle_id=battle_id) if with_image
                        else b"",
                        image_format=stored.image_format, width=stored.width,
                        height=stored.height, markers=tuple(markers), unplaced=unplaced,
                        no_news=no_news,
                        scale_text=scale_text, paper=paper)
