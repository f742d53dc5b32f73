"""The command line's modules by concept (issue 29): one module per group of subcommands,
named for it, each registering its own commands from the one list in ``desk/cli/__init__.py``.

A group split over a module and its ``…_more`` sequel, whose ``register`` calls the other's,
hid ``desk packets`` in ``packets_more.py`` while ``packets.py`` held ``desk seed``.
"""

from __future__ import annotations

import argparse
import ast
import importlib
from pathlib import Path

import desk.cli
from desk.cli import COMMAND_MODULES, build_parser

CLI = Path(desk.cli.__file__).parent


def _own_commands(module_name: str) -> set[str]:
    """The subcommands this module's ``register`` adds, on a parser of its own."""
    subparsers = argparse.ArgumentParser().add_subparsers()
    importlib.import_module(module_name).register(subparsers)
    return set(subparsers.choices)


def test_every_module_with_register_is_listed_once() -> None:
    defining = {
        f"desk.cli.{path.stem}" for path in CLI.glob("*.py")
        if any(isinstance(node, ast.FunctionDef) and node.name == "register"
               for node in ast.parse(path.read_text(encoding="utf-8")).body)
    }
    assert sorted(COMMAND_MODULES) == sorted(defining)


def test_no_module_registers_for_another() -> None:
    """Only build_parser calls a register: no module imports one from another module."""
    chained = [
        f"{path.name} imports {alias.name} from {node.module}"
        for path in sorted(CLI.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("desk.cli")
        for alias in node.names if alias.name.startswith("register")
    ]
    assert not chained, "\n".join(chained)


def test_each_subcommand_comes_from_exactly_one_module() -> None:
    owned = {name: _own_commands(name) for name in COMMAND_MODULES}
    _parser, registered = build_parser()
    assert sorted(c for commands in owned.values() for c in commands) == sorted(registered)


def test_the_campaign_argument_is_declared_once() -> None:
    """Every subcommand takes its campaign through desk.cli.arguments.add_campaign_argument."""
    repeated = [
        f"{path.name}:{node.lineno}"
        for path in sorted(CLI.glob("*.py")) if path.name != "arguments.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        and node.func.attr == "add_argument" and node.args
        and isinstance(node.args[0], ast.Constant) and node.args[0].value == "campaign"
        and any(isinstance(k.value, ast.Call) and k.arg == "help"
                and isinstance(k.value.args[0], ast.Constant)
                and k.value.args[0].value == "campaign file or database URL"
                for k in node.keywords)
    ]
    assert not repeated, "declare the campaign with add_campaign_argument: " + ", ".join(repeated)
