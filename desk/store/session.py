"""The open campaign: its engine, its single-writer lock, and sessions that commit or roll back.

A session maps the database's complaints to the store's plain errors: a stale
optimistic version becomes :class:`ConflictError`, a write on a read-only
campaign becomes :class:`ReadOnlyError` (refused before it reaches the
database, and again if the database itself refuses), and a PostgreSQL server
gone away (stopped, restarting, unreachable) becomes
:class:`ServerUnreachableError` with the server's address.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy import Engine, event, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm.exc import StaleDataError
from sqlmodel import Session

from desk.store.errors import (
    BUSY_MESSAGE,
    BusyError,
    ReadOnlyError,
    conflict_from_stale,
    is_busy_refusal,
    is_server_gone,
    server_unreachable,
)
from desk.store.live import announce, mark_session, note_units, watch_writes
from desk.store.lock import WriterLock, tidy_after_reading
from desk.store.who import Identity, identify, install, stamp

_NETWORK_FS = frozenset({"nfs", "nfs4", "cifs", "smbfs", "smb3", "fuse.sshfs", "9p", "afs"})
_READ_ONLY_MESSAGE = "This campaign is open read-only; nothing can be changed."


def network_filesystem(path: Path) -> bool:
    """True if ``path`` sits on a network file system (Linux: read from /proc/mounts)."""
    try:
        mounts = Path("/proc/mounts").read_text(encoding="utf-8").splitlines()
    except OSError:
        return False
    best, kind = "", ""
    target = str(path.resolve())
    for line in mounts:
        parts = line.split()
        if len(parts) < 3 or len(parts[1]) <= len(best):
            continue
        if target == parts[1] or target.startswith(parts[1].rstrip("/") + "/"):
            best, kind = parts[1], parts[2]
    return kind in _NETWORK_FS


def _is_read_only_refusal(error: DBAPIError) -> bool:
    if getattr(error.orig, "sqlstate", None) == "25006":  # PostgreSQL read-only transaction
        return True
    return "readonly database" in str(error.orig)


def _refuse_writes(session: Any, _context: Any, _instances: Any) -> None:
    if session.new or session.dirty or session.deleted:
        raise ReadOnlyError(_READ_ONLY_MESSAGE)


class DeskSession(Session):
    """A sqlmodel Session whose flush (and so commit) speaks the store's errors, and whose
    new rows carry the umpire who wrote them (:mod:`desk.store.who`)."""

    def flush(self, objects: Any = None) -> None:
        """Flush, turning a stale version into ConflictError and a refused write
        into ReadOnlyError (also for an explicit ``commit()`` inside the block)."""
        try:
            super().flush(objects)
        except StaleDataError as exc:
            raise conflict_from_stale(exc) from exc
        except DBAPIError as exc:
            if _is_read_only_refusal(exc):
                raise ReadOnlyError(_READ_ONLY_MESSAGE) from exc
            if is_busy_refusal(exc):
                raise BusyError(BUSY_MESSAGE) from exc
            raise


event.listen(DeskSession, "before_flush", stamp)
event.listen(DeskSession, "after_flush", note_units)
event.listen(DeskSession, "before_commit", announce)


class CampaignStore:
    """An open campaign. Use :meth:`session` for work; :meth:`close` when done.

    ``path`` is the SQLite file (None on PostgreSQL); ``warnings`` holds
    sentences the window should show once (e.g. a campaign on a network drive).
    ``umpire``: the umpire's name asked for at the open (None: found as
    :mod:`desk.store.who` says), resolved at the first session.
    """

    def __init__(
        self, *, engine: Engine, url: URL, path: Path | None, read_only: bool,
        lock: WriterLock | None, umpire: str | None = None,
    ) -> None:
        self.engine = engine
        self.url = url
        self.path = path
        self.read_only = read_only
        self.warnings: list[str] = []
        self._lock = lock
        self.requested_umpire = umpire
        self._identity: Identity | None = None
        # This desk's name in the live notices it sends (desk.store.live): a window hears
        # its own too, and knows them by it. Only a server campaign sends any.
        self.desk_id = secrets.token_hex(8)
        if path is None and not read_only:
            watch_writes(engine)

    @property
    def identity(self) -> Identity:
        """The umpire this store's sessions write as (read once, at first use)."""
        if self._identity is None:
            try:
                with self.engine.connect() as conn:
                    self._identity = identify(conn, requested=self.requested_umpire,
                                              server=self.path is None)
            except DBAPIError as exc:
                raise self._plain(exc) from exc
        return self._identity

    def _plain(self, error: DBAPIError, *, committing: bool = False) -> Exception:
        """The store's sentence for a database error it knows, else ``error`` itself."""
        if _is_read_only_refusal(error):  # a raw statement (not a flush) refused
            return ReadOnlyError(_READ_ONLY_MESSAGE)
        if is_busy_refusal(error):
            return BusyError(BUSY_MESSAGE)
        if self.path is None and is_server_gone(error):
            where = f"{self.url.host or 'localhost'}:{self.url.port or 5432}"
            return server_unreachable(where, committing=committing)
        return error

    def forget_identity(self) -> None:
        """Find the umpire again at the next session (the campaign's umpires changed)."""
        self._identity = None

    @property
    def revision(self) -> str | None:
        """The schema revision recorded in the campaign."""
        with self.engine.connect() as conn:
            row = conn.execute(text("SELECT version_num FROM alembic_version")).first()
        return None if row is None else str(row[0])

    @contextmanager
    def session(self, *, expire_on_commit: bool = True) -> Iterator[Session]:
        """A session that commits when the block ends and rolls back on error.

        On a SQLite file, a commit that wrote is checkpointed into the main file
        before the block returns (see :mod:`desk.store.engine`): a copy of the
        file alone then holds it.

        ``expire_on_commit=False`` keeps loaded rows readable after an inner
        ``commit()``, for an edit form that holds a row while the umpire types
        (its optimistic version then catches another umpire's change).
        """
        identity = self.identity
        with DeskSession(self.engine, expire_on_commit=expire_on_commit) as session:
            install(session, identity)
            if self.path is None and not self.read_only:
                mark_session(session, desk=self.desk_id)
            if self.read_only:
                event.listen(session, "before_flush", _refuse_writes)
            try:
                yield session
            except DBAPIError as exc:
                session.rollback()
                plain = self._plain(exc)
                if plain is exc:
                    raise
                raise plain from exc
            except BaseException:
                session.rollback()
                raise
            try:
                session.commit()
            except DBAPIError as exc:
                session.rollback()
                plain = self._plain(exc, committing=True)
                if plain is exc:
                    raise
                raise plain from exc

    def close(self) -> None:
        """Dispose of the engine and release the single-writer lock."""
        self.engine.dispose()
        if self.read_only and self.path is not None:
            tidy_after_reading(self.path)
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        mode = "read-only" if self.read_only else "writing"
        return f"<CampaignStore {self.url.render_as_string(hide_password=True)} ({mode})>"
