"""Speed of the courier desk (run on demand: pytest tests/benchmarks -s).

Target (issue 21): closing a bound with 500 dispatches in transit among 2,000
placed units stays within 2 × the same close without dispatches (same run).
Each dispatch is due at the next bound, so the close delivers all 500 as the
recipients' orders through the orders' own checks.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import insert

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "services"))

from scenario import generated

from desk.services.bounds.close import close_bound
from desk.services.oob.importer import create_campaign_from_scenario
from desk.store import CampaignStore, open_campaign
from desk.store.tables.bounds import Bound
from desk.store.tables.couriers import Dispatch
from desk.store.tables.oob import Command, Leader, Unit
from desk.store.tables.positions import Position

pytestmark = pytest.mark.benchmark


def _campaign(path: Path, *, dispatches: int) -> tuple[CampaignStore, int]:
    store = open_campaign(path, create=True, backup_dir=path.parent / "backups")
    with store.session() as session:
        info = create_campaign_from_scenario(session=session,
                                             data=generated("belle-alliance", units=2_000))
    with store.session() as session:
        bound = session.query(Bound).filter_by(battle_id=info.battle_id, number=1).one()
        units = session.query(Unit).all()
        connection = session.connection()
        connection.execute(insert(Position.__table__), [  # type: ignore[attr-defined]
            {"unit_id": u.id, "bound_id": bound.id, "hex": "", "x": float(i % 50 * 10),
             "y": float(i // 50 * 10), "source": "scenario", "created_at": bound.closed_at
             or __import__("datetime").datetime.now(__import__("datetime").UTC)}
            for i, u in enumerate(units)])
        command = session.query(Command).filter_by(side_id=units[0].side_id).first()
        assert command is not None
        leader = Leader(side_id=units[0].side_id, name="Marshal")
        session.add(leader)
        session.flush()
        own = [u for u in units if u.side_id == units[0].side_id]
        for seq, unit in enumerate(own[:dispatches], start=1):
            session.add(Dispatch(battle_id=info.battle_id, bound_id=bound.id or 0, seq=seq,
                                 writer_id=leader.id or 0, writer_command_id=command.id or 0,
                                 to_unit_id=unit.id, text="Advance on the ridge",
                                 fields={"destination": "the ridge"}, delay_bounds=1,
                                 due_bound=2))
    return store, info.battle_id


def _close(store: CampaignStore, battle: int) -> float:
    with store.session() as session:
        start = time.perf_counter()
        report = close_bound(session=session, battle_id=battle, backup=False)
        elapsed = time.perf_counter() - start
    print(f"  delivered {report.dispatches_delivered}")
    return elapsed


def test_closing_with_500_dispatches_stays_within_twice_the_plain_close(tmp_path: Path) -> None:
    plain, battle = _campaign(tmp_path / "plain.desk", dispatches=0)
    carried, battle2 = _campaign(tmp_path / "carried.desk", dispatches=500)
    without = _close(plain, battle)
    with_dispatches = _close(carried, battle2)
    print(f"\nclose of 2,000 placed units: {without * 1000:.0f} ms; with 500 dispatches "
          f"delivered: {with_dispatches * 1000:.0f} ms (× {with_dispatches / without:.2f})")
    plain.close()
    carried.close()
    assert with_dispatches < 2 * without
