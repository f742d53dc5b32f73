"""Guard: imports point down the layers, and only desk/ui imports Qt.

The layers, top to bottom: ``ui`` → ``cli`` → ``sheets`` → ``services`` →
``store`` → ``rules``, with ``desk/resources.py`` at the bottom for everyone. ``web`` (the
players' pages, issue 32) sits at the command line's level: it calls the services and the
sheets; the command line's ``desk serve`` imports it when asked.
Every package of ``desk/`` is listed here, so a new one must say where it sits.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

DESK = Path(__file__).resolve().parent.parent / "desk"

QT = ("PySide6", "shiboken6")
DATABASE = ("sqlmodel", "sqlalchemy", "alembic", "psycopg", "desk.store")
WEB = ("desk.web", "starlette", "uvicorn", "jinja2", "multipart")

# layer -> the modules it must never import
FORBIDDEN = {
    "rules": (*QT, *DATABASE, *WEB, "desk.services", "desk.sheets", "desk.ui", "desk.cli",
              "reportlab", "pypdf"),
    "store": (*QT, *WEB, "desk.services", "desk.sheets", "desk.ui", "desk.cli", "reportlab"),
    # the services read filled forms (pypdf) but never draw one (reportlab)
    "services": (*QT, *WEB, "desk.sheets", "desk.ui", "desk.cli", "reportlab"),
    "sheets": (*QT, *DATABASE, *WEB, "desk.ui", "desk.cli"),
    # the command line opens the window only through desk.ui.launch (see ALLOWED)
    "cli": (*QT, "desk.ui"),
    # the players' pages: a browser's, never the window's or the command line's
    "web": (*QT, "desk.ui", "desk.cli"),
    "ui": ("desk.cli",),
}
# the one way up a layer may take, each for a stated reason
ALLOWED = {
    "cli": ("desk.ui.launch",),  # `desk [CAMPAIGN]` opens the window, imported when asked
}
# (desk serve imports desk.web: the same level, so no exception is needed for it)
# top-level modules: the bottom of the house, importing no other layer
TOP_LEVEL_FORBIDDEN = (*QT, *DATABASE, *WEB, "desk.rules", "desk.services", "desk.sheets",
                       "desk.ui", "desk.cli")
TOP_LEVEL_EXEMPT = {"__main__.py"}  # `python -m desk` is the command line itself


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def _matches(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == f or name.startswith(f + ".") for f in prefixes)


def test_every_package_has_a_layer() -> None:
    packages = {p.name for p in DESK.iterdir() if p.is_dir() and not p.name.startswith("_")
                and any(p.rglob("*.py"))}
    assert packages == set(FORBIDDEN), "each package of desk/ must be placed in the layers"


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_point_down(layer: str) -> None:
    files = sorted((DESK / layer).rglob("*.py"))
    assert files, f"desk/{layer} has no modules"
    allowed = ALLOWED.get(layer, ())
    bad = [
        f"{path.relative_to(DESK.parent)} imports {name}"
        for path in files
        for name in _imports(path)
        if _matches(name, FORBIDDEN[layer]) and not _matches(name, allowed)
    ]
    assert not bad, "\n".join(bad)


def test_top_level_modules_import_no_layer() -> None:
    bad = [
        f"{path.relative_to(DESK.parent)} imports {name}"
        for path in sorted(DESK.glob("*.py")) if path.name not in TOP_LEVEL_EXEMPT
        for name in _imports(path) if _matches(name, TOP_LEVEL_FORBIDDEN)
    ]
    assert not bad, "\n".join(bad)


def test_sheets_render_without_loading_the_database() -> None:
    """Importing every renderer pulls in no ORM, even through the view models' packages."""
    code = ("import sys, desk.sheets, desk.sheets.order_sheet, desk.sheets.chart_sheet, "
            "desk.sheets.bound_report\n"
            "print(','.join(m for m in ('sqlmodel', 'sqlalchemy', 'desk.store') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=DESK.parent)
    assert out.stdout.strip() == ""


def test_guard_catches_a_qt_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from PySide6.QtWidgets import QWidget\nimport desk.store.tables\n")
    assert {"PySide6.QtWidgets", "desk.store.tables"} <= _imports(sample)
