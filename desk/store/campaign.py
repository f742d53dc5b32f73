"""Opening a campaign: a SQLite file or a PostgreSQL database, checked, locked, upgraded.

The order matters, so that a refused file is never touched:
1. look at the file read-only (is it a campaign? which revision?), refuse a
   newer or foreign file before anything is written;
2. take the single-writer lock, then look again (another desk may have
   created or upgraded it meanwhile);
3. if the schema is behind, back the file up with SQLite's backup API and
   migrate with foreign keys OFF (see :func:`desk.store.migrations.run_foreign_keys_off`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from desk.store.backups import take_backup
from desk.store.engine import parse_target, server_engine, sqlite_engine
from desk.store.errors import (
    CampaignExistsError,
    CampaignNotFoundError,
    MigrationError,
    NotACampaignError,
    ServerUnreachableError,
    StoreError,
    UpgradeNeededError,
    is_server_gone,
)
from desk.store.lock import WriterLock
from desk.store.migrations import head_revision, run_foreign_keys_off, run_under_advisory_lock
from desk.store.migrations import upgrade as alembic_upgrade
from desk.store.probe import Probe, probe_server, probe_sqlite
from desk.store.session import CampaignStore, network_filesystem

__all__ = ["CampaignStore", "new_campaign_file", "open_campaign"]


@contextmanager
def new_campaign_file(path: Path) -> Iterator[Path]:
    """Around the making of a new campaign file: nothing half-made is left behind.

    A place that holds a file already is refused. If the making fails, the file,
    its SQLite and lock sidecars and the folders made for it are removed again.
    """
    if path.exists():
        raise CampaignExistsError(f"{path} already exists: choose a new file name")
    folders = [folder for folder in path.parents if not folder.exists()]  # deepest first
    try:
        yield path
    except BaseException:
        for end in ("", "-wal", "-shm", ".lock"):
            path.with_name(path.name + end).unlink(missing_ok=True)
        for folder in folders:
            try:
                folder.rmdir()
            except OSError:
                break  # not empty (or not ours to remove): leave it and those above
        raise


def open_campaign(
    target: str | Path,
    *,
    read_only: bool = False,
    create: bool = False,
    backup_dir: Path | None = None,
    beside_writer: bool = False,
    umpire: str | None = None,
) -> CampaignStore:
    """Open (or with ``create=True`` make) a campaign at a file path or database URL.

    ``umpire``: the name to write as (issue 33; None: ``DESK_UMPIRE`` if set, else found
    as :mod:`desk.store.who` says). A name the campaign does not know is refused here.

    ``beside_writer=True`` writes a SQLite file without taking the single-writer lock,
    beside the desk that may hold it: for the players' pages (issue 32), whose short
    writes (a player's drafts, a journal line) SQLite itself serialises with the
    window's (``BEGIN IMMEDIATE``, the busy timeout), and whose rows the window's
    optimistic versions and unique orders guard as they guard two umpires' on
    PostgreSQL. Such an open never upgrades a file (that needs the lock): an older
    file is refused as a read-only open refuses it. On PostgreSQL it changes nothing.

    Raises a :class:`~desk.store.errors.StoreError` subclass with a plain
    sentence: NotACampaignError, NewerSchemaError, CampaignLockedError,
    CampaignExistsError, UpgradeNeededError, MigrationError.
    """
    if create and (read_only or beside_writer):
        raise StoreError("A new campaign cannot be created read-only or beside a writer.")
    url, path = parse_target(target)
    if path is None:
        store = _open_server(url, read_only=read_only, create=create)
    elif beside_writer and not read_only:
        store = _open_sqlite_beside_writer(path, url)
    else:
        store = _open_sqlite(path, url, read_only=read_only, create=create,
                             backup_dir=backup_dir)
    store.requested_umpire = umpire if umpire is not None else (
        os.environ.get("DESK_UMPIRE") or None)
    if store.requested_umpire and not create:
        try:
            _ = store.identity  # a name the campaign does not know: refused at the open
        except BaseException:
            store.close()
            raise
    return store


def _check_wanted(probe: Probe, path: Path, *, create: bool) -> None:
    if create and not probe.empty:
        raise CampaignExistsError(f"{path.name} already exists; choose another name.")
    if not create and not probe.exists:
        raise CampaignNotFoundError(f"There is no campaign file at {path}.")
    if not create and probe.empty:
        raise NotACampaignError(f"{path.name} is empty; it is not a campaign.")


def _probe_for(path: Path, *, create: bool) -> Probe:
    try:
        return probe_sqlite(path)
    except NotACampaignError as exc:
        if create:  # whatever it is, it is something: never write over it
            raise CampaignExistsError(f"{path.name} already exists; choose another name.") from exc
        raise


def _open_sqlite(
    path: Path, url: URL, *, read_only: bool, create: bool, backup_dir: Path | None
) -> CampaignStore:
    head = head_revision()
    probe = _probe_for(path, create=create)
    _check_wanted(probe, path, create=create)
    if read_only:
        if probe.revision != head:
            raise UpgradeNeededError(
                f"{path.name} was saved by an older desk and must be upgraded; "
                "open it once for writing first."
            )
        engine = sqlite_engine(path, read_only=True)
        try:
            with engine.connect():
                pass  # fail here, not in the first session: e.g. WAL in a read-only folder
        except DBAPIError as exc:
            engine.dispose()
            raise StoreError(f"Cannot read {path.name}: {exc.orig}.") from exc
        return CampaignStore(engine=engine, url=url, path=path, read_only=True, lock=None)
    if create:
        path.parent.mkdir(parents=True, exist_ok=True)
    lock = WriterLock(path)
    try:
        probe = _probe_for(path, create=create)  # again, now that no other desk can write it
        _check_wanted(probe, path, create=create)
        if probe.revision != head:
            _upgrade_sqlite(path, probe, backup_dir=backup_dir, created=create)
        engine = sqlite_engine(path)
        store = CampaignStore(engine=engine, url=url, path=path, read_only=False, lock=lock)
    except BaseException:
        lock.release()
        raise
    if network_filesystem(path):
        store.warnings.append(
            f"{path.name} is on a network drive; SQLite's write-ahead log is not safe there. "
            "Copy the campaign to a local disk."
        )
    return store


def _open_sqlite_beside_writer(path: Path, url: URL) -> CampaignStore:
    probe = _probe_for(path, create=False)
    _check_wanted(probe, path, create=False)
    if probe.revision != head_revision():
        raise UpgradeNeededError(
            f"{path.name} was saved by an older desk and must be upgraded; "
            "open it once in the desk first."
        )
    return CampaignStore(engine=sqlite_engine(path), url=url, path=path, read_only=False,
                         lock=None)


def _upgrade_sqlite(path: Path, probe: Probe, *, backup_dir: Path | None, created: bool) -> None:
    backup = None
    if probe.revision is not None:
        backup = take_backup(
            store_or_path=path, backup_dir=backup_dir,
            reason=f"before-upgrade-{probe.revision}-to-{head_revision()}",
        ).path
    engine = sqlite_engine(path, foreign_keys=False)
    try:
        run_foreign_keys_off(engine, alembic_upgrade)
    except MigrationError:
        raise
    except Exception as exc:
        kept = f"; a backup is at {backup}" if backup else ""
        first_line = (str(exc).splitlines() or [""])[0]
        raise MigrationError(
            f"Upgrading {path.name} failed ({exc.__class__.__name__}: {first_line}); "
            f"the campaign is unchanged{kept}."
        ) from exc
    finally:
        engine.dispose()
        if created and probe_is_empty(path):
            _remove_sqlite_files(path)


def probe_is_empty(path: Path) -> bool:
    """True if the file is missing, empty or holds no tables."""
    try:
        return probe_sqlite(path).empty
    except StoreError:
        return False


def _remove_sqlite_files(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


def _open_server(url: URL, *, read_only: bool, create: bool) -> CampaignStore:
    where = f"The database {url.database!r} on {url.host or 'localhost'}"
    engine = server_engine(url, read_only=read_only)
    try:
        with engine.connect() as conn:
            probe = probe_server(conn, where=where)
        if create and not probe.empty:
            raise CampaignExistsError(f"{where} already holds a campaign or other tables.")
        if not create and probe.empty:
            raise NotACampaignError(f"{where} is empty; it holds no campaign.")
        if probe.revision != head_revision():
            if read_only:
                raise UpgradeNeededError(
                    f"{where} holds a campaign from an older desk; open it for writing first."
                )
            run_under_advisory_lock(engine, _upgrade_if_behind(where))
    except StoreError:
        engine.dispose()
        raise
    except SQLAlchemyError as exc:
        engine.dispose()
        if is_server_gone(exc):
            where = f"{url.host or 'localhost'}:{url.port or 5432}"
            raise ServerUnreachableError(
                f"The campaign's server cannot be reached ({where}): the campaign was not "
                "opened; try again once the server is back.") from exc
        raise StoreError(f"Cannot open the campaign on the server: {exc.__class__.__name__}: "
                         f"{str(exc).splitlines()[0]}") from exc
    return CampaignStore(engine=engine, url=url, path=None, read_only=read_only, lock=None)


def _upgrade_if_behind(where: str) -> Callable[[Connection], None]:
    def work(conn: Connection) -> None:
        # Under the lock: another desk may have upgraded while we waited.
        if probe_server(conn, where=where).revision != head_revision():
            alembic_upgrade(conn)

    return work
