"""Root test configuration: Qt offscreen before anything imports it; the order modules start."""

import os
import sys

# Must happen before PySide6 is imported anywhere (pytest-qt imports it early).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_QPA_FONTDIR", "/usr/share/fonts/truetype/dejavu")

# The desk speaks the environment's language (desk/i18n.py); the tests assert English
# words, so they run in English whatever the tester's locale (a test asks for French).
os.environ["LANGUAGE"] = "en"

# Backups, logs and the default campaign go to a throwaway folder, never to the
# tester's own data directory (desk.resources.user_data_dir reads this).
if "DESK_DATA_DIR" not in os.environ:
    import tempfile

    os.environ["DESK_DATA_DIR"] = tempfile.mkdtemp(prefix="desk-test-data-")
# Under pytest-xdist each worker gets its own folder inside it: tests that count the
# backups or read the logs there must not see another worker's.
if os.environ.get("PYTEST_XDIST_WORKER"):
    _worker_dir = os.path.join(os.environ["DESK_DATA_DIR"], os.environ["PYTEST_XDIST_WORKER"])
    os.makedirs(_worker_dir, exist_ok=True)
    os.environ["DESK_DATA_DIR"] = _worker_dir

# The environment may say PYTHONDONTWRITEBYTECODE=1 (this machine's does). Then each process
# of the run compiles desk/ and rewrites the test modules' asserts again: 3.7 s of the 6 s a
# worker spends collecting, and up to a second for each of the ~200 `desk` processes and
# soak evenings the tests start. Their bytecode goes to a folder of its own in the temporary
# directory instead, never beside the sources (as tests/benchmarks/test_ui_bench.py does);
# the workers and the children inherit the setting with the environment.
if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX"):
    import tempfile

    _owner = str(os.getuid()) if hasattr(os, "getuid") else "user"
    _prefix = os.path.join(tempfile.gettempdir(), f"desk-test-pycache-{_owner}")
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    os.environ["PYTHONPYCACHEPREFIX"] = _prefix
    sys.dont_write_bytecode = False
    sys.pycache_prefix = _prefix

# --- PostgreSQL (store engineer): one real server per test session -------------------------
# Imports below the Qt setting on purpose: nothing may import Qt before it.
# tests/ has no __init__.py, so pytest puts it on sys.path: tests/pg.py is `pg`.
from collections.abc import Iterator
from pathlib import Path

import pytest
from campaign_template import CampaignTemplate
from demo_cache import DemoCache
from pg import PgServer, unavailable_reason
from schedule import start_rank


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """A running PostgreSQL 15 server (tests/pg.py), stopped at the end of the session.

    Skipped with a printed reason when the machine has no server binaries, unless
    DESK_REQUIRE_POSTGRES=1 (set by .ci/run), which turns the skip into a failure.
    """
    reason = unavailable_reason()
    if reason:
        if os.environ.get("DESK_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL is required here (DESK_REQUIRE_POSTGRES=1): {reason}")
        print(f"\nskipping PostgreSQL tests: {reason}")
        pytest.skip(reason)
    server = PgServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def pg_url(pg_server: PgServer) -> str:
    """URL of one database created for the whole session (shared between tests)."""
    return pg_server.create_database("session")


@pytest.fixture
def pg_database(pg_server: PgServer) -> Iterator[str]:
    """URL of a fresh, empty database for this one test (isolated), dropped after it."""
    url = pg_server.create_database()
    yield url
    pg_server.drop_database(url)


@pytest.fixture
def pg_campaign(pg_server: PgServer, campaign_template: CampaignTemplate) -> Iterator[str]:
    """URL of a fresh database holding an empty campaign at head (a copy of the template
    database, tests/campaign_template.py), dropped after the test."""
    url = campaign_template.postgres(pg_server)
    yield url
    pg_server.drop_database(url)


@pytest.fixture(scope="session")
def campaign_template(tmp_path_factory: pytest.TempPathFactory) -> CampaignTemplate:
    """The empty campaign at head, made once for the whole run (tests/campaign_template.py)."""
    return CampaignTemplate(tmp_path_factory.mktemp("campaign-template"))


@pytest.fixture(scope="session")
def demo_cache(tmp_path_factory: pytest.TempPathFactory) -> DemoCache:
    """Each system's demo made once for the whole run (tests/demo_cache.py)."""
    return DemoCache(tmp_path_factory.mktemp("demo-cache"))


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory, demo_cache: DemoCache) -> Path:
    """The Belle Alliance demo (placed on its map), one copy per test module; modules
    that need another campaign define their own ``demo``."""
    return demo_cache.copy(system="belle-alliance",
                           dest=tmp_path_factory.mktemp("demo") / "plancenoit.desk")


@pytest.fixture
def campaign(demo: Path, tmp_path: Path) -> Path:
    """A copy of the demo that a test may change."""
    copy = tmp_path / "copy.desk"
    copy.write_bytes(demo.read_bytes())
    return copy


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long modules start first (tests/schedule.py); every other test keeps its place."""
    items.sort(key=start_rank)
