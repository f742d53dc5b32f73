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

    from desk.store.models import Command

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
