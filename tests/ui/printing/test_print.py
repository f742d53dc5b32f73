"""The Print menu: a PDF rendered off the GUI thread, written to the chosen file, read back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.printing import views as sheets_view


def test_chart_pdf_is_written_off_the_gui_thread_and_reads_back(
        make_window: Any, qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window("belle-alliance")
    model = window.ops.read(lambda s: sheets_view.chart_model(session=s))
    done: list[Path] = []
    target = tmp_path / "chart.pdf"
    window.files.render_pdf(model, target, then=done.append)
    qtbot.waitUntil(lambda: done == [target], timeout=30000)
    text = "".join(page.extract_text() for page in PdfReader(target).pages)
    assert "BA-14" in text or "charge" in text.casefold()
    assert scripted(window).errors == []

