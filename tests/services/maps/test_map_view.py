"""A side's view of the map: its own units where they are, the enemy only as last seen.

The fog-of-war test follows the sheets' (tests/sheets/test_sheets_service.py):
0 names of unseen enemy units, in the view model and in the PDF's text.
"""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import col, select

from desk.services.bounds.close import close_bound
from desk.services.common import current_battle
from desk.services.maps.placing import place_unit
from desk.services.maps.seen import mark_seen
from desk.services.maps.view import map_view_model
from desk.services.maps.viewmodel import MarkerKind
from desk.services.positions.record import position_version
from desk.sheets.map_sheet import MapSheet
from desk.store import open_campaign
from desk.store.tables.oob import Leader, Side, Unit


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


@dataclass(frozen=True)
class _Unit:
    id: int
    name: str
    strength: int


def _units(path: Path) -> dict[str, list[_Unit]]:
    with open_campaign(path, read_only=True) as store, store.session() as session:
        sides = {s.id: s.name for s in session.exec(select(Side))}
        found: dict[str, list[_Unit]] = {}
        for unit in session.exec(select(Unit).order_by(col(Unit.id))):
            found.setdefault(sides[unit.side_id], []).append(
                _Unit(unit.id or 0, unit.name, unit.strength))
    return found


def test_fog_of_war_the_french_map_names_no_unseen_prussian(campaign: Path) -> None:
    units = _units(campaign)
    prussians = units["Prussian"]
    seen_one = prussians[0]
    with open_campaign(campaign) as store, store.session() as session:
        french_id = session.exec(select(Side.id).where(Side.name == "French")).one()
        mark_seen(session=session, unit_id=seen_one.id, side_id=french_id or 0)
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        model = map_view_model(session=session, side="French")
    pdf = MapSheet().render(model)
    text = _text(pdf)
    names = {m.name for m in model.markers}
    assert {u.name for u in units["French"]} <= names  # every French unit is placed
    unseen = {u.name for u in prussians} - {seen_one.name}
    assert unseen and not (unseen & names)  # the view model
    assert not [n for n in unseen if n in text]  # the PDF
    enemy = [m for m in model.markers if m.kind is MarkerKind.ENEMY]
    assert [m.name for m in enemy] == [seen_one.name] and enemy[0].seen_bound == 1
    assert str(seen_one.strength) not in enemy[0].detail or seen_one.strength % 5 == 0


def test_an_enemy_is_drawn_where_it_was_last_seen_not_where_it_is(campaign: Path) -> None:
    prussian = _units(campaign)["Prussian"][0]
    with open_campaign(campaign) as store:
        with store.session() as session:
            french_id = session.exec(select(Side.id).where(Side.name == "French")).one()
            mark_seen(session=session, unit_id=prussian.id, side_id=french_id or 0)
            then = {m.unit_id: m for m in map_view_model(session=session).markers}[
                prussian.id]
        with store.session() as session:
            battle_id = current_battle(session)[1].id or 0
            close_bound(session=session, battle_id=battle_id, backup=False)
        with store.session() as session:
            version = position_version(session=session, battle_id=battle_id,
                                       unit_id=prussian.id)
            place_unit(session=session, battle_id=battle_id, unit_id=prussian.id,
                       x=then.x - 200, y=then.y, seen_version=version)
        with store.session() as session:
            french = map_view_model(session=session, side="French", bound=2)
            umpire = map_view_model(session=session, bound=2)
    (seen,) = [m for m in french.markers if m.kind is MarkerKind.ENEMY]
    assert (seen.x, seen.y, seen.seen_bound) == (then.x, then.y, 1)
    moved = {m.unit_id: m for m in umpire.markers}[prussian.id]
    assert moved.x == pytest.approx(then.x - 200)


def test_the_umpire_sees_every_unit_and_the_cli_writes_each_view(campaign: Path,
                                                                 tmp_path: Path) -> None:
    from desk.cli import main

    every = {u.name for group in _units(campaign).values() for u in group}
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        model = map_view_model(session=session)
        leaders = set(session.exec(select(Leader.name)).all())
    # Every unit, and every leader (the demo places them beside their commands).
    assert {m.name for m in model.markers if m.leader_id is None} == every
    assert {m.name for m in model.markers if m.leader_id is not None} == leaders
    assert model.unplaced == 0
    out = tmp_path / "french.pdf"
    assert main(["map", str(campaign), "--side", "French", "-o", str(out)]) == 0
    assert "View of the French" in _text(out.read_bytes())
    assert main(["map", str(campaign), "--side", "Saxon", "-o", str(out)]) == 1


