"""The 11–66 scale of La Bataille (LB-F1) and the morale test (LB-F2)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desk.rules.la_bataille.scale import (
    Scale66,
    ScaleError,
    chance_to_pass,
    lowest_passing_roll,
    morale_passes,
)

READINGS = [t * 10 + u for t in range(1, 7) for u in range(1, 7)]


@pytest.mark.parametrize(
    ("start", "steps", "expected"),
    [(43, 4, 51), (35, 12, 55), (11, 1, 12), (16, 1, 21), (56, 6, 66), (51, -1, 46),
     (46, 12, 66), (45, 12, 65)],
    ids=lambda v: str(v),
)
def test_lb_f1_counts_along_the_36_steps(start: int, steps: int, expected: int) -> None:
    assert (Scale66.of(start) + steps).reading == expected


def test_lb_f1_plus_six_is_one_step_of_the_tens_digit() -> None:
    assert (Scale66.of(24) + 6).reading == 34
    assert (Scale66.of(24) + 12).reading == 44


def test_lb_f1_61_plus_12_is_past_66_and_has_no_reading() -> None:
    pushed = Scale66.of(61) + 12
    assert not pushed.in_range
    assert pushed.reading is None
    assert pushed.beyond == 7
    assert str(pushed) == "66 + 7 steps"


def test_lb_f1_below_11_is_shown_honestly() -> None:
    pushed = Scale66.of(12) - 3
    assert pushed.reading is None and str(pushed) == "11 − 2 steps"
    assert pushed.beyond == -2


@pytest.mark.parametrize("bad", [47, 70, 10, 5, 67, 0, 101], ids=lambda v: f"LB-F1-{v}")
def test_lb_f1_refuses_readings_that_do_not_exist(bad: int) -> None:
    with pytest.raises(ScaleError, match="11–66"):
        Scale66.of(bad)


def test_lb_f1_from_two_dice_reads_tens_then_units() -> None:
    assert Scale66.from_dice(4, 3).reading == 43
    with pytest.raises(ScaleError):
        Scale66.from_dice(7, 1)


@pytest.mark.parametrize(
    ("roll", "morale", "passes"),
    [(46, 46, False), (51, 46, True), (66, 65, True), (66, 66, False), (11, 11, False),
     (12, 11, True)],
    ids=["LB-F2-equal-fails", "LB-F2-next-passes", "LB-F2-66-beats-65", "LB-F2-66-vs-66",
         "LB-F2-11-vs-11", "LB-F2-12-vs-11"],
)
def test_lb_f2_passes_only_when_the_roll_is_higher(roll: int, morale: int, passes: bool) -> None:
    assert morale_passes(roll=roll, morale=morale) is passes


def test_lb_f2_a_morale_past_66_can_never_be_passed() -> None:
    morale = Scale66.of(61) + 12
    assert not any(morale_passes(roll=r, morale=morale) for r in READINGS)
    assert chance_to_pass(morale) == 0
    assert lowest_passing_roll(morale) is None


def test_lb_f2_46_plus_12_is_66_which_no_roll_beats() -> None:
    morale = Scale66.of(46) + 12
    assert morale.reading == 66 and chance_to_pass(morale) == 0


def test_lb_f2_a_morale_below_11_is_always_passed() -> None:
    morale = Scale66.of(11) - 2
    assert all(morale_passes(roll=r, morale=morale) for r in READINGS)
    assert chance_to_pass(morale) == 36


def test_lb_f2_chance_and_lowest_roll() -> None:
    assert lowest_passing_roll(46) == Scale66.of(51)
    assert chance_to_pass(46) == sum(r > 46 for r in READINGS) == 12


in_range = st.integers(min_value=0, max_value=35).map(Scale66)
small = st.integers(min_value=-40, max_value=40)


@given(value=in_range, a=small, b=small)
def test_lb_f1_property_addition_is_associative(value: Scale66, a: int, b: int) -> None:
    assert (value + a) + b == value + (a + b)
    assert (value + a) - a == value


@given(value=in_range, a=small)
def test_lb_f1_property_never_yields_a_reading_that_does_not_exist(value: Scale66, a: int) -> None:
    result = value + a
    if result.reading is None:
        assert not result.in_range and result.beyond != 0
    else:
        assert result.reading in READINGS
        assert Scale66.of(result.reading) == result


@given(reading=st.sampled_from(READINGS))
def test_lb_f1_property_reading_round_trips(reading: int) -> None:
    assert Scale66.of(reading).reading == reading
