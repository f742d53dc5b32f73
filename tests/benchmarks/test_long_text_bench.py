"""Benchmark: printing a sheet whose order has a 30,000-character field (issue 14, defect 9).

fit() used to take one character off at a time, measuring the whole rest each time:
quadratic, 21 s for one such order. It now halves the cut (about 16 measurements).
Prints the time with the old fit() and the new one; no timing is asserted.
Run: ``.venv/bin/python -m pytest tests/benchmarks/test_long_text_bench.py -s``.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "sheets"))
from sheet_samples import french_sheet

from desk.sheets import OrderSheet, SheetMode, field_cells

LENGTH = 30_000
pytestmark = pytest.mark.benchmark


def one_at_a_time(text: str, font: str, size: float, width: float) -> str:
    """fit() as it was before the fix."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _seconds() -> float:
    model = french_sheet(mode=SheetMode.FILLED)
    first = model.units[0]
    assert first.values is not None
    long = ("Plancenoit church by the lane " * (LENGTH // 30 + 1))[:LENGTH]
    model = replace(model, units=(replace(first, values={**first.values, "destination": long}),
                                  *model.units[1:]))
    started = time.perf_counter()
    OrderSheet().render(model)
    return time.perf_counter() - started


def test_a_sheet_with_a_30000_character_order_before_and_after(
        monkeypatch: pytest.MonkeyPatch) -> None:
    after = _seconds()
    with monkeypatch.context() as patched:
        patched.setattr(field_cells, "fit", one_at_a_time)
        before = _seconds()
    print(f"\nsheet with a {LENGTH:,}-character order: {before:.2f} s with the old fit(), "
          f"{after:.3f} s with the new one ({before / after:.0f}x)")
