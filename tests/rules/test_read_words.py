"""The one reading of an order's words against its fields (desk.rules.words, issue 30).

The order form as the umpire types, its Hold key and the import of filled sheets
all read the words here. Where a clause defines the order the test names it: a
rate left out is BA-1's normal and a move with no criteria BA-2's "as far as
possible", which a written "Hold" overrides with the halt (campaign data
``halt``: RULES.md has no clause for standing still, the findings cite
``words.rate.halt``); the charge is BA-1's third rate; a square is a formation
(BA-3; La Bataille's carre, LB-1 to LB-5); Battles of Waterloo's hold is the
table's "no movement" (BOW-5, BOW-7), its withdrawal a movement type (BOW-2).
"""

from __future__ import annotations

import pytest

from desk.rules import get_system
from desk.rules.words import HoldOrder, hold_order, read_findings, read_words


@pytest.mark.parametrize(("system_id", "order", "fields"), [
    ("belle-alliance", "Hold the farm", {"rate": "halt"}),  # BA-1, BA-2 overridden
    ("belle-alliance", "Stay in reserve", {"rate": "halt"}),
    ("belle-alliance", "Keep the brigade in reserve", {"rate": "halt"}),
    ("belle-alliance", "Restez en réserve", {"rate": "halt"}),
    ("belle-alliance", "Charge the guns", {"rate": "charge"}),  # BA-1
    ("belle-alliance", "Formez le carré", {"formation": "square"}),  # BA-3
    ("belle-alliance", "Fall back to the ridge", {"direction": "backward"}),  # BA-4
    ("battles-of-waterloo", "Retraite !", {"movement": "withdrawal"}),  # BOW-2
    ("la-bataille", "Stay in reserve", {"hold": True}),
    ("la-bataille", "Form square", {"formation": "carre"}),  # LB-1..LB-5
    ("la-bataille", "Chargez !", {"melee": True}),
])
def test_words_at_the_defaults_set_the_fields_BA_1_BA_2_BA_3_BOW_2_LB_1(
        system_id: str, order: str, fields: dict[str, object]) -> None:
    system = get_system(system_id, {})
    reading = read_words(system, verbatim=order, fields={})
    assert reading.fields == fields and reading.read == fields and reading.agreed


def test_bow_a_hold_is_already_the_default_no_movement_BOW_2() -> None:
    """Battles of Waterloo's movement defaults to "no movement (hold)": the words agree
    with the default, nothing is set; a tactical move given by hand disagrees."""
    bow = get_system("battles-of-waterloo", {})
    reading = read_words(bow, verbatim="Remain in reserve", fields={})
    assert reading.fields == {} and reading.read == {} and reading.agreed
    moved = read_words(bow, verbatim="Remain in reserve", fields={"movement": "tactical"})
    assert moved.disagree == {"movement": "none"}


def test_a_field_the_umpire_gave_is_kept_and_the_words_disagree_BA_1() -> None:
    ba = get_system("belle-alliance", {})
    reading = read_words(ba, verbatim="Hold the farm", fields={"rate": "fast"})
    assert reading.fields == {"rate": "fast"} and reading.disagree == {"rate": "halt"}
    assert reading.applied() == {"rate": "halt"}
    assert not read_findings(ba, reading)  # nothing was read: the fields stand


def test_a_field_the_words_set_follows_the_words_and_returns_to_its_default_BA_1() -> None:
    """"Hold" set the halt; the text rewritten "Charge" makes it a charge; words that ask
    for no rate give back BA-1's default."""
    ba = get_system("belle-alliance", {})
    held = read_words(ba, verbatim="Hold", fields={})
    charge = read_words(ba, verbatim="Charge", fields=held.fields, owned=held.read)
    assert charge.fields == {"rate": "charge"} and charge.agreed
    plain = read_words(ba, verbatim="March on", fields=charge.fields, owned=charge.read)
    assert plain.fields == {} and ba.complete(plain.fields).fields["rate"] == "normal"


def test_a_field_set_by_hand_is_never_changed_by_the_words() -> None:
    ba = get_system("belle-alliance", {})
    reading = read_words(ba, verbatim="Hold", fields={}, kept={"rate"})
    assert reading.fields == {} and reading.disagree == {"rate": "halt"}


def test_a_sheets_default_rate_counts_as_left_at_its_default_BA_1() -> None:
    """A sheet may send back "normal" for a rate the player never touched."""
    ba = get_system("belle-alliance", {})
    assert read_words(ba, verbatim="Halte !", fields={"rate": "normal"}).fields == {
        "rate": "halt"}


def test_the_note_on_fields_read_from_the_words_cites_the_data_key() -> None:
    ba = get_system("belle-alliance", {})
    (note,) = read_findings(ba, read_words(ba, verbatim="Hold the village", fields={}))
    assert (note.code, note.clause) == ("WORDS_READ", "words.rate.halt")
    assert note.message == ("'hold' written: rate of march set to halt from the words "
                            "(words.rate.halt)")


@pytest.mark.parametrize("system_id", ["belle-alliance", "battles-of-waterloo", "la-bataille"])
@pytest.mark.parametrize("word", ["Hold", "Tenir"])
def test_the_hold_key_writes_a_hold_its_words_read_back_as_a_hold(system_id: str,
                                                                  word: str) -> None:
    """The Hold key's word (English, French) reads as the system's hold: the order it
    writes never disagrees with itself (BOW-5/BOW-7's no movement, BA's and LB's data)."""
    system = get_system(system_id, {})
    held = hold_order(system, verbatim="", fields={}, word=word)
    assert held is not None and held.verbatim == word
    assert held.fields == system.hold_fields()
    assert read_words(system, verbatim=held.verbatim, fields=held.fields).agreed


def test_the_hold_key_keeps_the_text_and_the_other_fields_BA_3() -> None:
    ba = get_system("belle-alliance", {})
    held = hold_order(ba, verbatim="Form square and hold", fields={"formation": "square",
                                                                   "rate": "charge"},
                      word="Hold")
    assert held == HoldOrder("Form square and hold", {"formation": "square", "rate": "halt"})
