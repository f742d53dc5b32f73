"""Verifiable rolls (issue 22): a commitment to the bound's seed before play, the seed
revealed at the close, every desk roll recomputed from the seed alone."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

import pytest
from scenario_demo import ligny
from service_helpers import all_rows, call, script

from desk.services.bounds.close import close_bound
from desk.services.history import journal
from desk.services.lim import cup
from desk.services.packets.seeds import SeedNotRevealed, revealed_seed, seed_commitment
from desk.services.rolls import RollRecord, check_rolls
from desk.store import CampaignStore

GIRARD = "Girard's detachment (II Corps)"
RODER = "Reserve cavalry of I. Armeekorps (Röder)"


def _player_check(seed: str, published: str) -> list[str]:
    """A player's script: the procedure of docs/verifiable-rolls.md written again from
    its text, fed only the revealed seed and the published JSON list (no campaign file)."""
    def below(purpose: str, n: int) -> int:
        k = 0
        while True:
            h = hashlib.sha256(f"umpires-desk/v1|{seed}|{purpose}|{k}".encode()).digest()
            x = int.from_bytes(h[:8], "big")
            if x < 2 ** 64 - 2 ** 64 % n:
                return x % n
            k += 1
    wrong = []
    for roll in json.loads(published)["rolls"]:
        if roll["rolled_by"] != "desk":
            continue
        got = (roll["among"][below(roll["purpose"], len(roll["among"]))] if roll["among"]
               else str(1 + below(roll["purpose"], roll["sides"])))
        if got != roll["result"]:
            wrong.append(roll["purpose"])
    return wrong


def _command_id(store: CampaignStore, name: str) -> int:
    from sqlmodel import select

    from desk.store.tables.oob import Command

    with store.session() as session:
        return next(c.id or 0 for c in session.exec(select(Command)) if c.name == name)


def _play_bound(store: CampaignStore, battle: int) -> None:
    """A bound of desk draws, a desk activation roll and a typed one."""
    script(store, cup.choose_first, battle_id=battle, chit="French Orders")
    script(store, cup.take_option, battle_id=battle, option="activate-command")
    script(store, cup.record_roll, battle_id=battle, command_id=_command_id(store, GIRARD))
    script(store, cup.record_draw, battle_id=battle, chit="Prussian Orders", draw_anyway=True)
    script(store, cup.take_option, battle_id=battle, option="activate-command")
    script(store, cup.record_roll, battle_id=battle, command_id=_command_id(store, RODER),
           value=9)
    for _ in range(4):
        script(store, cup.record_draw, battle_id=battle, draw_anyway=True)


def test_the_seed_committed_in_the_packet_is_revealed_at_the_close_and_every_roll_recomputes(
        store: CampaignStore) -> None:
    battle, _ = ligny(store)
    call(store, close_bound, battle_id=battle, backup=False)
    number, promised = call(store, seed_commitment)
    assert number == 2 and len(promised) == 64
    _play_bound(store, battle)
    before = all_rows(store)
    with pytest.raises(SeedNotRevealed, match="still open"):
        call(store, revealed_seed, bound=2)
    assert all_rows(store) == before
    call(store, close_bound, battle_id=battle, backup=False)
    shown = call(store, revealed_seed, bound=2)
    assert hashlib.sha256(shown.seed.encode()).hexdigest() == promised == shown.commitment
    lines = [j.message for j in call(store, journal, battle_id=battle, bound=2)]
    assert any(shown.seed in m and promised in m for m in lines)
    kinds = {(r.what.split()[0], r.rolled_by) for r in shown.rolls}
    assert kinds == {("LIM", "desk"), ("LIM", "typed"), ("activation", "desk"),
                     ("activation", "typed")}
    assert sum(r.rolled_by == "desk" for r in shown.rolls) == 5
    published = json.dumps({"bound": 2, "rolls": [r.to_dict() for r in shown.rolls]})
    # Recomputed from the seed and the published list alone: twice, independently.
    assert _player_check(shown.seed, published) == []
    records = tuple(RollRecord.from_dict(d) for d in json.loads(published)["rolls"])
    assert check_rolls(seed=shown.seed, records=records) == ()
    # A result the seed did not give is caught.
    desk_lim = next(r for r in records if r.rolled_by == "desk" and r.among)
    forged = replace(desk_lim, result=next(c for c in desk_lim.among if c != desk_lim.result))
    assert check_rolls(seed=shown.seed, records=(forged,)) == (forged,)


def test_one_bounds_seed_tells_nothing_of_anothers(store: CampaignStore) -> None:
    battle, _ = ligny(store)
    call(store, close_bound, battle_id=battle, backup=False)
    _play_bound(store, battle)
    call(store, close_bound, battle_id=battle, backup=False)
    _play_bound(store, battle)
    call(store, close_bound, battle_id=battle, backup=False)
    two, three = (call(store, revealed_seed, bound=n) for n in (2, 3))
    assert two.seed != three.seed and int(two.seed, 16) ^ int(three.seed, 16) != 0
    # Bound 2's seed neither opens bound 3's commitment nor reproduces its rolls.
    assert hashlib.sha256(two.seed.encode()).hexdigest() != three.commitment
    assert check_rolls(seed=two.seed, records=three.rolls) != ()
    assert check_rolls(seed=three.seed, records=three.rolls) == ()


def _lose(store: CampaignStore, battle: int, unit_id: int, figures: int) -> int:
    """Take ``figures`` off the unit's strength in the open bound; its strength now."""
    from sqlalchemy import update
    from sqlmodel import col, select

    from desk.store.tables.bounds import Bound, UnitState
    from desk.store.tables.campaign import Battle

    with store.session() as session:
        number = session.exec(select(Battle.current_bound).where(Battle.id == battle)).one()
        bound = session.exec(select(Bound.id).where(Bound.battle_id == battle,
                                                    Bound.number == number)).one()
        row = session.exec(select(UnitState).where(UnitState.bound_id == bound,
                                                   UnitState.unit_id == unit_id)).one()
        left = row.strength - figures
        session.execute(update(UnitState).where(col(UnitState.id) == row.id)
                        .values(strength=left))
        return left


