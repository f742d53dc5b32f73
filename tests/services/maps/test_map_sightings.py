"""The sightings the window's "mark seen" dialog reads and writes, over the Plancenoit demo:
the placed enemies (units and leaders) of each side, only the changes written, each a
journal line (French too), all or nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from desk.i18n import language
from desk.services.common import current_battle
from desk.services.history import journal
from desk.services.journal_text import shown
from desk.services.maps.images import MapRefused
from desk.services.maps.sightings import SeenChange, change_seen, seen_choices
from desk.services.maps.view import map_view_model
from desk.store import open_campaign


def test_choices_list_each_side_s_placed_enemies_and_marks_change_with_a_journal_line(
        campaign: Path) -> None:
    with open_campaign(campaign) as store, store.session() as session:
        battle_id = current_battle(session)[1].id or 0
        choices = seen_choices(session=session, battle_id=battle_id)
    (french, _f), (prussian, _p) = choices.sides
    enemies = choices.enemies(french)
    assert enemies and all(u.side_id == prussian for u in enemies)
    assert sum(u.key.startswith("unit:") for u in choices.units) == 62
    assert len(enemies) + len(choices.enemies(prussian)) == len(choices.units)
    assert choices.seen == {french: frozenset(), prussian: frozenset()}
    one, two = [u for u in enemies if u.key.startswith("unit:")][:2]
    with open_campaign(campaign) as store, store.session() as session:
        assert change_seen(session=session, battle_id=battle_id, changes=[
            SeenChange(french, one.key, True), SeenChange(french, two.key, True),
            SeenChange(french, two.key, True)]) == 2  # twice the same mark: once
    with open_campaign(campaign) as store, store.session() as session:
        assert change_seen(session=session, battle_id=battle_id,
                           changes=[SeenChange(french, one.key, False)]) == 1
        after = seen_choices(session=session, battle_id=battle_id)
        lines = [j.message for j in journal(session=session, battle_id=battle_id)
                 if j.kind == "seen"]
    assert after.seen[french] == {two.key}
    assert lines == [f"French saw {one.name} in bound 1.", f"French saw {two.name} in bound 1.",
                     f"French no longer saw {one.name} in bound 1."]
    with language("fr"):
        assert shown(lines[-1]) == f"Le camp French ne voit plus {one.name} au bond 1."
        assert shown(lines[0]) == f"Le camp French a vu {one.name} au bond 1."


def test_an_enemy_leader_ticked_seen_reaches_the_side_s_view(campaign: Path) -> None:
    with open_campaign(campaign) as store, store.session() as session:
        battle_id = current_battle(session)[1].id or 0
        choices = seen_choices(session=session, battle_id=battle_id)
    french = choices.sides[0][0]
    leaders = [u for u in choices.enemies(french) if u.key.startswith("leader:")]
    if not leaders:
        pytest.skip("the demo places no Prussian leader of his own")
    leader = leaders[0]
    with open_campaign(campaign) as store, store.session() as session:
        before = {m.name for m in map_view_model(session=session, side="French").markers}
        assert leader.name not in before
        assert change_seen(session=session, battle_id=battle_id,
                           changes=[SeenChange(french, leader.key, True)]) == 1
    with open_campaign(campaign) as store, store.session() as session:
        view = map_view_model(session=session, side="French")
        assert leader.key in seen_choices(session=session, battle_id=battle_id).seen[french]
        lines = [j.message for j in journal(session=session, battle_id=battle_id)
                 if j.kind == "seen"]
    assert [m.key for m in view.markers if m.name == leader.name] == [leader.key]
    assert lines == [f"French saw {leader.name} in bound 1."]


def test_a_refused_change_writes_none_of_them(campaign: Path) -> None:
    with open_campaign(campaign) as store, store.session() as session:
        battle_id = current_battle(session)[1].id or 0
        choices = seen_choices(session=session, battle_id=battle_id)
    french = choices.sides[0][0]
    enemy, own = choices.enemies(french)[0], choices.enemies(choices.sides[1][0])[0]
    with pytest.raises(MapRefused, match="a side always sees its own units"), \
            open_campaign(campaign) as store, store.session() as session:
        change_seen(session=session, battle_id=battle_id, changes=[
            SeenChange(french, enemy.key, True), SeenChange(french, own.key, True)])
    with open_campaign(campaign) as store, store.session() as session:
        assert seen_choices(session=session, battle_id=battle_id).seen[french] == frozenset()
