"""The campaign store: SQLModel tables, engine, migrations runner, backups.

Everything the other layers need is re-exported here; the tables themselves
are in :mod:`desk.store.tables`.
"""

from desk.store.backups import (
    BackupInfo,
    backup_sqlite,
    list_backups,
    prune_backups,
    restore_backup,
    take_backup,
)
from desk.store.campaign import new_campaign_file, open_campaign
from desk.store.errors import (
    BusyError,
    CampaignExistsError,
    CampaignLockedError,
    CampaignNotFoundError,
    ConflictError,
    MigrationError,
    NewerSchemaError,
    NotACampaignError,
    ReadOnlyError,
    ServerUnreachableError,
    StoreError,
    UpgradeNeededError,
)
from desk.store.migrations import alembic_config, head_revision
from desk.store.session import CampaignStore


def current_revision(store: CampaignStore) -> str | None:
    """The schema revision recorded in an open campaign (for ``desk info``)."""
    return store.revision


__all__ = [
    "BackupInfo",
    "BusyError",
    "CampaignExistsError",
    "CampaignLockedError",
    "CampaignNotFoundError",
    "CampaignStore",
    "ConflictError",
    "MigrationError",
    "NewerSchemaError",
    "NotACampaignError",
    "ReadOnlyError",
    "ServerUnreachableError",
    "StoreError",
    "UpgradeNeededError",
    "alembic_config",
    "backup_sqlite",
    "current_revision",
    "head_revision",
    "list_backups",
    "new_campaign_file",
    "open_campaign",
    "prune_backups",
    "restore_backup",
    "take_backup",
]
