"""A fatal error (a crash in C code, CPython's own abort) leaves its trace in the desk's log.

Python cannot catch a segmentation fault or ``Fatal Python error: none_dealloc``;
faulthandler, enabled by the window's start-up on ``fatal.log`` in the folder of
the crash logs, writes the file and line of every thread before the process
dies. The crash is real: a child process runs the desk's own ``run_app`` on a
demo campaign and faults inside the event loop.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from desk.services.campaign.scenarios import create_demo_campaign
from desk.ui import crash

CHILD = textwrap.dedent('''
    import faulthandler
    import sys

    from PySide6.QtCore import QTimer

    from desk.ui import app


    def crash_in_the_event_loop():
        faulthandler._sigsegv()  # what a C extension's bad pointer does


    make_application = app._application


    def application():
        made = make_application()
        QTimer.singleShot(300, crash_in_the_event_loop)
        return made


    app._application = application
    sys.exit(app.run_app(target=sys.argv[1], read_only=False))
''')


def test_a_fatal_error_in_the_window_is_traced_in_the_log(tmp_path: Path) -> None:
    campaign = tmp_path / "demo.desk"
    create_demo_campaign(target=campaign, rules_system="belle-alliance")
    script = tmp_path / "crashing_desk.py"
    script.write_text(CHILD, encoding="utf-8")
    data = tmp_path / "data"
    env = {**os.environ, "DESK_DATA_DIR": str(data), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, str(script), str(campaign)], env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode != 0, "the child should have died of its fault"
    log = data / "logs" / crash.FATAL_LOG
    assert log.is_file(), f"no {log}; the child said: {done.stderr[-2000:]}"
    trace = log.read_text(encoding="utf-8")
    assert trace.startswith("== desk started ")
    assert "Fatal Python error: Segmentation fault" in trace
    line = next(n for n, text in enumerate(CHILD.splitlines(), 1) if "_sigsegv()" in text)
    assert f'File "{script}", line {line} in crash_in_the_event_loop' in trace, trace


def test_each_start_adds_one_line_and_a_big_log_moves_aside(tmp_path: Path) -> None:
    # In a child process: enabling the desk's fault log here would take faulthandler
    # away from pytest, and a later crash in the suite would then leave no trace.
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / crash.FATAL_LOG).write_text("x" * (crash.FATAL_LOG_LIMIT + 1), encoding="utf-8")
    child = ("import faulthandler, sys; from pathlib import Path; from desk.ui import crash; "
             "log = crash.enable_fault_log(log_dir=Path(sys.argv[1])); "
             "sys.exit(0 if log is not None and faulthandler.is_enabled() else 3)")
    done = subprocess.run([sys.executable, "-c", child, str(logs)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (logs / (crash.FATAL_LOG + ".1")).stat().st_size == crash.FATAL_LOG_LIMIT + 1
    assert (logs / crash.FATAL_LOG).read_text(encoding="utf-8").startswith("== desk started")


def test_an_unwritable_log_folder_does_not_stop_the_desk(tmp_path: Path) -> None:
    blocker = tmp_path / "logs"
    blocker.write_text("a file where the folder should be")
    assert crash.enable_fault_log(log_dir=blocker) is None
