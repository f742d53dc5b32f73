"""Backups of a campaign around the bound close: take one, list them, restore one.

A thin layer over :mod:`desk.store.backups` (SQLite's backup API, dated names,
retention: the newest 20 plus the newest of every older day). Every use case
that discards recorded play takes one first, into ``user_data_dir()/backups``
unless told otherwise: closing a bound, reopening one whose successor already
has work (:func:`backup_before_discarding`), restoring a backup (its safety
backup). On PostgreSQL there is no file to copy: the server's own backups
(pg_dump, base backups) apply, and these functions return None.
"""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session

from desk.services.dto import BackupInfo
from desk.services.errors import BackupError
from desk.store import BackupInfo as StoreBackup
from desk.store import StoreError, list_backups, restore_backup, take_backup

KEEP_LAST = 20


def campaign_file(session: Session) -> Path | None:
    """The SQLite file behind a session, or None for a server database or memory."""
    url = session.get_bind().engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database)


def _dto(info: StoreBackup) -> BackupInfo:
    return BackupInfo(path=info.path, created=info.taken_at, size=info.size_bytes,
                      label=info.reason)


def backup_before_discarding(*, session: Session, reason: str, doing: str, refused: str,
                             backup_dir: Path | None = None,
                             keep_last: int = KEEP_LAST) -> BackupInfo | None:
    """Back up the campaign as last committed, before this session changes it.

    Reads through a separate read-only connection, so it sees the committed
    state even while this session holds the write lock (WAL). When no backup
    can be made, BackupError says so: "no backup could be made before
    ``doing``, ``refused``" ("closing bound 3", "so the bound stays open"); the
    caller then changes nothing.
    """
    path = campaign_file(session)
    if path is None:
        return None
    try:
        info = take_backup(store_or_path=path, backup_dir=backup_dir, reason=reason,
                           keep_last=keep_last)
    except (StoreError, OSError) as exc:
        raise BackupError(f"no backup could be made before {doing}, {refused}: "
                          f"{exc}") from exc
    return _dto(info)


def backup_before_close(*, session: Session, bound: int, backup_dir: Path | None = None,
                        keep_last: int = KEEP_LAST) -> BackupInfo | None:
    """Back up the campaign as last committed, before bound ``bound`` is closed."""
    return backup_before_discarding(session=session, reason=f"before-close-{bound}",
                                    doing=f"closing bound {bound}",
                                    refused="so the bound stays open",
                                    backup_dir=backup_dir, keep_last=keep_last)


def campaign_backups(*, campaign_path: Path,
                     backup_dir: Path | None = None) -> tuple[BackupInfo, ...]:
    """A campaign's backups, newest first (``desk backups CAMPAIGN``)."""
    return tuple(_dto(b) for b in list_backups(campaign_path=campaign_path,
                                                backup_dir=backup_dir))


def restore_campaign_backup(*, backup: Path, campaign_path: Path,
                            backup_dir: Path | None = None) -> BackupInfo | None:
    """Put ``backup`` in place of the campaign after backing up its current state.

    Returns that safety backup (None when there was no campaign file). The
    campaign must be closed everywhere (``desk restore``).
    """
    if not backup.is_file():
        raise BackupError(f"there is no backup file {backup}")
    try:
        safety = restore_backup(backup=backup, campaign_path=campaign_path,
                                backup_dir=backup_dir)
    except (StoreError, OSError) as exc:
        raise BackupError(f"the backup {backup.name} was not restored: {exc}") from exc
    return _dto(safety) if safety else None
