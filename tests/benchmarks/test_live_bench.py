"""How soon another umpire's change reaches a listening desk (issue 33: within 2 s).

On demand (``pytest tests/benchmarks/test_live_bench.py -s``): the Belle Alliance demo on
the test PostgreSQL server, a listener as the window runs it (desk.store.live), and
``ROUNDS`` orders written one after another from another store, each timed from its
commit to the notice's arrival on the listener's thread. Prints the median, the 99th
percentile and the worst, and asserts the worst under the issue's 2 seconds.
"""

from __future__ import annotations

import queue
import time
from statistics import median, quantiles

import pytest
from pg_umpires import demo_with_umpires
from sqlalchemy import text
from sqlalchemy.engine import make_url

from desk.services.orders.write import write_order
from desk.services.queries import order_table
from desk.store import open_campaign
from desk.store.live import Announcement, ChangeListener

pytestmark = pytest.mark.benchmark

ROUNDS = 200
WITHIN = 2.0


def test_a_committed_order_reaches_a_listening_desk_within_2_s(pg_campaign: str) -> None:
    url = demo_with_umpires(pg_campaign)
    heard: queue.Queue[tuple[float, Announcement]] = queue.Queue()
    listener = ChangeListener(make_url(url), on_status=lambda _: None,
                              on_change=lambda n: heard.put((time.perf_counter(), n)))
    listener.start()
    assert listener.listening.wait(10)
    waits: list[float] = []
    try:
        with open_campaign(url, umpire="Bruno") as store:
            with store.session() as session:
                battle = int(session.execute(text("SELECT id FROM battle")).scalar_one())
                units = [r.unit_id for r in order_table(session=session, battle_id=battle)]
            versions: dict[int, int | None] = {}
            for n in range(ROUNDS):
                unit = units[n % len(units)]
                with store.session() as session:
                    view = write_order(session=session, battle_id=battle, unit_id=unit,
                                       fields={"rate": "halt"}, verbatim=f"Hold, {n}",
                                       seen_version=versions.get(unit))
                committed = time.perf_counter()
                versions[unit] = view.version
                arrived, notice = heard.get(timeout=WITHIN)
                assert notice.units == {unit}
                waits.append(arrived - committed)
    finally:
        listener.stop()
    ms = sorted(w * 1000 for w in waits)
    p99 = quantiles(ms, n=100)[98]
    print(f"\nlive notice, commit to listener, {ROUNDS} orders: median {median(ms):.2f} ms, "
          f"p99 {p99:.2f} ms, worst {ms[-1]:.2f} ms (target: under {WITHIN * 1000:.0f} ms)")
    assert ms[-1] < WITHIN * 1000
