"""Fixtures for the services tests: real campaign files (and a real PostgreSQL database).

``store`` is a fresh SQLite campaign made by ``open_campaign(create=True)``;
``any_store`` is parametrised over SQLite and the PostgreSQL fixture of the
root conftest, for the multi-bound scenarios that must pass on both.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from desk.store import CampaignStore, open_campaign


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


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def desks(request: pytest.FixtureRequest,
          tmp_path: Path) -> Iterator[tuple[CampaignStore, CampaignStore]]:
    """Two umpires' desks on one new campaign (see tests/services/concurrency.py).

    SQLite: two connections of one store (one writer per file); PostgreSQL: two
    stores, each with its own engine, on one fresh database.
    """
    if request.param == "sqlite":
        opened = open_campaign(tmp_path / "campaign.desk", create=True,
                               backup_dir=tmp_path / "backups")
        yield opened, opened
        opened.close()
        return
    url = request.getfixturevalue("pg_database")
    desk_a = open_campaign(url, create=True, backup_dir=tmp_path / "backups")
    desk_b = open_campaign(url, backup_dir=tmp_path / "backups")
    yield desk_a, desk_b
    desk_b.close()
    desk_a.close()
