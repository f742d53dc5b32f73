"""The unit panel's history names who wrote each order and journal line (issue 33), and
shows them as before where the campaign names no umpire ("")."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pytestqt.qtbot import QtBot

from desk.services.dto import HistoryEntry, JournalLine, UnitStateView
from desk.ui.oob.history_model import COLUMNS, HistoryModel

ORDER, JOURNAL = COLUMNS.index("Order"), COLUMNS.index("Journal")


def _entry(umpire: str) -> HistoryEntry:
    line = JournalLine(id=1, bound=2, unit_id=7, unit="1/5e Ligne", kind="event",
                       message="Bound 2: became LD (BA-12)", reason="", clause="BA-12",
                       created_at=datetime(2026, 12, 6, tzinfo=UTC), umpire=umpire)
    return HistoryEntry(bound=2, game_time="17:00",
                        state=UnitStateView(unit_id=7, unit="1/5e Ligne", bound=2,
                                            formation="line", disorder="", strength=3, data={}),
                        order="halt", journal=(line,), order_umpire=umpire)


def test_the_history_names_the_umpire_of_each_order_and_line(qtbot: QtBot,
                                                              qtmodeltester: Any) -> None:
    model = HistoryModel()
    model.set_history((_entry("Anne"),), shown_bound=2)
    assert model.index(0, ORDER).data() == "halt — Anne"
    assert model.index(0, JOURNAL).data() == "Bound 2: became LD (BA-12) — Anne"
    model.set_history((_entry(""),), shown_bound=2)  # a campaign of one nameless umpire
    assert model.index(0, ORDER).data() == "halt"
    assert model.index(0, JOURNAL).data() == "Bound 2: became LD (BA-12)"
    qtmodeltester.check(model)
