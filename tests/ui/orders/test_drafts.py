"""Unsaved orders: kept per unit while switching, on disk as typed, offered back (issue 13).

Real windows over private copies of the demo campaign, a real draft folder
per test; two windows over one file stand for a desk before and after a crash.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.store import backup_sqlite, open_campaign
from desk.ui.app import build_window
from desk.ui.changes import Change
from desk.ui.main_window import MainWindow
from desk.ui.orders.table import STATE

FIRST, SECOND = "1/5e Ligne", "4e Chasseurs à cheval"


@pytest.fixture
def desk_on(qtbot: QtBot, demo_files: dict[str, Path], tmp_path: Path,
            scripted_dialogs: Any) -> Iterator[Any]:
    """``desk_on()`` → a window over one private campaign file; again: the same file."""
    path = tmp_path / "campaign.desk"
    backup_sqlite(store_or_path=demo_files["belle-alliance"], dest=path)
    stores: list[Any] = []

    def start(*, restore: bool = True) -> Any:
        for store in stores:  # one desk at a time, as after a crash
            store.close()
        store = open_campaign(path, read_only=False)
        stores.append(store)
        dialogs = scripted_dialogs()
        dialogs.restore = restore
        window = build_window(store=store, dialogs=dialogs, backup_dir=tmp_path / "backups",
                              drafts_dir=tmp_path / "drafts")
        qtbot.addWidget(window)
        return window

    yield start
    for store in stores:
        store.close()


def _unit(window: MainWindow, name: str) -> int:
    return next(r.unit_id for r in window.table_model.rows() if r.unit == name)


def _status(window: MainWindow, unit_id: int) -> str:
    """The unit's name and status as the order table shows them."""
    model, row = window.table_model, window.table_model.row_of_unit(unit_id)
    return f"{model.index(row, 0).data()} | {model.index(row, STATE).data()}"


def _type_order(window: MainWindow, text: str, *, rate: str = "fast") -> None:
    form = window.form
    form.verbatim_edit.setFocus()
    QTest.keyClicks(form.verbatim_edit, text)
    rate_box = form.editors["rate"]
    assert isinstance(rate_box, QComboBox)
    rate_box.setCurrentIndex(rate_box.findData(rate))
    QTest.keyClicks(form.editors["destination"], "Plancenoit")


def _draft_file(window: MainWindow) -> Path:
    assert window.drafts.store is not None  # a window over a campaign file keeps drafts
    return Path(window.drafts.store.path)


def test_switching_units_keeps_the_draft_and_shows_it_back(desk_on: Any) -> None:
    window = desk_on()
    first, second = _unit(window, FIRST), _unit(window, SECOND)
    window.select_unit(first)
    _type_order(window, "Advance on the ch")
    window.select_unit(second)
    assert window.form.verbatim() == ""  # the other unit's own (empty) order
    assert window.form.draft_note.isHidden()
    assert _status(window, first) == f"✎ {FIRST} | ✎ no order · unsaved draft"
    assert _status(window, second) == f"{SECOND} | no order"
    window.select_unit(first)
    assert window.form.verbatim_edit.toPlainText() == "Advance on the ch"
    assert window.form.fields() == {"rate": "fast", "destination": "Plancenoit"}
    assert not window.form.draft_note.isHidden()
    assert "Unsaved draft" in window.form.draft_note.text()
    assert window.form.context.order is None  # nothing was saved


def test_saving_removes_the_draft_from_memory_disk_and_table(desk_on: Any, qtbot: QtBot) -> None:
    window = desk_on()
    first = _unit(window, FIRST)
    window.select_unit(first)
    _type_order(window, "Advance on the church", rate="charge")
    stored = json.loads(_draft_file(window).read_text(encoding="utf-8"))
    assert [d["verbatim"] for d in stored["drafts"]] == ["Advance on the church"]
    with qtbot.waitSignal(window.ops.campaign_changed):
        assert window.orders.save_order()
    assert window.drafts.drafts() == {}
    assert not _draft_file(window).exists()
    assert _status(window, first) == f"{FIRST} | saved"
    window.select_unit(first)
    assert window.form.draft_note.isHidden()
    assert window.form.verbatim() == "Advance on the church"
    assert window.form.fields() == {"rate": "charge", "destination": "Plancenoit"}


