"""RULES.md is read into clause texts for the tooltips and reports."""

from __future__ import annotations

import re

from desk.resources import rules_text_path
from desk.rules.clauses import clause_text, clause_texts, parse_clauses


def test_every_clause_id_of_rules_md_has_its_text() -> None:
    text = rules_text_path().read_text(encoding="utf-8")
    ids = set(re.findall(r"^\|\s*((?:BA|BOW|LB)-\d+)\s*\|", text, re.M))
    ids |= set(re.findall(r"^-\s+((?:BA|BOW|LB)-F\d+)\s", text, re.M))
    texts = clause_texts()
    assert ids == set(texts)
    assert len(ids) == 21 + 4 + 12 + 4 + 14 + 5
    assert all(texts[i] for i in ids)


def test_ba14_text_has_the_reading_without_markup() -> None:
    assert "4 bounds must pass" in clause_text("BA-14")
    assert "n + 5" in clause_text("BA-14")
    assert "**" not in clause_text("BA-14")


def test_bow_row_joins_its_cells_and_drops_dont_care_columns() -> None:
    text = clause_text("BOW-1")
    assert "Strategic Movement LIM drawn" in text
    assert "Unrestricted Strategic" in text
    assert "—" not in text


def test_fact_runs_on_over_continuation_lines() -> None:
    clauses = parse_clauses("- LB-F9 first part\n  second part\n\n- LB-F10 other\n")
    assert clauses == {"LB-F9": "first part second part", "LB-F10": "other"}


def test_unknown_clause_is_empty() -> None:
    assert clause_text("BA-99") == ""


def test_chart_notes_cite_the_clause_that_says_it() -> None:
    from desk.rules import get_system

    ba = get_system("belle-alliance", {}).chart()
    reductions = next(t for t in ba.tables if t.note.startswith("All reductions add up"))
    assert "(BA-5)" in reductions.note and "BA-12" not in reductions.note  # LD/MD: BA-5
    bow = dict(get_system("battles-of-waterloo", {}).chart().notes)
    assert "Reading:" in bow["BOW-F1"]  # the success rule is the desk's reading, not the text
