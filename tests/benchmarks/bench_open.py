"""Speed figures for opening a campaign (run on demand: ``python tests/benchmarks/bench_open.py``).

Not collected by pytest (no ``test_`` prefix). Prints: create time, open time of
a current file (no alembic import), probe (quick_check) time, backup time, for
a campaign of 200 units x 60 bounds of orders and states (24,000 rows).
"""

import sys
import tempfile
import time
from pathlib import Path

from desk.store import open_campaign, take_backup
from desk.store.probe import probe_sqlite
from desk.store.tables.bounds import Bound, Order, UnitState
from desk.store.tables.campaign import Battle, Campaign
from desk.store.tables.oob import Command, Side, Unit

UNITS, BOUNDS = 200, 60


def _fill(path: Path, backups: Path) -> None:
    with open_campaign(path, create=True, backup_dir=backups) as store, store.session() as s:
        campaign = Campaign(name="Bench", rules_system="belle-alliance")
        s.add(campaign)
        s.flush()
        assert campaign.id is not None
        battle, side = Battle(campaign_id=campaign.id, name="B"), Side(campaign_id=campaign.id,
                                                                       name="French")
        s.add_all([battle, side])
        s.flush()
        assert battle.id is not None and side.id is not None
        command = Command(side_id=side.id, name="VI Corps")
        s.add(command)
        s.flush()
        assert command.id is not None
        units = [Unit(side_id=side.id, command_id=command.id, name=f"u{i}", arm="infantry",
                      unit_type="line-infantry", strength=24) for i in range(UNITS)]
        bounds = [Bound(battle_id=battle.id, number=n + 1) for n in range(BOUNDS)]
        s.add_all([*units, *bounds])
        s.flush()
        for bound in bounds:
            for unit in units:
                assert bound.id is not None and unit.id is not None
                s.add(Order(bound_id=bound.id, unit_id=unit.id, verbatim="Advance on Plancenoit",
                            fields={"movement": "advance", "formation": "column"}))
                s.add(UnitState(bound_id=bound.id, unit_id=unit.id, formation="column"))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path, backups = folder / "bench.sqlite", folder / "backups"
        started = time.perf_counter()
        open_campaign(folder / "empty.sqlite", create=True, backup_dir=backups).close()
        print(f"create an empty campaign (migrate to head): {time.perf_counter() - started:.3f} s")
        started = time.perf_counter()
        _fill(path, backups)
        print(f"fill {UNITS} units x {BOUNDS} bounds: {time.perf_counter() - started:.2f} s, "
              f"{path.stat().st_size / 1e6:.1f} MB")
        started = time.perf_counter()
        probe_sqlite(path)
        print(f"probe (read-only look + quick_check): {time.perf_counter() - started:.3f} s")
        started = time.perf_counter()
        store = open_campaign(path, backup_dir=backups)
        print(f"open a current campaign: {time.perf_counter() - started:.3f} s "
              f"(alembic imported: {'alembic' in sys.modules})")
        started = time.perf_counter()
        take_backup(store_or_path=store, backup_dir=backups)
        print(f"backup while open: {time.perf_counter() - started:.3f} s")
        store.close()


if __name__ == "__main__":
    main()