def test_fog_of_war_the_french_map_names_no_unseen_prussian_leader(campaign: Path) -> None:
    from desk.services.maps.leaders import mark_leader_seen, place_leader
    from desk.services.positions.leaders import leader_version

    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        sides = {s.name: s.id or 0 for s in session.exec(select(Side))}
        leaders = {side: [lead.name for lead in session.exec(
            select(Leader).where(Leader.side_id == sid).order_by(col(Leader.id)))]
            for side, sid in sides.items()}
        ids = {lead.name: lead.id or 0 for lead in session.exec(select(Leader))}
    seen_one = leaders["Prussian"][1]
    with open_campaign(campaign) as store:
        with store.session() as session:
            mark_leader_seen(session=session, leader_id=ids[seen_one],
                             side_id=sides["French"])
            then = {m.key: m for m in map_view_model(session=session).markers}[
                f"leader:{ids[seen_one]}"]
        with store.session() as session:
            battle_id = current_battle(session)[1].id or 0
            close_bound(session=session, battle_id=battle_id, backup=False)
        with store.session() as session:  # in bound 2 he rides on, unseen
            place_leader(session=session, battle_id=battle_id, leader_id=ids[seen_one],
                         x=then.x - 150, y=then.y,
                         seen_version=leader_version(session=session,
                                                     leader_id=ids[seen_one]))
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        model = map_view_model(session=session, side="French")
        umpire = map_view_model(session=session)
    text = _text(MapSheet().render(model))
    names = {m.name for m in model.markers}
    assert set(leaders["French"]) <= names  # every French leader, placed by the demo
    unseen = set(leaders["Prussian"]) - {seen_one}
    assert len(unseen) == 4 and not (unseen & names)  # the view model
    assert not [n for n in unseen if n in text]  # the PDF
    (enemy,) = [m for m in model.markers if m.leader_id is not None and
                m.kind is MarkerKind.ENEMY]
    # Where he stood when seen in bound 1, not where he rode to in bound 2.
    assert (enemy.name, enemy.seen_bound, enemy.leader) == (seen_one, 1, True)
    assert (enemy.x, enemy.y) == (then.x, then.y) and seen_one in text
    now = {m.key: m for m in umpire.markers}[f"leader:{ids[seen_one]}"]
    assert now.x == pytest.approx(then.x - 150)


def test_the_cli_marks_an_enemy_leader_seen_by_his_name(campaign: Path,
                                                        capsys: pytest.CaptureFixture[str],
                                                        ) -> None:
    from desk.cli import main

    assert main(["map-seen", str(campaign), "--side", "French", "Losthin"]) == 0
    assert "1 marks changed." in capsys.readouterr().out
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        model = map_view_model(session=session, side="French")
    enemy = [m.name for m in model.markers if m.kind is MarkerKind.ENEMY]
    assert enemy == ["Losthin"]
    assert main(["map-seen", str(campaign), "--side", "French", "--unseen", "Losthin"]) == 0
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        assert not [m for m in map_view_model(session=session, side="French").markers
                    if m.kind is MarkerKind.ENEMY]
    # His own side always sees him: one sentence, nothing marked.
    assert main(["map-seen", str(campaign), "--side", "Prussian", "Losthin"]) == 1


def test_a_reinforcement_not_yet_arrived_is_on_no_sides_map(campaign: Path) -> None:
    """As on the sheets (data: reinforcements): the side's own map, the one a packet carries,
    shows a reinforcement only from the bound it arrives; the umpire's shows it all along."""
    from desk.services.condition.reinforcements import schedule_reinforcement

    late = _units(campaign)["French"][3]
    with open_campaign(campaign) as store, store.session() as session:
        _campaign, battle = current_battle(session)
        schedule_reinforcement(session=session, battle_id=battle.id or 0, unit_id=late.id,
                               due_bound=2)
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        french = map_view_model(session=session, side="French")
        umpire = map_view_model(session=session)
    assert late.id not in {m.unit_id for m in french.markers}
    assert late.name not in _text(MapSheet().render(french))
    assert late.id in {m.unit_id for m in umpire.markers}
    with open_campaign(campaign) as store, store.session() as session:
        _campaign, battle = current_battle(session)
        close_bound(session=session, battle_id=battle.id or 0)
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        arrived = map_view_model(session=session, side="French")
    assert late.id in {m.unit_id for m in arrived.markers}
