"""Sheets print the same without reportlab's C accelerator (issue 28).

The desk takes ``rl_accel`` as a dependency only where PyPI has wheels for it;
elsewhere reportlab runs its pure-Python path. A fillable sheet rendered in a
process where the accelerator is hidden (as reportlab's own tests hide it) has
the same fields, values and pages as one rendered here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sheet_samples import french_sheet, pdf_fields, pdf_pages

from desk.sheets import OrderSheet

_CHILD = """
import json, sys
sys.modules["_rl_accel"] = None  # reportlab falls back on its pure-Python path
sys.path.insert(0, sys.argv[1])
from reportlab.lib import rl_accel
from sheet_samples import french_sheet, pdf_fields, pdf_pages
from desk.sheets import OrderSheet
pdf = OrderSheet().render(french_sheet(fillable=True))
print(json.dumps({"accelerated": bool(rl_accel._c_funcs), "pages": pdf_pages(pdf),
                  "fields": {k: str(v) for k, v in pdf_fields(pdf).items()}}))
"""


def test_a_fillable_sheet_prints_the_same_without_the_accelerator() -> None:
    here = Path(__file__).resolve().parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(here.parent.parent),
                                                      os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", _CHILD, str(here)], capture_output=True,
                          text=True, env=env, check=True, timeout=300)
    pure = json.loads(done.stdout.strip().splitlines()[-1])
    pdf = OrderSheet().render(french_sheet(fillable=True))
    assert pure["accelerated"] is False
    assert pure["pages"] == pdf_pages(pdf)
    assert pure["fields"] == {k: str(v) for k, v in pdf_fields(pdf).items()}
    assert len(pure["fields"]) > 10
