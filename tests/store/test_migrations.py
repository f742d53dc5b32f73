"""Migrations: pytest-alembic's standard tests, and the batch-rebuild data-loss trap."""

from pathlib import Path

import pytest
from alembic.migration import MigrationContext
from alembic.operations import Operations
from alembic.script import ScriptDirectory
from pytest_alembic.tests import (  # noqa: F401  (collected by pytest from here)
    test_model_definitions_match_ddl,
    test_single_head_revision,
    test_up_down_consistency,
    test_upgrade,
)
from sqlalchemy import Connection, text
from store_helpers import add_bound_1_with_order, add_little_oob

from desk.store import alembic_config, head_revision, open_campaign
from desk.store.engine import sqlite_engine
from desk.store.migrations import known_revisions, run_foreign_keys_off


def test_head_read_without_alembic_matches_alembic() -> None:
    script = ScriptDirectory.from_config(alembic_config())
    assert head_revision() == script.get_current_head()
    assert known_revisions() == {rev.revision for rev in script.walk_revisions()}


def _campaign_with_orders(path: Path, backup_dir: Path) -> dict[str, int]:
    with open_campaign(path, create=True, backup_dir=backup_dir) as store:
        ids = add_little_oob(store)
        add_bound_1_with_order(store, ids, verbatim="Attack the church", state_unit="unit",
                               formation="column")
    return ids


def _rebuild_unit_table(conn: Connection) -> None:
    # What a later migration altering `unit` does on SQLite: create, copy, DROP, rename.
    ops = Operations(MigrationContext.configure(conn, opts={"render_as_batch": True}))
    with ops.batch_alter_table("unit", recreate="always") as batch:
        batch.alter_column("name", existing_type=None, existing_nullable=False)


def _children(path: Path) -> tuple[int, int]:
    engine = sqlite_engine(path)
    with engine.connect() as conn:
        orders = conn.execute(text("SELECT count(*) FROM unit_order")).scalar_one()
        states = conn.execute(text("SELECT count(*) FROM unit_state")).scalar_one()
    engine.dispose()
    return int(orders), int(states)


def test_batch_rebuild_of_unit_keeps_orders_and_states(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    _campaign_with_orders(path, tmp_path / "b")
    assert _children(path) == (1, 1)
    engine = sqlite_engine(path)  # the store's own engine: foreign keys ON per connection
    run_foreign_keys_off(engine, _rebuild_unit_table)
    engine.dispose()
    assert _children(path) == (1, 1)


def test_batch_rebuild_with_foreign_keys_on_would_lose_them(tmp_path: Path) -> None:
    # The control: proves the trap is real, so the test above proves something.
    path = tmp_path / "c.sqlite"
    _campaign_with_orders(path, tmp_path / "b")
    engine = sqlite_engine(path)
    with engine.begin() as conn:
        _rebuild_unit_table(conn)
    engine.dispose()
    assert _children(path) == (0, 0)


def test_migration_leaving_dangling_rows_is_rolled_back(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    ids = _campaign_with_orders(path, tmp_path / "b")
    engine = sqlite_engine(path)

    def drop_parent(conn: Connection) -> None:
        conn.execute(text("DELETE FROM unit WHERE id = :id"), {"id": ids["unit"]})

    from desk.store import MigrationError

    with pytest.raises(MigrationError, match="broken links"):
        run_foreign_keys_off(engine, drop_parent)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM unit")).scalar_one() == 2
        assert conn.execute(text("PRAGMA foreign_keys")).scalar_one() == 1
    engine.dispose()
