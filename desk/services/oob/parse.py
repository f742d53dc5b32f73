"""Validation of an order-of-battle mapping (docs/oob-format.md) before anything is written.

The whole file is read into plain values first, so that one bad entry refuses
the file with its place (``sides[0].commands[1].units[3]``) and reason and the
database is never touched. The rules system then vets arms and formations.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from desk.rules import SYSTEM_IDS, get_system
from desk.services.errors import ImportRefused
from desk.services.oob.names import check_oob_names, has_separator

FORMAT_ID = "umpires-desk-oob"
FORMAT_VERSION = 1
LEVELS = ("army", "corps", "division", "brigade")
TERRAIN_KINDS = ("waterway", "bridge", "ford", "obstacle", "road", "village", "woods")
_CLOCK = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
T = TypeVar("T")


@dataclass
class UnitSpec:
    """A unit as read from the file, with the place it came from."""

    place: str
    name: str
    arm: str
    unit_type: str
    strength: int
    strength_unit: str
    formation: str | None
    disorder: str | None
    imperial_guard: bool
    soutien: str | None
    mother_unit: str | None
    attrs: dict[str, Any]
    hex: Any = None  # its starting hex, checked against the scenario's hex_grid at import
    # Set by parse_scenario: its command path, and the units its soutien and mother_unit name.
    path: tuple[str, ...] = ()
    soutien_of: UnitSpec | None = None
    mother_of: UnitSpec | None = None


@dataclass
class CommandSpec:
    """A command as read from the file, with its sub-commands and units."""

    place: str
    name: str
    level: str
    leader: str | None
    lim_eligible: bool
    imperial_guard: bool
    commands: list[CommandSpec] = field(default_factory=list)
    units: list[UnitSpec] = field(default_factory=list)


@dataclass
class SideSpec:
    """A side with its leaders (dicts of the Leader columns) and top-level commands."""

    name: str
    leaders: list[dict[str, Any]]
    commands: list[CommandSpec]


@dataclass
class ScenarioSpec:
    """A whole validated order of battle."""

    campaign: dict[str, Any]
    battle: dict[str, Any]
    lims: list[str]
    sides: list[SideSpec]
    terrain: list[dict[str, Any]]
    hex_grid: dict[str, Any] | None = None  # numbering, lower columns, roads, terrain per hex


def _get(obj: Mapping[str, Any], key: str, kind: type[T] | tuple[type, ...], place: str,
         default: Any = ..., check: Callable[[Any], bool] | None = None,
         expect: str = "") -> Any:
    """obj[key] of the given type (bool is not an int here), else ImportRefused."""
    if key not in obj or obj[key] is None:
        if default is ...:
            raise ImportRefused(place=place, reason=f"'{key}' is missing")
        return default
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        names = " or ".join(k.__name__ for k in kinds)
        raise ImportRefused(place=place, reason=f"'{key}' must be {expect or names}, not {value!r}")
    if check is not None and not check(value):
        raise ImportRefused(place=place, reason=f"'{key}' must be {expect}, not {value!r}")
    return value


def _mapping(value: Any, place: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ImportRefused(place=place, reason="expected an object ({...})")
    return value


def _list(obj: Mapping[str, Any], key: str, place: str) -> list[Any]:
    value = obj.get(key, [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise ImportRefused(place=place, reason=f"'{key}' must be a list")
    return value


def _name(obj: Mapping[str, Any], place: str) -> str:
    name = _get(obj, "name", str, place).strip()
    if not name:
        raise ImportRefused(place=place, reason="'name' is empty")
    return str(name)


def _oob_name(obj: Mapping[str, Any], place: str) -> str:
    """A unit's or command's name: " / " joins paths, so no name may hold it."""
    name = _name(obj, place)
    if has_separator(name):
        raise ImportRefused(place=place, reason=f"the name {name!r} holds ' / ', which joins "
                            "the parts of a command path")
    return name


def parse_unit(raw: Any, place: str) -> UnitSpec:
    """One unit entry, checked field by field."""
    obj = _mapping(raw, place)
    strength = _get(obj, "strength", int, place, 0, lambda v: v >= 0, "a whole number ≥ 0")
    return UnitSpec(
        place=place,
        name=_oob_name(obj, place),
        arm=_get(obj, "arm", str, place),
        unit_type=_get(obj, "type", str, place),
        strength=strength,
        strength_unit=_get(obj, "strength_unit", str, place, "figures"),
        formation=_get(obj, "formation", str, place, None),
        disorder=_get(obj, "disorder", str, place, None),
        imperial_guard=_get(obj, "imperial_guard", bool, place, False),
        soutien=_get(obj, "soutien", str, place, None),
        mother_unit=_get(obj, "mother_unit", str, place, None),
        attrs=dict(_get(obj, "attrs", dict, place, {})),
        hex=obj.get("hex"),
    )


def _command(raw: Any, place: str, leaders: set[str]) -> CommandSpec:
    obj = _mapping(raw, place)
    leader = _get(obj, "leader", str, place, None)
    if leader is not None and leader not in leaders:
        raise ImportRefused(place=place, reason=f"leader {leader!r} is not a leader of this side")
    spec = CommandSpec(
        place=place,
        name=_oob_name(obj, place),
        level=_get(obj, "level", str, place, "division", lambda v: v in LEVELS,
                   "one of " + ", ".join(LEVELS)),
        leader=leader,
        lim_eligible=_get(obj, "lim_eligible", bool, place, True),
        imperial_guard=_get(obj, "imperial_guard", bool, place, False),
    )
    for i, sub in enumerate(_list(obj, "commands", place)):
        spec.commands.append(_command(sub, f"{place}.commands[{i}]", leaders))
    for i, unit in enumerate(_list(obj, "units", place)):
        spec.units.append(parse_unit(unit, f"{place}.units[{i}]"))
    return spec


def _side(raw: Any, place: str) -> SideSpec:
    obj = _mapping(raw, place)
    leaders: list[dict[str, Any]] = []
    for i, entry in enumerate(_list(obj, "leaders", place)):
        lp = f"{place}.leaders[{i}]"
        lobj = _mapping(entry, lp)
        leaders.append({
            "name": _name(lobj, lp),
            "rank": _get(lobj, "rank", str, lp, ""),
            "rating": _get(lobj, "rating", int, lp, 0),
            "command_range": _get(lobj, "command_range", int, lp, 0),
        })
    names = [ldr["name"] for ldr in leaders]
    if len(set(names)) != len(names):
        raise ImportRefused(place=place, reason="two leaders of this side have the same name")
    commands = [
        _command(c, f"{place}.commands[{i}]", set(names))
        for i, c in enumerate(_list(obj, "commands", place))
    ]
    return SideSpec(name=_name(obj, place), leaders=leaders, commands=commands)


def _terrain(raw: list[Any]) -> list[dict[str, Any]]:
    features: list[dict[str, Any]] = []
    for i, entry in enumerate(raw):
        place = f"terrain[{i}]"
        obj = _mapping(entry, place)
        width = _get(obj, "width_cm", (int, float), place, None, lambda v: v >= 0,
                     "a width in cm ≥ 0")
        features.append({
            "place": place,
            "name": _name(obj, place),
            "kind": _get(obj, "kind", str, place, check=lambda v: v in TERRAIN_KINDS,
                         expect="one of " + ", ".join(TERRAIN_KINDS)),
            "width_cm": float(width) if width is not None else None,
            "crosses": _get(obj, "crosses", str, place, None),
            "data": dict(_get(obj, "data", dict, place, {})),
        })
    names = {f["name"] for f in features}
    for feature in features:
        if feature["crosses"] is not None and feature["crosses"] not in names:
            raise ImportRefused(place=feature["place"],
                                reason=f"it crosses {feature['crosses']!r}, which is not listed")
    return features


def walk_units(commands: list[CommandSpec]) -> list[UnitSpec]:
    """Every unit under these commands, depth first in file order."""
    found: list[UnitSpec] = []
    for command in commands:
        found.extend(command.units)
        found.extend(walk_units(command.commands))
    return found


def command_units(commands: list[CommandSpec]) -> list[tuple[str, UnitSpec]]:
    """Every unit under these commands with its own command's name, in file order."""
    found: list[tuple[str, UnitSpec]] = []
    for command in commands:
        found.extend((command.name, unit) for unit in command.units)
        found.extend(command_units(command.commands))
    return found


