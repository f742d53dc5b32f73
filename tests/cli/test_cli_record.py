"""``desk record`` and the bound report's "The bound's record" (issue 30), run as real
processes on a played demo: every unit's line, the PDF read back with pypdf, the refusal
of an open bound in one sentence."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_run import desk
from demo_cache import DemoCache
from pypdf import PdfReader
from record_play import play_two_bounds


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory, demo_cache: DemoCache) -> Path:
    path = demo_cache.copy(system="belle-alliance",
                           dest=tmp_path_factory.mktemp("record") / "record.desk")
    play_two_bounds(path)
    return path


def test_desk_record_prints_every_unit_of_the_last_closed_bound(played: Path) -> None:
    done = desk("record", str(played))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "the record of bound 2 (" in lines[0] and ": 62 units." in lines[0]
    assert "  Lobau and staff (French): no order: continues its bound 1 order: normal to the " \
           "mill" in lines
    assert "  1/5e Ligne (French): order applied: normal to the wood, column of march" in lines
    assert any(line.startswith("    column of attack, disorder none") and "→ column of march"
               in line for line in lines)
    assert "    Bound 2: became LD (BA-12)" in lines
    assert sum(1 for line in lines if line.startswith("  ") and not line.startswith("   ")
               and "): " in line) == 62
    first = desk("record", str(played), "--bound", "1")
    assert first.returncode == 0 and "the record of bound 1" in first.stdout
    assert "  Lobau and staff (French): order applied: normal to the mill" in first.stdout


def test_desk_record_refuses_an_open_bound_in_one_sentence(played: Path) -> None:
    done = desk("record", str(played), "--bound", "3")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip().endswith(
        "bound 3 is still open: its record is written when it closes")
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_the_bound_report_of_a_closed_bound_has_its_record(played: Path,
                                                         tmp_path: Path) -> None:
    pdf = tmp_path / "report.pdf"
    done = desk("report", str(played), "--bound", "2", "-o", str(pdf))
    assert done.returncode == 0, done.stderr
    flat = " ".join(" ".join(p.extract_text() for p in PdfReader(pdf).pages).split())
    assert "The bound's record" in flat
    assert "What it did" in flat and "State before → after" in flat
    assert "continues its bound 1 order: normal to the mill" in flat
    assert "order applied: normal to the wood, column of march" in flat
    assert "Bound 2: became LD (BA-12)" in flat and "disorder LD" in flat
    opened = tmp_path / "open.pdf"
    assert desk("report", str(played), "--bound", "3", "-o", str(opened)).returncode == 0
    assert "The bound's record" not in " ".join(p.extract_text()
                                                for p in PdfReader(opened).pages)
