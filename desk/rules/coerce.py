"""Reading plain values that came from JSON, a form or a filled PDF, never raising.

The rules systems take mappings from the store and the window: a number may
arrive as ``7``, ``7.0`` or ``"7"``, a flag as ``True`` or ``"yes"``. These
helpers give the typed value or None, so ``check()`` never raises on odd input.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Any, TypeVar

_E = TypeVar("_E", bound=Enum)
_TRUE = frozenset({"true", "yes", "y", "1", "on"})
_FALSE = frozenset({"false", "no", "n", "0", "off", ""})


def as_int(value: object) -> int | None:
    """A whole number from JSON or a form ("7" counts), else None (a bool is not a number)."""
    if value is None or type(value) is int:  # the usual cases first: a bool is not an int
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        try:  # not str.isdigit(): "²" and "--5" pass it and int() refuses them
            return int(value.strip())
        except ValueError:
            return None
    return None


def as_float(value: object) -> float | None:
    """A finite float from a number or numeric text; anything else is None."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return number if number == number and abs(number) != float("inf") else None


def as_bool(value: object, default: bool | None = False) -> bool | None:
    """A flag from JSON or a form: real bools, 0/1, and yes/no words; else ``default``."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().casefold()
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
    return default


def as_mapping(value: object) -> Mapping[str, object]:
    """A JSON object (a stored state's crossing, a calibration's entry), else an empty one."""
    return value if isinstance(value, Mapping) else {}


def as_list(value: object) -> list[object]:
    """A JSON array as a list (a tuple counts), else an empty one: text is no list of its
    letters."""
    return list(value) if isinstance(value, list | tuple) else []


@cache
def _members(cls: type[Enum]) -> dict[Any, Enum]:
    return {member.value: member for member in cls}


def as_member(cls: type[_E], value: str) -> _E | None:
    """The member of ``cls`` whose value is ``value`` exactly, else None.

    ``cls(value)`` raises for an unknown value, and raising costs ten times a
    lookup: a unit's history reads 200 states whose empty rates are all unknown.
    """
    found = _members(cls).get(value)
    return found if isinstance(found, cls) else None
