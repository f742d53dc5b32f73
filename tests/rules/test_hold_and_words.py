"""An order to hold, in each system's own terms, and the words of a written order (issue 17).

RULES.md has no clause for standing still: each system's hold rests on a key of
its ruleset data (halt.moves_cm, hold.mp_spent) or on the table's own "no
movement" (BOW-1), and the findings cite that key.
"""

from __future__ import annotations

import pytest

from desk.rules import get_system
from desk.rules.base import Severity, UnitInfo
from desk.rules.records import fields_record, state_record

LOBAU = UnitInfo(1, "Lobau", "infantry", "line-infantry", "French", "VI Corps", 24)


def test_ba_halt_moves_nothing_and_is_never_as_far_as_possible() -> None:
    ba = get_system("belle-alliance", {})
    done = ba.complete(ba.hold_fields())
    assert done.fields["rate"] == "halt" and done.fields["as_far_as_possible"] is False
    assert ba.summarize(done.fields) == "halt where it stands"
    state = ba.initial_state(unit=LOBAU)
    assert ba.check(unit=LOBAU, state=state, fields=done.fields, situation={"bound": 3}) == []
    rate = ba.rate_for(unit=LOBAU, state=state, fields=done.fields,  # type: ignore[attr-defined]
                       situation={"terrain": ["open"]})
    assert rate.cm == 0 and rate.clauses == ("halt.moves_cm",)


def test_ba_halt_naming_a_position_warns_citing_the_data_key() -> None:
    ba = get_system("belle-alliance", {})
    fields = ba.complete({"rate": "halt", "destination": "Plancenoit"}).fields
    (found,) = ba.check(unit=LOBAU, state=ba.initial_state(unit=LOBAU), fields=fields,
                        situation={"bound": 3})
    assert (found.code, found.clause, found.severity) == ("BA_HALT_MOVES", "halt.moves_cm",
                                                          Severity.WARNING)
    assert "'Plancenoit'" in found.message and found.message.endswith("(halt.moves_cm)")


def test_ba_halt_as_a_house_rule_says_so() -> None:
    ba = get_system("belle-alliance", {"halt.moves_cm": 5})
    fields = ba.complete({"rate": "halt", "attack": True}).fields
    (found,) = [f for f in ba.check(unit=LOBAU, state=ba.initial_state(unit=LOBAU),
                                     fields=fields, situation={"bound": 3})
                if f.code == "BA_HALT_MOVES"]
    assert found.house_rule and "moves 5 cm" in found.message


def test_ba_halted_unit_keeps_formation_and_its_cooldown_runs() -> None:
    ba = get_system("belle-alliance", {})
    state = state_record({**ba.initial_state(unit=LOBAU), "formation": "square",
                          "last_charge_bound": 2})
    done = ba.advance(unit=LOBAU, state=state, fields=ba.hold_fields(), events=[], bound=4)
    assert done.state["formation"] == "square" and done.state["last_charge_bound"] == 2
    assert done.journal == ("Bound 4: halted where it stood, moved 0 cm (halt.moves_cm)",)
    assert ba.charge_available_from(state=done.state) == 7  # BA-14 runs on while halted


def test_ba_chart_lists_the_halt_with_its_data_key() -> None:
    chart = get_system("belle-alliance", {}).chart()
    rows = [r for t in chart.tables for r in t.rows if r[0] == "halt"]
    assert rows == [("halt", "stands where it is: moves 0 cm (campaign data)", "halt.moves_cm")]


def test_bow_hold_is_the_tables_no_movement_and_always_allowed() -> None:
    bow = get_system("battles-of-waterloo", {})
    done = bow.complete(bow.hold_fields()).fields
    assert done["movement"] == "none" and bow.summarize(done) == "No movement (hold)"
    state = state_record({**bow.initial_state(unit=LOBAU), "in_command": False, "idle": True})
    assert bow.check(unit=LOBAU, state=state, fields=done,
                     situation={"phase": "out-of-command"}) == []
    moved = bow.advance(unit=LOBAU, state=state, fields=done, events=[], bound=2)
    assert moved.state["last_movement"] == "none" and moved.state["idle"] is False


def test_lb_hold_position_spends_no_mp_and_keeps_formation() -> None:
    lb = get_system("la-bataille", {})
    state = state_record({**lb.initial_state(unit=LOBAU), "formation": "line"})
    done = lb.complete(lb.hold_fields()).fields
    assert lb.summarize(done) == "hold position (0 MP)"
    spent = lb.mp_needed(unit=LOBAU, state=state, fields=done,  # type: ignore[attr-defined]
                         situation={"move_mp": 3})
    assert spent.value == 0 and "(hold.mp_spent)" in spent.working
    kept = lb.advance(unit=LOBAU, state=state, fields=done, events=[], bound=2)
    assert kept.state["formation"] == "line"
    assert kept.journal == ("Held its position: 0 MP spent (hold.mp_spent)",)
    (found,) = lb.check(unit=LOBAU, state=state, fields={**done, "destination": "H1205"},
                        situation={})
    assert (found.code, found.clause) == ("LB_HOLD_MOVES", "hold.mp_spent")


