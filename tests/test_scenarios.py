"""The three demo scenarios keep the rules of docs/oob-format.md and their rules system.

The files are read with the standard library only (``json``), not through the
OOB import service, so these checks stand on their own; the files are found
through :func:`desk.resources.scenario_path`, as the desk finds them.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from desk.resources import scenario_path

Json = dict[str, Any]

SYSTEMS = {
    "plancenoit-1815.json": "belle-alliance",
    "ligny-1815.json": "battles-of-waterloo",
    "leipzig-1813.json": "la-bataille",
}

# The vocabulary table of docs/oob-format.md: arms, types, formations, disorder, strength unit.
VOCABULARY: dict[str, tuple[set[str], set[str], set[str], set[str], str]] = {
    "belle-alliance": (
        {"infantry", "cavalry", "artillery", "staff"},
        {"line-infantry", "light-infantry", "light-cavalry", "heavy-cavalry", "lancers",
         "foot-artillery", "horse-artillery", "staff"},
        {"line", "column-of-march", "column-of-attack", "square", "battalion-mass",
         "skirmish-line", "limbered", "unlimbered", "at-work", "at-rest"},
        {"none", "LD", "SD", "MD", "FD"},
        "figures",
    ),
    "battles-of-waterloo": (
        {"infantry", "cavalry", "artillery", "leader"},
        {"infantry", "light-infantry", "cavalry", "light-cavalry", "foot-artillery",
         "horse-artillery", "leader"},
        {"normal"},
        {"none", "disrupted"},
        "SP",
    ),
    "la-bataille": (
        {"infantry", "cavalry", "artillery"},
        {"line-infantry", "light-infantry", "grenadiers", "light-cavalry", "heavy-cavalry",
         "foot-artillery", "horse-artillery"},
        {"column", "line", "carre", "skirmish", "general-order", "road-march", "routed",
         "limbered", "unlimbered"},
        {"good-order", "disordered", "routed"},
        "increments",
    ),
}
LEVELS = {"army", "corps", "division", "brigade"}
# The terrain kinds the OOB import accepts (desk/services/oob_parse.py TERRAIN_KINDS).
TERRAIN_KINDS = {"waterway", "bridge", "ford", "obstacle", "road", "village", "woods"}


def load(name: str) -> Json:
    data: Json = json.loads(scenario_path(name).read_text(encoding="utf-8"))
    return data


def walk_commands(commands: list[Json], place: str) -> Iterator[tuple[str, Json]]:
    """Every command, nested ones included, with its place in the file."""
    for i, command in enumerate(commands):
        here = f"{place}.commands[{i}]"
        yield here, command
        yield from walk_commands(command.get("commands", []), here)


def walk_units(side: Json, place: str) -> Iterator[tuple[str, Json, Json]]:
    """(place, command, unit) for every unit of a side."""
    for here, command in walk_commands(side["commands"], place):
        for j, unit in enumerate(command.get("units", [])):
            yield f"{here}.units[{j}]", command, unit


def all_units(data: Json) -> list[Json]:
    return [u for i, s in enumerate(data["sides"]) for _, _, u in walk_units(s, f"sides[{i}]")]


def problems(data: Json) -> list[str]:
    """Every breach of the format's structure rules, each with its place in the file."""
    found: list[str] = []
    if data.get("format") != "umpires-desk-oob" or data.get("version") != 1:
        found.append("top: not an umpires-desk-oob file of version 1")
    system = data["campaign"]["rules_system"]
    arms, types, formations, disorders, strength_unit = VOCABULARY[system]
    battle = data["battle"]
    if not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", battle["start_time"]):
        found.append(f"battle: start_time {battle['start_time']!r} is not HH:MM")
    seen_units: set[str] = set()
    seen_commands: set[str] = set()  # a command names its LIM ("III Corps C/D"): one per name
    for i, side in enumerate(data["sides"]):
        place = f"sides[{i}]"
        leaders = [leader["name"] for leader in side["leaders"]]
        if len(set(leaders)) != len(leaders):
            found.append(f"{place}: two leaders share a name")
        for here, command in walk_commands(side["commands"], place):
            if command["name"] in seen_commands:
                found.append(f"{here}: command name {command['name']!r} used twice")
            seen_commands.add(command["name"])
            if command["level"] not in LEVELS:
                found.append(f"{here}: level {command['level']!r}")
            if command.get("leader") is not None and command["leader"] not in leaders:
                found.append(f"{here}: leader {command['leader']!r} is not of this side")
        side_units = {u["name"]: u for _, _, u in walk_units(side, place)}
        for here, _, unit in walk_units(side, place):
            name = unit["name"]
            if name in seen_units:
                found.append(f"{here}: unit name {name!r} used twice")
            seen_units.add(name)
            for key, allowed in (("arm", arms), ("type", types), ("formation", formations),
                                 ("disorder", disorders), ("strength_unit", {strength_unit})):
                if key in unit and unit[key] not in allowed:
                    found.append(f"{here}: {key} {unit[key]!r} is not a {system} id")
            if not isinstance(unit["strength"], int) or unit["strength"] < 0:
                found.append(f"{here}: strength {unit['strength']!r}")
            for key in ("soutien", "mother_unit"):
                other = unit.get(key)
                if other is not None and (other == name or other not in side_units):
                    found.append(f"{here}: {key} {other!r} is not another unit of this side")
    terrain = {t["name"]: t for t in data["terrain"]}
    if len(terrain) != len(data["terrain"]):
        found.append("terrain: two features share a name")
    for k, feature in enumerate(data["terrain"]):
        if feature["kind"] not in TERRAIN_KINDS:
            found.append(f"terrain[{k}]: kind {feature['kind']!r} is not one the import accepts")
        crossed = feature.get("crosses")
        if crossed is not None and crossed not in terrain:
            found.append(f"terrain[{k}]: crosses {crossed!r}, which is not in the terrain")
    return found


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_scenario_keeps_the_format(name: str) -> None:
    data = load(name)
    assert data["campaign"]["rules_system"] == SYSTEMS[name]
    assert problems(data) == []


