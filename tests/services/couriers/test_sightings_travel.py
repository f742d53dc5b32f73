"""Sightings travel as reports do (issue 31): what a unit saw its headquarters knows at
once, the rest of the chain when a report or a leader's dispatch carrying news reaches it.

The Plancenoit demo with its headquarters placed (couriers_demo), loss and capture off:
Brigade Tromelin's report rides two bounds to the 20e Division, whose report rides one
more to VI Corps. The Prussian I/18th Infantry, seen by the brigade's 1/107e Ligne in
bound 1, is known to the brigade at bound 1, to the division at bound 3, to Lobau at
bound 4; the side's packet for Lobau shows it only then. The courier settings are the
desk's (a campaign setting, no numbered clause of the rules texts).
"""

from __future__ import annotations

from dataclasses import dataclass

from cli_run import desk, one_line_error
from couriers_demo import Demo, plancenoit
from service_helpers import call
from sqlmodel import func, select

from desk.services.bounds.close import close_bound
from desk.services.couriers import set_courier_rules
from desk.services.knowledge.belief import knowledge, side_belief
from desk.services.maps.images import MapRefused
from desk.services.maps.seen import mark_seen
from desk.services.maps.view import map_view_model
from desk.store import CampaignStore, open_campaign
from desk.store.tables.couriers import Dispatch
from desk.store.tables.maps import UnitSeen, UnitSeenBy
from desk.store.tables.oob import Side

ENEMY = "I/18th Infantry"
OBSERVER = "1/107e Ligne"  # of Brigade Tromelin, the lowest headquarters


@dataclass(frozen=True)
class _Side:
    id: int
    campaign_id: int


def _sides(store: CampaignStore) -> dict[str, _Side]:
    with store.session() as session:
        return {s.name: _Side(s.id or 0, s.campaign_id) for s in session.exec(select(Side))}


def _travelling(store: CampaignStore, *, on: bool = True) -> None:
    french = _sides(store)["French"]
    call(store, set_courier_rules, campaign_id=french.campaign_id,
         overrides={"information_travels": on, "loss_chance": 0, "capture_chance": 0})


def _enemy_news(store: CampaignStore, demo: Demo, command: str) -> tuple[int, int] | None:
    """(the bound the enemy was seen, the bound the news arrived) at ``command``'s HQ."""
    known = call(store, knowledge, battle_id=demo.battle, command_id=demo.commands[command])
    news = known.enemies.get(demo.units[ENEMY])
    return None if news is None else (news.as_of, news.arrived)


def _on_lobaus_map(store: CampaignStore, demo: Demo, bound: int) -> int | None:
    """The bound of the enemy's sighting on the map of VI Corps' packet (None: not on it)."""
    french = _sides(store)["French"]
    with store.session() as session:
        belief = side_belief(session=session, campaign_id=french.campaign_id,
                             battle_id=demo.battle, bound=bound, side_id=french.id,
                             commands=frozenset(demo.commands[c] for c in (
                                 "VI Corps", "19e Division", "20e Division",
                                 "Brigade Tromelin")))
        view = map_view_model(session=session, side="French", bound=bound,
                              battle_id=demo.battle, with_image=False, belief=belief)
    return next((m.seen_bound for m in view.markers if m.name == ENEMY), None)


def test_a_units_sighting_climbs_the_chain_by_report(store: CampaignStore) -> None:
    demo = plancenoit(store)
    _travelling(store)
    french = _sides(store)["French"]
    assert call(store, mark_seen, unit_id=demo.units[ENEMY], side_id=french.id,
                by=[demo.units[OBSERVER]])
    assert _enemy_news(store, demo, "Brigade Tromelin") == (1, 1)  # who saw it: at once
    assert _enemy_news(store, demo, "20e Division") is None
    assert _enemy_news(store, demo, "VI Corps") is None
    assert _on_lobaus_map(store, demo, 1) is None
    heard: dict[int, tuple[tuple[int, int] | None, tuple[int, int] | None]] = {}
    for bound in (1, 2, 3):
        call(store, close_bound, battle_id=demo.battle, backup=False)
        heard[bound + 1] = (_enemy_news(store, demo, "20e Division"),
                            _enemy_news(store, demo, "VI Corps"))
    # Two bounds' ride to the division, one more to the corps: seen at bound 1 all along.
    assert heard == {2: (None, None), 3: ((1, 3), None), 4: ((1, 3), (1, 4))}
    assert _on_lobaus_map(store, demo, 3) is None
    assert _on_lobaus_map(store, demo, 4) == 1  # on Lobau's map as seen at bound 1


