"""``desk ARGS`` for a test, as the umpire's shell runs it: its exit code, stdout and stderr.

A subcommand runs in this process, through :func:`desk.cli.main` (what ``python -m desk``
calls), as tests/scenarios do: the same parser, handlers and one-line refusals, without
the 1.2 s a new Python pays to import SQLModel and the desk again — some 200 such
children made the command-line tests a quarter of the suite (issue 29). A real child
process is started where the process is what is under test: the window (``desk
CAMPAIGN``: Qt's own start-up, a missing display), or ``process=True``;
tests/cli/test_cli.py runs every call so, the command as a shell starts it.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Mapping
from contextlib import redirect_stderr, redirect_stdout
from functools import cache

TIMEOUT = 120  # seconds, for a child process


@cache
def _subcommands() -> frozenset[str]:
    from desk.cli import build_parser

    return frozenset(build_parser()[1])


def desk(*args: str, env: Mapping[str, str] | None = None,
         process: bool = False) -> subprocess.CompletedProcess[str]:
    """Run ``desk ARGS``; ``env``: the whole environment it sees (the desk reads its
    language and data folder from it on each call)."""
    if process or not args or args[0] not in _subcommands():
        return subprocess.run([sys.executable, "-m", "desk", *args], capture_output=True,
                              text=True, timeout=TIMEOUT,
                              env=dict(os.environ if env is None else env))
    from desk.cli import main

    out, err = io.StringIO(), io.StringIO()
    kept = dict(os.environ)
    if env is not None:
        os.environ.clear()
        os.environ.update(env)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(list(args))
    finally:
        if env is not None:
            os.environ.clear()
            os.environ.update(kept)
    return subprocess.CompletedProcess(["desk", *args], code, out.getvalue(), err.getvalue())


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    """The refusal of a failed call: exactly one line on stderr, no traceback."""
    assert result.returncode != 0, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr and lines[0].startswith("desk: ")
    return lines[0]
