"""Backups of SQLite campaigns: taken with SQLite's backup API, listed, pruned, restored.

Never a file copy of a live database: its ``-wal`` file holds committed pages
the main file lacks. A backup is written to a ``.part`` file and renamed into
place, so a crash mid-backup never leaves a half file under a backup's name; the
``.part`` file a killed backup leaves is removed by the campaign's next backup
once it is :data:`STALE_PART_SECONDS` old (a backup being written right now
keeps touching its file, so it never looks that old).
Names are ``<stem>-<path hash>-<YYYYmmdd-HHMMSS-mmm>-<reason>.sqlite``: the hash
keeps two campaigns called ``campaign.sqlite`` in different folders apart.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import time
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from desk.resources import user_data_dir
from desk.store.errors import StoreError
from desk.store.lock import WriterLock
from desk.store.probe import _ro_uri, probe_sqlite

if TYPE_CHECKING:
    from desk.store.campaign import CampaignStore

KEEP_LAST = 20
# A backup writes its .part file page after page and renames it at once, so a
# .part file untouched for ten minutes belongs to a backup that was killed.
STALE_PART_SECONDS = 600
_STAMP = "%Y%m%d-%H%M%S"
_NAME = re.compile(
    r"^(?P<prefix>.+-[0-9a-f]{8})-(?P<stamp>\d{8}-\d{6})-(?P<ms>\d{3})-(?P<reason>[\w.-]+)\.sqlite$"
)


@dataclass(frozen=True)
class BackupInfo:
    """One backup file of a campaign."""

    path: Path
    taken_at: datetime
    reason: str
    size_bytes: int


def default_backup_dir() -> Path:
    """Where backups go unless the caller says otherwise."""
    return user_data_dir() / "backups"


def _prefix(campaign_path: Path) -> str:
    digest = hashlib.sha256(str(campaign_path.resolve()).encode("utf-8")).hexdigest()[:8]
    return f"{campaign_path.stem}-{digest}"


def backup_sqlite(*, store_or_path: CampaignStore | Path, dest: Path) -> Path:
    """Copy a SQLite campaign (open store or closed file) to ``dest`` consistently."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    part = dest.with_name(dest.name + ".part")
    part.unlink(missing_ok=True)
    target = sqlite3.connect(part)
    try:
        if isinstance(store_or_path, Path):
            source = sqlite3.connect(_ro_uri(store_or_path), uri=True)
            try:
                source.backup(target)
            finally:
                source.close()
        else:
            if store_or_path.path is None:
                raise StoreError("A PostgreSQL campaign is backed up with the server's pg_dump.")
            raw = store_or_path.engine.raw_connection()
            try:
                raw.driver_connection.backup(target)  # type: ignore[union-attr]
            finally:
                raw.close()
    except sqlite3.Error as exc:
        target.close()
        part.unlink(missing_ok=True)
        raise StoreError(f"The backup to {dest} failed: {exc}.") from exc
    target.close()
    with open(part, "rb") as written:  # a file of our own, never the live campaign
        os.fsync(written.fileno())
    os.replace(part, dest)
    return dest


def list_backups(*, campaign_path: Path, backup_dir: Path | None = None) -> list[BackupInfo]:
    """The campaign's backups, newest first."""
    folder = backup_dir or default_backup_dir()
    prefix = _prefix(campaign_path)
    found = []
    for path in folder.glob(f"{prefix}-*.sqlite") if folder.is_dir() else ():
        match = _NAME.match(path.name)
        if not match or match["prefix"] != prefix:
            continue
        taken = datetime.strptime(match["stamp"], _STAMP).replace(
            microsecond=int(match["ms"]) * 1000
        )
        found.append(BackupInfo(path, taken, match["reason"], path.stat().st_size))
    return sorted(found, key=lambda b: b.taken_at, reverse=True)


