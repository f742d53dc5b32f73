"""Alembic environment of the campaign database (no alembic.ini: see desk.store.migrations).

The desk's migration runner hands over an open Connection, already inside a
transaction with SQLite's foreign keys OFF, through ``config.attributes["connection"]``;
pytest-alembic hands over an Engine the same way. Either works here. Without
one, ``sqlalchemy.url`` from the config is used (command-line use by developers).
"""

from alembic import context
from sqlalchemy import Connection, Engine, create_engine

from desk.store.tables import metadata


def _configure_and_run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        # SQLite cannot ALTER most things: batch mode rebuilds the table instead.
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _run_offline() -> None:
    context.configure(
        url=context.config.get_main_option("sqlalchemy.url"),
        target_metadata=metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _run_online() -> None:
    connectable = context.config.attributes.get("connection")
    if isinstance(connectable, Connection):
        _configure_and_run(connectable)
        return
    if not isinstance(connectable, Engine):
        url = context.config.get_main_option("sqlalchemy.url")
        if not url:
            raise RuntimeError("no connection given and no sqlalchemy.url set")
        connectable = create_engine(url)
    with connectable.connect() as connection:
        _configure_and_run(connection)


if context.is_offline_mode():
    _run_offline()
else:
    _run_online()
