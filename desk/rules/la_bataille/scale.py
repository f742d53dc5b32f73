"""The 11–66 scale of La Bataille: two d6 read as tens and units (LB-F1, LB-F2).

A roll or a morale value is one of 36 readings, 11 12 … 16 21 … 66. Modifiers
count along those 36 steps, not in decimal: 43 + 4 = 51 (44, 45, 46, 51), and
+ 6 moves the tens digit once, so + 12 moves it twice (35 + 12 = 55).

:class:`Scale66` keeps the position as a step count from 11 (11 is step 0, 66
is step 35). A value pushed past 66 or below 11 keeps its true position and
says so ("66 + 6 steps") rather than wrapping round or inventing a reading such
as 70; it has no dice reading. A morale value past 66 can never be passed, one
below 11 is passed by any roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import total_ordering

from desk.i18n import _

STEPS = 36  # six tens digits × six units digits
LOWEST = 11
HIGHEST = 66


class ScaleError(ValueError):
    """A number that is not a reading of two d6 (47, 70, 5 …)."""


def _steps_of(reading: int) -> int:
    tens, units = divmod(reading, 10)
    if not (1 <= tens <= 6 and 1 <= units <= 6):
        raise ScaleError(
            _("{reading} is not on the 11–66 scale: both digits must be 1 to 6 (LB-F1)").format(
                reading=reading)
        )
    return (tens - 1) * 6 + (units - 1)


@total_ordering
@dataclass(frozen=True)
class Scale66:
    """A roll or morale value on the 11–66 scale, possibly pushed off either end.

    Build one from a reading (``Scale66.of(43)``) or from two dice
    (``Scale66.from_dice(4, 3)``); add or subtract whole steps (``+ 12`` is two
    steps of the tens digit).
    """

    steps: int  # 0 is 11, 35 is 66; outside 0…35 when pushed off the scale

    @classmethod
    def of(cls, reading: object) -> Scale66:
        """The value whose dice reading is ``reading`` (raises ScaleError for 47, 70 …)."""
        if isinstance(reading, Scale66):
            return reading
        if isinstance(reading, bool) or not isinstance(reading, int):
            raise ScaleError(_("{reading} is not a whole number from 11 to 66 (LB-F1)").format(
                                 reading=repr(reading)))
        return cls(_steps_of(reading))

    @classmethod
    def from_dice(cls, tens_die: int, units_die: int) -> Scale66:
        """The reading of two d6, the first read as tens (LB-F1)."""
        for die in (tens_die, units_die):
            if not 1 <= die <= 6:
                raise ScaleError(_("a d6 shows 1 to 6, not {die} (LB-F1)").format(
                                     die=die))
        return cls((tens_die - 1) * 6 + (units_die - 1))

    @property
    def in_range(self) -> bool:
        """True when the value is one of the 36 readings."""
        return 0 <= self.steps < STEPS

    @property
    def reading(self) -> int | None:
        """The dice reading (11–66), or None when pushed off the scale."""
        if not self.in_range:
            return None
        tens, units = divmod(self.steps, 6)
        return (tens + 1) * 10 + units + 1

    @property
    def beyond(self) -> int:
        """Steps past 66 (positive) or below 11 (negative); 0 on the scale."""
        if self.steps >= STEPS:
            return self.steps - (STEPS - 1)
        return min(self.steps, 0)

    def __add__(self, steps: int) -> Scale66:
        if isinstance(steps, bool) or not isinstance(steps, int):
            return NotImplemented
        return Scale66(self.steps + steps)

    def __sub__(self, steps: int) -> Scale66:
        if isinstance(steps, bool) or not isinstance(steps, int):
            return NotImplemented
        return Scale66(self.steps - steps)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Scale66):
            return NotImplemented
        return self.steps < other.steps

    def __str__(self) -> str:
        if self.reading is not None:
            return str(self.reading)
        if self.beyond > 0:
            return f"66 + {self.beyond} step{'s' if self.beyond > 1 else ''}"
        below = -self.steps
        return f"11 − {below} step{'s' if below > 1 else ''}"


def morale_passes(*, roll: Scale66 | int, morale: Scale66 | int) -> bool:
    """A morale check passes when the roll is higher than the morale value (LB-F2).

    A morale value past 66 can never be passed; one below 11 always is.
    """
    return Scale66.of(roll) > Scale66.of(morale)


def chance_to_pass(morale: Scale66 | int) -> int:
    """How many of the 36 equally likely rolls pass a check against ``morale`` (LB-F2)."""
    value = Scale66.of(morale)
    return max(0, min(STEPS, STEPS - 1 - value.steps))


def lowest_passing_roll(morale: Scale66 | int) -> Scale66 | None:
    """The smallest roll that passes (46 → 51), or None when nothing can (LB-F2)."""
    value = Scale66.of(morale)
    if value.steps >= STEPS - 1:
        return None
    return Scale66(max(0, value.steps + 1))