def test_reinforcement_and_recovery_rolls_come_from_the_bound_seed_and_a_player_checks_them(
        store: CampaignStore) -> None:
    from desk.services.battles.aftermath import commit_aftermath
    from desk.services.battles.recovery import set_recovery
    from desk.services.common import get_bound
    from desk.services.condition.reinforcements import (
        arrival_roll,
        list_reinforcements,
        schedule_reinforcement,
    )

    battle, ids = ligny(store)
    with store.session() as session:
        one = get_bound(session, battle, 1).seed  # bound 1's own seed
    # A unit whose roll at the first close fails (d6 under 4): several closes roll for it.
    late = next(u for n, u in ids.items() if "Brigade" in n
                and arrival_roll(seed=one, unit_id=u, die=6) < 4)
    call(store, schedule_reinforcement, battle_id=battle, unit_id=late, due_bound=2,
         on_roll=True)
    closes = 0
    while call(store, list_reinforcements, battle_id=battle)[0].arrived_bound is None:
        if closes == 1:  # one bound of LIM draws and activations among the closes
            _play_bound(store, battle)
        call(store, close_bound, battle_id=battle, backup=False)
        closes += 1
        assert closes < 30
    lost = {ids["Girard's 7e Division"]: 3, ids["Hulot's 14e Division"]: 2}
    for unit_id, figures in lost.items():
        _lose(store, battle, unit_id, figures)
    last = closes + 1  # the bound open when the battle ends: its seed rolls the recovery
    call(store, set_recovery, preset="roll-per-figure")
    ended = call(store, commit_aftermath, battle_id=battle, backup=False)
    assert sum(r.losses for r in ended.rows) == 5
    arrival, recovery = [], []
    for number in range(1, last + 1):
        shown = call(store, revealed_seed, bound=number)
        published = json.dumps({"bound": number, "rolls": [r.to_dict() for r in shown.rolls]})
        assert _player_check(shown.seed, published) == []  # from the seed alone
        arrival += [(number, r) for r in shown.rolls if r.purpose.startswith("reinforcement:")]
        recovery += [(number, r) for r in shown.rolls if r.purpose.startswith("recovery:")]
    # One arrival roll per close until it arrived, each in the closing bound's list.
    assert [n for n, _ in arrival] == list(range(1, closes + 1))
    assert {r.purpose for _, r in arrival} == {f"reinforcement:{late}"}
    assert all(int(r.result) < 4 for _, r in arrival[:-1]) and int(arrival[-1][1].result) >= 4
    # Every lost figure's d100, all in the battle's last bound, as the journal told them.
    assert {n for n, _ in recovery} == {last} and len(recovery) == 5
    assert {r.purpose for _, r in recovery} == {
        f"recovery:{u}:{f}" for u, figures in lost.items() for f in range(1, figures + 1)}
    for row in ended.rows:
        mine = [r.result for _, r in recovery if r.purpose.startswith(f"recovery:{row.unit_id}:")]
        assert (" ".join(mine) in row.how) if mine else row.losses == 0
    # A forged recovery roll is caught.
    forged = replace(recovery[0][1], result=str(int(recovery[0][1].result) % 100 + 1))
    seed = call(store, revealed_seed, bound=last).seed
    assert check_rolls(seed=seed, records=(forged,)) == (forged,)
