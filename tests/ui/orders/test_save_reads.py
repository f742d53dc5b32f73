"""Saving an order (Ctrl+Enter) opens one write and two reads, and checks the rules once
in the service (issue 29, one door for every change).

It used to open seven sessions: the change notice fired inside the save, so the window
reloaded the unit just saved (showing it for a moment as an unsaved draft), and then read
the next unit, its form and its panel each in a session of their own. Now the notice waits
for the use case to finish (``Operations.held_notices``): the next unit is read once (form
and panel in one session), then the order table once.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from sqlalchemy import event

import desk.services.orders.write as order_writes
from desk.ui.changes import Change
from desk.ui.main_window import MainWindow


@pytest.mark.parametrize("system", ["belle-alliance", "battles-of-waterloo", "la-bataille"])
def test_a_save_is_one_write_two_reads_and_one_service_check(
        make_window: Any, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, system: str) -> None:
    window: MainWindow = make_window(system)
    window.show()
    window.orders.next_without_order()
    saved = window.unit_id
    window.form.verbatim_edit.setPlainText("Advance to the mill")
    transactions: list[str] = []
    event.listen(window.ops.store.engine, "begin", lambda conn: transactions.append("begin"))
    judged: list[int] = []
    real_judge = order_writes._judge

    def judge(*args: Any, **kwargs: Any) -> Any:  # the real check, counted
        judged.append(1)
        return real_judge(*args, **kwargs)

    monkeypatch.setattr(order_writes, "_judge", judge)
    told: list[tuple[object, int | None]] = []
    window.ops.campaign_changed.connect(lambda kind: told.append((kind, window.form.unit_id)))

    assert saved is not None and window.orders.save_order(words_chosen=True)

    assert len(transactions) == 3, transactions  # the write, the next unit, the order table
    assert judged == [1]
    next_unit = window.unit_id
    assert next_unit != saved
    assert told == [(Change.ORDER, next_unit)]  # once, after the next unit was on the form
    row = window.table_model.rows()[window.table_model.row_of_unit(saved)]
    assert row.status in ("accepted", "overruled")
    assert window.table.currentIndex().data(window.table_model.UnitIdRole) == next_unit
