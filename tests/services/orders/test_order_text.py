"""An order holds what a sheet can print: 2,000 characters as written, 200 in a field.

Longer text is refused with the unit, the field and the cap, and nothing is written
(a 30,000-character order used to take 21 s to print, and a long one not to print at all).
"""

from __future__ import annotations

import pytest
from scenario import belle_alliance
from service_helpers import all_rows, call, script

from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.text import MAX_FIELD_TEXT, MAX_ORDER_TEXT, OrderTextTooLong
from desk.services.orders.write import amend_order, write_order
from desk.services.queries import order_table
from desk.store import CampaignStore


@pytest.fixture
def battle(store: CampaignStore) -> tuple[int, int]:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    unit = next(r.unit_id for r in call(store, order_table, battle_id=info.battle_id)
                if r.unit == "1/5e Ligne")
    return info.battle_id, unit


def test_an_order_at_the_caps_is_written(store: CampaignStore, battle: tuple[int, int]) -> None:
    battle_id, unit = battle
    order = script(store, write_order, battle_id=battle_id, unit_id=unit,
                 fields={"destination": "d" * MAX_FIELD_TEXT}, verbatim="v" * MAX_ORDER_TEXT)
    assert len(order.verbatim) == 2_000 and order.fields["destination"] == "d" * 200


@pytest.mark.parametrize(("fields", "verbatim", "reason", "message"), [
    ({}, "v" * 30_000, "", "Order for 1/5e Ligne refused: the order as written has 30,000 "
     "characters; at most 2,000 fit on a sheet. Shorten it."),
    ({"destination": "d" * 201}, "Advance", "", "Order for 1/5e Ligne refused: Position "
     "to reach has 201 characters; at most 200 fit on a sheet. Shorten it."),
    ({"rate": "fast", "destination": "x"}, "", "r" * 2_001, "Order for 1/5e Ligne refused: "
     "the reason to overrule has 2,001 characters; at most 2,000 fit on a sheet. Shorten it."),
])
def test_a_longer_order_is_refused_naming_what_and_nothing_is_written(
        store: CampaignStore, battle: tuple[int, int], fields: dict[str, str], verbatim: str,
        reason: str, message: str) -> None:
    battle_id, unit = battle
    before = all_rows(store)
    with pytest.raises(OrderTextTooLong) as refused:
        script(store, write_order, battle_id=battle_id, unit_id=unit, fields=fields,
             verbatim=verbatim, override_reason=reason)
    assert str(refused.value) == message
    assert all_rows(store) == before


def test_an_amendment_beyond_the_cap_is_refused_and_the_order_kept(
        store: CampaignStore, battle: tuple[int, int]) -> None:
    battle_id, unit = battle
    order = script(store, write_order, battle_id=battle_id, unit_id=unit, fields={},
                 verbatim="Hold")
    before = all_rows(store)
    with pytest.raises(OrderTextTooLong, match="2,001 characters"):
        script(store, amend_order, order_id=order.id, verbatim="v" * 2_001)
    assert all_rows(store) == before
