"""Facing kept with the positions, and each block's frontage in map pixels (issue 20).

Facing is in degrees, 0 = up the map, clockwise; a move that gives none keeps
the last one, across bounds too. The frontage is the Belle Alliance
formation's ``frontage_cm`` (BA-F3's data) by the map's scale: the Plancenoit
demo map is 100 cm to 1,000 pixels, so a line of 24 cm is 240 pixels wide.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from demo_cache import DemoCache
from sqlmodel import select

from desk.rules import get_system
from desk.services.bounds.close import close_bound
from desk.services.common import current_battle
from desk.services.maps.board import calibrate_scale, map_info
from desk.services.maps.placing import place_unit
from desk.services.maps.view import map_view_model
from desk.services.positions.queries import history, position_of
from desk.services.positions.record import PositionRefused, position_version
from desk.services.queries import unit_states
from desk.store import open_campaign
from desk.store.tables.oob import Unit


def _unit(path: Path, name: str) -> int:
    with open_campaign(path, read_only=True) as store, store.session() as session:
        return session.exec(select(Unit.id).where(Unit.name == name)).one() or 0


def _move(path: Path, unit: int, x: float, y: float, facing: int | None = None) -> None:
    with open_campaign(path) as store, store.session() as session:
        battle = current_battle(session)[1].id or 0
        place_unit(session=session, battle_id=battle, unit_id=unit, x=x, y=y, facing=facing,
                   seen_version=position_version(session=session, battle_id=battle,
                                                 unit_id=unit))


def test_a_unit_keeps_its_facing_across_moves_and_bounds(campaign: Path) -> None:
    unit = _unit(campaign, "1/5e Ligne")
    _move(campaign, unit, 400, 300, facing=90)
    _move(campaign, unit, 420, 300)  # no facing given: still 90
    with open_campaign(campaign) as store, store.session() as session:
        battle = current_battle(session)[1].id or 0
        close_bound(session=session, battle_id=battle, backup=False)
    _move(campaign, unit, 440, 300)  # bound 2, no facing given
    _move(campaign, unit, 440, 320, facing=-45)  # turned: stored as 315
    with open_campaign(campaign, read_only=True) as store, store.session() as session:
        steps = history(session=session, unit_id=unit)
        assert [s.facing for s in steps] == [None, 90, 90, 90, 315]
        first = position_of(session=session, battle_id=battle, unit_id=unit, bound=1)
        assert first is not None and first.facing == 90
        model = map_view_model(session=session, with_image=False)
    (marker,) = [m for m in model.markers if m.key == f"unit:{unit}"]
    assert (marker.x, marker.y, marker.facing) == (440, 320, 315)
    with open_campaign(campaign) as store, store.session() as session, \
            pytest.raises(PositionRefused, match="Facing"):
        place_unit(session=session, battle_id=battle, unit_id=unit, x=1, y=1,
                   facing="north",  # type: ignore[arg-type]
                   seen_version=position_version(session=session, battle_id=battle,
                                                 unit_id=unit))


def test_frontage_in_pixels_from_the_formation_and_the_map_scale(campaign: Path) -> None:
    system = get_system("belle-alliance")
    with open_campaign(campaign) as store, store.session() as session:
        battle = current_battle(session)[1].id or 0
        states = unit_states(session=session, battle_id=battle, bound=1)
        model = map_view_model(session=session, with_image=False)
        units = [m for m in model.markers if m.leader_id is None]
        for marker in units:
            state = states[marker.unit_id]
            width = system.frontage_cm(state=state.as_mapping())
            assert width is not None, state.formation
            assert marker.frontage == pytest.approx(width * 10)  # 0.1 cm a pixel
        lines = [m for m in units if states[m.unit_id].formation == "line"]
        assert lines and {m.frontage for m in lines} == {240.0}  # 24 cm of line
        assert all(m.frontage is None for m in model.markers if m.leader_id is not None)
        # A map scaled in paces gives no table width: no frontage is drawn.
        info = map_info(session=session, battle_id=battle)
        assert info is not None
        calibrate_scale(session=session, first=(0, 0), second=(1000, 0), distance=500,
                        unit="paces", seen_version=info.version, battle_id=battle)
        paced = map_view_model(session=session, with_image=False)
        assert all(m.frontage is None for m in paced.markers)
        # A map in inches: 2.54 cm each.
        calibrate_scale(session=session, first=(0, 0), second=(1000, 0), distance=40,
                        unit="in", seen_version=info.version + 1, battle_id=battle)
        inches = map_view_model(session=session, with_image=False)
    line = next(m for m in inches.markers if m.key == lines[0].key)
    assert line.frontage == pytest.approx(24 / 2.54 / 0.04, abs=0.1)


def test_no_frontage_where_the_rules_give_none(demo_cache: DemoCache, tmp_path: Path) -> None:
    path = tmp_path / "ligny.desk"
    demo_cache.copy(system="la-bataille", dest=path)
    with open_campaign(path, read_only=True) as store, store.session() as session:
        model = map_view_model(session=session, with_image=False)
    assert model.markers and all(m.frontage is None for m in model.markers)
    assert get_system("la-bataille").frontage_cm(state={"formation": "line"}) is None