def test_typing_back_to_the_saved_order_or_discarding_drops_the_draft(desk_on: Any) -> None:
    window = desk_on()
    first = _unit(window, FIRST)
    window.select_unit(first)
    QTest.keyClicks(window.form.verbatim_edit, "Ho")
    assert first in window.drafts.drafts()
    QTest.keyClick(window.form.verbatim_edit, Qt.Key.Key_Backspace)
    QTest.keyClick(window.form.verbatim_edit, Qt.Key.Key_Backspace)
    assert window.drafts.drafts() == {}  # back to the (empty) saved order
    _type_order(window, "Hold")
    window.form.draft_note.linkActivated.emit("discard")  # the note's "Discard draft" link
    assert window.drafts.drafts() == {}
    assert window.form.verbatim_edit.toPlainText() == ""
    assert window.form.fields() == {}


def test_a_second_start_offers_the_drafts_back_and_fills_the_form(desk_on: Any) -> None:
    window = desk_on()
    first, second = _unit(window, FIRST), _unit(window, SECOND)
    window.select_unit(first)
    _type_order(window, "Advance on the ch")
    window.select_unit(second)
    QTest.keyClicks(window.form.verbatim_edit, "Screen the left")
    window.close()  # no save: the drafts stay on disk

    again = desk_on()
    again.orders.offer_drafts()
    assert again.dialogs.asked == [f"drafts:{FIRST},{SECOND}"]
    assert again.form.unit_id == first  # the first restored draft is shown
    assert again.form.verbatim_edit.toPlainText() == "Advance on the ch"
    assert again.form.fields() == {"rate": "fast", "destination": "Plancenoit"}
    assert not again.form.draft_note.isHidden()
    assert again.form.context.order is None  # restored, not saved
    again.select_unit(second)
    assert again.form.verbatim_edit.toPlainText() == "Screen the left"


def test_declining_the_offer_discards_the_drafts(desk_on: Any) -> None:
    window = desk_on()
    window.select_unit(_unit(window, FIRST))
    _type_order(window, "Advance")
    path = _draft_file(window)
    window.close()
    again = desk_on(restore=False)
    again.orders.offer_drafts()
    assert again.dialogs.asked == [f"drafts:{FIRST}"]
    assert again.drafts.drafts() == {}
    assert not path.exists()
    again.orders.offer_drafts()
    assert again.dialogs.asked == [f"drafts:{FIRST}"]  # nothing left to offer


def _one_draft_then(desk_on: Any, change: Any) -> tuple[Any, Path]:
    """Type one draft, let ``change`` alter the file on disk, start again."""
    window = desk_on()
    window.select_unit(_unit(window, FIRST))
    _type_order(window, "Advance")
    path = _draft_file(window)
    window.close()
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(change(data), encoding="utf-8")
    return desk_on(), path


def _drafts_edit(**changes: Any) -> Any:
    def change(data: dict[str, Any]) -> str:
        data["drafts"][0].update(changes)
        return json.dumps(data)
    return change


def _campaign_edit(data: dict[str, Any]) -> str:
    data["campaign"]["created"] = "1815-06-18T11:30:00"  # another campaign made at this path
    return json.dumps(data)


