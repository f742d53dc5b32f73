"""The Help menu: the keys (the README's table comes from the same list), clauses, About."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from pytestqt.qtbot import QtBot

from desk.rules.clauses import clause_text
from desk.ui.help.clause_browser import ClauseFilter, ClauseModel
from desk.ui.help.keys import KEYS, markdown_table, readme_table

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_keys_table_is_the_generated_one() -> None:
    assert readme_table(README.read_text(encoding="utf-8")) == markdown_table()


def test_readme_check_sees_a_difference() -> None:
    text = README.read_text(encoding="utf-8").replace("| Ctrl+J |", "| Ctrl+K |")
    assert readme_table(text) != markdown_table()


def test_each_row_names_the_keys_of_its_actions(make_window: Any) -> None:
    window = make_window("battles-of-waterloo")
    native = QKeySequence.SequenceFormat.NativeText
    for row in KEYS:
        for name in row.actions:
            keys = [k.toString(native) for k in window.actions_by_name[name].shortcuts()]
            assert set(keys) & set(row.keys.split(", ")), (row.keys, name, keys)
    lim = window.lim_panel
    assert [lim.build_button.shortcut().toString(native), lim.cup_key.key().toString(native),
            lim.draw_button.shortcut().toString(native)] == next(
                r for r in KEYS if r.keys.startswith("Ctrl+Shift+L")).keys.split(", ")


def test_keys_dialog_shows_the_list(make_window: Any) -> None:
    window = make_window()
    window.actions_by_name["keys"].trigger()
    dialog = window.help.keys_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.rows() == [(k.keys, k.what) for k in KEYS]
    assert ("Ctrl+J", KEYS[0].what) in dialog.rows()


def test_clause_model_passes_the_model_tester(qtmodeltester: Any) -> None:
    model = ClauseModel()
    qtmodeltester.check(model)
    proxy = ClauseFilter()
    proxy.setSourceModel(model)
    proxy.set_search("charge")
    qtmodeltester.check(proxy)


def test_search_by_id_and_by_words() -> None:
    model = ClauseModel()
    proxy = ClauseFilter()
    proxy.setSourceModel(model)
    proxy.set_search("ba-14")
    found = [proxy.index(r, 0).data(ClauseModel.ClauseRole) for r in range(proxy.rowCount())]
    assert "BA-14" in found and "BA-13" not in found
    proxy.set_search("Charge  AGAIN")
    found = [proxy.index(r, 0).data(ClauseModel.ClauseRole) for r in range(proxy.rowCount())]
    assert "BA-14" in found and all("charge" in clause_text(c).lower() for c in found)
    proxy.set_search("no clause says zyxwv")
    assert proxy.rowCount() == 0


def test_f1_opens_the_chosen_findings_clause(make_window: Any, qtbot: QtBot) -> None:
    window = make_window()
    window.show()
    rows = window.table_model.rows()
    artillery = next(r for r in rows if r.arm == "artillery")
    window.select_unit(artillery.unit_id)
    rate = window.form.editors["rate"]
    rate.setCurrentIndex(rate.findData("charge"))
    findings = window.form.findings()
    assert findings
    view = window.form.findings_view
    view.setCurrentIndex(view.model().index(0, 0))
    view.setFocus()
    window.actions_by_name["clause_browser"].trigger()
    browser = window.help.browser
    assert browser is not None and browser.isVisible()
    assert browser.shown_clause() == findings[0].clause
    # Guns never charge cites the rules data, not a clause (issue 27 #9): F1 says so, rather
    # than showing whichever clause comes first.
    assert findings[0].clause == "data: charge.rate_cm.artillery"
    assert "Not a numbered clause" in browser.text.toPlainText()
    assert clause_text(findings[0].clause) in browser.text.toPlainText()


def test_double_click_on_a_finding_opens_its_clause(make_window: Any, qtbot: QtBot) -> None:
    window = make_window()
    window.show()
    qtbot.waitExposed(window)
    cavalry = next(r for r in window.table_model.rows() if r.arm == "cavalry")
    window.select_unit(cavalry.unit_id)
    window.form.editors["as_far_as_possible"].setCheckState(Qt.CheckState.Unchecked)
    window.form.verbatim_edit.setPlainText("x" * 3)
    rate = window.form.editors["rate"]
    rate.setCurrentIndex(rate.findData("fast"))  # BA-8: fast only in column of march
    view = window.form.findings_view
    last = view.model().index(view.model().rowCount() - 1, 0)
    assert last.isValid()
    rect = view.visualRect(last)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.help.browser is not None
    assert window.help.browser.shown_clause() == last.data(window.form.findings_model.ClauseRole)


def test_browser_without_a_finding_offers_the_search(make_window: Any) -> None:
    window = make_window()
    browser = window.help.show_clause("")
    assert browser.proxy.rowCount() == browser.model.rowCount() > 40
    browser.search.setText("BA-14")
    assert browser.shown_clause() is not None
    assert browser.show_clause("BA-14") and "4 bounds must pass" in browser.text.toPlainText()
    assert not browser.show_clause("XX-1")


def test_about_says_versions_and_folders(make_window: Any) -> None:
    window = make_window()
    dialog = window.help.show_about()
    facts = dict(dialog.facts)
    assert facts["SQLite"] == sqlite3.sqlite_version
    assert facts["Campaign"] == window.location and window.location.endswith(".desk")
    assert facts["Log files"].endswith("logs")
    assert sqlite3.sqlite_version in dialog.label.text()
