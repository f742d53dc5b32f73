"""Benchmark: two umpires' desks, two real processes, 1,000 interleaved writes each on one
PostgreSQL campaign (issue 33; run on demand:
``.venv/bin/python -m pytest tests/benchmarks/test_two_umpires_bench.py -s``).

The issue's own count, with the checks of the suite's shorter run
(tests/services/test_two_umpires_pg.py, 2 × 200): every write a desk reports is in the
database, the versions add up, each row carries its umpire, and neither process printed
a raw database error. ``DESK_PG_WRITES`` changes the count (per desk).

Measured on this 2-core machine, shared with other work: 2 × 1,000 in about 85 s, some
700 conflicts on the shared unit retried. It grows faster than the count: each event on
the shared unit replays all of that unit's events of the bound
(desk/services/bounds/events.py, ``state_now``), so its 1,000 events cost about n²/2
replays; a real bound has a handful of events per unit.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from two_desks import desk_processes, interleave, shared_campaign

pytestmark = [pytest.mark.postgres, pytest.mark.benchmark]

WRITES = int(os.environ.get("DESK_PG_WRITES", "1000"))


def test_two_desks_a_thousand_writes_each(pg_campaign: str, tmp_path: Path) -> None:
    with desk_processes() as desks:
        print("\n" + interleave(shared_campaign(pg_campaign), tmp_path, desks, writes=WRITES))
