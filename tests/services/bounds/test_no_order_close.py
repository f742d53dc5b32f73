"""Units without an order at the close, under each campaign setting, checked unit by unit.

A whole bound of many orders (normal moves, charges, halts) is closed, then a
second bound where most units have no order: ``continue`` carries each last
order on (never its charge, fire or attack) and holds a unit that never had one;
``hold`` holds them all; ``defaults`` is the rules' "no order" (BA-1, BA-2).
"""

from __future__ import annotations

import pytest
from scenario import generated
from service_helpers import call, script

from desk.services.bounds.close import close_bound
from desk.services.campaign.settings import SettingError, set_no_order
from desk.services.history import journal
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.queries import order_table, unit_state
from desk.services.screens.close_summary import close_summary
from desk.store import CampaignStore

MOVE = {"rate": "normal", "destination": "the mill"}
CHARGE = {"rate": "charge", "destination": "the Prussian line", "attack": True}
HALT = {"rate": "halt"}
FIRE = {"rate": "normal", "destination": "the hedge", "fire": True}


def _bound_one(store: CampaignStore) -> tuple[int, list[int], list[str]]:
    info = call(store, create_campaign_from_scenario,
                data=generated("belle-alliance", units=30, per_command=10))
    rows = call(store, order_table, battle_id=info.battle_id)
    ids, names = [r.unit_id for r in rows], [r.unit for r in rows]
    for i, uid in enumerate(ids[:20]):  # 5 moves, 5 charges, 5 halts, 5 fire; 10 no order
        fields, words = [(MOVE, "Advance on the mill"), (CHARGE, "Charge!"),
                         (HALT, "Hold the churchyard"), (FIRE, "")][i // 5]
        script(store, write_order, battle_id=info.battle_id, unit_id=uid, fields=fields,
               verbatim=words)
    call(store, close_bound, battle_id=info.battle_id, backup=False)
    return info.battle_id, ids, names


def _lines(store: CampaignStore, battle: int, uid: int, bound: int) -> list[str]:
    return [j.message for j in call(store, journal, battle_id=battle, bound=bound, unit_id=uid)
            if j.kind == "close"]


@pytest.mark.parametrize("policy", ["continue", "hold", "defaults"])
def test_a_bound_of_many_orders_then_no_orders_under_each_setting(
        any_store: CampaignStore, policy: str) -> None:
    battle, ids, names = _bound_one(any_store)
    call(any_store, set_no_order, policy=policy)
    for uid in ids[:2]:  # two units get a new order in bound 2; the other 28 have none
        script(any_store, write_order, battle_id=battle, unit_id=uid,
               fields={"rate": "normal", "destination": "the church"})
    summary = call(any_store, close_summary, battle_id=battle)
    assert summary.no_order == policy and len(summary.without_order_steps) == 28
    steps = dict(line.split(": ", 1) for line in summary.without_order_steps)
    call(any_store, close_bound, battle_id=battle, backup=False)

    for i, (uid, name) in enumerate(zip(ids, names, strict=True)):
        lines = _lines(any_store, battle, uid, 2)
        state = call(any_store, unit_state, battle_id=battle, unit_id=uid, bound=3).data
        if i < 2:
            assert name not in steps and not any("No order" in s for s in lines)
            continue
        kind = ["move", "charge", "halt", "fire", "none", "none"][min(i // 5, 4)]
        if policy == "continue" and kind != "none":
            # What the close applies, not the words written: no charge, no fire again.
            said = "its bound 1 order: " + {"move": "normal to the mill",
                                            "charge": "normal to the Prussian line",
                                            "halt": "halt where it stands",
                                            "fire": "normal to the hedge"}[kind]
            assert steps[name] == f"continues {said}"
            assert f"No order for {name} in bound 2: continues {said}." in lines
            halted = kind == "halt"
        elif policy == "defaults":
            assert steps[name].startswith("the rules' default for no order (normal")
            assert any("moved at the normal rate as far as possible" in s for s in lines)
            halted = False
        else:
            why = "no order yet" if policy == "continue" else "the campaign's setting"
            assert steps[name] == f"holds ({why})"
            assert f"No order for {name} in bound 2: holds ({why})." in lines
            halted = True
        assert ("Bound 2: halted where it stood, moved 0 cm (halt.moves_cm)" in lines) is halted
        # A charge is never repeated: the charge of bound 1 is the last one, whatever the setting.
        assert state["last_charge_bound"] == (1 if kind == "charge" else None), name
        assert not any("Charged in bound 2" in s for s in lines)


def test_the_setting_refuses_a_value_it_does_not_know(store: CampaignStore) -> None:
    call(store, create_campaign_from_scenario, data=generated("belle-alliance", units=2))
    with pytest.raises(SettingError, match="'wander' is not one of continue, hold, defaults"):
        call(store, set_no_order, policy="wander")
    assert call(store, set_no_order, policy="hold") == "continue"  # the new campaign's default


def test_words_that_disagree_with_the_fields_are_a_warning_on_the_stored_order(
        store: CampaignStore) -> None:
    info = call(store, create_campaign_from_scenario,
                data=generated("belle-alliance", units=2))
    uid = call(store, order_table, battle_id=info.battle_id)[0].unit_id
    view = script(store, write_order, battle_id=info.battle_id, unit_id=uid,
                  fields={"destination": "la ferme"}, verbatim="Chargez la ferme !")
    assert view.status == "accepted"
    words = [f for f in view.findings if f.code == "WORDS_DISAGREE"]
    assert [f.message for f in words] == [
        "'chargez' written, rate of march is normal (words.rate.charge)"]


def test_a_last_order_found_however_far_back_it_was_written(any_store: CampaignStore) -> None:
    """The look-back (issue 28) reads the last bounds one by one, then asks which units
    ever had an order, then searches the battle: each path gives the order a unit last
    carried out, and a unit that never had one holds."""
    battle, ids, names = _bound_one(any_store)  # ids[0] moved, ids[5] charged in bound 1
    script(any_store, write_order, battle_id=battle, unit_id=ids[5], fields=HALT)  # bound 2
    for _ in range(2, 7):  # bounds 2 … 6 closed, no order after bound 2's
        call(any_store, close_bound, battle_id=battle, backup=False)
    summary = call(any_store, close_summary, battle_id=battle)
    steps = dict(line.split(": ", 1) for line in summary.without_order_steps)
    call(any_store, close_bound, battle_id=battle, backup=False)
    expected = {ids[0]: "continues its bound 1 order: normal to the mill",  # 6 bounds back
                ids[5]: "continues its bound 2 order: halt where it stands",  # 5 back
                ids[25]: "holds (no order yet)"}  # never had one
    for uid, said in expected.items():
        name = names[ids.index(uid)]
        assert steps[name] == said
        assert f"No order for {name} in bound 7: {said}." in _lines(any_store, battle, uid, 7)
