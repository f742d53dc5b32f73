"""The sheets' tests share one Plancenoit demo per module, copied fresh for each test."""

from __future__ import annotations

from pathlib import Path

import pytest

from desk.services.campaign.scenarios import create_demo_campaign


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Belle Alliance demo, made once per test module (making it takes a while)."""
    path = tmp_path_factory.mktemp("demo") / "plancenoit.desk"
    create_demo_campaign(path=path, rules_system="belle-alliance")
    return path


@pytest.fixture
def campaign(demo: Path, tmp_path: Path) -> Path:
    """A copy of the demo that a test may change."""
    copy = tmp_path / "copy.desk"
    copy.write_bytes(demo.read_bytes())
    return copy
