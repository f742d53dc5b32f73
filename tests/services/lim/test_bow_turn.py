"""A whole Battles of Waterloo turn of the Ligny demo played as at the table (issue 18).

The pool is shown, every chit is recorded as pulled from the cup (the first one chosen by
the initiative winner), the moves are recorded under each activation as the desk asks
for them, one activation fails (Girard, 9 against 5: BOW-5), no legal move needs an
overrule, and the bound report, read back from the PDF, holds the whole LIM record.
"""

from __future__ import annotations

from io import BytesIO

from pypdf import PdfReader
from scenario_demo import ligny
from service_helpers import call, present, script
from sqlmodel import col, select

from desk.services.history import journal
from desk.services.lim import cup, moves
from desk.services.lim.views import CupView
from desk.services.orders.write import write_order
from desk.services.printing.report_view import bound_report_model
from desk.sheets import BoundReport
from desk.store import CampaignStore
from desk.store.tables.oob import Command, Unit

ORDERS = {  # command → the movement its units were ordered (the players' intent)
    "IV Corps": "tactical", "III Corps": "tactical", "Girard's detachment (II Corps)": "tactical",
    "Reserve cavalry of I. Armeekorps (Röder)": "tactical", "I. Armeekorps": "withdrawal",
    "Imperial Guard": "unrestricted-strategic",
}
FROM_THE_CUP = ("French Orders", "Prussian Orders", "III Corps C/D",
                "French Strategic Movement", "I. Armeekorps C/D")


def _commands(store: CampaignStore) -> dict[str, tuple[int, list[int]]]:
    with store.session() as session:
        commands = {c.id: c.name for c in session.exec(select(Command))}
        found: dict[str, tuple[int, list[int]]] = {n: (i or 0, []) for i, n in commands.items()}
        for unit in session.exec(select(Unit).order_by(col(Unit.id))):
            found[commands[unit.command_id]][1].append(unit.id or 0)
    return found


def _move_everyone_waiting(store: CampaignStore, battle: int, rows: list[str]) -> None:
    for n, waiting in enumerate(call(store, moves.pending_moves, battle_id=battle)):
        act = present(call(store, cup.current_activation, battle_id=battle))
        move = script(store, moves.record_move, battle_id=battle, seq=act.seq,
                      unit_id=waiting.unit_id, movement=waiting.ordered,
                      destination_hex=f"{1300 + 10 * act.seq + n}")
        assert (move.status, move.findings) == ("accepted", ()), move
        rows.append(move.row)


def test_a_whole_turn_of_ligny_as_at_the_table_BOW_1_BOW_2_BOW_4_BOW_5_BOW_F3(
        store: CampaignStore) -> None:
    battle, _ = ligny(store)
    commands = _commands(store)
    for name, movement in ORDERS.items():
        for unit_id in commands[name][1]:
            order = script(store, write_order, battle_id=battle, unit_id=unit_id,
                           fields={"movement": movement})
            assert order.status == "accepted"  # intent: no draw decides an order
    shown = call(store, cup.cup, battle_id=battle)
    assert len(shown.in_cup) == 14 and shown.phase == "operations"

    rows: list[str] = []
    script(store, cup.choose_first, battle_id=battle, chit="IV Corps C/D")
    _move_everyone_waiting(store, battle, rows)
    for chit in FROM_THE_CUP:
        act = script(store, cup.record_draw, battle_id=battle, chit=chit)  # never asks
        if act.kind == "orders":
            script(store, cup.take_option, battle_id=battle, option="activate-command")
            detached = ("Girard's detachment (II Corps)" if act.side == "French"
                        else "Reserve cavalry of I. Armeekorps (Röder)")
            value = 9 if act.side == "French" else 2  # 9 against Girard's 5 fails
            script(store, cup.record_roll, battle_id=battle,
                   command_id=commands[detached][0], value=value)
        _move_everyone_waiting(store, battle, rows)
    while (left := call(store, cup.cup, battle_id=battle).in_cup):
        act = script(store, cup.record_draw, battle_id=battle)  # the desk draws the rest
        assert act.lim in left and act.source == "desk"
        _move_everyone_waiting(store, battle, rows)

    final = call(store, cup.cup, battle_id=battle)
    assert final.phase == "no-lim" and final.in_cup == ()
    assert final.idle_commands == ("Girard's detachment (II Corps)",)  # BOW-F3
    assert [a.lim for a in final.activations[:6]] == ["IV Corps C/D", *FROM_THE_CUP]
    girard = final.activations[1]
    assert (girard.roll, girard.rating, girard.success, girard.moves) == (9, 5, False, ())
    # IV Corps, Röder (activated by the Prussian Orders LIM), III Corps, the Guard (its
    # strategic orders wait for the French Strategic Movement LIM), I. Armeekorps.
    expected = ["BOW-2"] * 5 + ["BOW-4"] + ["BOW-2"] * 5 + ["BOW-1"] * 7 + ["BOW-2"] * 5
    assert rows == expected
    assert not any(line.kind == "override" for line in call(store, journal, battle_id=battle))
    _the_report_holds_the_lim_record(store, final)


def _the_report_holds_the_lim_record(store: CampaignStore, final: CupView) -> None:
    with store.session() as session:
        model = bound_report_model(session=session, bound=1)
    assert model.lim == final
    pdf = BoundReport().render(model)
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(BytesIO(pdf)).pages).split())
    for words in ("The LIM cup of turn 1", "LIMs drawn, in order", "chosen by the initiative",
                  "Girard's detachment (II Corps): rating 5, roll 9: failed",
                  "typed from real dice", "Reserve cavalry of I. Armeekorps (Röder): rating 4,",
                  "roll 2: activated", "left out", "French Grand Battery",
                  "Vichery's 13e Division: tactical → 1311 (BOW-2)",
                  "Idle for the rest of the turn (BOW-F3): Girard's detachment (II Corps)"):
        assert words in text, words
    assert text.count("pulled from the cup") == len(FROM_THE_CUP)
    assert text.count("drawn by the desk") == len(final.activations) - 6
