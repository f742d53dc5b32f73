"""A three-battle Belle Alliance campaign through the services: battles started from the
campaign order of battle, ended with recovery reviewed and adjusted, the diff between bounds."""

from __future__ import annotations

from pathlib import Path

import pytest
from battle_helpers import ids_by_name, set_strength
from scenario import belle_alliance
from service_helpers import all_rows, call

from desk.services.battles import BattleRefused
from desk.services.battles.aftermath import commit_aftermath, preview_aftermath
from desk.services.battles.diff import bound_diff
from desk.services.battles.recovery import recovery_rules, set_recovery
from desk.services.battles.roster import (
    battles,
    campaign_order_of_battle,
    start_battle,
    unit_strengths,
)
from desk.services.bounds.close import close_bound
from desk.services.bounds.reopen import reopen_bound
from desk.services.campaign.backups import campaign_backups
from desk.services.common import current_battle
from desk.services.errors import ReopenRefused
from desk.services.history import journal
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.queries import order_table, unit_state
from desk.store import CampaignStore


def _close(store: CampaignStore, battle_id: int) -> None:
    call(store, close_bound, battle_id=battle_id, backup=False)


def test_three_battles_carry_their_wounds(any_store: CampaignStore, tmp_path: Path) -> None:
    store = any_store
    first = call(store, create_campaign_from_scenario, data=belle_alliance()).battle_id
    ids = ids_by_name(store)
    (only,) = call(store, battles)
    assert (only.name, only.status, only.units) == ("Test field", "open", 4)

    # Battle 1: the 1/5e loses 6 figures in bound 1, the lancers 4 in bound 2.
    set_strength(store, "1/5e Ligne", 18)
    _close(store, first)
    set_strength(store, "5e Lanciers", 8)
    rules = recovery_rules(preset="ten-percent-lost")
    preview = call(store, preview_aftermath, battle_id=first, rules=rules)
    rows = {r.unit: r for r in preview.rows}
    assert (rows["1/5e Ligne"].losses, rows["1/5e Ligne"].returned,
            rows["1/5e Ligne"].after) == (6, 5, 23)  # 90 % of 6 is 5.4: 5 return
    assert (rows["5e Lanciers"].losses, rows["5e Lanciers"].after) == (4, 11)
    adjust = {ids["5e Lanciers"]: (12, "remounts from the depot"),
              ids["1/15. IR"]: (0, "captured at the ford")}
    ended = call(store, commit_aftermath, battle_id=first, rules=rules, adjustments=adjust,
                 backup_dir=tmp_path / "backups")
    assert [(r.unit, r.after) for r in ended.rows] == [
        ("1/5e Ligne", 23), ("2/5e Ligne", 24), ("5e Lanciers", 12), ("1/15. IR", 0)]
    assert ended.close is not None and ended.close.closed_bound == 2
    if store.path is not None:  # PostgreSQL: the server's own backups apply
        assert ended.backup is not None and "before-end-battle" in ended.backup.label
        assert any(b.label.startswith("before-end-battle") for b in campaign_backups(
            campaign_path=store.path, backup_dir=tmp_path / "backups"))
    lines = call(store, journal, battle_id=first, bound=3)
    said = {line.unit: line for line in lines if line.kind == "aftermath"}
    assert "lost 6; 90 % of 6 lost return: 5; carries 23" in said["1/5e Ligne"].message
    assert said["5e Lanciers"].reason == "remounts from the depot"

    # Ending it again, reopening it, a share out of bounds: refused, nothing changed.
    before = all_rows(store)
    with pytest.raises(BattleRefused, match="Test field has already ended"):
        call(store, commit_aftermath, battle_id=first, backup=False)
    with pytest.raises(ReopenRefused, match="has ended"):
        call(store, reopen_bound, battle_id=first, backup=False)
    with pytest.raises(BattleRefused, match="between 0 and 100 %, not 120 %"):
        call(store, set_recovery, preset="none", share=120)
    assert all_rows(store) == before

    # Battle 2: only VI Corps, from the campaign order of battle (recovered strengths).
    second = call(store, start_battle, name="Wavre", commands=["VI Corps"], seed=3)
    assert second.units == 3
    assert call(store, lambda session: current_battle(session)[1].name) == "Wavre"
    table = call(store, order_table, battle_id=second.id)
    assert [r.unit for r in table] == ["1/5e Ligne", "2/5e Ligne", "5e Lanciers"]
    assert call(store, unit_state, battle_id=second.id, unit_id=ids["1/5e Ligne"]).strength == 23
    _close(store, second.id)
    set_strength(store, "2/5e Ligne", 20)  # as bound 1's losses carried into bound 2
    diff = call(store, bound_diff, battle_id=second.id, a=1, b=2)
    assert [(u.unit, u.changes) for u in diff.units] == [("2/5e Ligne", (("strength", 24, 20),))]

    # Bad input: a battle while one is open, a battle of no units: refused, nothing changed.
    before = all_rows(store)
    with pytest.raises(BattleRefused, match="Wavre is still open"):
        call(store, start_battle, name="Ligny")
    with pytest.raises(BattleRefused, match="did not take part in this battle"):
        call(store, commit_aftermath, battle_id=second.id, backup=False,
             adjustments={ids["1/15. IR"]: (5, "escaped")})
    with pytest.raises(BattleRefused, match="needs a reason"):
        call(store, commit_aftermath, battle_id=second.id, backup=False,
             adjustments={ids["1/5e Ligne"]: (30, " ")})
    assert all_rows(store) == before
    call(store, set_recovery, preset="roll-per-figure", seed=11)
    call(store, commit_aftermath, battle_id=second.id, backup=False)
    before = all_rows(store)
    with pytest.raises(BattleRefused, match="would have no units"):
        call(store, start_battle, name="Ligny", commands=["IV Corps"])
    assert all_rows(store) == before

    # Battle 3: everyone with strength left; the rolls are seeded: preview = commit.
    third = call(store, start_battle, name="Paris")
    assert third.units == 3  # the 1/15. IR, captured, does not come back
    set_strength(store, "1/5e Ligne", 10)
    preview = call(store, preview_aftermath, battle_id=third.id)
    done = call(store, commit_aftermath, battle_id=third.id, backup=False)
    assert done.rows == preview.rows
    assert "rolled d100" in {r.unit: r for r in done.rows}["1/5e Ligne"].how
    across = call(store, unit_strengths, unit_id=ids["1/5e Ligne"])
    assert [(s.battle, s.start, s.end) for s in across] == [
        ("Test field", 24, 18), ("Wavre", 23, 23), ("Paris", 23, 10)]
    assert call(store, unit_strengths, unit_id=ids["2/5e Ligne"])[1].end == 20
    oob = call(store, campaign_order_of_battle)
    assert [b.name for b in oob.battles] == ["Test field", "Wavre", "Paris"]
    prussian = next(u for u in oob.units if u.unit == "1/15. IR")
    assert prussian.strength == 0 and prussian.battles[1] is None
