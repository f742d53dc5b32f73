"""One headquarters' belief over the truth, for the board (issue 31): where each unit under
it is believed to stand, where it stands, and where the two differ.

The Belle Alliance demo played three bounds with information travelling
(tests/travelling_demo.py): with bound 4 open VI Corps knows its brigades as they stood at
bound 2. The points are those of the map's image, as the board draws them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from demo_cache import DemoCache
from travelling_demo import (
    CORPS_STAFF,
    LATE,
    MOVER,
    NUDGED,
    PRUSSIAN,
    TravellingDemo,
    travel_surely,
    travelling_demo,
)

from desk.services.bounds.close import close_bound
from desk.services.common import current_battle
from desk.services.errors import NotFound
from desk.services.knowledge.belief import knowledge
from desk.services.knowledge.ghosts import (
    BeliefOverTruth,
    BelievedPlace,
    belief_choices,
    belief_over_truth,
)
from desk.services.maps.board import calibration
from desk.services.maps.hexes import hex_to_pixel, neighbour_centres
from desk.services.maps.placing import place_unit
from desk.services.positions.queries import positions_at
from desk.services.positions.record import position_version
from desk.store import CampaignStore, open_campaign

T = TypeVar("T")


@pytest.fixture(scope="module")
def played(demo_cache: DemoCache, tmp_path_factory: pytest.TempPathFactory) -> TravellingDemo:
    """The demo played once for the module (the tests only read it)."""
    return travelling_demo(demo_cache, tmp_path_factory.mktemp("ghosts") / "played.desk")


@pytest.fixture
def store(played: TravellingDemo) -> Iterator[CampaignStore]:
    opened = open_campaign(played.path, read_only=True)
    yield opened
    opened.close()


def _call(store: CampaignStore, fn: Callable[..., T], **kwargs: object) -> T:
    with store.session() as session:
        return fn(session=session, **kwargs)


def _belief(store: CampaignStore, played: TravellingDemo, command: str,
            bound: int | None = None) -> BeliefOverTruth:
    return _call(store, belief_over_truth, battle_id=played.battle,
                 command_id=played.commands[command], bound=bound)


def _place(belief: BeliefOverTruth, unit: str) -> BelievedPlace:
    return next(u for u in belief.units if u.unit == unit)


def _point(store: CampaignStore, played: TravellingDemo, unit: str,
           bound: int) -> tuple[float, float]:
    where = _call(store, positions_at, battle_id=played.battle, bound=bound)[played.units[unit]]
    assert where.x is not None and where.y is not None
    return where.x, where.y


def test_a_unit_reported_at_bound_2_and_moved_since_is_a_ghost_at_its_bound_2_point(
        store: CampaignStore, played: TravellingDemo) -> None:
    """Issue 31: VI Corps at bound 4 believes 1/5e Ligne where it stood at bound 2, 100
    pixels west of where it stands; the line of the ghost runs to the truth."""
    belief = _belief(store, played, "VI Corps")
    assert (belief.command, belief.side, belief.bound) == ("VI Corps", "French", 4)
    mover = _place(belief, MOVER)
    assert (mover.as_of, mover.arrived, mover.differs) == (2, 4, True)
    assert mover.believed == _point(store, played, MOVER, 2)
    assert mover.truth == _point(store, played, MOVER, 4)
    assert mover.truth[0] - mover.believed[0] == 100.0  # its move of bound 3
    late = _place(belief, LATE)  # moved in bound 3 only: still believed where it was
    assert late.believed == _point(store, played, LATE, 2) != late.truth
    assert {g.unit for g in belief.ghosts} == {MOVER, LATE}
    assert belief.no_news == () and belief.placeless == ()
    # The other side's corps, a level above its brigades: the Prussian moved in the open bound.
    prussians = _belief(store, played, "IV Corps")
    assert [(g.unit, g.as_of) for g in prussians.ghosts] == [(PRUSSIAN, 3)]
    prussian = prussians.ghosts[0]
    assert prussian.believed == _point(store, played, PRUSSIAN, 3)
    assert prussian.truth is not None and prussian.believed[0] - prussian.truth[0] == 40.0


def test_a_unit_nudged_one_pixel_and_an_up_to_date_one_are_no_ghosts(
        store: CampaignStore, played: TravellingDemo) -> None:
    """Issue 31: a ghost only where the belief is elsewhere: 2/5e Ligne, one pixel from its
    bound-2 point, is where VI Corps believes it; the 19e Division, told of 1/5e Ligne
    as of bound 3 (its last move), believes it where it is."""
    nudged = _place(_belief(store, played, "VI Corps"), NUDGED)
    assert nudged.as_of == 2 and nudged.believed != nudged.truth
    assert not nudged.differs
    division = _belief(store, played, "19e Division")
    mover = _place(division, MOVER)
    assert (mover.as_of, mover.differs) == (3, False)
    assert mover.believed == mover.truth
    assert division.ghosts == ()


def test_a_unit_with_no_news_is_listed_and_never_drawn(store: CampaignStore,
                                                       played: TravellingDemo) -> None:
    """Issue 31: at bound 2 no brigade's report has reached VI Corps: each of their units
    is "no news", with no believed point; the divisions' own units it has as of bound 1."""
    belief = _belief(store, played, "VI Corps", bound=2)
    assert belief.bound == 2
    silent = {u.unit for u in belief.no_news}
    assert {MOVER, LATE, NUDGED} <= silent
    assert "Foot battery 1/8e Artillerie" not in silent  # the 19e Division's own: reported
    for place in belief.no_news:
        assert (place.as_of, place.believed, place.differs) == (None, None, True)
        assert place.truth is not None  # it stands on the map all the same
    assert belief.ghosts == ()  # nothing to draw: the batteries have not moved
    assert _place(belief, "Foot battery 1/8e Artillerie").as_of == 1


