"""An empty campaign at head made once per test process, copied for each test that needs one.

``open_campaign(create=True)`` runs every Alembic revision of db/versions on the new
database: about 65 ms a campaign on a quiet machine (several times that under load), and
some three hundred tests and fuzz examples start from an empty campaign. The template is
made by that same call, once; a test gets a copy of it: a SQLite file copied with SQLite's
backup API (a real campaign file, as a backup is), or on PostgreSQL a database the server
clones from a migrated template database (``CREATE DATABASE ... TEMPLATE``). Both are then
opened with ``open_campaign`` as any existing campaign is.

An empty campaign holds no campaign row, so no per-campaign secret is shared between the
copies. The tests about making a campaign (tests/store) still call
``open_campaign(create=True)`` themselves, as do the upgrade tests.
"""

from __future__ import annotations

from pathlib import Path

from pg import PgServer

from desk.store import backup_sqlite, open_campaign


class CampaignTemplate:
    """The empty campaign at head in ``folder`` (SQLite) and on a server, made on first use."""

    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self._sqlite: Path | None = None
        self._server_template: dict[int, str] = {}  # server port → template database name

    def sqlite(self, dest: Path) -> Path:
        """A new empty campaign file at ``dest``, copied from the template."""
        if self._sqlite is None:
            made = self._folder / "empty.desk"
            open_campaign(made, create=True, backup_dir=self._folder / "backups").close()
            self._sqlite = made
        return backup_sqlite(store_or_path=self._sqlite, dest=dest)

    def postgres(self, server: PgServer) -> str:
        """URL of a new database of ``server`` holding an empty campaign at head."""
        name = self._server_template.get(server.port)
        if name is None:
            url = server.create_database("template")
            # Closed before any clone: the server copies a template nobody is connected to.
            open_campaign(url, create=True).close()
            name = url.rsplit("/", 1)[1]
            self._server_template[server.port] = name
        return server.create_database(template=name)
