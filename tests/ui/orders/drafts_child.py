"""The first desk of the kill test: the real window types part of an order, then waits.

Run as ``python drafts_child.py CAMPAIGN READY SETTINGS`` with
``QT_QPA_PLATFORM=offscreen`` and ``DESK_DATA_DIR`` set. It opens the campaign
the way ``desk`` does (:class:`desk.ui.app.Desk`), types into the order form
with key events, writes what the form shows to READY (JSON, then renamed into
place so the test never reads half of it) and sits in the event loop until
the test kills it with SIGKILL.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from desk.ui.app import Desk, _application
from desk.ui.settings import Settings

UNIT = "1/5e Ligne"


def main(campaign: str, ready: Path, settings_file: str) -> int:
    app = _application()
    desk = Desk(Settings(QSettings(settings_file, QSettings.Format.IniFormat)))
    if not desk.open(campaign):
        return 1
    window = desk.window
    assert window is not None  # opened just above
    window.select_unit(next(r.unit_id for r in window.table_model.rows() if r.unit == UNIT))
    form = window.form
    # the rate set by hand first: the words written after ("hold") no longer move it
    QTest.keyClick(form.editors["rate"], Qt.Key.Key_Down)  # normal (default) → fast
    QTest.keyClicks(form.verbatim_edit, "Advance in column on Plancenoit ch")
    QTest.keyClick(form.verbatim_edit, Qt.Key.Key_Return)
    QTest.keyClicks(form.verbatim_edit, "then hold the ridg")
    QTest.keyClicks(form.editors["destination"], "Plancenoit church")
    QTest.keyClick(form.editors["fire"], Qt.Key.Key_Space)
    verbatim, fields = form.draft_values()
    partial = ready.with_name(ready.name + ".part")
    partial.write_text(json.dumps({"verbatim": verbatim, "fields": fields,
                                   "pid": os.getpid()}), encoding="utf-8")
    os.replace(partial, ready)
    return int(app.exec())  # until killed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], Path(sys.argv[2]), sys.argv[3]))
