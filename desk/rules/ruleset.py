"""Reading a rules system's data file and merging a campaign's house rules into it.

Every system keeps its numbers in ``resources/rulesets/<system id>.toml`` and
lets a campaign override some of them. This module is the one loader and the
one merger for all three, and the one place that validates a number (a
negative, or one below a system's minimum, is refused with one plain sentence
naming the key).

A house rule names an existing setting of the data file, as a dotted key
(``{"charge.cooldown_bounds": 3}``) or a nested table (``{"charge":
{"cooldown_bounds": 3}}``), and keeps the setting's kind: a number stays a
number, a flag a flag, a list of names a list of names.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from desk.resources import ruleset_path
from desk.rules.base import RulesDataError


def read_data_file(system_id: str, *, name: str, path: Path | None = None) -> dict[str, Any]:
    """The parsed TOML data file of ``system_id`` (or ``path``); unreadable: RulesDataError."""
    source = path or ruleset_path(system_id)
    try:
        return tomllib.loads(source.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RulesDataError(f"The {name} data file {source} cannot be read: {exc}") from exc


def flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested tables as dotted keys: ``{"a": {"b": 1}}`` → ``{"a.b": 1}``."""
    flat: dict[str, Any] = {}
    for key, value in table.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(flatten(value, dotted + "."))
        else:
            flat[dotted] = value
    return flat


def is_number(value: Any) -> bool:
    """True for an int or a float; a bool is a flag, not a number."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def checked_number(label: str, value: Any, *, minimum: float = 0) -> float:
    """``value`` as a float, or RulesDataError when it is not a number or is below ``minimum``.

    ``label`` names the place ("Belle Alliance house rule 'rate.fast_multiplier'").
    """
    if not is_number(value):
        raise RulesDataError(f"{label} must be a number, not {value!r}.")
    if value < 0 <= minimum:
        raise RulesDataError(f"{label} may not be negative ({value!r}).")
    if value < minimum:
        raise RulesDataError(f"{label} must be at least {minimum:g}, not {value!r}.")
    return float(value)


def _same_kind(old: Any, new: Any, *, none_allowed: bool) -> bool:
    if none_allowed and (is_number(old) or old == "none"):
        return new == "none" or is_number(new)
    if isinstance(old, bool) or isinstance(new, bool):
        return isinstance(old, bool) and isinstance(new, bool)
    if is_number(old):
        return is_number(new)
    if isinstance(old, list):
        return isinstance(new, list | tuple) and all(isinstance(item, str) for item in new)
    return isinstance(old, str) and isinstance(new, str)


@dataclass(frozen=True)
class Merged:
    """A data file with a campaign's house rules applied.

    ``data`` keeps the file's nesting, ``values`` is the same as dotted keys, and
    ``overridden`` maps each dotted key the campaign changed to (old, new).
    """

    data: dict[str, Any]
    values: dict[str, Any]
    overridden: dict[str, tuple[Any, Any]]


def merge_house_rules(
    defaults: Mapping[str, Any],
    house_rules: Mapping[str, Any] | None,
    *,
    name: str,
    settable: tuple[str, ...] = ("",),
    none_allowed: tuple[str, ...] = (),
) -> Merged:
    """``defaults`` (a parsed data file) with ``house_rules`` applied.

    ``settable`` are the dotted-key prefixes a campaign may change (all, by
    default); ``none_allowed`` the prefixes of tables whose numbers may also be
    "none". An unknown key, a change of kind or a negative number raises
    :class:`RulesDataError` naming the key, and nothing is merged.
    """
    if not isinstance(house_rules or {}, Mapping):
        raise RulesDataError(f"{name} house rules must be a table of keys and values.")
    data: dict[str, Any] = copy.deepcopy(dict(defaults))
    values = flatten(data)
    overridden: dict[str, tuple[Any, Any]] = {}
    for key, value in flatten(house_rules or {}).items():
        if key not in values or not key.startswith(settable):
            only = "" if settable == ("",) else (
                f" ({name} lets a campaign change only {', '.join(p + '…' for p in settable)})")
            raise RulesDataError(f"Unknown {name} house rule {key!r}: no such setting{only}.")
        old = values[key]
        if not _same_kind(old, value, none_allowed=key.startswith(none_allowed)):
            raise RulesDataError(f"{name} house rule {key!r} must be like {old!r}, not {value!r}.")
        if is_number(value):
            checked_number(f"{name} house rule {key!r}", value)
        new = list(value) if isinstance(value, tuple) else value
        values[key] = new
        _set(data, key, new)
        if old != new:
            overridden[key] = (old, new)
    return Merged(data=data, values=values, overridden=overridden)


def _set(data: dict[str, Any], dotted: str, value: Any) -> None:
    # The key came from flatten(data), so every part but the last names a table.
    *tables, leaf = dotted.split(".")
    node = data
    for part in tables:
        node = node[part]
    node[leaf] = value
