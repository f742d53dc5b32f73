"""Benchmark: fillable order sheets for 2,000 units against bare reportlab (run on demand).

Targets: the desk's fillable sheets take under twice the time bare reportlab
needs to draw the same form fields on plain pages (issue 8), where bare
reportlab runs WITHOUT its C accelerator ``rl_accel`` (issue 28: the floor is
reportlab as it installs bare; the desk takes the accelerator as a dependency
where wheels exist). Each figure runs in a fresh process, the accelerator
hidden (``sys.modules["_rl_accel"] = None``, as reportlab's own tests hide it)
or not; the desk's sheets with it (as installed) must take under twice the
floor. Both paths of both are printed.
Run: ``.venv/bin/python -m pytest tests/benchmarks/test_sheets_bench.py -s``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from io import BytesIO
from pathlib import Path
from typing import Any

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


def measure(what: str, units: int = UNITS) -> dict[str, Any]:
    """One figure, in this process: ``bare`` reportlab or the ``desk``'s sheets."""
    from reportlab.lib import rl_accel

    model = french_sheet(fillable=True, count=units) if what == "desk" else None
    renderer = OrderSheet()
    started = time.perf_counter()
    pdf = bare_reportlab(units) if model is None else renderer.render(model)
    return {"seconds": time.perf_counter() - started, "bytes": len(pdf),
            "pages": renderer.page_count if model is not None else units // 4,
            "accelerated": "fp_str" in rl_accel._c_funcs}


_CHILD = """
import json, sys
if sys.argv[2] == "hidden":
    sys.modules["_rl_accel"] = None  # reportlab falls back on its pure-Python path
sys.path.insert(0, sys.argv[3])
from test_sheets_bench import measure
print(json.dumps(measure(sys.argv[1])))
"""


def _run(what: str, accelerator: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path.cwd()),
                                                      os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", _CHILD, what, accelerator,
                           str(Path(__file__).resolve().parent)],
                          capture_output=True, text=True, env=env, check=True, timeout=1200)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_fillable_sheets_for_2000_units_within_twice_bare_reportlab() -> None:
    order = (("bare", "hidden"), ("desk", "shown"), ("bare", "shown"), ("desk", "hidden"))
    runs = {(what, accel): _run(what, accel) for what, accel in order}
    floor = runs["bare", "hidden"]["seconds"]
    fields = UNITS * (len(BA_FIELDS) + 1)
    print(f"\nfillable sheets, {fields} fields for {UNITS} units (load average "
          f"{os.getloadavg()[0]:.1f}); floor: bare reportlab without rl_accel {floor:.2f} s")
    for (what, _accel), run in runs.items():
        seconds = run["seconds"]
        label = f"{'bare reportlab' if what == 'bare' else 'desk sheets'}, " \
                f"{'with' if run['accelerated'] else 'without'} rl_accel"
        print(f"  {label:36s} {seconds:6.2f} s  × {seconds / floor:.2f}  "
              f"({run['pages']} pages, {run['bytes'] / 1e6:.1f} MB)")
    assert runs["bare", "hidden"]["accelerated"] is False
    assert runs["desk", "shown"]["seconds"] < 2 * floor
