"""The window's one door is typed (issue 29): ``Operations.read`` and ``write`` take a
``Callable[[Session], T]``, so a service argument misspelt or of the wrong type, a result
taken for something else, or the old untyped door fails mypy where the window calls it.

:func:`_misuses` is never run: mypy strict checks it in CI (``tools/mypy_tests.py``), and
strict's ``warn_unused_ignores`` fails the day one of its lines stops being an error of
the code it names. And no window module opens a session or pushes an undo step but
through the door (the test below)."""

from __future__ import annotations

import ast
from pathlib import Path

from desk.services.order_rows import OrderTable
from desk.services.queries import order_table
from desk.ui.changes import Change
from desk.ui.operations import Operations

UI = Path(__file__).resolve().parents[2] / "desk" / "ui"
DOORS = {UI / "operations.py", UI / "lim" / "operations.py"}


def _misuses(ops: Operations) -> None:
    """What the door accepts, and what it refuses (each refusal an error mypy must see)."""
    table: OrderTable = ops.read(lambda s: order_table(session=s, battle_id=1, bound=None))
    ops.write(lambda s: order_table(session=s, battle_id=len(table)), Change.ORDER)
    ops.read(lambda s: order_table(session=s, battle=1))  # type: ignore[call-arg]
    ops.read(lambda s: order_table(session=s, battle_id="1"))  # type: ignore[arg-type]
    count: int = ops.read(lambda s: order_table(session=s, battle_id=1))  # type: ignore[assignment]
    ops.write(lambda s: order_table(session=s, battle_id=1), "order")  # type: ignore[arg-type]
    ops.read(order_table, battle_id=1)  # type: ignore[call-arg,arg-type]
    del count


def _calls(path: Path) -> list[tuple[int, str]]:
    """(line, 'store.session' or 'undo_stack.push') of each such call in a module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
            said = f"{name}.{node.func.attr}"
            if said in ("store.session", "undo_stack.push"):
                found.append((node.lineno, said))
    return found


def test_only_the_door_opens_sessions_and_pushes_undo_steps() -> None:
    elsewhere = {f"{path.relative_to(UI)}:{line} {said}"
                 for path in UI.rglob("*.py") if path not in DOORS
                 for line, said in _calls(path)}
    assert not elsewhere
    assert any(said == "undo_stack.push" for _l, said in _calls(UI / "operations.py"))
