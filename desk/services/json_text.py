"""JSON columns read as their stored text and decoded once per distinct text.

A close reads thousands of JSON values (each unit's state data, its attributes, the
orders it carries on) and most of them are the same few texts: a unit with nothing
to remember stores the same state data as its neighbours, a brigade's battalions
carry on the same order. :func:`as_text` selects such a column without its type's
decoding, and a :class:`JsonTexts` turns each distinct text into a value once.

The decoded values are shared between the rows that stored the same text: only
for readers that copy before they change (the rules' ``state_from``, ``continued``
and ``complete`` all build new dicts). PostgreSQL's driver decodes JSON itself, so
there the values come already decoded and are passed through unshared.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Text, type_coerce


def as_text(column: Any) -> Any:
    """``column`` selected as its stored text (SQLite), with no JSON decoding on the way."""
    return type_coerce(column, Text)


class JsonTexts:
    """Decodes JSON texts, each distinct text once (see the module text)."""

    def __init__(self) -> None:
        self._seen: dict[str, object] = {}

    def __call__(self, value: object) -> Any:
        """The decoded value of ``value`` (a text; a driver's decoded value passes through)."""
        if type(value) is not str:
            return value
        found = self._seen.get(value)
        if found is None:
            found = self._seen[value] = json.loads(value)
        return found
