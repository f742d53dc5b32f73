"""One headquarters' belief over the truth, for the umpire's board (issue 31).

With information travelling, a headquarters knows the units under it as their reports
told it (:mod:`desk.services.knowledge.belief`). The board can show that belief over
the truth: of every unit under the command but its own (its own it knows as they are),
the point of the map's image where the headquarters believes it stands, the point where
it really stands at the same bound, and whether the two differ. Where they differ the
window draws a "ghost" at the believed point; a unit no report has named yet ("no news")
has no believed point and is only listed.

Two points differ when they are more than :data:`GHOST_TOLERANCE` apart, or, on a hex
map where both are known by their hex, when the hexes differ (a unit nudged inside its
hex stands where it stood, for hex rules). Worked example (the Plancenoit demo, 1/5e
Ligne marched 100 pixels east each bound): with bound 4 open, VI Corps has it as of
bound 2, 100 pixels west of where it stands, so a ghost stands there, "as of bound 2".

Which headquarters can be shown (:func:`belief_choices`): each command with a leader
and a unit under it beyond its own, those whose belief can be wrong. They are the
headquarters the debrief lists (:mod:`desk.services.knowledge.debrief`), the top of the
chain (an army, with no superior) included: it is the one that knows least. None
without the campaign's courier setting ``information_travels`` (everyone knows the truth).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.rules.lengths import MapPx, PxPoint
from desk.services.common import get_battle
from desk.services.couriers.chain import chain_of
from desk.services.couriers.settings import rules_for
from desk.services.errors import NotFound
from desk.services.knowledge.belief import Known
from desk.services.knowledge.views import UnitBelief
from desk.services.maps.hexes import map_point
from desk.services.positions.queries import positions_at
from desk.services.positions.views import PositionView
from desk.store.tables.maps import BattleMap
from desk.store.tables.oob import Command, Side

# Points closer than this are one place: the services keep a moved unit's point to the whole
# pixel, and a report copies the position as it was, so the same place is the same point.
GHOST_TOLERANCE = MapPx(1.0)


@dataclass(frozen=True)
class HeadquartersChoice:
    """A headquarters whose belief the board can show (the "Belief of" list)."""

    command_id: int
    command: str
    side: str


@dataclass(frozen=True)
class BelievedPlace:
    """One unit under the headquarters (not its own): where it is believed, where it is.

    ``believed``: the point the headquarters has for it (None: no news, or news of no
    place); ``truth``: its point at the bound (None: not on the map); ``differs``: the
    headquarters is wrong about its place (no news counts as wrong).
    """

    unit_id: int
    unit: str
    as_of: int | None  # the bound the news was true (None: no news has reached it)
    arrived: int | None  # the bound that news reached the headquarters
    believed: PxPoint | None
    truth: PxPoint | None
    differs: bool
    staff: bool = False  # a staff unit: drawn as its leader's circle, as on the board

    @property
    def key(self) -> str:
        """The board's key of the unit's own marker ("unit:12")."""
        return f"unit:{self.unit_id}"


@dataclass(frozen=True)
class BeliefOverTruth:
    """One headquarters' belief of the units under it, against the truth, at one bound."""

    command_id: int
    command: str
    side: str
    bound: int
    units: tuple[BelievedPlace, ...]  # every unit under it but its own, in the OOB's order

    @property
    def ghosts(self) -> tuple[BelievedPlace, ...]:
        """The units believed elsewhere than they stand, with a believed point to draw."""
        return tuple(u for u in self.units if u.differs and u.believed is not None)

    @property
    def no_news(self) -> tuple[BelievedPlace, ...]:
        """The units no report has named to the headquarters yet: nowhere to draw them."""
        return tuple(u for u in self.units if u.as_of is None)

    @property
    def placeless(self) -> tuple[BelievedPlace, ...]:
        """The units reported, but with no place the map can show (not on it then)."""
        return tuple(u for u in self.units if u.as_of is not None and u.believed is None
                     and u.differs)


def belief_choices(*, session: Session, battle_id: int) -> tuple[HeadquartersChoice, ...]:
    """The headquarters whose belief the board can show, side by side in the order of
    battle's order (none without ``information_travels``: see the module text)."""
    battle = get_battle(session, battle_id)
    if not rules_for(session, campaign_id=battle.campaign_id).information_travels:
        return ()
    found: list[HeadquartersChoice] = []
    for side in session.exec(select(Side).where(Side.campaign_id == battle.campaign_id)
                             .order_by(col(Side.id))):
        chain = chain_of(session, side_id=side.id or 0)
        # A command has units beyond its own when a command under it has any.
        holding = {u.command_id for u in chain.units.values()}
        above = {up for cid in holding for up in chain.ancestors(cid)[1:]}
        found += [HeadquartersChoice(command_id=cid, command=c.name, side=side.name)
                  for cid, c in sorted(chain.commands.items())
                  if c.leader_id is not None and cid in above]
    return tuple(found)


def belief_over_truth(*, session: Session, battle_id: int, command_id: int,
                      bound: int | None = None) -> BeliefOverTruth:
    """What ``command_id``'s headquarters believes of the units under it at ``bound`` (the
    open bound when None), each beside the truth, in points of the map's image."""
    battle = get_battle(session, battle_id)
    number = battle.current_bound if bound is None else bound
    command = session.get(Command, command_id)
    if command is None:
        raise NotFound(_("there is no command number {n} in this campaign").format(
            n=command_id))
    side = session.get(Side, command.side_id)
    calibration = session.exec(select(BattleMap.calibration).where(
        BattleMap.battle_id == battle_id)).first() or {}
    places = positions_at(session=session, battle_id=battle_id, bound=number)
    everyone = Known(session, battle_id=battle_id, bound=number, places=places)
    units = everyone.chain(command.side_id).units
    known = everyone.of(command)

    def truth_of(where: PositionView | None) -> PxPoint | None:
        return None if where is None else _px(map_point(calibration, hex=where.hex,
                                                        x=where.x, y=where.y))

    found: list[BelievedPlace] = []
    for belief in known.units:
        if belief.own:
            continue
        where = places.get(belief.unit_id)
        truth = truth_of(where)
        believed = None if belief.as_of is None else _px(map_point(
            calibration, hex=belief.hex, x=belief.x, y=belief.y))
        unit = units.get(belief.unit_id)
        found.append(BelievedPlace(
            unit_id=belief.unit_id, unit=belief.unit, as_of=belief.as_of,
            arrived=belief.arrived, believed=believed, truth=truth,
            differs=_differs(belief, believed, where, truth),
            staff=unit is not None and unit.arm == "staff"))
    return BeliefOverTruth(command_id=command_id, command=command.name,
                           side=side.name if side is not None else "", bound=number,
                           units=tuple(found))


def _px(point: tuple[float, float] | None) -> PxPoint | None:
    return None if point is None else (MapPx(point[0]), MapPx(point[1]))


def _differs(belief: UnitBelief, believed: PxPoint | None, where: PositionView | None,
             truth: PxPoint | None) -> bool:
    """Whether the headquarters is wrong about the unit's place (see the module text)."""
    if belief.as_of is None:
        return True  # no news: it cannot know where the unit stands
    if believed is None or truth is None:
        return (believed is None) != (truth is None)  # placed in one, not in the other
    if belief.hex and where is not None and where.hex:
        return belief.hex != where.hex
    return math.hypot(truth[0] - believed[0], truth[1] - believed[1]) > GHOST_TOLERANCE
