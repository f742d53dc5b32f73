"""Small order-of-battle mappings for the services tests (docs/oob-format.md)."""

from __future__ import annotations

from typing import Any


def unit(name: str, arm: str, kind: str, strength: int, **extra: Any) -> dict[str, Any]:
    """One unit entry."""
    return {"name": name, "arm": arm, "type": kind, "strength": strength, **extra}


def scenario(system: str, *, sides: list[dict[str, Any]], terrain: list[dict[str, Any]] | None
             = None, **battle: Any) -> dict[str, Any]:
    """A whole scenario mapping for ``system``."""
    return {
        "format": "umpires-desk-oob", "version": 1,
        "campaign": {"name": f"Test {system}", "rules_system": system, "house_rules": {}},
        "battle": {"name": "Test field", "start_time": "10:00", "minutes_per_bound": 15,
                   "seed": 7, **battle},
        "sides": sides,
        "terrain": terrain or [],
    }


def belle_alliance() -> dict[str, Any]:
    """Two French battalions, a Prussian one, a brook with a ford and a bridge."""
    return scenario("belle-alliance", sides=[
        {"name": "French", "leaders": [{"name": "Lobau", "rating": 4}],
         "commands": [{"name": "VI Corps", "level": "corps", "leader": "Lobau", "units": [
             unit("1/5e Ligne", "infantry", "line-infantry", 24, formation="column-of-attack"),
             unit("2/5e Ligne", "infantry", "line-infantry", 24, formation="column-of-march"),
             unit("5e Lanciers", "cavalry", "lancers", 12, formation="line"),
         ]}]},
        {"name": "Prussian", "leaders": [],
         "commands": [{"name": "IV Corps", "level": "corps", "units": [
             unit("1/15. IR", "infantry", "line-infantry", 24, formation="line"),
         ]}]},
    ], terrain=[
        {"name": "Lasne brook", "kind": "waterway", "width_cm": 8},
        {"name": "Mill ford", "kind": "ford", "width_cm": 12, "crosses": "Lasne brook"},
        {"name": "Plancenoit bridge", "kind": "bridge", "crosses": "Lasne brook"},
    ])


def generated(system: str, *, units: int, per_command: int = 20) -> dict[str, Any]:
    """A large campaign of ``units`` line infantry battalions in commands of ``per_command``."""
    commands = []
    for c in range(0, units, per_command):
        commands.append({"name": f"Brigade {c // per_command + 1}", "level": "brigade",
                         "units": [unit(f"Battalion {i + 1}", "infantry",
                                        "line-infantry", 20)
                                   for i in range(c, min(units, c + per_command))]})
    half = len(commands) // 2 or 1
    return scenario(system, sides=[
        {"name": "French", "leaders": [], "commands": commands[:half]},
        {"name": "Allied", "leaders": [], "commands": commands[half:]},
    ])
