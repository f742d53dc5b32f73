"""Alembic without alembic.ini: the config, the revisions this desk knows, the runner.

Importing alembic costs about 0.3 s of start-up, so this module imports it only
inside the functions that need it. Knowing which revisions exist (to tell a
current file from an old or a newer one) needs no alembic: the revision ids are
read from ``db/versions/*.py`` with :mod:`ast`.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, text

from desk.resources import migrations_dir
from desk.store.errors import MigrationError

if TYPE_CHECKING:
    from alembic.config import Config

# Whatever the constant, every desk must use the same one (PostgreSQL upgrades).
PG_MIGRATION_LOCK = 0x0D35C_0001


def _literal(node: ast.expr) -> tuple[str, ...]:
    value = ast.literal_eval(node)
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)


@lru_cache(maxsize=1)
def revision_graph() -> dict[str, tuple[str, ...]]:
    """Each revision id of ``db/versions`` mapped to the revisions it follows."""
    graph: dict[str, tuple[str, ...]] = {}
    for path in sorted((migrations_dir() / "versions").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        # The identifiers stand above the first function: parsing only that head costs
        # a twelfth of parsing the whole file, at every open (issue 28). A file that puts
        # them lower, or whose head does not parse alone, is parsed whole.
        try:
            found = _identifiers(source.split("\ndef ", 1)[0])
        except SyntaxError:
            found = {}
        found = found or _identifiers(source)
        if found.get("revision"):
            graph[found["revision"][0]] = found.get("down_revision", ())
    return graph


def _identifiers(source: str) -> dict[str, tuple[str, ...]]:
    found: dict[str, tuple[str, ...]] = {}
    for node in ast.parse(source).body:
        target: ast.expr
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id in ("revision", "down_revision"):
            found[target.id] = _literal(value)
    return found if found.get("revision") else {}


def known_revisions() -> frozenset[str]:
    """Every schema revision this desk can read (and upgrade from)."""
    return frozenset(revision_graph())


def head_revision() -> str:
    """The newest schema revision this desk writes."""
    graph = revision_graph()
    followed = {down for downs in graph.values() for down in downs}
    heads = sorted(set(graph) - followed)
    if len(heads) != 1:
        raise MigrationError(f"The desk's migrations have {len(heads)} heads; expected one.")
    return heads[0]


def alembic_config(connection: Connection | Engine | None = None) -> Config:
    """An Alembic Config built in code (script_location = the db/ folder)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_dir()))
    cfg.set_main_option("path_separator", "os")
    # A new revision's file is "<id>_<slug>.py" and its id is its place in the chain
    # (db/README.md), so file names sort in apply order. "%%" escapes ConfigParser's "%".
    cfg.set_main_option("file_template", "%%(rev)s_%%(slug)s")
    if connection is not None:
        cfg.attributes["connection"] = connection
        # ConfigParser reads "%" as interpolation: a file named "x%y.desk" must not break.
        url = connection.engine.url.render_as_string(False)
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(connection: Connection, *, target: str = "head") -> None:
    """Run the migrations on an open connection, inside its transaction."""
    from alembic import command

    command.upgrade(alembic_config(connection), target)


def run_foreign_keys_off(engine: Engine, work: Callable[[Connection], None]) -> None:
    """Run ``work`` in one SQLite write transaction with foreign keys OFF.

    Batch mode rebuilds a table (create, copy, drop, rename); with foreign keys
    ON the DROP would cascade and delete every child row. The pragma is a no-op
    inside a transaction, so it is set on the bare DBAPI connection before
    BEGIN. ``PRAGMA foreign_key_check`` runs before COMMIT: a migration that
    leaves a dangling reference is rolled back.
    """
    with engine.connect() as conn:
        dbapi = conn.connection.dbapi_connection
        assert dbapi is not None
        dbapi.execute("PRAGMA foreign_keys=OFF")
        try:
            with conn.begin():
                work(conn)
                broken = conn.execute(text("PRAGMA foreign_key_check")).fetchall()
                if broken:
                    tables = sorted({str(row[0]) for row in broken})
                    raise MigrationError(
                        "The upgrade would leave broken links in "
                        f"{', '.join(tables)}; nothing was changed."
                    )
        finally:
            dbapi.execute("PRAGMA foreign_keys=ON")


def run_under_advisory_lock(engine: Engine, work: Callable[[Connection], None]) -> None:
    """Run ``work`` in one PostgreSQL transaction holding the migration lock.

    Two desks starting together would otherwise both try to upgrade; the
    second waits here, then finds nothing left to do. DDL is transactional on
    PostgreSQL, so a failed upgrade leaves the schema as it was.
    """
    with engine.begin() as conn:
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_MIGRATION_LOCK})
        work(conn)
