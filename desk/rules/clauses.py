"""The clause texts of RULES.md, by clause id, for tooltips and the bound report.

The desk's findings carry a clause id ("BA-14"); hovering a finding shows the
clause as RULES.md condenses it. RULES.md ships in ``resources/rulesets``.
"""

from __future__ import annotations

import re
from functools import cache

from desk.resources import rules_text_path

_ID = r"(?:BA|BOW|LB)-(?:F)?\d+"
_TABLE_ROW = re.compile(rf"^\|\s*({_ID})\s*\|(.*)\|\s*$")
_FACT = re.compile(rf"^-\s+({_ID})\s+(.*)$")
_MARKUP = re.compile(r"\*\*|\*")


def _clean(text: str) -> str:
    return " ".join(_MARKUP.sub("", text).split())


def parse_clauses(text: str) -> dict[str, str]:
    """Clause id → plain text, from the Markdown of RULES.md.

    Table rows give their cells joined by " · " (the Battles of Waterloo table
    has several columns; "—" cells say the column does not matter and are
    dropped); bullet facts run on over their indented continuation lines.
    """
    clauses: dict[str, str] = {}
    current: str | None = None
    for line in text.splitlines():
        row = _TABLE_ROW.match(line)
        if row:
            cells = [c.strip() for c in row.group(2).split("|")]
            clauses[row.group(1)] = _clean(" · ".join(c for c in cells if c and c != "—"))
            current = None
            continue
        fact = _FACT.match(line)
        if fact:
            current = fact.group(1)
            clauses[current] = _clean(fact.group(2))
            continue
        if current and line.startswith("  ") and line.strip():
            clauses[current] = _clean(clauses[current] + " " + line)
        else:
            current = None
    return clauses


@cache
def clause_texts() -> dict[str, str]:
    """All clause texts of the shipped RULES.md (read once)."""
    return parse_clauses(rules_text_path().read_text(encoding="utf-8"))


def clause_text(clause_id: str) -> str:
    """The text of one clause, or an empty string for an unknown id."""
    return clause_texts().get(clause_id, "")
