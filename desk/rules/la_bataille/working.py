"""A La Bataille computation with its working, and numbers written as the rules write them.

Every computation of :mod:`desk.rules.la_bataille.compute` and
:mod:`desk.rules.la_bataille.combat` returns a :class:`Computation`: the value, the
working in plain words, and whether a house rule shaped it. :func:`fmt` writes 2¼,
½, 3 as the printed rules do.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

T = TypeVar("T")
_GLYPHS = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔",
           Fraction(1, 4): "¼", Fraction(3, 4): "¾"}


@dataclass(frozen=True)
class Computation(Generic[T]):
    """A computed value, its working in plain words, and whether a house rule shaped it."""

    value: T
    working: str
    house_rule: bool = False


def fmt(value: float | Fraction) -> str:
    """A number as the rules write it: 3, ½, 2¼, otherwise two decimals."""
    exact = Fraction(value).limit_denominator(12)
    whole, rest = divmod(exact, 1)
    if rest == 0:
        return str(int(whole))
    if rest in _GLYPHS:
        return f"{int(whole) or ''}{_GLYPHS[rest]}"
    return f"{float(exact):.2f}"
