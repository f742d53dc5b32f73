"""Fixtures of the players' pages' tests: the campaign of tests/web/pages_campaign.py,
made once per module from the demo and copied for each test that writes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from pages_campaign import PagesCampaign, pages_campaign
from starlette.testclient import TestClient

from desk.web.app import build_app


@pytest.fixture(scope="module")
def played(demo: Path) -> PagesCampaign:
    """The module's campaign (read it, do not change it)."""
    return pages_campaign(demo)


@pytest.fixture
def pages(played: PagesCampaign, tmp_path: Path) -> PagesCampaign:
    """A copy of the module's campaign that a test may change."""
    copy = tmp_path / "pages.desk"
    copy.write_bytes(played.path.read_bytes())
    return replace(played, path=copy)


@pytest.fixture
def client(pages: PagesCampaign) -> Iterator[TestClient]:
    """The real application on the test's copy of the campaign."""
    with TestClient(build_app(pages.path), follow_redirects=False) as test_client:
        yield test_client
