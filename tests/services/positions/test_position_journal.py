"""A position is its own record: no journal line per move, one per deployment, and a
unit's history still shows every move (issue 20: under 100 bytes per unit and bound).

The history merges the unit's position rows into each bound's journal lines; undo
and redo keep their journal lines; an older file's line per move is not shown twice.
"""

from __future__ import annotations

import pytest
from scenario import generated
from service_helpers import call
from sqlmodel import col, select

from desk.services.common import add_journal, current_battle, get_bound
from desk.services.errors import ConcurrentChangeError
from desk.services.history import unit_history
from desk.services.maps.board import import_map
from desk.services.maps.images import png_bytes
from desk.services.maps.placing import deploy_unplaced, place_unit
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.positions.record import (
    position_version,
    record_position,
    remove_position,
    restore_position,
)
from desk.store import CampaignStore
from desk.store.tables.bounds import Journal
from desk.store.tables.oob import Unit
from desk.store.tables.positions import Position


def _journal(store: CampaignStore) -> list[tuple[int | None, str, str]]:
    with store.session() as session:
        return [(j.unit_id, j.kind, j.message) for j in session.exec(
            select(Journal).order_by(col(Journal.id)))]


def _campaign(store: CampaignStore, units: int) -> tuple[int, list[int]]:
    info = call(store, create_campaign_from_scenario, data=generated("belle-alliance",
                                                                     units=units))
    with store.session() as session:
        ids = [u for u in session.exec(select(Unit.id).order_by(col(Unit.id)))]
    return info.battle_id, [int(i or 0) for i in ids]


def test_a_move_writes_no_journal_line_and_the_history_shows_every_move(
        any_store: CampaignStore) -> None:
    battle, (unit, *_rest) = _campaign(any_store, 4)
    lines = _journal(any_store)
    seen = call(any_store, position_version, battle_id=battle, unit_id=unit)
    first, seen = call(any_store, record_position, battle_id=battle, unit_id=unit, x=10.0,
                       y=20.0, seen_version=seen)
    second, seen = call(any_store, record_position, battle_id=battle, unit_id=unit, x=30.0,
                        y=40.0, seen_version=seen)
    assert _journal(any_store) == lines  # the position rows are the record
    with pytest.raises(ConcurrentChangeError):  # the guard is as it was: a stale version loses
        call(any_store, record_position, battle_id=battle, unit_id=unit, x=1.0, y=1.0,
             seen_version=seen - 1)
    seen = call(any_store, remove_position, battle_id=battle, position=second,
                seen_version=seen)
    seen = call(any_store, restore_position, battle_id=battle, position=second,
                seen_version=seen)
    assert [m for _u, kind, m in _journal(any_store)[len(lines):]] == [
        "Battalion 1's position x 30, y 40 taken back.", "Battalion 1 in x 30, y 40 again "
        "(umpire)."]
    (entry,) = call(any_store, unit_history, battle_id=battle, unit_id=unit)
    messages = [line.message for line in entry.journal]
    moves = [m for m in messages if m.startswith("Battalion 1 in x") and "again" not in m]
    assert moves[:2] == ["Battalion 1 in x 10, y 20 (umpire).",
                         "Battalion 1 in x 30, y 40 (umpire)."]
    assert "Battalion 1's position x 30, y 40 taken back." in messages
    assert {line.id for line in entry.journal if line.kind == "position" and
            not line.reason} == {-first.id, -second.id}


def test_an_older_files_line_per_move_is_not_shown_twice(store: CampaignStore) -> None:
    battle, (unit, *_rest) = _campaign(store, 2)
    seen = call(store, position_version, battle_id=battle, unit_id=unit)
    view, _seen = call(store, record_position, battle_id=battle, unit_id=unit, x=5.0, y=6.0,
                       seen_version=seen)
    with store.session() as session:  # as record_position wrote it before revision 0012
        bound = get_bound(session, battle, 1)
        add_journal(session, battle_id=battle, bound_id=bound.id, unit_id=unit, kind="position",
                    message=f"Battalion 1 in {view.where} (umpire).")
    (entry,) = call(store, unit_history, battle_id=battle, unit_id=unit)
    assert [line.message for line in entry.journal].count(
        "Battalion 1 in x 5, y 6 (umpire).") == 1


def test_a_deployment_writes_one_journal_line_and_whole_pixels(any_store: CampaignStore,
                                                               ) -> None:
    battle, ids = _campaign(any_store, 6)
    png = png_bytes(400, 300, bytes([60, 140, 60]) * (400 * 300))
    call(any_store, import_map, data=png, name="field.png", seen_version=None)
    with any_store.session() as session:
        assert current_battle(session)[1].id == battle
    before = _journal(any_store)
    versions = {u: call(any_store, position_version, battle_id=battle, unit_id=u) for u in ids}
    placed = call(any_store, deploy_unplaced, battle_id=battle,
                  zones={"French": [0, 0, 190, 290], "Allied": [210, 0, 390, 290]},
                  spacing=33.3)
    assert placed == len(ids)
    assert _journal(any_store)[len(before):] == [
        (None, "position", f"Units deployed on the map: {len(ids)}.")]
    with any_store.session() as session:
        rows = [(r.x, r.y) for r in session.exec(select(Position))]
    assert len(rows) == len(ids)
    assert all(x == round(x or 0.5) and y == round(y or 0.5) for x, y in rows)
    # Each unit's version was raised, as a placement by hand raises it.
    with pytest.raises(ConcurrentChangeError):
        call(any_store, place_unit, battle_id=battle, unit_id=ids[0], x=12.4, y=7.6,
             seen_version=versions[ids[0]])
    view, _version = call(any_store, place_unit, battle_id=battle, unit_id=ids[0], x=12.4,
                          y=7.6, seen_version=(versions[ids[0]] or 0) + 1)
    assert (view.x, view.y) == (12.0, 8.0)
