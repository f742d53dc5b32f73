"""The single-writer lock: one desk writes a campaign file at a time.

An OS lock (``flock`` on POSIX, ``msvcrt.locking`` on Windows) is taken on a
sidecar ``<campaign>.lock`` file, which holds who took it (host, process id,
since when) for the message a second desk shows. The operating system drops
the lock when the process ends, so a crashed desk never leaves the campaign
locked; the sidecar's stale text is then simply overwritten. The sidecar is
never deleted: deleting a lock file races with a desk that is opening it.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import sys
from datetime import datetime
from pathlib import Path
from urllib.parse import quote

from desk.store.errors import CampaignLockedError, StoreError

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

# Windows locks byte ranges and forbids reading a locked range: lock one far
# beyond the holder text, so a second desk can still read who holds it.
_WIN_LOCK_OFFSET = 1 << 20


def lock_path(campaign: Path) -> Path:
    """The sidecar lock file beside a campaign file."""
    return campaign.with_name(campaign.name + ".lock")


def _try_lock(fd: int) -> bool:
    try:
        if sys.platform == "win32":
            os.lseek(fd, _WIN_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


class WriterLock:
    """Held while a desk has a campaign open for writing; ``release()`` frees it."""

    def __init__(self, campaign: Path) -> None:
        self.path = lock_path(campaign)
        try:
            self._fd: int | None = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise StoreError(
                f"Cannot open {campaign.name} for writing: "
                f"its folder is not writable ({exc.strerror})."
            ) from exc
        if not _try_lock(self._fd):
            holder = self._read_holder()
            os.close(self._fd)
            self._fd = None
            raise CampaignLockedError(
                f"{campaign.name} is open in another desk ({holder}); "
                "open it read-only, or cancel.",
                holder=holder,
            )
        self.holder = (
            f"{socket.gethostname()}, process {os.getpid()}, "
            f"since {datetime.now().strftime('%Y-%m-%d %H:%M')}"
        )
        try:
            os.ftruncate(self._fd, 0)
            os.lseek(self._fd, 0, os.SEEK_SET)
            os.write(self._fd, self.holder.encode("utf-8"))
        except OSError:
            pass  # a full disk: the lock holds all the same, only the holder's name is lost

    def _read_holder(self) -> str:
        assert self._fd is not None
        try:
            os.lseek(self._fd, 0, os.SEEK_SET)
            text = os.read(self._fd, 400).decode("utf-8", "replace").strip()
        except OSError:
            text = ""
        return text or "holder unknown"

    @property
    def held(self) -> bool:
        """True until :meth:`release` is called."""
        return self._fd is not None

    def release(self) -> None:
        """Free the lock (closing the descriptor releases the OS lock)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def tidy_after_reading(campaign: Path) -> None:
    """Remove the ``-wal`` and ``-shm`` files a read-only open left beside a campaign.

    A read-only connection cannot delete them; SQLite does so when the last
    connection that can write closes. So, when no desk is writing the campaign,
    take the writer lock, open and close one writable connection, and let go.
    Every obstacle leaves the files be (they are harmless, only clutter): another
    desk writing; a campaign gone or renamed meanwhile (connecting would make an
    empty file in its place); one no desk has written here, which has no lock
    file (a read-only look must not leave one either); a read-only folder.
    """
    sidecars = [campaign.with_name(campaign.name + end) for end in ("-wal", "-shm")]
    if not any(p.exists() for p in sidecars):
        return
    if not (campaign.is_file() and lock_path(campaign).exists()):
        return
    try:
        lock = WriterLock(campaign)
    except (StoreError, OSError):
        return
    try:
        # mode=rw: never create the file, should it vanish between the check and here.
        connection = sqlite3.connect(f"file:{quote(str(campaign))}?mode=rw", uri=True)
        try:
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            connection.close()
    except sqlite3.Error:
        pass  # e.g. a read-only file in a writable folder: nothing to tidy with
    finally:
        lock.release()
