"""The findings list: clause first, said once; errors before warnings; the clause on hover."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from desk.rules.base import Finding, Severity
from desk.ui.orders.findings_view import FindingsModel

COOLDOWN = Finding("BA_CHARGE_COOLDOWN", Severity.ERROR, "BA-14",
                   "Charged in bound 5: may charge again from bound 9 (house rule) (BA-14)",
                   house_rule=True)
PENALTY = Finding("BA_MELEE_PENALTY", Severity.WARNING, "BA-13",
                  "Charged in bound 5: a negative factor in any melee in bound 6 (BA-13)")


def test_each_line_names_its_clause_once_errors_first(qtmodeltester: Any) -> None:
    model = FindingsModel()
    model.set_findings([PENALTY, COOLDOWN])
    qtmodeltester.check(model)
    lines = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert lines[0].endswith("BA-14  Charged in bound 5: may charge again from bound 9 "
                             "(house rule)")
    assert lines[1].endswith("BA-13  Charged in bound 5: a negative factor in any melee in "
                             "bound 6")
    assert all(line.count("BA-1") == 1 for line in lines)


def test_hover_shows_the_clause_text_of_rules_md() -> None:
    model = FindingsModel()
    model.set_findings([COOLDOWN])
    tip = model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("BA-14: ") and "4 bounds must pass" in tip


def test_a_line_led_by_its_clause_does_not_cite_it_twice_BA_1() -> None:
    from desk.rules.base import finding
    from desk.ui.orders.findings_view import without_clause

    assert without_clause(finding("X", Severity.ERROR, "BA-1", "Staff never charges")) == \
        "Staff never charges"
    assert without_clause(finding("X", Severity.ERROR, "BA-1", "Staff never charges.")) == \
        "Staff never charges."
    assert without_clause(finding("X", Severity.ERROR, "BA-9", "Fast march ends here (BA-9)",
                                  cited=True)) == "Fast march ends here"