def test_the_headquarters_own_units_are_never_ghosts(store: CampaignStore,
                                                     played: TravellingDemo) -> None:
    """Issue 31: Lobau's staff moved every bound; VI Corps knows its own units as they are,
    so they are not in its belief at all, while its superior-less corps lists the rest."""
    belief = _belief(store, played, "VI Corps")
    known = _call(store, knowledge, battle_id=played.battle,
                  command_id=played.commands["VI Corps"])
    own = {u.unit_id for u in known.units if u.own}
    assert played.units[CORPS_STAFF] in own
    assert {u.unit_id for u in belief.units} == {u.unit_id for u in known.units} - own
    assert len(belief.units) == len(known.units) - len(own) > 0
    # The 20e Division's own battery is VI Corps' news, but the division's own knowledge.
    division = _belief(store, played, "20e Division")
    assert "Foot battery 2/8e Artillerie" not in {u.unit for u in division.units}
    assert {u.unit for u in division.ghosts} == set()  # Tromelin told it at bound 4


def test_the_headquarters_listed_are_those_with_units_beyond_their_own(
        store: CampaignStore, played: TravellingDemo) -> None:
    """Issue 31: the "Belief of" list: each command with a leader and a command with units
    under it, the top of each chain included; a brigade (its own units only) is not."""
    choices = _call(store, belief_choices, battle_id=played.battle)
    assert [(c.command, c.side) for c in choices] == [
        ("VI Corps", "French"), ("19e Division", "French"), ("20e Division", "French"),
        ("Young Guard", "French"), ("Division Barrois", "French"), ("IV Corps", "Prussian")]
    assert all(c.command_id == played.commands[c.command] for c in choices)
    with pytest.raises(NotFound, match="no command number 9999"):
        _call(store, belief_over_truth, battle_id=played.battle, command_id=9999)


def test_without_information_travelling_no_headquarters_is_listed(demo_cache: DemoCache,
                                                                   tmp_path: Path) -> None:
    """Issue 31: the setting off (the demo as made), every headquarters knows the truth:
    the board offers no belief to show."""
    path = demo_cache.copy(system="belle-alliance", dest=tmp_path / "plain.desk")
    with open_campaign(path, read_only=True) as plain, plain.session() as session:
        battle = current_battle(session)[1].id or 0
        assert belief_choices(session=session, battle_id=battle) == ()


def test_on_a_hex_map_the_place_is_the_hex(demo_cache: DemoCache, tmp_path: Path) -> None:
    """Issue 31, La Bataille (a hex map): VI Corps knows its divisions' units as of bound 1,
    by their hexes. In the open bound 2 one battalion goes to the touching hex, another is
    dragged a few pixels inside its own: only the first is believed elsewhere, its ghost at
    its old hex's centre (the report has the hex, no point)."""
    path = demo_cache.copy(system="la-bataille", dest=tmp_path / "hexes.desk")
    with open_campaign(path) as hexes:
        with hexes.session() as session:
            campaign, battle_row = current_battle(session)
            travel_surely(session, campaign_id=campaign.id or 0)
            battle = battle_row.id or 0
            corps = next(c.command_id for c in belief_choices(session=session,
                                                              battle_id=battle)
                         if c.command == "VI Corps")
            fixed = calibration(session=session, battle_id=battle)
        _call(hexes, close_bound, battle_id=battle, backup=False)
        first, second = [u for u in _call(hexes, belief_over_truth, battle_id=battle,
                                          command_id=corps).units if u.truth][:2]
        assert first.as_of == second.as_of == 1 and not first.differs
        assert first.truth is not None and second.truth is not None
        old = _call(hexes, positions_at, battle_id=battle)[first.unit_id].hex
        assert first.truth == hex_to_pixel(fixed, old)  # placed by its hex: drawn at its centre
        touching = neighbour_centres(fixed, first.truth)
        assert touching
        for unit_id, (x, y) in ((first.unit_id, touching[0][1]),
                                (second.unit_id, (second.truth[0] + 4, second.truth[1] + 3))):
            seen = _call(hexes, position_version, battle_id=battle, unit_id=unit_id)
            _call(hexes, place_unit, battle_id=battle, unit_id=unit_id, x=x, y=y,
                  seen_version=seen)
        belief = _call(hexes, belief_over_truth, battle_id=battle, command_id=corps)
    moved, nudged = _place(belief, first.unit), _place(belief, second.unit)
    assert moved.differs and moved.believed == hex_to_pixel(fixed, old)
    assert moved.truth is not None and moved.truth != moved.believed
    assert nudged.believed != nudged.truth and not nudged.differs  # its hex is the same
    assert [g.unit for g in belief.ghosts] == [first.unit]
