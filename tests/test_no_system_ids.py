"""Outside desk/rules no code branches on which rules system a campaign runs.

The services, sheets and window ask the system what it has (``has_lim_pool``,
``has_charge_cooldown`` …, see desk.rules.base.RulesSystem) instead of comparing
its id. This test reads every module of desk/ but desk/rules and fails on a
comparison that involves a system id: an id string (``"belle-alliance"``), a
``system.id``, a ``rules_system`` or a constant holding an id (``SYSTEM_ID``,
``BOW = "battles-of-waterloo"``). Registries that list or look up every id
(SYSTEM_IDS for ``--rules`` and the new-campaign dialog, SYSTEM_NAMES,
DEMO_SCENARIOS) are not comparisons and pass.
"""

from __future__ import annotations

import ast
from pathlib import Path

from desk.rules import SYSTEM_IDS

DESK = Path(__file__).resolve().parents[1] / "desk"

# (file, line text) of comparisons that are not "which system is this?": the chart command
# checks that the system the user named is the open campaign's, and says so if not.
ALLOWED = {
    ("services/printing/views.py",
     "if system_id is not None and system_id != campaign.rules_system:"),
}


def _id_constants(tree: ast.Module) -> set[str]:
    """Names a module binds to a system id (``BOW = "battles-of-waterloo"``)."""
    names = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Constant)
                and node.value.value in SYSTEM_IDS):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def _names_an_id(node: ast.expr, constants: set[str]) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in SYSTEM_IDS
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_an_id(e, constants) for e in node.elts)
    if isinstance(node, ast.Name):
        return node.id in constants or node.id in ("SYSTEM_ID", "rules_system")
    if isinstance(node, ast.Attribute):
        if node.attr in ("rules_system", "SYSTEM_ID"):
            return True
        # system.id, self.system.id, ops.system.id …
        owner = node.value
        owner_name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
        return node.attr == "id" and "system" in str(owner_name)
    return False


def id_comparisons(source: str, *, constants: bool = True) -> list[tuple[int, str]]:
    """(line, text) of each comparison in ``source`` that involves a system id."""
    tree = ast.parse(source)
    names = _id_constants(tree)
    lines = source.splitlines()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_names_an_id(side, names) for side in sides):
                found.append((node.lineno, lines[node.lineno - 1].strip()))
    if constants:
        found += [(0, f"{name} holds a system id") for name in sorted(names)]
    return found


def test_the_scanner_sees_every_form_of_comparison() -> None:
    source = (
        'BOW = "battles-of-waterloo"\n'
        "if ctx.rules_system != BOW: pass\n"
        'if self.system.id == "belle-alliance": pass\n'
        "if campaign.rules_system == SYSTEM_ID: pass\n"
        'if name in ("la-bataille",): pass\n'
        "if unit.id == other.id: pass\n"  # not a system: passes
    )
    assert [line for line, _ in id_comparisons(source, constants=False)] == [2, 3, 4, 5]
    assert id_comparisons(source)[-1] == (0, "BOW holds a system id")


def test_no_code_outside_desk_rules_compares_a_system_id() -> None:
    offences = []
    for path in sorted(DESK.rglob("*.py")):
        relative = path.relative_to(DESK).as_posix()
        if relative.startswith("rules/"):
            continue
        for line, text in id_comparisons(path.read_text(encoding="utf-8")):
            if (relative, text) not in ALLOWED:
                offences.append(f"desk/{relative}:{line}: {text}")
    assert not offences, "ask the RulesSystem's capabilities instead:\n" + "\n".join(offences)
