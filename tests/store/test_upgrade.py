"""Opening a campaign from an older desk: backed up first, migrated, children kept.

A throwaway revision 9999 after the desk's head (in a copy of db/) alters
``unit`` through batch mode, the operation that rebuilds the table on SQLite.
"""

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from store_helpers import add_bound_1_with_order, add_little_oob

import desk.store.migrations as migrations
from desk.resources import migrations_dir
from desk.store import MigrationError, UpgradeNeededError, list_backups, open_campaign
from desk.store.engine import sqlite_engine
from desk.store.migrations import head_revision

HEAD = head_revision()  # the campaigns below are made at it; 9999 follows it

_REVISION_NEXT = '''"""Throwaway test revision: add a column to unit (a batch rebuild on SQLite)."""
import sqlalchemy as sa
from alembic import op

revision = "9999"
down_revision = "{head}"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("unit", recreate="always") as batch:
        batch.add_column(sa.Column("note", sa.String(), nullable=False, server_default=""))
    {extra}


def downgrade() -> None:
    with op.batch_alter_table("unit") as batch:
        batch.drop_column("note")
'''


def _use_scripts(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    monkeypatch.setattr(migrations, "migrations_dir", lambda: folder)
    migrations.revision_graph.cache_clear()


@pytest.fixture
def old_campaign(tmp_path: Path) -> Iterator[Path]:
    """A campaign at the head revision with an order and a unit state, like an older
    desk wrote before revision 9999."""
    path = tmp_path / "old.sqlite"
    with open_campaign(path, create=True, backup_dir=tmp_path / "made") as store:
        ids = add_little_oob(store)
        add_bound_1_with_order(store, ids, verbatim="Hold the church", state_unit="skirmish",
                               formation="skirmish")
    yield path
    migrations.revision_graph.cache_clear()


def _scripts_with_next(tmp_path: Path, extra: str = "pass") -> Path:
    folder = tmp_path / "db"
    shutil.copytree(migrations_dir(), folder, ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "versions" / "9999_unit_note.py").write_text(
        _REVISION_NEXT.replace("{extra}", extra).replace("{head}", HEAD), encoding="utf-8"
    )
    return folder


def _count(path: Path, sql: str) -> object:
    engine = sqlite_engine(path)
    with engine.connect() as conn:
        value = conn.execute(text(sql)).scalar_one()
    engine.dispose()
    return value


def test_upgrade_backs_up_then_migrates_keeping_children(
    old_campaign: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_scripts(monkeypatch, _scripts_with_next(tmp_path))
    backups = tmp_path / "backups"
    with open_campaign(old_campaign, backup_dir=backups) as store:
        assert store.revision == "9999"
    assert _count(old_campaign, "SELECT count(*) FROM unit_order") == 1
    assert _count(old_campaign, "SELECT count(*) FROM unit_state") == 1
    assert _count(old_campaign, "SELECT count(*) FROM unit WHERE note = ''") == 2
    (backup,) = list_backups(campaign_path=old_campaign, backup_dir=backups)
    assert backup.reason == f"before-upgrade-{HEAD}-to-9999"
    assert _count(backup.path, "SELECT version_num FROM alembic_version") == HEAD
    assert _count(backup.path, "SELECT count(*) FROM unit_order") == 1


def test_failed_upgrade_leaves_the_campaign_as_it_was(
    old_campaign: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_scripts(monkeypatch, _scripts_with_next(tmp_path, extra='op.execute("SELECT nonsense")'))
    with pytest.raises(MigrationError, match="unchanged; a backup is at") as failed:
        open_campaign(old_campaign, backup_dir=tmp_path / "backups")
    assert "\n" not in str(failed.value)
    migrations.revision_graph.cache_clear()
    assert _count(old_campaign, "SELECT version_num FROM alembic_version") == HEAD
    assert _count(old_campaign, "SELECT count(*) FROM unit_order") == 1
    assert _count(old_campaign, "SELECT count(*) FROM pragma_table_info('unit') "
                                "WHERE name = 'note'") == 0


def test_read_only_open_of_an_old_campaign_asks_for_an_upgrade(
    old_campaign: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_scripts(monkeypatch, _scripts_with_next(tmp_path))
    with pytest.raises(UpgradeNeededError, match="upgraded"):
        open_campaign(old_campaign, read_only=True)


def test_alembic_is_not_imported_to_open_a_current_campaign(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "c.sqlite"
    open_campaign(path, create=True, backup_dir=tmp_path / "b").close()
    probe = ("import sys; from desk.store import open_campaign; "
             f"open_campaign({str(path)!r}).close(); print('alembic' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
