"""Is this file a campaign, and at which schema revision? Asked without writing a byte.

The file is opened through SQLite itself, never with Python's ``open()``:
closing any other descriptor of a database file drops the POSIX locks SQLite
holds on it in this process. When no ``-wal`` file sits beside it, it is opened
``immutable`` so that not even the ``-shm`` index is created beside a file we
are about to refuse.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import Connection, inspect, text

from desk.store.errors import NewerSchemaError, NotACampaignError
from desk.store.migrations import known_revisions

# Tables every revision of the schema has had; their absence means "not ours".
CORE_TABLES = frozenset({"campaign", "battle", "side", "command", "unit"})


@dataclass(frozen=True)
class Probe:
    """What a look at the file found: nothing there, an empty database, or a campaign."""

    exists: bool
    empty: bool
    revision: str | None


def _ro_uri(path: Path) -> str:
    wal = path.with_name(path.name + "-wal")
    # A -wal file may hold committed pages not yet in the main file: read through it.
    flags = "mode=ro" if wal.exists() else "mode=ro&immutable=1"
    return f"file:{quote(str(path))}?{flags}"


def rules_systems_in(path: Path) -> tuple[str, ...]:
    """The rules systems a campaign file's campaigns are played with, read without opening
    the campaign (for loading their modules early, issue 28); () for anything that cannot
    be read so: the open finds out and says so, as it always did."""
    try:
        con = sqlite3.connect(_ro_uri(path), uri=True, isolation_level=None)
        try:
            rows = con.execute("SELECT DISTINCT rules_system FROM campaign").fetchall()
        finally:
            con.close()
    except sqlite3.Error:
        return ()
    return tuple(str(r[0]) for r in rows)


def _not_a_campaign(path: Path, why: str) -> NotACampaignError:
    return NotACampaignError(f"{path.name} is not an Umpire's Desk campaign ({why}).")


def check_revision(revision: str | None, *, where: str) -> None:
    """Refuse a revision this desk does not know: a newer desk wrote it."""
    if revision is not None and revision not in known_revisions():
        raise NewerSchemaError(
            f"{where} was saved by a newer version of the desk (schema {revision}); "
            "update the desk to open it. The campaign was not changed.",
            revision=revision,
        )


def probe_sqlite(path: Path, *, integrity: bool = False) -> Probe:
    """Look at a SQLite file read-only; raise NotACampaignError or NewerSchemaError.

    Opening a campaign runs the cheap checks only: the file must be as long as
    its own header says (a truncated copy is not), which costs one ``stat``.
    ``integrity=True`` adds ``PRAGMA quick_check``, which reads every page
    (0.4 s on a 250 MB campaign): for a backup about to be restored, where a
    damaged page must never replace a good campaign.
    """
    if not path.exists():
        return Probe(exists=False, empty=True, revision=None)
    if not path.is_file():
        raise _not_a_campaign(path, "it is a folder, not a file")
    if path.stat().st_size == 0:
        return Probe(exists=True, empty=True, revision=None)
    try:
        con = sqlite3.connect(_ro_uri(path), uri=True, isolation_level=None)
    except sqlite3.Error as exc:
        raise _not_a_campaign(path, f"it cannot be read: {exc}") from exc
    try:
        listing = con.execute("SELECT name FROM sqlite_master WHERE type='table'")
        tables = {str(row[0]) for row in listing}
        if not tables:
            return Probe(exists=True, empty=True, revision=None)
        if "alembic_version" not in tables:
            raise _not_a_campaign(path, "it is another program's database")
        rows = con.execute("SELECT version_num FROM alembic_version").fetchall()
        if len(rows) != 1:
            raise _not_a_campaign(path, "its schema revision is missing")
        revision = str(rows[0][0])
        check_revision(revision, where=path.name)
        if not tables >= CORE_TABLES:
            raise _not_a_campaign(path, "it lacks the campaign tables")
        if _shorter_than_its_header(con, path) or (integrity and not _quick_check_ok(con)):
            raise _not_a_campaign(path, "the file is damaged or truncated")
    except sqlite3.DatabaseError as exc:
        raise _not_a_campaign(path, "it is not a SQLite database, or it is damaged") from exc
    finally:
        con.close()
    return Probe(exists=True, empty=False, revision=revision)


def _shorter_than_its_header(con: sqlite3.Connection, path: Path) -> bool:
    # With committed pages still in the -wal file the main file may rightly be
    # shorter; then only the full check can tell.
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size > 0:
        return False
    pages = con.execute("PRAGMA page_count").fetchone()[0]
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    return bool(path.stat().st_size < int(pages) * int(page_size))


def _quick_check_ok(con: sqlite3.Connection) -> bool:
    verdict = con.execute("PRAGMA quick_check").fetchone()
    return verdict is not None and verdict[0] == "ok"


def probe_server(connection: Connection, *, where: str) -> Probe:
    """The same look at a PostgreSQL database through an open connection."""
    tables = set(inspect(connection).get_table_names())
    if not tables:
        return Probe(exists=True, empty=True, revision=None)
    if "alembic_version" not in tables:
        raise NotACampaignError(f"{where} holds another program's tables, not a campaign.")
    rows = connection.execute(text("SELECT version_num FROM alembic_version")).fetchall()
    if len(rows) != 1:
        raise NotACampaignError(f"{where} has no schema revision; it is not a campaign.")
    revision = str(rows[0][0])
    check_revision(revision, where=where)
    if not tables >= CORE_TABLES:
        raise NotACampaignError(f"{where} lacks the campaign tables.")
    return Probe(exists=True, empty=False, revision=revision)
