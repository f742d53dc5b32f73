"""``desk serve`` as a real process on a free loopback port, for the players' pages tests
(issue 32): the web tests, the evening scenario and the kill test start it alike."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_serve(campaign: Path, log: Path) -> tuple[subprocess.Popen[bytes], int]:
    """``desk serve CAMPAIGN`` on a free port, its output in ``log``; returned once its
    socket answers (a moment after the start line is printed), with the port."""
    port = free_port()
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "desk", "serve", str(campaign), "--bind",
             f"127.0.0.1:{port}"], stdout=out, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 60
    while True:
        assert server.poll() is None, log.read_text()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                return server, port
        except urllib.error.HTTPError:
            return server, port  # it answers (the root is a 404)
        except OSError:
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
