"""The close summary says what the close will apply, unit by unit (issue 27).

A continued order is told by the fields the close applies (a charge is never
repeated, BA-14), not by the words once written for it.
"""

from __future__ import annotations

from scenario import generated
from service_helpers import call, script

from desk.services.bounds.close import close_bound
from desk.services.history import journal
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.queries import order_table
from desk.services.screens.close_summary import close_summary
from desk.store import CampaignStore


def test_a_continued_order_is_told_by_what_is_applied_not_by_its_words_BA_14(
        any_store: CampaignStore) -> None:
    info = call(any_store, create_campaign_from_scenario,
                data=generated("belle-alliance", units=3, per_command=3))
    battle = info.battle_id
    charger, marcher, _third = (r.unit_id for r in call(any_store, order_table,
                                                         battle_id=battle))
    script(any_store, write_order, battle_id=battle, unit_id=charger, verbatim="Charge!",
           fields={"rate": "charge", "destination": "the Prussian line", "attack": True})
    # The written words say "Charge" but the order saved is a normal march.
    script(any_store, write_order, battle_id=battle, unit_id=marcher,
           verbatim="Charge the Prussian line", fields={"rate": "normal",
                                                         "destination": "the mill"})
    call(any_store, close_bound, battle_id=battle, backup=False)

    summary = call(any_store, close_summary, battle_id=battle)
    steps = dict(line.split(": ", 1) for line in summary.without_order_steps)
    names = {r.unit_id: r.unit for r in call(any_store, order_table, battle_id=battle)}
    told_charger, told_marcher = steps[names[charger]], steps[names[marcher]]
    assert "Charge" not in told_charger and "charge" not in told_charger
    assert told_charger.startswith("continues its bound 1 order: ")
    assert "the Prussian line" in told_charger
    assert told_marcher.startswith("continues its bound 1 order: normal")
    assert "the mill" in told_marcher and "Charge" not in told_marcher
    call(any_store, close_bound, battle_id=battle, backup=False)
    lines = [j.message for j in call(any_store, journal, battle_id=battle, bound=2)]
    assert f"No order for {names[marcher]} in bound 2: {told_marcher}." in lines
    assert f"No order for {names[charger]} in bound 2: {told_charger}." in lines

