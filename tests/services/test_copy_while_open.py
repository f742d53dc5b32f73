"""A copy of the campaign file made while the desk has it open holds every committed change.

Issue 14, defect 4: two orders entered, the ``.desk`` file copied with a file
manager while the window was open, and the copy had neither (they were in the
``-wal`` file). Each test copies the main file's bytes alone, as a file
manager does, after each commit, and opens the copy on its own.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from scenario import belle_alliance
from service_helpers import call, script

from desk.services.bounds.close import close_bound
from desk.services.bounds.reopen import reopen_bound
from desk.services.oob.importer import create_campaign_from_scenario
from desk.services.orders.write import write_order
from desk.services.queries import order_table
from desk.store import CampaignStore


def copied(store: CampaignStore, dest: Path) -> sqlite3.Connection:
    """The main file alone copied to ``dest`` (never its ``-wal``), opened on its own."""
    assert store.path is not None
    for end in ("", "-wal", "-shm"):
        dest.with_name(dest.name + end).unlink(missing_ok=True)
    shutil.copyfile(store.path, dest)
    return sqlite3.connect(dest)


def _orders_in(store: CampaignStore, dest: Path) -> list[str]:
    db = copied(store, dest)
    try:
        return [r[0] for r in db.execute("SELECT verbatim FROM unit_order ORDER BY id")]
    finally:
        db.close()


def test_every_order_saved_is_in_a_copy_of_the_main_file(store: CampaignStore,
                                                         tmp_path: Path) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    units = [r.unit_id for r in call(store, order_table, battle_id=info.battle_id)]
    assert _orders_in(store, tmp_path / "copy-0.desk") == []
    written = []
    for n, unit_id in enumerate(units, start=1):
        verbatim = f"Order {n}: advance on Plancenoit"
        script(store, write_order, battle_id=info.battle_id, unit_id=unit_id,
             fields={"destination": "Plancenoit"}, verbatim=verbatim)
        written.append(verbatim)
        assert _orders_in(store, tmp_path / f"copy-{n}.desk") == written


def test_a_close_and_a_reopen_are_in_a_copy_of_the_main_file(store: CampaignStore,
                                                             tmp_path: Path) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    call(store, close_bound, battle_id=info.battle_id, backup=False)
    db = copied(store, tmp_path / "closed.desk")
    with db:
        assert db.execute("SELECT current_bound FROM battle").fetchone() == (2,)
        assert db.execute("SELECT count(*) FROM unit_state us JOIN bound b ON b.id = "
                          "us.bound_id WHERE b.number = 2").fetchone() == (4,)
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    call(store, reopen_bound, battle_id=info.battle_id)
    db = copied(store, tmp_path / "reopened.desk")
    assert db.execute("SELECT current_bound FROM battle").fetchone() == (1,)
    db.close()


_READER = """
import sys, time
from sqlalchemy import text
from desk.store import open_campaign
with open_campaign(sys.argv[1], read_only=True) as store, store.session() as session:
    print(session.execute(text("SELECT count(*) FROM unit_order")).scalar_one(), flush=True)
    time.sleep(float(sys.argv[2]))  # a snapshot held while the writer commits
"""


def test_a_reader_in_another_process_does_not_keep_a_commit_out_of_the_main_file(
        store: CampaignStore, tmp_path: Path) -> None:
    """A read-only desk reading meanwhile: the writer's checkpoint waits for its snapshot."""
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    unit_id = call(store, order_table, battle_id=info.battle_id)[0].unit_id
    assert store.path is not None
    reader = subprocess.Popen([sys.executable, "-c", _READER, str(store.path), "1.0"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert reader.stdout is not None and reader.stdout.readline().strip() == "0"
        script(store, write_order, battle_id=info.battle_id, unit_id=unit_id,
             fields={"destination": "the ridge"}, verbatim="Hold the ridge")
        assert _orders_in(store, tmp_path / "after-reader.desk") == ["Hold the ridge"]
    finally:
        assert reader.wait(timeout=30) == 0


def test_desk_info_reads_the_campaign_while_the_desk_writes_it(store: CampaignStore,
                                                               tmp_path: Path) -> None:
    info = call(store, create_campaign_from_scenario, data=belle_alliance())
    unit_id = call(store, order_table, battle_id=info.battle_id)[0].unit_id
    call(store, close_bound, battle_id=info.battle_id, backup=False)
    assert store.path is not None
    shown = subprocess.run([sys.executable, "-m", "desk", "info", str(store.path)],
                           capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr
    assert "Current bound: 2 (open" in shown.stdout
    script(store, write_order, battle_id=info.battle_id, unit_id=unit_id,
         fields={"destination": "the ridge"}, verbatim="Hold the ridge")
    assert _orders_in(store, tmp_path / "after-info.desk") == ["Hold the ridge"]
