"""The order table's state and findings of each row, as the close does or did (issue 30).

A unit without an order of its own "continues order of bound N" where the close carries
its last order on (the campaign's setting ``continue``), also past the three bounds whose
orders the table reads (the close's own lines carry the chain); under ``hold`` it has no
order; a Battles of Waterloo unit moved under a LIM is "lim", before the close and after
it. A closed bound says what its close did. The tags the "Show" box filters on (refused,
overruled, warning, draft, missing, saved) are read without building a row, and the
states cost one query more (two in a LIM turn), not one per unit.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scenario import generated
from scenario_demo import ligny
from service_helpers import call, script
from sqlalchemy import event

from desk.rules.records import fields_record
from desk.services.bounds.close import close_bound
from desk.services.campaign.scenarios import create_demo_campaign
from desk.services.campaign.settings import set_no_order
from desk.services.common import get_battle, get_campaign, open_bound, rules_of
from desk.services.errors import OrderRefused
from desk.services.lim import cup, moves
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.order_rows import OrderTable
from desk.services.orders.write import cancel_order, write_order
from desk.services.queries import order_table
from desk.store import CampaignStore, open_campaign
from desk.store.tables.bounds import Order

MOVE = {"rate": "normal", "destination": "the mill"}


def _campaign(store: CampaignStore, units: int = 12) -> tuple[int, list[int]]:
    info = call(store, create_campaign_from_scenario,
                data=generated("belle-alliance", units=units, per_command=6))
    return info.battle_id, [r.unit_id for r in call(store, order_table,
                                                    battle_id=info.battle_id)]


def _table(store: CampaignStore, battle: int, bound: int | None = None) -> OrderTable:
    return call(store, order_table, battle_id=battle, bound=bound)


def _states(table: OrderTable, ids: list[int]) -> list[tuple[str, int]]:
    rows = {r.unit_id: r for r in table}
    return [(rows[uid].state, rows[uid].continued_from) for uid in ids]


def _close(store: CampaignStore, battle: int) -> None:
    call(store, close_bound, battle_id=battle, backup=False)


def test_a_unit_without_an_order_continues_its_last_one_before_and_after_the_close(
        store: CampaignStore) -> None:
    battle, ids = _campaign(store)
    first, second, never = ids[1], ids[2], ids[3]
    for uid in (first, second):
        script(store, write_order, battle_id=battle, unit_id=uid, fields=MOVE)
    assert _states(_table(store, battle), [first, never]) == [("saved", 0), ("none", 0)]
    _close(store, battle)
    script(store, write_order, battle_id=battle, unit_id=second, fields=MOVE)
    table = _table(store, battle)
    assert _states(table, [first, second, never]) == [
        ("continued", 1), ("saved", 0), ("none", 0)]
    assert table.state(table.unit_ids.index(first)) == "continued"  # read without a row
    assert table.continued_from(table.unit_ids.index(first)) == 1
    for _ in range(5):  # bound 7: bound 1's order is older than the three bounds read
        _close(store, battle)
    assert _states(_table(store, battle), [first, second, never]) == [
        ("continued", 1), ("continued", 2), ("none", 0)]
    closed = _table(store, battle, bound=2)  # what the close of bound 2 did
    assert closed.closed
    assert _states(closed, [first, second, never]) == [
        ("continued", 1), ("saved", 0), ("none", 0)]


def test_under_the_hold_setting_a_unit_without_an_order_has_none(store: CampaignStore) -> None:
    battle, ids = _campaign(store)
    script(store, write_order, battle_id=battle, unit_id=ids[1], fields=MOVE)
    _close(store, battle)
    call(store, set_no_order, policy="hold")
    assert _states(_table(store, battle), [ids[1]]) == [("none", 0)]


def test_a_cancelled_order_says_cancelled_and_the_close_continues_the_last_one(
        store: CampaignStore) -> None:
    battle, ids = _campaign(store)
    script(store, write_order, battle_id=battle, unit_id=ids[1], fields=MOVE)
    _close(store, battle)
    view = script(store, write_order, battle_id=battle, unit_id=ids[1], fields=MOVE)
    script(store, cancel_order, order_id=view.id)
    table = _table(store, battle)
    number = table.unit_ids.index(ids[1])
    assert (table.state(number), table.continued_from(number)) == ("cancelled", 1)
    assert table.tags(number) == "|cancelled|missing|"


def _refused_draft(store: CampaignStore, battle: int, unit_id: int,
                   fields: dict[str, Any]) -> None:
    """A draft the rules refuse, kept for the umpire as a delivered dispatch keeps one."""
    with store.session() as session:
        try:
            write_order(session=session, battle_id=battle, unit_id=unit_id, fields=fields,
                        seen_version=None)
        except OrderRefused as refused:
            session.rollback()
            system = rules_of(get_campaign(session, get_battle(session, battle).campaign_id))
            completed = system.complete(fields_record(fields))
            bound = open_bound(session, get_battle(session, battle))
            session.add(Order(bound_id=bound.id or 0, unit_id=unit_id, verbatim="Over the bridge",
                              fields=fields, completed=dict(completed.fields),
                              defaulted=sorted(completed.defaulted), status="draft",
                              findings=[f.to_dict() for f in refused.findings]))
        else:
            raise AssertionError("the order was not refused")


BRIDGE_IN_LINE = {"crossing": "Lasne bridge", "formation": "line"}


def test_the_tags_tell_refused_overruled_warning_draft_and_saved_BA_21(tmp_path: Path) -> None:
    path = tmp_path / "demo.desk"  # the demo has the Lasne bridge
    create_demo_campaign(target=path, rules_system="belle-alliance")
    with open_campaign(path) as demo:
        battle = 1
        rows = {r.unit: r.unit_id for r in _table(demo, battle)}
        line, other, words = rows["1/5e Ligne"], rows["2/5e Ligne"], rows["1/11e Ligne"]
        _refused_draft(demo, battle, line, BRIDGE_IN_LINE)
        script(demo, write_order, battle_id=battle, unit_id=other, fields=BRIDGE_IN_LINE,
               override_reason="the bridge is repaired")
        script(demo, write_order, battle_id=battle, unit_id=words, fields={},
               verbatim="Charge the guns")  # the words say charge, the rate is normal
        table = _table(demo, battle)
        tags = {uid: table.tags(table.unit_ids.index(uid)) for uid in (line, other, words)}
        assert tags[line] == "|draft|missing|refused|"
        assert tags[other] == "|saved|overruled|"
        assert tags[words] == "|saved|warning|"
        built = {r.unit_id: r for r in table}
        assert built[other].override_reason == "the bridge is repaired"
        assert [f.clause for f in built[other].findings] == ["BA-21"]
        assert built[line].verbatim == "Over the bridge"
        assert built[other].formation == "line"


def test_a_unit_moved_under_a_lim_is_lim_before_and_after_the_close_BOW_3(
        store: CampaignStore) -> None:
    battle, ids = ligny(store)
    script(store, cup.record_draw, battle_id=battle, chit="Prussian Orders")
    script(store, cup.take_option, battle_id=battle, option="move-unit")
    borcke, other = ids["9. Brigade (Borcke)"], ids["Hulot's 14e Division"]
    script(store, moves.record_move, battle_id=battle, seq=1, unit_id=borcke,
           movement="tactical")
    assert _states(_table(store, battle), [borcke, other]) == [("lim", 0), ("none", 0)]
    _close(store, battle)
    assert _states(_table(store, battle, bound=1), [borcke, other]) == [("lim", 0), ("none", 0)]
    assert _states(_table(store, battle), [borcke]) == [("none", 0)]  # a new turn


def _queries(store: CampaignStore, battle: int) -> int:
    found: list[str] = []

    def count(*args: Any) -> None:
        found.append(str(args[2]))

    event.listen(store.engine, "before_cursor_execute", count)
    try:
        _table(store, battle)
    finally:
        event.remove(store.engine, "before_cursor_execute", count)
    return len(found)


def test_the_states_cost_one_query_whatever_the_number_of_units(store: CampaignStore,
                                                                 tmp_path: Path) -> None:
    battle, ids = _campaign(store, units=12)
    first = _queries(store, battle)  # bound 1: nothing before it, no query more
    for uid in ids[::2]:
        script(store, write_order, battle_id=battle, unit_id=uid, fields=MOVE)
    _close(store, battle)
    with open_campaign(tmp_path / "big.desk", create=True) as big:
        big_battle, big_ids = _campaign(big, units=120)
        for uid in big_ids[::2]:
            script(big, write_order, battle_id=big_battle, unit_id=uid, fields=MOVE)
        _close(big, big_battle)
        assert _queries(store, battle) == first + 1 == _queries(big, big_battle)
