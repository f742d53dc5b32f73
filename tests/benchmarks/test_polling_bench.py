"""Benchmark: 50 players polling their pages while the umpire's window is open (issue 32;
run on demand: ``.venv/bin/python -m pytest tests/benchmarks/test_polling_bench.py -s``).

Targets (issue 32), on this 2-core machine: 50 players each reloading their page every
10 s for 5 minutes against ``desk serve`` on loopback, p99 ≤ 500 ms; and the desk's
window still responsive meanwhile, no frame longer than 50 ms.

Three processes, as at a club table: a real ``desk serve`` on a free loopback port; the
players, a separate process of 50 threads (one a player, each its own connection per
reload, as a browser without a cache: the pages say ``no-store``); and this process, the
umpire's desk window (``build_window`` over the same campaign file, held open for
writing, shown offscreen), whose event loop runs a 16 ms timer throughout: the longest
gap between two of its ticks is the longest frame the umpire would have seen.

By default it runs the issue's own 5 minutes. ``DESK_POLL_FACTOR`` compresses the time:
each player still reloads 30 times (the 5 minutes' worth at one reload per 10 s), but
every 10 s / factor, so the run lasts 300 s / factor and the server takes factor × the
real arrival rate: a harder load than the table's, never an easier one (at 2, 10 pages
a second, it misses both targets, marked xfail; at 5, 25 pages a second, one server
process cannot keep up: a brigade's page costs it about 50 ms of one core). Each
player starts at a random moment of the first interval and keeps its own beat (±10 %
jitter), so the arrivals are spread as 50 phones' would be, not synchronised.

The campaign: four sides of 500 units (tests/benchmarks/test_packets_bench.py), 50 of
their 100 brigades each played by one player (a brigade commander's page: his 20 units,
his side's situation). The pages are fetched without their map picture (a browser would
fetch it with each reload; it is measured apart by test_pages_bench.py).
"""

from __future__ import annotations

import itertools
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_packets_bench import SIDES, _four_sides

from desk.services.oob.importer import create_campaign_file
from desk.services.packets.players import add_player
from desk.services.pages.links import reissue_link
from desk.store import open_campaign

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

pytestmark = pytest.mark.benchmark
# Measured 2026-12-04 on this 2-core machine. Time ÷ 2 (load average 1.9): 9.8 pages/s,
# p50 189 ms, p99 1,566 ms; the window's longest gap 114 ms (99th percentile 18 ms). Time
# ÷ 1, the issue's own 5 minutes (load average 0.3): 4.9 pages/s, p50 77 ms, p99 429 ms,
# longest gap 20 ms: met; again later (load 0.4): p50 58 ms, p99 351 ms, longest gap 38 ms.
# One server process (its pages' CPU under one GIL, a new engine and its SQL compiled again
# for each request) is the limit at twice the real rate, which is expected to fail.
FACTOR = float(os.environ.get("DESK_POLL_FACTOR", "1"))
BEHIND = pytest.mark.xfail(FACTOR > 1, reason="faster than the real rate: at ÷ 2, p99 "
                           "~1.6 s and a 114 ms frame", strict=False)

PLAYERS = 50
RELOADS = 30  # each player's: 5 minutes at one every 10 s
EVERY = 10.0  # seconds between a player's reloads, before compression
TICK_MS = 16
P99_TARGET, FRAME_TARGET = 0.5, 0.05

