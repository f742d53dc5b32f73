"""The store's exceptions: each carries one plain sentence for the umpire.

The window and the command line show ``str(error)`` as it is, so every message
is a whole sentence in the desk's own words, never a driver's traceback.
"""

from __future__ import annotations

import re

# StaleDataError names the table; the umpire thinks in the game's words.
_TABLE_WORDS = {
    "campaign": "the campaign",
    "battle": "the battle",
    "side": "a side",
    "leader": "a leader",
    "command": "a command",
    "unit": "a unit",
    "bound": "a bound",
    "unit_order": "an order",
    "unit_state": "a unit's state",
    "terrain_feature": "a terrain feature",
    "crossing": "a crossing",
    "lim_pool": "the LIM pool",
}


class StoreError(Exception):
    """Base of every store error; ``str(error)`` is one sentence for the user."""


class NotACampaignError(StoreError):
    """The file or database is not an Umpire's Desk campaign (or is damaged)."""


class CampaignNotFoundError(NotACampaignError):
    """There is no campaign at the given place."""


class CampaignExistsError(StoreError):
    """``create=True`` was asked for a place that already holds data."""


class NewerSchemaError(StoreError):
    """The campaign was written by a newer desk; it is left untouched."""

    def __init__(self, message: str, *, revision: str) -> None:
        super().__init__(message)
        self.revision = revision


class UpgradeNeededError(StoreError):
    """A read-only open found a campaign that must be upgraded first."""


class CampaignLockedError(StoreError):
    """Another desk has the campaign open for writing.

    ``holder`` says who (host, process id, since when), so the window can offer
    "open read-only" or "cancel".
    """

    def __init__(self, message: str, *, holder: str) -> None:
        super().__init__(message)
        self.holder = holder


class ConflictError(StoreError):
    """Another umpire changed the same row since it was loaded (optimistic lock)."""

    def __init__(self, message: str, *, table: str = "") -> None:
        super().__init__(message)
        self.table = table


class ReadOnlyError(StoreError):
    """A write was attempted on a campaign opened read-only."""


class BusyError(StoreError):
    """Another desk or process held the campaign's write lock past the busy timeout.

    The step that waited was rolled back whole, so nothing was half-written; the
    umpire can try it again once the other writer is done.
    """


class ServerUnreachableError(StoreError):
    """The campaign's PostgreSQL server cannot be reached: stopped, restarting, or the
    network between is down. The step was rolled back whole (or, when the server went
    away during the commit itself, the sentence says it may have been saved); the
    engine checks each pooled connection before use (``pool_pre_ping``), so the next
    step after the server is back reconnects by itself."""


class MigrationError(StoreError):
    """An upgrade failed; the campaign was rolled back and a backup exists."""


def conflict_from_stale(error: Exception) -> ConflictError:
    """Turn SQLAlchemy's StaleDataError into the umpire's conflict message."""
    match = re.search(r"on table '([\w.]+)'", str(error))
    table = match.group(1) if match else ""
    what = _TABLE_WORDS.get(table, "this record")
    return ConflictError(
        f"Another umpire changed {what} since you loaded it; reload and try again.",
        table=table,
    )


BUSY_MESSAGE = ("Another desk or process is writing to this campaign and kept it busy too "
                "long; this step was not saved and nothing was lost: try it again.")


def is_busy_refusal(error: Exception) -> bool:
    """True for SQLite's "database is locked" (or "busy"), raised once the busy timeout ran
    out; PostgreSQL waits on row locks instead and never says this."""
    text = str(getattr(error, "orig", error))
    return "database is locked" in text or "database is busy" in text


# PostgreSQL's SQLSTATEs for "this connection is gone": class 08 (connection exception),
# and the server shutting down or starting up (admin_shutdown, crash_shutdown,
# cannot_connect_now). A refused connection has no SQLSTATE at all.
_SERVER_GONE_STATES = frozenset({"57P01", "57P02", "57P03"})


def is_server_gone(error: Exception) -> bool:
    """True when a PostgreSQL driver error says the server cannot be reached (refused,
    closed, shutting down), as opposed to a refusal of the statement itself."""
    orig = getattr(error, "orig", error)
    if not type(orig).__module__.startswith("psycopg"):
        return False  # SQLite's OperationalError ("database is locked") is another matter
    if getattr(error, "connection_invalidated", False):
        return True
    state = getattr(orig, "sqlstate", None)
    if state is None:
        import psycopg

        return isinstance(orig, psycopg.OperationalError)
    return str(state).startswith("08") or state in _SERVER_GONE_STATES


def server_unreachable(where: str, *, committing: bool = False) -> ServerUnreachableError:
    """The one sentence for a server gone away; ``where`` is ``host:port``. During the
    commit itself the server may have saved the step before it went: the sentence says so
    instead of promising that nothing was written."""
    if committing:
        return ServerUnreachableError(
            f"The campaign's server went away while saving ({where}): this step may or may "
            "not have been saved; reload once the server is back.")
    return ServerUnreachableError(
        f"The campaign's server cannot be reached ({where}): nothing was written; try "
        "again once the server is back.")
