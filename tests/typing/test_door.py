"""The window's one door is typed (issue 29): ``Operations.read`` and ``write`` take a
``Callable[[Session], T]``, so a service argument misspelt, of the wrong type, or a
result taken for something else fails mypy where the window calls it; the snippet
below is checked by mypy strict in the suite. And no window module opens a session or
pushes an undo step but through the door."""

from __future__ import annotations

import ast
from pathlib import Path

SNIPPET = '''
from desk.services.queries import order_table
from desk.services.order_rows import OrderTable
from desk.ui.changes import Change
from desk.ui.operations import Operations


def use(ops: Operations) -> None:
    table: OrderTable = ops.read(lambda s: order_table(session=s, battle_id=1, bound=None))
    ops.write(lambda s: order_table(session=s, battle_id=1), Change.ORDER)
    ops.read(lambda s: order_table(session=s, battle=1))  # WRONG: no such argument
    ops.read(lambda s: order_table(session=s, battle_id="1"))  # WRONG: an id is a number
    count: int = ops.read(lambda s: order_table(session=s, battle_id=1))  # WRONG: a table
    ops.write(lambda s: order_table(session=s, battle_id=1), "order")  # WRONG: not a Change
    ops.read(order_table, battle_id=1)  # WRONG: the old untyped door
'''

UI = Path(__file__).resolve().parents[2] / "desk" / "ui"
DOORS = {UI / "operations.py", UI / "lim" / "operations.py"}


def test_a_wrong_argument_through_the_door_fails_mypy(tmp_path: Path) -> None:
    from mypy import api

    source = tmp_path / "door.py"
    source.write_text(SNIPPET, encoding="utf-8")
    out, _err, status = api.run(["--strict", "--follow-imports=silent", "--no-incremental",
                                 "--cache-dir", str(tmp_path / "cache"), str(source)])
    wrong = {n for n, line in enumerate(SNIPPET.splitlines(), start=1) if "WRONG" in line}
    flagged = {int(line.split(":")[1]) for line in out.splitlines() if ": error:" in line}
    assert status == 1 and flagged == wrong, out


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
