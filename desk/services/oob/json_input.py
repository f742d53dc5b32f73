"""JSON text read for an import, refused with its place rather than raising.

Python's ``json`` module falls over on three things a file may hold: objects
nested thousands deep (``RecursionError``), whole numbers longer than 4,300
digits (``ValueError``), and numbers the database cannot keep (an integer
beyond SQLite's 64 bits raises ``OverflowError`` only when written, ``1e400``
and ``NaN`` are no numbers at all). :func:`load_json` refuses each with its
place: the line and column of the nesting too deep, the JSON path
(``sides[0].commands[1].units[3].strength``) of the number.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from desk.services.errors import ImportRefused
from desk.services.oob.text_input import where

MAX_DEPTH = 64  # an order of battle needs about 15 (side, army, corps, division, brigade, unit)
INT_MIN, INT_MAX = -(2**63), 2**63 - 1  # what SQLite (and PostgreSQL's BIGINT) can store
# A string (its escapes and all) or a bracket; the string is skipped whole, so a bracket
# inside it does not count. Possessive quantifiers: no backtracking on long strings.
_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]')


class _Bad:
    """A number the desk cannot keep, left in the data where it stood so its path is found."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def _shown(text: str) -> str:
    return text if len(text) <= 30 else f"{text[:12]}…{text[-6:]} ({len(text)} characters)"


def _int(text: str) -> int | _Bad:
    digits = text.lstrip("-")
    # More than 19 digits is out of range whatever they are; int() is not even asked
    # (beyond 4,300 digits it refuses with a ValueError of its own).
    value = int(text) if len(digits) <= 19 else None
    if value is None or not INT_MIN <= value <= INT_MAX:
        return _Bad(f"the number {_shown(text)} is too large (whole numbers lie between "
                    f"{INT_MIN} and {INT_MAX})")
    return value


def _float(text: str) -> float | _Bad:
    value = float(text)
    if not math.isfinite(value):
        return _Bad(f"the number {_shown(text)} is too large")
    return value


def _constant(name: str) -> _Bad:
    return _Bad(f"{name} is not a number (JSON has no {name})")


def _check_depth(text: str) -> None:
    depth = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ImportRefused(place=where(text, match.start()),
                                    reason=f"objects and lists nest more than {MAX_DEPTH} deep")
        elif token in "]}":
            depth -= 1


def _path(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if key.isidentifier():
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def _find_bad(data: Any) -> tuple[str, _Bad] | None:
    """The first bad number in file order and its JSON path (no recursion: depth is bounded,
    but a stack is as simple)."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, _Bad):
            return path or "the file", value
        if isinstance(value, dict):
            stack.extend((_path(path, k), v) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((_path(path, i), v) for i, v in reversed(list(enumerate(value))))
    return None


def load_json(text: str) -> Any:
    """The data of a JSON text; ImportRefused with the place of the first fault."""
    _check_depth(text)
    flagged: list[_Bad] = []

    def flag(bad: int | float | _Bad) -> int | float | _Bad:
        if isinstance(bad, _Bad):
            flagged.append(bad)
        return bad

    try:
        data = json.loads(text, parse_int=lambda t: flag(_int(t)),
                          parse_float=lambda t: flag(_float(t)),
                          parse_constant=lambda t: flag(_constant(t)))
    except json.JSONDecodeError as exc:
        raise ImportRefused(place=f"line {exc.lineno}, column {exc.colno}",
                            reason=f"not valid JSON ({exc.msg})") from None
    if flagged:
        found = _find_bad(data)
        if found is None:  # a bad number as a key's twin lost in a duplicate key: still refused
            raise ImportRefused(place="the file", reason=flagged[0].reason)
        raise ImportRefused(place=found[0], reason=found[1].reason)
    return data
