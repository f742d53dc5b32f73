"""An unexpected error in the window: one plain message, the traceback in a log file."""

from __future__ import annotations

import sys
from pathlib import Path

from desk.ui import crash


def _raise_inside() -> None:
    raise ZeroDivisionError("division by zero\nsecond line")


def test_unexpected_error_is_one_message_and_a_log(tmp_path: Path) -> None:
    shown: list[tuple[str, str]] = []
    try:
        _raise_inside()
    except ZeroDivisionError:
        kind, exc, tb = sys.exc_info()
        assert kind is not None and exc is not None
        log = crash.report_unexpected(kind, exc, tb, log_dir=tmp_path / "logs",
                                      show=lambda t, m: shown.append((t, m)))
    assert log is not None and "_raise_inside" in log.read_text(encoding="utf-8")
    [(title, message)] = shown
    assert title == "Something went wrong"
    assert "ZeroDivisionError: division by zero)" in message
    assert "second line" not in message and "Traceback" not in message
    assert "Your campaign is safe" in message and str(log) in message


def test_an_unwritable_log_folder_still_gives_the_message(tmp_path: Path) -> None:
    blocker = tmp_path / "logs"
    blocker.write_text("a file where the folder should be")
    shown: list[str] = []
    log = crash.report_unexpected(RuntimeError, RuntimeError("boom"), None, log_dir=blocker,
                                  show=lambda t, m: shown.append(m))
    assert log is None
    assert shown and "could not be written" in shown[0]


def test_install_routes_uncaught_errors_to_the_report(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shown: list[str] = []
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored after the test
    crash.install(log_dir=tmp_path, show=lambda t, m: shown.append(m))
    sys.excepthook(ValueError, ValueError("bad value"), None)
    assert shown and "ValueError: bad value" in shown[0]
    assert len(list(tmp_path.glob("crash-*.log"))) == 1
