"""Guard: imports point down the layers, and only desk/ui imports Qt."""

import ast
from pathlib import Path

import pytest

DESK = Path(__file__).resolve().parent.parent / "desk"

# layer -> the desk packages it must never import
FORBIDDEN = {
    "rules": ("PySide6", "shiboken6", "sqlmodel", "sqlalchemy", "alembic", "desk.store",
              "desk.services", "desk.sheets", "desk.ui", "reportlab", "pypdf"),
    "store": ("PySide6", "shiboken6", "desk.services", "desk.sheets", "desk.ui"),
    "services": ("PySide6", "shiboken6", "desk.ui"),
    "sheets": ("PySide6", "shiboken6", "desk.store", "desk.ui", "sqlmodel", "sqlalchemy"),
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_point_down(layer: str) -> None:
    files = sorted((DESK / layer).rglob("*.py"))
    assert files, f"desk/{layer} has no modules"
    bad = [
        f"{path.relative_to(DESK.parent)} imports {name}"
        for path in files
        for name in _imports(path)
        if any(name == f or name.startswith(f + ".") for f in FORBIDDEN[layer])
    ]
    assert not bad, "\n".join(bad)


def test_guard_catches_a_qt_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from PySide6.QtWidgets import QWidget\nimport desk.store.models\n")
    assert {"PySide6.QtWidgets", "desk.store.models"} <= _imports(sample)
