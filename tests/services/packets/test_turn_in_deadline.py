"""The turn-in board calls a command late only once its deadline has passed (issue 27):
before it, an unanswered command has simply not returned its orders yet."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from scenario import generated
from service_helpers import call

from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.packets.deadlines import set_deadline, turn_in_board
from desk.services.packets.players import add_player
from desk.services.queries import order_table
from desk.store import CampaignStore


def test_turn_in_is_late_only_once_the_deadline_has_passed(any_store: CampaignStore) -> None:
    info = call(any_store, create_campaign_from_scenario,
                data=generated("belle-alliance", units=4, per_command=2))
    side = call(any_store, order_table, battle_id=info.battle_id)[0].side
    call(any_store, add_player, name="Anne", address="anne@example.org", side=side)
    due = datetime.now(UTC).replace(microsecond=0) + timedelta(days=2)
    call(any_store, set_deadline, bound=None, when=due)

    before = call(any_store, turn_in_board, now=due - timedelta(minutes=1))
    assert before.deadline == due and not before.passed
    assert {before.standing(r) for r in before.rows} == {"waiting"}
    after = call(any_store, turn_in_board, now=due + timedelta(minutes=1))
    assert after.passed and {after.standing(r) for r in after.rows} == {"late"}