def prune_backups(
    *, campaign_path: Path, backup_dir: Path | None = None, keep_last: int = KEEP_LAST,
    keep: Collection[Path] = (),
) -> list[Path]:
    """Keep the newest ``keep_last`` backups plus the newest of every older day.

    The backups in ``keep`` (one being restored, the one just taken) are never
    removed, and do not count towards ``keep_last``: keeping them pushes no
    other backup out.
    """
    in_use = {path.resolve() for path in keep}
    kept_days: set[str] = set()
    removed = []
    index = 0
    for info in list_backups(campaign_path=campaign_path, backup_dir=backup_dir):
        if info.path.resolve() in in_use:
            continue
        day = info.taken_at.strftime("%Y-%m-%d")
        index += 1
        if index <= keep_last:
            kept_days.add(day)
            continue
        if day not in kept_days:
            kept_days.add(day)
            continue
        info.path.unlink(missing_ok=True)
        removed.append(info.path)
    return removed


def remove_stale_parts(*, campaign_path: Path, backup_dir: Path | None = None,
                       older_than: float = STALE_PART_SECONDS) -> list[Path]:
    """Remove the ``.part`` files killed backups of this campaign left behind.

    Only those untouched for ``older_than`` seconds: a younger one may be a
    backup another desk is writing at this moment.
    """
    folder = backup_dir or default_backup_dir()
    if not folder.is_dir():
        return []
    removed = []
    now = time.time()
    for part in folder.glob(f"{_prefix(campaign_path)}-*.sqlite.part"):
        try:
            if now - part.stat().st_mtime < older_than:
                continue
            part.unlink()
        except OSError:
            continue  # gone meanwhile (another desk tidied it), or not ours to remove
        removed.append(part)
    return removed


def take_backup(
    *,
    store_or_path: CampaignStore | Path,
    backup_dir: Path | None = None,
    reason: str = "manual",
    keep_last: int = KEEP_LAST,
    keep: Collection[Path] = (),
) -> BackupInfo:
    """Back up a campaign under a dated name, then apply the retention rule.

    ``keep``: backups the retention rule must not remove now (see
    :func:`prune_backups`); the new backup is always kept.
    """
    campaign_path = store_or_path if isinstance(store_or_path, Path) else store_or_path.path
    if campaign_path is None:
        raise StoreError("A PostgreSQL campaign is backed up with the server's pg_dump.")
    folder = backup_dir or default_backup_dir()
    now = datetime.now()
    clean_reason = re.sub(r"[^\w.-]+", "-", reason).strip("-") or "manual"
    stamp = f"{now.strftime(_STAMP)}-{now.microsecond // 1000:03d}"
    name = f"{_prefix(campaign_path)}-{stamp}-{clean_reason}.sqlite"
    remove_stale_parts(campaign_path=campaign_path, backup_dir=folder)
    dest = backup_sqlite(store_or_path=store_or_path, dest=folder / name)
    prune_backups(campaign_path=campaign_path, backup_dir=folder, keep_last=keep_last,
                  keep=(*keep, dest))
    return BackupInfo(dest, now.replace(microsecond=now.microsecond // 1000 * 1000),
                      clean_reason, dest.stat().st_size)


def restore_backup(
    *, backup: Path, campaign_path: Path, backup_dir: Path | None = None
) -> BackupInfo | None:
    """Put a backup back in place of the campaign, after backing up the current state.

    The campaign must not be open for writing anywhere (its lock is taken here).
    Returns the safety backup of the state that was replaced (None if there was
    no campaign file). An older backup is upgraded the next time it is opened.
    The backup restored is never removed: not by the safety backup's retention
    rule (which keeps it besides the newest ``KEEP_LAST``), nor by the restore.
    """
    probe = probe_sqlite(backup, integrity=True)
    if probe.empty:
        raise StoreError(f"{backup.name} is empty; it is not a backup of a campaign.")
    lock = WriterLock(campaign_path)
    try:
        safety = None
        if campaign_path.exists() and campaign_path.stat().st_size > 0:
            safety = take_backup(store_or_path=campaign_path, backup_dir=backup_dir,
                                 reason="before-restore", keep=(backup,))
        source = sqlite3.connect(_ro_uri(backup), uri=True)
        target = sqlite3.connect(campaign_path)
        try:
            source.backup(target)
        finally:
            target.close()
            source.close()
        return safety
    finally:
        lock.release()