BELLAIR = ("sides", 0, "commands", 0, "commands", 0, "commands", 0, "units")  # Brigade Bellair


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        ((*BELLAIR, 2, "soutien"), "Nobody", "commands[0].units[2]: soutien 'Nobody'"),
        ((*BELLAIR, 3, "name"), "1/5e Ligne", "units[3]: unit name '1/5e Ligne' used twice"),
        ((*BELLAIR, 0, "formation"), "carre", "formation 'carre' is not a belle-alliance id"),
        (("sides", 0, "commands", 0, "leader"), "Blücher", "commands[0]: leader 'Blücher'"),
        (("terrain", 1, "crosses"), "Dyle", "terrain[1]: crosses 'Dyle'"),
        (("sides", 1, "commands", 0, "name"), "VI Corps", "command name 'VI Corps' used twice"),
        (("terrain", 4, "kind"), "hill", "terrain[4]: kind 'hill'"),
    ],
)
def test_the_checker_names_the_place_of_a_breach(
    path: tuple[str | int, ...], value: str, expected: str
) -> None:
    # The structure checks above are only worth their green if they can turn red.
    data = copy.deepcopy(load("plancenoit-1815.json"))
    target: Any = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    assert any(expected in problem for problem in problems(data)), problems(data)


@pytest.mark.parametrize(
    ("name", "date", "start", "minutes", "sides"),
    [
        ("plancenoit-1815.json", "1815-06-18", "16:30", 15, ["French", "Prussian"]),
        ("ligny-1815.json", "1815-06-16", "14:30", 60, ["French", "Prussian"]),
        ("leipzig-1813.json", "1813-10-16", "14:00", 20, ["French", "Prussian"]),
    ],
)
def test_scenario_battle_and_sides(
    name: str, date: str, start: str, minutes: int, sides: list[str]
) -> None:
    data = load(name)
    battle = data["battle"]
    assert (battle["date"], battle["start_time"], battle["minutes_per_bound"]) == (
        date, start, minutes)
    assert [side["name"] for side in data["sides"]] == sides
    assert all(list(walk_units(side, "")) for side in data["sides"]), "a side without units"


# --- Plancenoit (Belle Alliance) -----------------------------------------------------------


def test_plancenoit_has_at_least_40_units_of_every_arm() -> None:
    units = all_units(load("plancenoit-1815.json"))
    assert len(units) >= 40
    assert {u["arm"] for u in units} == {"infantry", "cavalry", "artillery", "staff"}
    batteries = {u.get("formation") for u in units if u["arm"] == "artillery"}
    assert {"limbered", "unlimbered"} <= batteries


def test_plancenoit_lasne_is_crossed_only_at_a_bridge_and_a_ford_BA_20_BA_21() -> None:
    terrain = load("plancenoit-1815.json")["terrain"]
    wide = {t["name"] for t in terrain if t["kind"] == "waterway" and t["width_cm"] > 5}
    narrow = [t for t in terrain if t["kind"] == "waterway" and t["width_cm"] <= 5]
    assert wide and narrow
    crossings = {(t["kind"], t["crosses"]) for t in terrain if "crosses" in t}
    assert any(("bridge", w) in crossings and ("ford", w) in crossings for w in wide)
    fords = [t for t in terrain if t["kind"] == "ford"]
    assert fords and all(t["width_cm"] > 0 for t in fords)  # BA-21: formations must fit it