def parse_scenario(data: Any) -> ScenarioSpec:
    """The whole order of battle, validated; raises :class:`ImportRefused` at the first fault."""
    obj = _mapping(data, "the file")
    if obj.get("format", FORMAT_ID) != FORMAT_ID:
        raise ImportRefused(place="format", reason=f"this is not an {FORMAT_ID} file")
    version = obj.get("version", FORMAT_VERSION)
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise ImportRefused(place="version",
                            reason=f"format version {version!r} is newer than this desk reads")
    camp = _mapping(obj.get("campaign"), "campaign")
    campaign = {
        "name": _name(camp, "campaign"),
        "rules_system": _get(camp, "rules_system", str, "campaign",
                             check=lambda v: v in SYSTEM_IDS,
                             expect="one of " + ", ".join(SYSTEM_IDS)),
        "house_rules": dict(_get(camp, "house_rules", dict, "campaign", {})),
    }
    bat = _mapping(obj.get("battle", {"name": campaign["name"]}), "battle")
    battle = {
        "name": _name(bat, "battle"),
        "date": _get(bat, "date", str, "battle", ""),
        "start_time": _get(bat, "start_time", str, "battle", "08:00",
                           lambda v: bool(_CLOCK.match(v)), "a time HH:MM"),
        "minutes_per_bound": _get(bat, "minutes_per_bound", int, "battle", 15,
                                  lambda v: 0 < v <= 24 * 60, "minutes between 1 and 1440"),
        "seed": _get(bat, "seed", int, "battle", 0),
    }
    lims = [str(x) for x in _get(bat, "lims", list, "battle", [])]
    sides = [_side(s, f"sides[{i}]") for i, s in enumerate(_list(obj, "sides", "the file"))]
    if not sides:
        raise ImportRefused(place="sides", reason="the order of battle has no side")
    if len({s.name for s in sides}) != len(sides):
        raise ImportRefused(place="sides", reason="two sides have the same name")
    system = get_system(campaign["rules_system"])  # its capabilities need no house rules
    check_oob_names(sides, one_command_name=system.commands_named_once)
    terrain = _terrain(_list(obj, "terrain", "the file"))
    grid = _get(obj, "hex_grid", dict, "hex_grid", None)
    return ScenarioSpec(campaign=campaign, battle=battle, lims=lims, sides=sides, terrain=terrain,
                        hex_grid=dict(grid) if grid is not None else None)
