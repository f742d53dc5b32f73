"""The desk's log file: plain lines for what the desk set right by itself.

A draft file that could not be read back, a draft that no longer fits its
unit: the umpire is not asked, but the organiser can see afterwards what was
dropped and why. The file sits beside the crash reports of
:mod:`desk.ui.crash` (``<data dir>/logs/desk.log``), one line per event.
"""

from __future__ import annotations

import logging
from pathlib import Path

LOG_NAME = "desk.log"
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def install(*, log_dir: Path) -> Path | None:
    """Send the ``desk`` loggers' warnings to ``log_dir/desk.log``; its path, or None.

    Called once per process; again, it adds nothing. A folder that cannot be
    made leaves the log on stderr (Python's last resort), never stops the desk.
    """
    logger = logging.getLogger("desk")
    path = log_dir / LOG_NAME
    for handler in logger.handlers:
        if isinstance(handler, logging.FileHandler) \
                and Path(handler.baseFilename) == path.absolute():
            return path
    try:
        log_dir.mkdir(parents=True, exist_ok=True)
        handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(_FORMAT))
    logger.addHandler(handler)
    if logger.level == logging.NOTSET or logger.level > logging.INFO:
        logger.setLevel(logging.INFO)
    return path