def test_plancenoit_skirmish_lines_name_a_formed_soutien_and_mother_BA_8_BA_16() -> None:
    data = load("plancenoit-1815.json")
    for i, side in enumerate(data["sides"]):
        units = {u["name"]: u for _, _, u in walk_units(side, f"sides[{i}]")}
        lines = [u for u in units.values() if u.get("formation") == "skirmish-line"]
        assert lines, f"{side['name']} has no skirmish line"
        for line in lines:
            soutien, mother = units[line["soutien"]], units[line["mother_unit"]]
            assert soutien.get("formation") != "skirmish-line"
            assert mother["arm"] == soutien["arm"] == "infantry"
            assert line["strength"] < mother["strength"]


# --- Ligny (Battles of Waterloo) ------------------------------------------------------------


def test_ligny_guard_is_its_own_command_with_guard_infantry_BOW_12() -> None:
    french = load("ligny-1815.json")["sides"][0]
    guard = [c for _, c in walk_commands(french["commands"], "") if c["imperial_guard"]]
    assert len(guard) == 1 and guard[0]["lim_eligible"]
    arms = {u["arm"] for u in guard[0]["units"]}
    assert arms == {"infantry", "cavalry", "artillery"}
    assert all(u["imperial_guard"] for u in guard[0]["units"])
    outside = [u for _, c, u in walk_units(french, "") if c is not guard[0]]
    assert outside and not any(u["imperial_guard"] for u in outside)


def test_ligny_corps_commands_go_into_the_lim_pool_BOW_2() -> None:
    data = load("ligny-1815.json")
    leaders = {}
    for side in data["sides"]:
        ratings = {leader["name"]: leader for leader in side["leaders"]}
        for _, command in walk_commands(side["commands"], ""):
            if command["level"] == "corps":
                assert command["lim_eligible"], command["name"]
                leaders[command["leader"]] = ratings[command["leader"]]
    expected = {"Vandamme", "Gérard", "Drouot", "Milhaud", "Pajol", "Zieten", "Pirch I",
                "Thielmann"}
    assert set(leaders) == expected
    # BOW-F1: the activation roll is one d10, so a rating lies from 1 to 9.
    assert all(1 <= lead["rating"] <= 9 and lead["command_range"] > 0
               for lead in leaders.values())


def test_ligny_french_artillery_lims_and_side_owned_orders_lims_BOW_F4_BOW_11() -> None:
    assert load("ligny-1815.json")["battle"]["lims"] == ["French Artillery",
                                                         "French Grand Battery",
                                                         "French Orders", "Prussian Orders"]


def test_ligny_detachments_outside_the_pool_command_units_BOW_4_BOW_5() -> None:
    # Each side has a command whose C/D LIM is not in the pool, with units under it: they
    # move only when an Orders LIM activates the command (BOW-4) or in the No LIM phase.
    for side in load("ligny-1815.json")["sides"]:
        detached = [c for _, c in walk_commands(side["commands"], "")
                    if not c["lim_eligible"] and c["level"] != "army"]
        assert len(detached) == 1 and detached[0]["units"], side["name"]


# --- Leipzig, Möckern (La Bataille) ---------------------------------------------------------


def test_leipzig_has_a_village_on_a_road_LB_13() -> None:
    terrain = load("leipzig-1813.json")["terrain"]
    assert any(t["kind"] == "village" and t.get("data", {}).get("road") for t in terrain)
    assert any(t["kind"] == "road" for t in terrain)
    assert any(t["kind"] == "woods" for t in terrain)  # LB-6: general order in woods


def test_leipzig_morale_values_exist_on_the_11_66_scale_LB_F1() -> None:
    morale = [u["attrs"]["morale"] for u in all_units(load("leipzig-1813.json"))]
    assert morale
    assert all(isinstance(m, int) and set(str(m)) <= set("123456") and len(str(m)) == 2
               for m in morale), morale


def test_leipzig_units_carry_the_la_bataille_attributes_LB_9_LB_10_LB_14() -> None:
    units = all_units(load("leipzig-1813.json"))
    allowance = {"infantry": 6, "cavalry": 10, "artillery": 6}
    for unit in units:
        attrs = unit["attrs"]
        assert attrs["movement_allowance"] == allowance[unit["arm"]], unit["name"]
        assert {"fire", "melee", "smallest_organisation"} <= set(attrs), unit["name"]
        assert 1 <= unit["strength"] <= 12, unit["name"]
        if unit["arm"] == "artillery":
            assert unit["formation"] in {"limbered", "unlimbered"}  # LB-14
        if unit["formation"] == "road-march":
            assert attrs["smallest_organisation"], unit["name"]  # LB-10
    # LB-9: a battalion over 8 increments shows the extended road-march counter.
    infantry = [u for u in units if u["arm"] == "infantry"]
    battalions = [u for u in infantry if u["attrs"]["smallest_organisation"]]
    assert any(u["strength"] > 8 for u in battalions)
    assert any(not u["attrs"]["smallest_organisation"] for u in units)  # LB-10's refusal case
