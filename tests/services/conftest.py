"""Fixtures for the services tests: real campaign files (and a real PostgreSQL database).

``store`` is a fresh, empty SQLite campaign at head; ``any_store`` is parametrised over
SQLite and the PostgreSQL server of the root conftest, for the multi-bound scenarios that
must pass on both. Each is a copy of the empty campaign that ``open_campaign(create=True)``
made once for the run (tests/campaign_template.py), opened as the desk opens a campaign.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from campaign_template import CampaignTemplate

from desk.store import CampaignStore, open_campaign


def _empty_target(request: pytest.FixtureRequest, template: CampaignTemplate,
                  tmp_path: Path) -> str | Path:
    """A new empty campaign for this test: a SQLite file, or a PostgreSQL database's URL."""
    if request.param == "sqlite":
        return template.sqlite(tmp_path / "campaign.desk")
    return str(request.getfixturevalue("pg_campaign"))


@pytest.fixture
def store(tmp_path: Path, campaign_template: CampaignTemplate) -> Iterator[CampaignStore]:
    """A new, empty SQLite campaign file."""
    opened = open_campaign(campaign_template.sqlite(tmp_path / "campaign.desk"),
                           backup_dir=tmp_path / "backups")
    yield opened
    opened.close()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def any_store(request: pytest.FixtureRequest, tmp_path: Path,
              campaign_template: CampaignTemplate) -> Iterator[CampaignStore]:
    """A new, empty campaign on SQLite, then on a fresh PostgreSQL database."""
    target = _empty_target(request, campaign_template, tmp_path)
    opened = open_campaign(target, backup_dir=tmp_path / "backups")
    yield opened
    opened.close()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def desks(request: pytest.FixtureRequest, tmp_path: Path,
          campaign_template: CampaignTemplate) -> Iterator[tuple[CampaignStore, CampaignStore]]:
    """Two umpires' desks on one new campaign (see tests/services/concurrency.py).

    SQLite: two connections of one store (one writer per file); PostgreSQL: two
    stores, each with its own engine, on one fresh database.
    """
    target = _empty_target(request, campaign_template, tmp_path)
    if request.param == "sqlite":
        opened = open_campaign(target, backup_dir=tmp_path / "backups")
        yield opened, opened
        opened.close()
        return
    desk_a = open_campaign(target, backup_dir=tmp_path / "backups")
    desk_b = open_campaign(target, backup_dir=tmp_path / "backups")
    yield desk_a, desk_b
    desk_b.close()
    desk_a.close()
