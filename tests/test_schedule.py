"""The modules tests/schedule.py starts first are still there (a renamed one would quietly
go back to its place in the queue and might run alone at the end)."""

from pathlib import Path

from schedule import START_FIRST

ROOT = Path(__file__).resolve().parent.parent


def test_each_module_started_first_exists_once() -> None:
    assert len(set(START_FIRST)) == len(START_FIRST)
    missing = [path for path in START_FIRST if not (ROOT / path).is_file()]
    assert missing == []
