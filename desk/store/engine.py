"""Engines for a campaign: SQLite with the desk's pragmas, or a PostgreSQL server.

SQLite, per connection: the driver's own transaction handling is switched off
(``isolation_level = None``) so that SQLAlchemy's ``begin`` event can emit
``BEGIN IMMEDIATE`` itself (the pysqlite "serializable isolation" recipe): a
write transaction takes the write lock at its start, so two writers queue on
the busy timeout instead of failing half-way with "database is locked".
WAL keeps readers and the writer apart; ``synchronous=FULL`` makes a commit
survive a power cut.

After every transaction that changed a row, the writer checkpoints the WAL
into the main file (:data:`CHECKPOINT`), so the campaign file alone holds every
committed change: a copy made with a file manager while the desk is open, the
``-wal`` file left behind, misses nothing (issue 14). ``FULL`` waits (on the
busy timeout) for a reader still on a snapshot older than the commit, because
a checkpoint cannot copy pages past a reader's snapshot; readers that begin
after the commit do not hold it up. Measured in docs/benchmarks.md.
"""

from __future__ import annotations

import sqlite3
from contextlib import suppress
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from desk.store.errors import StoreError

BUSY_TIMEOUT_MS = 10_000
# The checkpoint after a writing transaction: FULL, or None for none (benchmarks only).
CHECKPOINT: str | None = "FULL"
_SERVER_DRIVERS = {"postgresql", "postgres", "postgresql+psycopg"}


def parse_target(target: str | Path) -> tuple[URL, Path | None]:
    """A file path or database URL → (URL, SQLite file path or None for a server)."""
    if isinstance(target, Path) or "://" not in target:
        path = Path(target).expanduser().resolve()
        return make_url(f"sqlite:///{path}"), path
    try:
        url = make_url(target)
    except ArgumentError as exc:
        raise StoreError(f"{target!r} is neither a file path nor a database URL.") from exc
    if url.drivername.startswith("sqlite"):
        if not url.database or url.database == ":memory:":
            raise StoreError("A campaign needs a file; an in-memory database would be lost.")
        path = Path(url.database).expanduser().resolve()
        return make_url(f"sqlite:///{path}"), path
    if url.drivername in _SERVER_DRIVERS:
        return url.set(drivername="postgresql+psycopg"), None
    raise StoreError(
        f"The desk cannot keep a campaign in a {url.get_backend_name()} database; "
        "use a SQLite file or a PostgreSQL server."
    )


def _sqlite_pragmas(*, read_only: bool, foreign_keys: bool, busy_timeout_ms: int) -> list[str]:
    # A 32 MiB page cache (SQLite's default is 2 MiB): a close into a long campaign touches
    # a page of each index per unit, and a cache too small spills them to the WAL mid-close
    # (end of a battle at 10 battles x 100 bounds x 2,000 units: its inserts 0.89 s → 0.14 s).
    pragmas = [f"PRAGMA busy_timeout={busy_timeout_ms}", "PRAGMA cache_size=-32768"]
    if read_only:
        pragmas.append("PRAGMA query_only=ON")
    else:
        pragmas += ["PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL"]
    pragmas.append(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
    return pragmas


def sqlite_engine(path: Path, *, read_only: bool = False, foreign_keys: bool = True,
                  busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> Engine:
    """An engine on a campaign file with the desk's per-connection settings.

    ``foreign_keys=False`` is for the migration runner only (batch rebuilds).
    Read-only opens the file with ``mode=ro`` and begins plain (deferred)
    transactions, which never wait for the writer.
    """
    if read_only:
        url = f"sqlite:///file:{quote(str(path))}?mode=ro&uri=true"
    else:
        url = f"sqlite:///{path}"
    engine = create_engine(url, connect_args={"timeout": busy_timeout_ms / 1000})
    pragmas = _sqlite_pragmas(read_only=read_only, foreign_keys=foreign_keys,
                              busy_timeout_ms=busy_timeout_ms)
    begin = "BEGIN" if read_only else "BEGIN IMMEDIATE"

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        for pragma in pragmas:
            dbapi_connection.execute(pragma).close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql(begin)

    if not read_only and CHECKPOINT is not None:
        _checkpoint_after_writes(engine, f"PRAGMA wal_checkpoint({CHECKPOINT})")
    return engine


def total_changes(connection: Any) -> int:
    """The rows a connection has written since it opened (SQLite's ``total_changes``): a
    transaction that moved it wrote."""
    return int(connection.connection.dbapi_connection.total_changes)


def _checkpoint_after_writes(engine: Engine, statement: str) -> None:
    """Checkpoint when a connection that committed rows goes back to the pool.

    ``total_changes`` counts the rows a connection has written since it opened:
    a transaction that moved it wrote; one that only read costs nothing. The
    checkpoint runs at check-in, after COMMIT and outside any transaction (the
    ``commit`` event comes before COMMIT, when a checkpoint cannot run).
    """

    @event.listens_for(engine, "begin")
    def _count(connection: Any) -> None:
        connection.info["desk.changes"] = total_changes(connection)

    @event.listens_for(engine, "commit")
    def _note(connection: Any) -> None:
        if total_changes(connection) != connection.info.get("desk.changes"):
            connection.info["desk.checkpoint"] = True

    @event.listens_for(engine, "checkin")
    def _checkpoint(dbapi_connection: sqlite3.Connection | None, record: Any) -> None:
        if not record.info.pop("desk.checkpoint", False) or dbapi_connection is None:
            return
        # On an error the commit still stands, in the -wal file; the next checkpoint copies it.
        with suppress(sqlite3.Error):
            dbapi_connection.execute(statement).close()


def server_engine(url: URL, *, read_only: bool = False) -> Engine:
    """An engine on a PostgreSQL database; read-only sessions cannot write."""
    connect_args: dict[str, object] = {"connect_timeout": 10}
    if read_only:
        connect_args["options"] = "-c default_transaction_read_only=on"
    return create_engine(url, connect_args=connect_args, pool_pre_ping=True)
