"""What it costs that the campaign file alone holds every commit (issue 14, defect 4).

Run on demand: ``python tests/benchmarks/bench_commit.py [rounds]`` (not collected
by pytest). On a Belle Alliance campaign of 2,000 units and 20 closed bounds it
times, end to end (session, service, COMMIT and whatever follows it), 200 order
saves, each in its own transaction as the window makes them, then the close of
the open bound (without its backup), then reopens it for the next round. Each
variant has its own copy of the campaign, all open in one process, their saves
and closes interleaved so that a busy moment of the machine hits them alike:

- ``wal``: WAL, no checkpoint after the commit (the desk before issue 14);
- ``passive`` / ``full`` / ``truncate``: WAL and ``PRAGMA wal_checkpoint(MODE)``
  after each transaction that wrote (the desk uses FULL);
- ``full-normal``: the same FULL checkpoint with ``synchronous=NORMAL`` (the
  commit itself not synced; the checkpoint syncs the WAL, then the file);
- ``delete``: a rollback journal (``journal_mode=DELETE``), no WAL at all.

The campaign file must sit on a real disk (fsync is what costs; /tmp may be
memory): the files go to ``~/.cache/umpires-desk-bench`` unless BENCH_DIR says
where.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from statistics import median
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from desk.store.session import CampaignStore

HERE = Path(__file__).resolve().parent
VARIANTS = ("wal", "passive", "full", "truncate", "full-normal", "delete")
UNITS, BOUNDS, SAVES = 2_000, 20, 200


def _open(variant: str, template: Path, work: Path) -> CampaignStore:
    """A store on a fresh copy of ``template``, its engine set up as ``variant`` says."""
    from desk.store import backup_sqlite, engine, open_campaign

    plain = engine._sqlite_pragmas

    def pragmas(*, read_only: bool, foreign_keys: bool, busy_timeout_ms: int) -> list[str]:
        found = plain(read_only=read_only, foreign_keys=foreign_keys,
                      busy_timeout_ms=busy_timeout_ms)
        if variant == "delete":
            return [p.replace("journal_mode=WAL", "journal_mode=DELETE") for p in found]
        if variant == "full-normal":
            return [p.replace("synchronous=FULL", "synchronous=NORMAL") for p in found]
        return found

    for end in ("", "-wal", "-shm", ".lock"):
        work.with_name(work.name + end).unlink(missing_ok=True)
    backup_sqlite(store_or_path=template, dest=work)
    engine._sqlite_pragmas = pragmas
    checkpoint = variant.split("-")[0].upper()
    engine.CHECKPOINT = checkpoint if checkpoint in ("PASSIVE", "FULL", "TRUNCATE") else None
    try:
        return open_campaign(work, backup_dir=work.parent / "backups")
    finally:
        engine._sqlite_pragmas = plain
        engine.CHECKPOINT = "FULL"


def _timed(store: CampaignStore, fn: Callable[..., object], **kwargs: object) -> float:
    start = time.perf_counter()
    with store.session() as session:
        fn(session=session, **kwargs)
    return time.perf_counter() - start


def main() -> None:
    from desk.services.bounds.close import close_bound
    from desk.services.bounds.reopen import reopen_bound
    from desk.services.orders.write import write_order

    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    folder = Path(os.environ.get("BENCH_DIR", Path.home() / ".cache" / "umpires-desk-bench"))
    folder.mkdir(parents=True, exist_ok=True)
    template = folder / "template.desk"
    if not template.exists():
        sys.path.insert(0, str(HERE))
        from campaign_factory import make_campaign

        make_campaign(template, units=UNITS, bounds=BOUNDS)
    print(f"{template}: {template.stat().st_size / 1e6:.1f} MB, {rounds} rounds")
    stores = {v: _open(v, template, folder / f"{v}.desk") for v in VARIANTS}
    with next(iter(stores.values())).session() as session:
        battle = int(session.connection().exec_driver_sql("SELECT id FROM battle").scalar_one())
    saves: dict[str, list[float]] = {v: [] for v in VARIANTS}
    closes: dict[str, list[float]] = {v: [] for v in VARIANTS}
    for n in range(rounds):
        for unit_id in range(1, SAVES + 1):  # interleaved: a busy moment hits every variant
            for variant, store in stores.items():
                saves[variant].append(_timed(store, write_order, battle_id=battle,
                                             unit_id=unit_id, fields={"destination": "ridge"},
                                             verbatim=f"order {n}.{unit_id}"))
        for variant, store in stores.items():
            closes[variant].append(_timed(store, close_bound, battle_id=battle, backup=False))
        for store in stores.values():  # bound 20 open again, for the next round
            with store.session() as session:
                reopen_bound(session=session, battle_id=battle, discard_next=True, backup=False)
    for store in stores.values():
        store.close()
    print(f"{'variant':<12} {'order save, ms: median, p90':>28} {'close, ms: best, median':>26}")
    for variant in VARIANTS:
        done = sorted(saves[variant])
        closed = sorted(closes[variant])
        print(f"{variant:<12} {median(done) * 1000:18.1f} {done[len(done) * 9 // 10] * 1000:9.1f}"
              f" {closed[0] * 1000:16.0f} {median(closed) * 1000:9.0f}")


if __name__ == "__main__":
    main()