@pytest.mark.parametrize(("change", "said", "aside"), [
    (lambda data: '{"format": 1, "drafts": [', "is not JSON", True),
    (lambda data: json.dumps([data]), "is not a draft file", True),
    (_campaign_edit, "belongs to another campaign", True),
    (_drafts_edit(bound=7), "is for bound 7, not the open bound 1", False),
    (_drafts_edit(unit_id=999999), "no longer in the order of battle", False),
    (_drafts_edit(unit_name="2/5e Ligne"), "names '1/5e Ligne' otherwise", False),
    (_drafts_edit(fields=["fast"]), "field 'fields' is not a map", False),
    (_drafts_edit(bound="1"), "field 'bound' is not a whole number", False),
], ids=["corrupt", "wrong-shape", "foreign", "other-bound", "unit-gone", "other-unit",
        "bad-fields", "bad-bound"])
def test_a_draft_that_does_not_fit_is_dropped_with_one_log_line_and_not_offered(
        desk_on: Any, caplog: pytest.LogCaptureFixture, change: Any, said: str,
        aside: bool) -> None:
    again, path = _one_draft_then(desk_on, change)
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="desk.drafts"):
        again.orders.offer_drafts()
    lines = [r.getMessage() for r in caplog.records if r.name == "desk.drafts"]
    assert len(lines) == 1 and said in lines[0], lines
    assert str(path) in lines[0]  # the line names the file
    assert again.dialogs.asked == []  # nothing offered, no question
    assert again.drafts.drafts() == {}
    assert not path.exists()  # dropped for good
    assert path.with_name(path.name + ".discarded").exists() is aside
    again.select_unit(_unit(again, FIRST))
    assert again.form.verbatim() == "" and again.form.draft_note.isHidden()


def test_a_read_only_window_keeps_no_drafts(qtbot: QtBot, demo_files: dict[str, Path],
                                            tmp_path: Path, scripted_dialogs: Any) -> None:
    store = open_campaign(demo_files["belle-alliance"], read_only=True)
    try:
        window = build_window(store=store, dialogs=scripted_dialogs(),
                              drafts_dir=tmp_path / "drafts")
        qtbot.addWidget(window)
        assert window.drafts.store is None
        window.orders.offer_drafts()
        assert scripted(window).asked == []
    finally:
        store.close()


def test_a_draft_of_a_closed_bound_is_not_shown_in_the_next_and_comes_back_on_reopen(
        desk_on: Any, qtbot: QtBot) -> None:
    window = desk_on()
    first = _unit(window, FIRST)
    window.select_unit(first)
    _type_order(window, "Advance")
    with qtbot.waitSignal(window.ops.campaign_changed, timeout=20000,
                          check_params_cb=lambda kind: kind is Change.BOUND):
        window.bounds.close_bound()
    assert scripted(window).asked == [f"close:unsaved:{FIRST}"]  # the umpire was told
    assert window.ops.context.current_bound == 2
    assert _status(window, first) == f"{FIRST} | no order"
    window.select_unit(first, force=True)
    assert window.form.verbatim() == "" and window.form.draft_note.isHidden()
    with qtbot.waitSignal(window.ops.campaign_changed):
        window.bounds.reopen_bound()
    window.select_unit(first, force=True)
    assert window.form.verbatim_edit.toPlainText() == "Advance"
    assert _status(window, first) == f"✎ {FIRST} | ✎ no order · unsaved draft"


def test_the_desk_log_file_gets_the_line(desk_on: Any, tmp_path: Path) -> None:
    from desk.ui import desk_log

    log_file = desk_log.install(log_dir=tmp_path / "logs")
    assert log_file is not None and desk_log.install(log_dir=tmp_path / "logs") == log_file
    try:
        again, _path = _one_draft_then(desk_on, lambda data: "{not json")
        again.orders.offer_drafts()
    finally:
        logger = logging.getLogger("desk")
        for handler in [h for h in logger.handlers if isinstance(h, logging.FileHandler)]:
            logger.removeHandler(handler)
            handler.close()
    lines = log_file.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1
    assert "WARNING desk.drafts: Draft file" in lines[0] and "is not JSON" in lines[0]
