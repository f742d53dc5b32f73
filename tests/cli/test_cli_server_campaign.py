"""A campaign made on a PostgreSQL server from the command line, as a campaign organiser
sets up a shared one (docs/two-umpires.md): ``desk demo URL`` and ``desk import-oob OOB
URL`` into an empty database, a real server started by the tests. A database that holds
anything is refused in one line and left as it was; a bad order of battle leaves the
database untouched; an import that fails after the desk made its tables drops them again.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_run import desk, one_line_error
from sqlalchemy import create_engine, inspect

from desk.services.campaign.scenarios import load_scenario
from desk.services.oob.importer import create_campaign_at

pytestmark = pytest.mark.postgres


def _tables(url: str) -> list[str]:
    """The tables the database holds."""
    engine = create_engine(url)
    try:
        return sorted(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def _units(campaign: str) -> int:
    result = desk("info", campaign)
    assert result.returncode == 0, result.stderr
    return int(re.search(r"Units:\s+(\d+)", result.stdout).group(1))  # type: ignore[union-attr]


def test_desk_demo_makes_the_campaign_in_an_empty_database_and_refuses_a_full_one(
        pg_database: str, tmp_path: Path) -> None:
    made = desk("demo", pg_database)
    assert made.returncode == 0, made.stderr
    assert re.fullmatch(r"Wrote postgresql\+psycopg://\S+: Belle Alliance demo, \d+ units\.",
                        made.stdout.strip())
    assert "unit_state" in _tables(pg_database)
    assert desk("demo", str(tmp_path / "file.desk")).returncode == 0
    assert _units(pg_database) == _units(str(tmp_path / "file.desk")) > 0
    before = _units(pg_database)
    line = one_line_error(desk("demo", pg_database))  # a database that holds a campaign
    assert "already holds a campaign" in line
    assert _units(pg_database) == before


def test_import_oob_into_an_empty_database_and_a_bad_one_leaves_it_empty(
        pg_database: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"campaign": {"name": "Quatre-Bras"}}), encoding="utf-8")
    one_line_error(desk("import-oob", str(bad), pg_database))
    assert _tables(pg_database) == []  # checked before the server was touched
    oob = tmp_path / "oob.json"
    oob.write_text(json.dumps(load_scenario(rules_system="la-bataille")), encoding="utf-8")
    made = desk("import-oob", str(oob), pg_database)
    assert made.returncode == 0, made.stderr
    assert _units(pg_database) > 0


def test_an_import_failing_after_the_tables_were_made_leaves_the_database_empty(
        pg_database: str) -> None:
    def fails(session: object) -> None:
        raise RuntimeError("the server went away half-way")

    with pytest.raises(RuntimeError):
        create_campaign_at(target=pg_database, data=load_scenario(rules_system="belle-alliance"),
                           then=fails)
    assert _tables(pg_database) == []