def test_lb_F3_a_hold_with_a_change_of_formation_makes_it_in_its_hex() -> None:
    """"Form square and hold" (issue 27): legal, no word; the change costs its MP (LB-F3)
    and the close carries it out; a move with the hold is still pointed out."""
    lb = get_system("la-bataille", {})
    state = state_record({**lb.initial_state(unit=LOBAU), "formation": "column"})
    square = lb.complete({**lb.hold_fields(), "formation": "carre"}).fields
    assert lb.check(unit=LOBAU, state=state, fields=square, situation={"bound": 2}) == []
    spent = lb.mp_needed(unit=LOBAU, state=state, fields=square,  # type: ignore[attr-defined]
                         situation={"move_mp": 3})
    assert spent.value == 1
    assert spent.working == ("hold position: 0 MP (hold.mp_spent) + column → carre: 1 MP for "
                             "infantry (LB-F3) = 1 MP")
    moved = lb.advance(unit=LOBAU, state=state, fields=square, events=[], bound=2)
    assert moved.state["formation"] == "carre"
    assert moved.journal[:2] == ("Held its position: 0 MP spent (hold.mp_spent)",
                                 "Changed formation column → carre: 1 MP for infantry (LB-F3)")
    (found,) = lb.check(unit=LOBAU, state=state, fields={**square, "to_hex": "1205"},
                        situation={})
    assert found.code == "LB_HOLD_MOVES" and "a move to hex 1205" in found.message


def test_lb_chart_lists_hold_position_with_its_data_key() -> None:
    chart = get_system("la-bataille", {}).chart()
    rows = [r for t in chart.tables for r in t.rows if "hold position" in r[1]]
    assert rows == [("any", "hold position (no move; a change of formation costs its own MP)",
                     "0", "hold.mp_spent")]


@pytest.mark.parametrize(("system_id", "order", "fields"), [
    ("belle-alliance", "Lobau: Hold the churchyard", {"rate": "halt"}),
    ("belle-alliance", "Halte ! Tenez le cimetière", {"rate": "halt"}),
    ("belle-alliance", "Stand fast and fire", {"rate": "halt", "fire": True}),
    ("belle-alliance", "Charge the square", {"rate": "charge"}),
    ("belle-alliance", "Chargez à la baïonnette", {"rate": "charge"}),
    ("belle-alliance", "Form square, then retire", {"formation": "square",
                                                    "direction": "backward"}),
    ("belle-alliance", "Formez le carré", {"formation": "square"}),
    ("belle-alliance", "March at the double to Plancenoit", {"rate": "fast"}),
    ("belle-alliance", "Surcharged wagons to the rear", {}),  # whole words only
    ("battles-of-waterloo", "Retire behind the ridge", {"movement": "withdrawal"}),
    ("battles-of-waterloo", "Halte et ralliez-vous", {"movement": "none", "rally": True}),
    ("la-bataille", "Tenez la position", {"hold": True}),
    ("la-bataille", "Limber up and go by the road", {"limber": "limber", "road_march": True}),
])
def test_suggest_reads_the_words_in_english_and_french(system_id: str, order: str,
                                                       fields: dict[str, object]) -> None:
    assert get_system(system_id, {}).suggest(order) == fields


@pytest.mark.parametrize(("order", "fields", "message"), [
    ("Charge!", {}, "'charge' written, rate of march is normal (words.rate.charge)"),
    ("Chargez !", {"rate": "fast"}, "'chargez' written, rate of march is fast (words.rate.charge)"),
    ("Halte", {"rate": "normal"}, "'halte' written, rate of march is normal (words.rate.halt)"),
    ("Faites feu", {}, "'faites feu' written, fire is not set (words.fire.yes)"),
])
def test_words_and_fields_that_disagree_warn(order: str, fields: dict[str, object],
                                             message: str) -> None:
    ba = get_system("belle-alliance", {})
    (found,) = ba.word_findings(verbatim=order, fields=ba.complete(fields_record(fields)).fields)
    assert found.code == "WORDS_DISAGREE" and found.severity is Severity.WARNING
    assert found.message == message


def test_words_and_fields_that_agree_say_nothing() -> None:
    ba = get_system("belle-alliance", {})
    fields = ba.complete({"rate": "charge", "fire": True}).fields
    assert ba.word_findings(verbatim="Chargez et faites feu", fields=fields) == []


@pytest.mark.parametrize(("system_id", "last", "carried"), [
    ("belle-alliance", {"rate": "charge", "fire": True, "attack": True, "destination": "X",
                        "formation": "line"}, {"rate": "normal", "destination": "X"}),
    ("belle-alliance", {"rate": "fast", "destination": "X"}, {"rate": "fast", "destination": "X"}),
    ("battles-of-waterloo", {"movement": "tactical", "orders_option": "move-unit",
                             "destination": "X"}, {"movement": "tactical", "destination": "X"}),
    ("la-bataille", {"fire": True, "melee": True, "formation": "line", "road_march": True,
                     "destination": "X"}, {"road_march": True, "destination": "X"}),
])
def test_a_continued_order_never_repeats_a_charge_fire_or_attack(
        system_id: str, last: dict[str, object], carried: dict[str, object]) -> None:
    assert get_system(system_id, {}).continued(fields_record(last)) == carried