# The players: one thread each, reloading on its own beat; prints every request's
# (status, seconds) as JSON when all are done.
_PLAYERS = """
import json, random, sys, threading, time, urllib.request, urllib.error
urls = json.loads(sys.argv[1]); reloads = int(sys.argv[2]); every = float(sys.argv[3])
random.seed(32)
results = []
lock = threading.Lock()
start = time.monotonic() + 0.5
def player(url, offset):
    due = start + offset
    for _ in range(reloads):
        time.sleep(max(0.0, due - time.monotonic()))
        began = time.monotonic()
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                response.read()
                status = response.status
        except urllib.error.HTTPError as refused:
            status = refused.code
        except OSError:
            status = 0
        with lock:
            results.append((status, time.monotonic() - began))
        due += every * random.uniform(0.9, 1.1)
threads = [threading.Thread(target=player, args=(u, random.uniform(0, every))) for u in urls]
for t in threads: t.start()
for t in threads: t.join()
print(json.dumps(results))
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _campaign(path: Path) -> list[str]:
    """The four sides' campaign with 50 brigade commanders; their links' paths."""
    create_campaign_file(path=path, data=_four_sides())
    paths = []
    with open_campaign(path) as store, store.session() as session:
        for number in range(PLAYERS):
            side = SIDES[number % len(SIDES)]
            name = f"Player {number + 1}"
            add_player(session=session, name=name, address=f"p{number + 1}@example.org",
                       side=side, command=f"{side} Brigade {number // len(SIDES) + 1}")
            paths.append(reissue_link(session=session, who=name).path)
    return paths


def _serve(path: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    with log.open("w") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "desk", "serve", str(path), "--bind", f"127.0.0.1:{port}"],
            stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 60
    while True:  # its line is printed, then the socket opens
        assert server.poll() is None, log.read_text()
        assert time.monotonic() < deadline, log.read_text()
        if "Serving the players' pages" in log.read_text():
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return server
            except OSError:
                pass
        time.sleep(0.1)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@BEHIND
def test_fifty_players_polling_while_the_window_stays_responsive(qtbot: QtBot,
                                                                tmp_path: Path) -> None:
    from PySide6.QtCore import QTimer

    from desk.ui.app import build_window

    path = tmp_path / "four.desk"
    links = _campaign(path)
    port = _free_port()
    server = _serve(path, port, tmp_path / "serve.out")
    store = open_campaign(path)  # the umpire's desk holds the file open, as the window does
    try:
        window = build_window(store=store, backup_dir=tmp_path / "backups",
                              drafts_dir=tmp_path / "drafts")
        qtbot.addWidget(window)
        window.resize(1440, 880)
        with qtbot.waitExposed(window):
            window.show()
        ticks: list[float] = []
        timer = QTimer()
        timer.setInterval(TICK_MS)
        timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
        timer.start()
        qtbot.wait(2_000)  # the window at rest: the gaps of an unloaded event loop
        quiet = max(b - a for a, b in itertools.pairwise(ticks[5:]))
        ticks.clear()
        urls = [f"http://127.0.0.1:{port}{link}" for link in links]
        started = time.perf_counter()
        players = subprocess.Popen(
            [sys.executable, "-c", _PLAYERS, json.dumps(urls), str(RELOADS),
             str(EVERY / FACTOR)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        qtbot.waitUntil(lambda: players.poll() is not None,
                        timeout=int((RELOADS * EVERY / FACTOR * 1.5 + 120) * 1000))
        elapsed = time.perf_counter() - started
        timer.stop()
        out, err = players.communicate()
        assert players.returncode == 0, err
    finally:
        store.close()
        server.terminate()
        server.wait(timeout=30)
    results = json.loads(out)
    seconds = [s for _status, s in results]
    statuses = sorted({status for status, _s in results})
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    p50, p99 = statistics.median(seconds), _percentile(seconds, 0.99)
    longest = max(gaps)
    print(f"\n{PLAYERS} players × {RELOADS} reloads every {EVERY / FACTOR:.1f} s (time ÷ "
          f"{FACTOR:g}: {len(results) / elapsed:.1f} pages/s for {elapsed:.0f} s; load average "
          f"{os.getloadavg()[0]:.1f}): p50 {p50 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
          f"slowest {max(seconds) * 1000:.0f} ms (target p99 ≤ {P99_TARGET * 1000:.0f} ms); "
          f"statuses {statuses}. Window: {len(ticks)} ticks of {TICK_MS} ms, longest gap "
          f"{longest * 1000:.0f} ms, 99th {_percentile(gaps, 0.99) * 1000:.0f} ms (target ≤ "
          f"{FRAME_TARGET * 1000:.0f} ms; at rest {quiet * 1000:.0f} ms)")
    assert len(results) == PLAYERS * RELOADS and statuses == [200]
    assert p99 <= P99_TARGET
    assert longest <= FRAME_TARGET
