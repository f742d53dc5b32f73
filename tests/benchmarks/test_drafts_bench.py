"""Cost of keeping drafts on disk per keystroke (run on demand: pytest tests/benchmarks -s).

Every edit of the order form rewrites the campaign's draft file whole and
atomically (temporary file + ``os.replace``, no fsync). Measured here: the
write alone with 1 and with 40 drafts (a whole bound typed and never saved),
and a real keystroke into the order form (live check included) with the
draft kept and, for comparison, without. Target: under 8 ms a keystroke
even with 40 drafts (half a frame at 60 Hz), far below what a typist notices.
"""

from __future__ import annotations

import time
from pathlib import Path
from statistics import median
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from desk.services.campaign.scenarios import create_demo_campaign
from desk.store import open_campaign
from desk.ui.orders.drafts import CampaignKey, Draft, DraftStore

pytestmark = pytest.mark.benchmark
ROUNDS = 400


def _per_call(work: Any) -> float:
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return median(times) * 1000


def test_draft_write_per_keystroke(tmp_path: Path) -> None:
    store = DraftStore(folder=tmp_path, key=CampaignKey("/c.desk", 1, "2026-12-01T00:00:00"))
    fields = {"rate": "fast", "destination": "Plancenoit church", "fire": True}
    one = [Draft(1, 3, 7, "1/5e Ligne", "Advance in column on Plancenoit ch", fields)]
    forty = [Draft(1, 3, n, f"unit {n}", "Advance in column on Plancenoit church " * 3, fields)
             for n in range(40)]
    ms_one, ms_forty = _per_call(lambda: store.write(one)), _per_call(lambda: store.write(forty))
    print(f"\ndraft write: {ms_one:.3f} ms (1 draft), {ms_forty:.3f} ms (40 drafts, "
          f"{store.path.stat().st_size:,} bytes)")
    assert ms_forty < 8.0


def test_keystroke_into_the_form_with_and_without_the_draft(qtbot: QtBot, tmp_path: Path) -> None:
    from desk.ui.app import build_window

    path = tmp_path / "ba.desk"
    create_demo_campaign(target=path, rules_system="belle-alliance")
    with open_campaign(path) as campaign:
        window = build_window(store=campaign, drafts_dir=tmp_path / "drafts")
        qtbot.addWidget(window)
        window.select_unit(window.table_model.rows()[2].unit_id)
        edit = window.form.verbatim_edit

        def key() -> None:
            QTest.keyClick(edit, Qt.Key.Key_A)
            if len(edit.toPlainText()) > 60:
                edit.clear()

        kept = _per_call(key)
        store, window.drafts.store = window.drafts.store, None
        bare = _per_call(key)
        window.drafts.store = store
        print(f"\nkeystroke into the order form: {kept:.3f} ms with the draft written, "
              f"{bare:.3f} ms without")
        assert kept - bare < 8.0
