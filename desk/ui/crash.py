"""The last line of defence: an unexpected error becomes one dialog and a log file.

A traceback means nothing to an umpire with players waiting; it goes to a file
for the bug report, and the dialog says in one sentence what happened and that
the campaign is safe (every change is committed as it is made, so an error in
the window cannot lose what was saved before it).

A fatal error (a crash in C code, CPython's own abort) cannot be caught by
Python; :func:`enable_fault_log` has ``faulthandler`` write its trace, with
the file and line of every thread, to ``fatal.log`` in the same folder.
"""

from __future__ import annotations

import faulthandler
import os
import sys
import traceback
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TextIO

from PySide6.QtCore import QCoreApplication

ShowFn = Callable[[str, str], None]
FATAL_LOG = "fatal.log"
FATAL_LOG_LIMIT = 256 * 1024  # past this the old traces move to fatal.log.1 at the next start


def report_unexpected(exc_type: type[BaseException], exc: BaseException,
                      tb: TracebackType | None, *, log_dir: Path, show: ShowFn) -> Path | None:
    """Write the traceback to a log file and show one plain message; return the log's path."""
    log: Path | None = None
    where = QCoreApplication.translate("Crash", "The details could not be written to a file.")
    try:
        log_dir.mkdir(parents=True, exist_ok=True)
        path = log_dir / f"crash-{datetime.now():%Y%m%d-%H%M%S-%f}.log"
        path.write_text("".join(traceback.format_exception(exc_type, exc, tb)), encoding="utf-8")
        log, where = path, QCoreApplication.translate(
            "Crash", "The details are in {path}.").format(path=path)
    except OSError:
        pass  # the message still goes out: the umpire must hear of the error
    first = (str(exc).splitlines() or [""])[0]
    show(QCoreApplication.translate("Crash", "Something went wrong"),
         QCoreApplication.translate(
             "Crash", "The desk hit an unexpected error ({error}). Your campaign is safe: "
             "every change is saved as it is made. {where}").format(
                 error=f"{exc_type.__name__}: {first}", where=where))
    return log


def install(*, log_dir: Path, show: ShowFn) -> None:
    """Route uncaught exceptions (in Qt slots too) to :func:`report_unexpected`."""

    def hook(exc_type: type[BaseException], exc: BaseException,
             tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        report_unexpected(exc_type, exc, tb, log_dir=log_dir, show=show)

    sys.excepthook = hook


def enable_fault_log(*, log_dir: Path) -> TextIO | None:
    """Have fatal errors write their trace to ``log_dir/fatal.log``; return the open file.

    faulthandler holds the file object, so it stays open until the handler is
    disabled (never, in the desk: to the process's end); it writes to the
    descriptor at the moment of the crash, when nothing could be opened. Each
    start adds one line, so a trace says which run it ended. None when the
    folder cannot be written: the desk starts all the same.
    """
    path = log_dir / FATAL_LOG
    try:
        log_dir.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > FATAL_LOG_LIMIT:
            path.replace(path.with_name(FATAL_LOG + ".1"))
        log = path.open("a", encoding="utf-8")
        log.write(f"== desk started {datetime.now():%Y-%m-%d %H:%M:%S}, pid {os.getpid()}\n")
        log.flush()
    except OSError:
        return None
    faulthandler.enable(file=log, all_threads=True)
    return log