def test_a_mark_of_the_whole_side_is_known_everywhere_at_once(store: CampaignStore) -> None:
    demo = plancenoit(store)
    _travelling(store)
    french = _sides(store)["French"]
    call(store, mark_seen, unit_id=demo.units[ENEMY], side_id=french.id)
    for command in ("Brigade Tromelin", "20e Division", "VI Corps"):
        assert _enemy_news(store, demo, command) == (1, 1)
    assert _on_lobaus_map(store, demo, 1) == 1


def test_a_leaders_dispatch_carries_his_news_down(store: CampaignStore) -> None:
    demo = plancenoit(store)
    _travelling(store)
    french = _sides(store)["French"]
    # Lobau's own staff saw the brigade: the corps knows, the 19e Division does not.
    call(store, mark_seen, unit_id=demo.units[ENEMY], side_id=french.id,
         by=[demo.units["Lobau and staff"]])
    assert _enemy_news(store, demo, "VI Corps") == (1, 1)
    assert _enemy_news(store, demo, "19e Division") is None
    path = store.path
    assert path is not None
    store.close()  # the umpire's command line, as a shell runs it
    said = desk("dispatch", str(path), "--from", "Lobau", "--to", "19e Division",
                "--text", "Prussians on the road to Plancenoit", "--message", "--with-news")
    assert said.returncode == 0, said.stderr
    assert said.stdout.splitlines()[-1] == "It carries news of 1 enemy unit."
    with open_campaign(path) as again:
        with again.session() as session:
            carried = session.exec(select(Dispatch).where(Dispatch.kind == "message")).one()
            assert carried.news == {"as_of": 1, "enemy": [{"unit_id": demo.units[ENEMY],
                                                            "as_of": 1}]}
            assert carried.due_bound == 2  # 100 cm: one bound's ride
        assert _enemy_news(again, demo, "19e Division") is None  # still on the road
        call(again, close_bound, battle_id=demo.battle, backup=False)
        assert _enemy_news(again, demo, "19e Division") == (1, 2)


def test_news_without_information_travelling_is_refused_and_nothing_written(
        store: CampaignStore) -> None:
    demo = plancenoit(store)
    _travelling(store, on=False)
    french = _sides(store)["French"]
    path = store.path
    assert path is not None
    store.close()
    said = desk("dispatch", str(path), "--from", "Lobau", "--to", "19e Division",
                "--text", "Hold", "--message", "--with-news")
    assert "information does not travel in this campaign" in one_line_error(said)
    with open_campaign(path) as again:
        with again.session() as session:
            assert session.exec(select(func.count()).select_from(Dispatch)).one() == 0
        # With the setting off a side's views are as before: the sighting is the side's.
        call(again, mark_seen, unit_id=demo.units[ENEMY], side_id=french.id,
             by=[demo.units[OBSERVER]])
        view = call(again, map_view_model, side="French", battle_id=demo.battle,
                    with_image=False)
    assert next(m.seen_bound for m in view.markers if m.name == ENEMY) == 1


def test_who_saw_is_of_the_side_and_goes_with_the_mark(store: CampaignStore) -> None:
    demo = plancenoit(store)
    french = _sides(store)["French"]
    try:
        call(store, mark_seen, unit_id=demo.units[ENEMY], side_id=french.id,
             by=[demo.units["Bülow and staff"]])
    except MapRefused as refused:
        assert str(refused) == ("Bülow and staff is not of the French: only its own units "
                                "see for a side")
    else:
        raise AssertionError("a Prussian unit made a French sighting")
    with store.session() as session:
        assert session.exec(select(func.count()).select_from(UnitSeen)).one() == 0
    mark = {"unit_id": demo.units[ENEMY], "side_id": french.id or 0}
    assert call(store, mark_seen, **mark, by=[demo.units[OBSERVER]])
    assert not call(store, mark_seen, **mark, by=[demo.units[OBSERVER]])  # nothing new
    assert call(store, mark_seen, **mark, by=[demo.units["1/5e Ligne"]])  # a second observer
    with store.session() as session:
        assert session.exec(select(func.count()).select_from(UnitSeenBy)).one() == 2
    assert call(store, mark_seen, **mark, seen=False)
    with store.session() as session:
        assert session.exec(select(func.count()).select_from(UnitSeenBy)).one() == 0
