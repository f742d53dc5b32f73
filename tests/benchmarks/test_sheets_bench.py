"""Benchmark: fillable order sheets for 2,000 units against bare reportlab (run on demand).

Target (issue 8): the desk's fillable sheets take under twice the time bare
reportlab needs to draw the same form fields on plain pages, in the same run.
Run: ``.venv/bin/python -m pytest tests/benchmarks/test_sheets_bench.py -s``.
"""

from __future__ import annotations

import sys
import time
from io import BytesIO
from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "sheets"))
from sheet_samples import BA_FIELDS, french_sheet

from desk.rules.base import FieldKind
from desk.sheets import OrderSheet

UNITS = 2_000
pytestmark = pytest.mark.benchmark


def bare_reportlab(units: int) -> bytes:
    """The same fields (kinds, sizes, options) drawn straight on a canvas, four units a page."""
    out = BytesIO()
    canvas = Canvas(out, pagesize=A4, invariant=1)
    form = canvas.acroForm
    for unit in range(units):
        y = 760 - (unit % 4) * 190
        for index, spec in enumerate(BA_FIELDS):
            x, name = 40 + (index % 4) * 130, f"c7-b3-u{unit}-{spec.name}"
            row_y = y - (index // 4) * 30
            if spec.kind is FieldKind.FLAG:
                form.checkbox(name=name, x=x, y=row_y, size=9.5, fieldFlags="")
            elif spec.kind is FieldKind.CHOICE:
                form.choice(name=name, value="(default)", x=x, y=row_y, width=120, height=9.5,
                            options=[("(default)", "")] + [(c, c) for c in spec.choices],
                            fontName="Helvetica", fontSize=8)
            else:
                form.textfield(name=name, x=x, y=row_y, width=120, height=9.5,
                               fontName="Helvetica", fontSize=8)
        form.textfield(name=f"c7-b3-u{unit}-verbatim", x=40, y=y - 100, width=500, height=33,
                       fieldFlags="multiline", maxlen=0, fontName="Helvetica", fontSize=9)
        if unit % 4 == 3:
            canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_fillable_sheets_for_2000_units_within_twice_bare_reportlab() -> None:
    model = french_sheet(fillable=True, count=UNITS)
    started = time.perf_counter()
    bare = bare_reportlab(UNITS)
    bare_seconds = time.perf_counter() - started
    renderer = OrderSheet()
    started = time.perf_counter()
    ours = renderer.render(model)
    our_seconds = time.perf_counter() - started
    fields = UNITS * (len(BA_FIELDS) + 1)
    print(f"\nbare reportlab: {fields} fields in {bare_seconds:.2f} s ({len(bare) / 1e6:.1f} MB)")
    print(f"desk sheets:    {fields} fields, {UNITS} units, {renderer.page_count} pages in "
          f"{our_seconds:.2f} s ({len(ours) / 1e6:.1f} MB); "
          f"ratio {our_seconds / bare_seconds:.2f} (target < 2)")
    assert our_seconds < 2 * bare_seconds
