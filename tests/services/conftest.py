"""Fixtures for the services tests: real campaign files (and a real PostgreSQL database).

``store`` is a fresh SQLite campaign made by ``open_campaign(create=True)``;
``any_store`` is parametrised over SQLite and the PostgreSQL fixture of the
root conftest, for the multi-bound scenarios that must pass on both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from desk.store import CampaignStore, open_campaign
from desk.store.models import metadata


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    """A new, empty SQLite campaign file."""
    opened = open_campaign(tmp_path / "campaign.desk", create=True,
                           backup_dir=tmp_path / "backups")
    yield opened
    opened.close()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[CampaignStore]:
    """A new, empty campaign on SQLite, then on a fresh PostgreSQL database."""
    if request.param == "sqlite":
        target: str | Path = tmp_path / "campaign.desk"
    else:
        target = request.getfixturevalue("pg_database")
    opened = open_campaign(target, create=True, backup_dir=tmp_path / "backups")
    yield opened
    opened.close()


def call(store: CampaignStore, fn: Callable[..., Any], **kwargs: Any) -> Any:
    """Run one service function in its own transaction, as the window does."""
    with store.session() as session:
        return fn(session=session, **kwargs)


def all_rows(store: CampaignStore) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every desk table, sorted: two equal results mean two equal databases."""
    rows: dict[str, list[tuple[Any, ...]]] = {}
    with store.engine.connect() as conn:
        for table in metadata.sorted_tables:
            result = conn.execute(table.select()).all()
            rows[table.name] = sorted(tuple(repr(v) for v in r) for r in result)
    return rows
