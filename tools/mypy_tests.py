"""mypy strict over every Python file under tests/ (benchmarks, soak and typing included).

Run from the checkout's root: ``.venv/bin/python tools/mypy_tests.py`` (extra arguments go
to mypy, e.g. ``--no-incremental``). It uses pyproject's ``[tool.mypy]`` (strict, the same
options as for desk/) and the same cache.

Why not one plain ``mypy tests``: the test folders have no ``__init__.py``, and pytest (its
default "prepend" import mode) puts each test file's folder, and each conftest's, on
``sys.path``, so a test imports its folder's helpers by their bare names (``from scenario
import generated``, ``from demo_cache import DemoCache``). mypy is given the same path:
every folder under tests/ that is not itself a package goes on its search path, with
``--explicit-package-bases``, so each file gets the module name pytest imports it under
(``tests/services/orders/test_orders.py`` is ``test_orders``; the packages
``tests/rules/belle_alliance/`` and ``tests/scenarios/`` keep their dotted names).

Why more than one run: pytest enforces unique module names for test files and helpers,
but not for ``conftest.py``, which it loads apart, one per folder. On the path above every
conftest is the module ``conftest``, and mypy refuses two files of one name. So the first
run checks every file but the conftests below tests/ itself, and each of those gets a run
of its own on the same path (tests/ui/conftest.py imports ``scripted_dialogs`` from its
folder, as under pytest). All runs share the cache: after the first, each takes a second
or two.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def python_files() -> list[Path]:
    """Every .py file under tests/, data folders included, in a stable order."""
    return sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)


def search_path(files: list[Path]) -> list[Path]:
    """The folders pytest puts on sys.path: each folder holding Python files that is not a
    package (no ``__init__.py``), and each package's nearest non-package parent."""
    folders: set[Path] = set()
    for file in files:
        folder = file.parent
        while (folder / "__init__.py").exists():
            folder = folder.parent
        folders.add(folder)
    # Deepest first: mypy stops at the nearest base when it names a file, and searches
    # the path in order for an import; pytest's "prepend" finds a file's own folder first.
    return sorted(folders, key=lambda f: (-len(f.parts), str(f)))


def run(files: list[Path], path: list[Path], extra: list[str]) -> int:
    """One mypy run over *files* with *path* as MYPYPATH; mypy's own exit status."""
    env = dict(os.environ, MYPYPATH=os.pathsep.join(str(p) for p in path))
    args = [sys.executable, "-m", "mypy", "--explicit-package-bases", *extra,
            *(str(f.relative_to(ROOT)) for f in files)]
    return subprocess.run(args, cwd=ROOT, env=env, check=False).returncode


def main(argv: list[str]) -> int:
    """Every run; non-zero when any finds an error."""
    files = python_files()
    nested_conftests = [f for f in files if f.name == "conftest.py" and f.parent != TESTS]
    first = [f for f in files if f not in nested_conftests]
    path = search_path(first)
    status = run([*first, Path(__file__).resolve()], path, argv)
    for conftest in nested_conftests:
        status = max(status, run([conftest], path, argv))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
