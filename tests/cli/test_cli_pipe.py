"""``desk … | head``: the reader closing the pipe early ends the command quietly (issue 30,
"small things that cost minutes"): no "Broken pipe" line, no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "services"))

from scenario import generated

from desk.services.oob.importer import create_campaign_file


def test_a_reader_that_stops_early_gets_no_broken_pipe_line(tmp_path: Path) -> None:
    path = tmp_path / "big.desk"
    create_campaign_file(path=path, data=generated("belle-alliance", units=200))
    child = subprocess.Popen([sys.executable, "-m", "desk", "export-units", str(path)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    # The reader goes before the desk has written a line (as `head` does once it has its
    # lines): the desk's first write meets the closed pipe, whatever its size.
    child.stdout.close()
    err = child.stderr.read().decode()
    code = child.wait(timeout=120)
    assert err == "", err
    assert code == 141
