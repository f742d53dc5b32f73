"""Two umpires write the same unit's order: the second is refused, never a silent overwrite.

Issue 14: the check lived in the window (read, compare, then write), so on
PostgreSQL at READ COMMITTED a desk that committed between the check and the
write was overwritten silently, and racing the first order for a unit raised a
raw IntegrityError. Each write now takes the version its caller saw and the
service refuses atomically (desk/services/versions.py); these tests run real
connections on SQLite and on the PostgreSQL fixture.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from concurrency import between, outcome, race
from service_helpers import call
from sqlmodel import Session

from desk.services.bounds.close import close_bound
from desk.services.campaign.scenarios import load_scenario
from desk.services.dto import OrderView
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.undo import order_snapshot, restore_order
from desk.services.orders.write import amend_order, cancel_order, get_order, write_order
from desk.services.queries import order_table
from desk.services.versions import order_version
from desk.store import CampaignStore

Desks = tuple[CampaignStore, CampaignStore]
ROUNDS = 30


def _campaign(desks: Desks) -> tuple[int, int]:
    """The demo Belle Alliance campaign; its battle and a unit of it."""
    info = call(desks[0], create_campaign_from_scenario,
                data=load_scenario(rules_system="belle-alliance"))
    return info.battle_id, call(desks[0], order_table, battle_id=info.battle_id)[0].unit_id


def _order(desk: CampaignStore, battle: int, unit: int, text: str,
           seen: int | None) -> Callable[[Session], OrderView]:
    def write(session: Session) -> OrderView:
        return write_order(session=session, battle_id=battle, unit_id=unit, verbatim=text,
                           fields={"destination": text}, seen_version=seen)
    return write


def _stored(desk: CampaignStore, battle: int, unit: int) -> tuple[str, str] | None:
    snap = call(desk, order_snapshot, battle_id=battle, unit_id=unit)
    return None if snap is None else (snap.verbatim, snap.status)


def test_first_order_after_another_umpires_is_refused(desks: Desks) -> None:
    desk_a, desk_b = desks
    battle, unit = _campaign(desks)
    seen = call(desk_a, order_version, battle_id=battle, unit_id=unit)  # A's form: no order
    assert seen is None
    assert outcome(desk_b, _order(desk_b, battle, unit, "theirs", None)) == "ok"
    assert outcome(desk_a, _order(desk_a, battle, unit, "ours", seen)) == "conflict"
    assert _stored(desk_a, battle, unit) == ("theirs", "accepted")


def test_amending_over_another_umpires_amendment_is_refused(desks: Desks) -> None:
    desk_a, desk_b = desks
    battle, unit = _campaign(desks)
    first = call(desk_a, write_order, battle_id=battle, unit_id=unit, verbatim="first",
                 fields={"destination": "the mill"}, seen_version=None)
    assert outcome(desk_b, lambda s: amend_order(session=s, order_id=first.id, verbatim="theirs",
                                                 seen_version=first.version)) == "ok"
    assert outcome(desk_a, _order(desk_a, battle, unit, "ours", first.version)) == "conflict"
    assert outcome(desk_a, lambda s: amend_order(session=s, order_id=first.id, verbatim="ours",
                                                 seen_version=first.version)) == "conflict"
    assert _stored(desk_a, battle, unit) == ("theirs", "accepted")


def test_cancelling_an_order_another_umpire_changed_is_refused(desks: Desks) -> None:
    desk_a, desk_b = desks
    battle, unit = _campaign(desks)
    first = call(desk_a, write_order, battle_id=battle, unit_id=unit, verbatim="first",
                 fields={"destination": "the mill"}, seen_version=None)
    assert outcome(desk_b, _order(desk_b, battle, unit, "theirs", first.version)) == "ok"
    assert outcome(desk_a, lambda s: cancel_order(session=s, order_id=first.id,
                                                  seen_version=first.version)) == "conflict"
    assert _stored(desk_a, battle, unit) == ("theirs", "accepted")


def test_undoing_an_order_another_umpire_changed_is_refused(desks: Desks) -> None:
    desk_a, desk_b = desks
    battle, unit = _campaign(desks)
    ours = call(desk_a, write_order, battle_id=battle, unit_id=unit, verbatim="ours",
                fields={"destination": "the mill"}, seen_version=None)
    assert outcome(desk_b, lambda s: cancel_order(session=s, order_id=ours.id,
                                                  seen_version=ours.version)) == "ok"
    assert outcome(desk_a, lambda s: restore_order(session=s, battle_id=battle, unit_id=unit,
                                                   snapshot=None,
                                                   seen_version=ours.version)) == "conflict"
    assert _stored(desk_a, battle, unit) == ("ours", "cancelled")  # B's cancel stands


def test_chained_writes_pass_the_version_on(desks: Desks) -> None:
    desk_a, _ = desks
    battle, unit = _campaign(desks)
    saved = call(desk_a, write_order, battle_id=battle, unit_id=unit, verbatim="one",
                 fields={"destination": "the mill"}, seen_version=None)
    amended = call(desk_a, amend_order, order_id=saved.id, verbatim="two",
                   seen_version=saved.version)
    cancelled = call(desk_a, cancel_order, order_id=saved.id, seen_version=amended.version)
    again = call(desk_a, write_order, battle_id=battle, unit_id=unit, verbatim="three",
                 fields={"destination": "the wood"}, seen_version=cancelled.version)
    assert (saved.version, amended.version, cancelled.version, again.version) == (1, 2, 3, 4)
    assert call(desk_a, get_order, order_id=saved.id).version == 4


@pytest.mark.postgres
@pytest.mark.parametrize("first", [True, False], ids=["first-order", "amendment"])
def test_a_commit_between_the_read_and_the_write_is_caught_on_postgresql(
        pg_database: str, tmp_path: Any, first: bool) -> None:
    """The forced timing of the defect: B commits inside A's transaction, after A's read."""
    from desk.store import open_campaign

    with open_campaign(pg_database, create=True, backup_dir=tmp_path) as desk_a, \
            open_campaign(pg_database, backup_dir=tmp_path) as desk_b:
        battle, unit = _campaign((desk_a, desk_b))
        seen = None
        if not first:
            seen = call(desk_a, write_order, battle_id=battle, unit_id=unit, verbatim="first",
                                    fields={"destination": "the mill"}, seen_version=None).version
        with between(desk_a, "unit_order",
                     lambda: call(desk_b, write_order, battle_id=battle, unit_id=unit,
                                  verbatim="theirs", fields={"destination": "theirs"},
                                  seen_version=seen)):
            assert outcome(desk_a, _order(desk_a, battle, unit, "ours", seen)) == "conflict"
        assert _stored(desk_a, battle, unit) == ("theirs", "accepted")


def test_racing_the_first_order_for_a_unit_one_wins_one_is_refused(desks: Desks) -> None:
    """ROUNDS races, each in a new bound: exactly one desk writes, the other is refused."""
    desk_a, desk_b = desks
    battle, unit = _campaign(desks)
    seen: list[tuple[str, str]] = []
    for _ in range(ROUNDS):
        result = race(desk_a, desk_b, _order(desk_a, battle, unit, "ours", None),
                      _order(desk_b, battle, unit, "theirs", None))
        assert sorted(result) == ["conflict", "ok"], result  # never an IntegrityError
        winner = "ours" if result[0] == "ok" else "theirs"
        assert _stored(desk_a, battle, unit) == (winner, "accepted")  # the winner's stands
        seen.append(result)
        call(desk_a, close_bound, battle_id=battle, backup=False)
    assert len(seen) == ROUNDS


def test_racing_an_amendment_one_wins_one_is_refused(desks: Desks) -> None:
    desk_a, desk_b = desks
    battle, unit = _campaign(desks)
    version: int | None = call(desk_a, write_order, battle_id=battle, unit_id=unit,
                               verbatim="first",
                               fields={"destination": "the mill"}, seen_version=None).version
    for n in range(ROUNDS):  # new words each round: a write that changes nothing is no conflict
        ours, theirs = f"ours {n}", f"theirs {n}"
        result = race(desk_a, desk_b, _order(desk_a, battle, unit, ours, version),
                      _order(desk_b, battle, unit, theirs, version))
        assert sorted(result) == ["conflict", "ok"], result
        winner = ours if result[0] == "ok" else theirs
        assert _stored(desk_a, battle, unit) == (winner, "accepted")
        version = call(desk_a, order_version, battle_id=battle, unit_id=unit)
