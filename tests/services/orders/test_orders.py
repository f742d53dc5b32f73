"""Orders: defaults recorded, refusals, overrides in the journal, closed bounds read-only."""

from __future__ import annotations

import pytest
from scenario import belle_alliance
from service_helpers import call

from desk.rules.base import Severity
from desk.services.bounds.close import close_bound
from desk.services.errors import BoundClosedError, OrderRefused
from desk.services.history import journal
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import amend_order, cancel_order, get_order, write_order
from desk.services.queries import order_table
from desk.store import CampaignStore

# BA-8 (reading): only a column of march may be ordered to the fast rate.
FAST_IN_LINE = {"rate": "fast", "destination": "the ridge"}

# The battle's id and its units' ids by name.
BattleIds = tuple[int, dict[str, int]]


@pytest.fixture
def battle(store: CampaignStore) -> BattleIds:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    return info.battle_id, {r.unit: r.unit_id for r in call(store, order_table,
                                                             battle_id=info.battle_id)}


def test_BA_1_BA_2_defaults_are_filled_and_recorded(store: CampaignStore,
                                                    battle: BattleIds) -> None:
    battle_id, ids = battle
    order = call(store, write_order, battle_id=battle_id, unit_id=ids["1/5e Ligne"],
                 fields={"destination": "Plancenoit church"}, verbatim="Take the church",
                 seen_version=None)
    assert order.verbatim == "Take the church"
    assert order.fields == {"destination": "Plancenoit church"}
    assert order.completed["rate"] == "normal"
    assert "rate" in order.defaulted
    row = next(r for r in call(store, order_table, battle_id=battle_id)
               if r.unit == "1/5e Ligne")
    assert (row.status, row.rate, row.destination) == ("accepted", "normal", "Plancenoit church")
    assert "rate" in row.defaulted


def test_BA_8_order_refused_without_override_then_accepted_with_one(
        store: CampaignStore, battle: BattleIds) -> None:
    battle_id, ids = battle
    unit = ids["5e Lanciers"]  # in line: no fast rate
    with pytest.raises(OrderRefused) as refused:
        call(store, write_order, battle_id=battle_id, unit_id=unit, fields=FAST_IN_LINE,
             seen_version=None)
    assert any(f.clause == "BA-8" for f in refused.value.findings)
    assert "Give a reason" in str(refused.value)
    # Refused means nothing stored: no order, no journal line.
    assert next(r for r in call(store, order_table, battle_id=battle_id)
                if r.unit_id == unit).status == "none"
    assert not [j for j in call(store, journal, battle_id=battle_id) if j.unit_id == unit]

    order = call(store, write_order, battle_id=battle_id, unit_id=unit, fields=FAST_IN_LINE,
                 override_reason="Scenario special rule: the road is clear", seen_version=None)
    assert order.status == "overruled"
    assert order.override_reason == "Scenario special rule: the road is clear"
    assert any(f.severity is Severity.ERROR for f in order.findings)
    overrides = [j for j in call(store, journal, battle_id=battle_id) if j.kind == "override"]
    assert len(overrides) == 1
    assert overrides[0].reason == "Scenario special rule: the road is clear"
    assert "BA-8" in overrides[0].clause and overrides[0].unit_id == unit
    row = next(r for r in call(store, order_table, battle_id=battle_id) if r.unit_id == unit)
    assert row.worst is not None and row.worst.clause == "BA-8"


def test_amend_rechecks_and_cancel_leaves_the_unit_without_order(
        store: CampaignStore, battle: BattleIds) -> None:
    battle_id, ids = battle
    unit = ids["2/5e Ligne"]  # column of march: fast is allowed
    order = call(store, write_order, battle_id=battle_id, unit_id=unit, fields=FAST_IN_LINE,
                 seen_version=None)
    assert order.status == "accepted"
    amended = call(store, amend_order, order_id=order.id,
                   fields={"rate": "normal", "destination": "the mill"},
                   seen_version=order.version)
    assert amended.id == order.id and amended.completed["destination"] == "the mill"
    assert amended.version == order.version + 1  # chained: the next write passes it on
    cancelled = call(store, cancel_order, order_id=order.id, reason="player withdrew it",
                     seen_version=amended.version)
    assert cancelled.status == "cancelled"
    report = call(store, close_bound, battle_id=battle_id, backup=False)
    assert report.without_order == 4  # the cancelled order is not carried out
    again = call(store, write_order, battle_id=battle_id, unit_id=unit, fields=FAST_IN_LINE,
                 seen_version=None)
    assert again.bound == 2


def test_orders_of_a_closed_bound_are_read_only(store: CampaignStore, battle: BattleIds) -> None:
    battle_id, ids = battle
    order = call(store, write_order, battle_id=battle_id, unit_id=ids["1/5e Ligne"],
                 fields={"destination": "the wood"}, seen_version=None)
    call(store, close_bound, battle_id=battle_id, backup=False)
    with pytest.raises(BoundClosedError, match="bound 1 is closed"):
        call(store, amend_order, order_id=order.id, fields={"rate": "fast"},
             seen_version=order.version)
    with pytest.raises(BoundClosedError):
        call(store, cancel_order, order_id=order.id, seen_version=order.version)
    assert call(store, get_order, order_id=order.id).completed["destination"] == "the wood"
