"""Store test fixtures: campaign targets on SQLite and PostgreSQL, and pytest-alembic's.

``backend`` is parametrised over both databases; the PostgreSQL half uses the
session server from the root conftest (skipped, with a reason, where the
machine has no PostgreSQL binaries).
"""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine

from desk.store import CampaignStore, open_campaign
from desk.store import alembic_config as make_alembic_config
from desk.store.engine import sqlite_engine


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    """Which database the test runs on."""
    return str(request.param)


@pytest.fixture
def target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """Where a fresh campaign may be created: a file path or a fresh database's URL."""
    if backend == "sqlite":
        return str(tmp_path / "campaign.sqlite")
    return str(request.getfixturevalue("pg_database"))


@pytest.fixture
def backup_dir(tmp_path: Path) -> Path:
    """Backups of the test's campaigns go here, never into the user's data folder."""
    return tmp_path / "backups"


@pytest.fixture
def store(target: str, backup_dir: Path) -> Iterator[CampaignStore]:
    """A new, empty campaign database at head, open for writing."""
    opened = open_campaign(target, create=True, backup_dir=backup_dir)
    yield opened
    opened.close()


# --- pytest-alembic: its built-in tests run on both databases -----------------------------

@pytest.fixture
def alembic_config() -> Any:
    """The desk's own Alembic config (no alembic.ini)."""
    return make_alembic_config()


@pytest.fixture
def alembic_engine(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[Engine]:
    """An engine as the desk's migration runner uses it (SQLite: foreign keys OFF)."""
    if backend == "sqlite":
        engine = sqlite_engine(tmp_path / "migrations.sqlite", foreign_keys=False)
    else:
        engine = create_engine(str(request.getfixturevalue("pg_database")))
    yield engine
    engine.dispose()
