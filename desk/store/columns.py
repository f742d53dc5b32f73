"""Shared pieces of the table declarations: naming convention and column factories.

Kept apart from :mod:`desk.store.tables` so that module holds only the tables.
The naming convention is set on SQLModel's metadata here, at import, before any
table is declared: Alembic's batch mode (SQLite) and PostgreSQL can only alter
or drop a constraint that has a name.
"""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, Integer, MetaData
from sqlmodel import SQLModel
from sqlmodel._compat import SQLModelConfig

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
SQLModel.metadata.naming_convention = NAMING_CONVENTION
metadata: MetaData = SQLModel.metadata


class DeskTable(SQLModel):
    """The base of every table. Its pydantic validator is built when first used, not at
    import: the tables are built from the database (SQLAlchemy sets their attributes), and
    building 29 validators cost a start-up some 30 ms before the window could show
    (issue 28)."""

    model_config = SQLModelConfig(defer_build=True)


def version_column() -> Column[int]:
    """A fresh optimistic-lock column: SQLAlchemy needs one Column object per table,
    passed both to ``Field(sa_column=...)`` and to ``__mapper_args__`` (the string
    form raises ArgumentError)."""
    return Column("version_id", Integer, nullable=False)


def json_column() -> Any:
    """A NOT NULL JSON column. Assign a new dict/list to change it: in-place
    mutation is not tracked by SQLAlchemy."""
    return Column(JSON, nullable=False)


def now() -> datetime:
    """The current time in UTC, to the second.

    SQLModel stores ``datetime`` fields as ``UTCDateTime``, which refuses naive
    values; the window converts to local time for display (``.astimezone()``).
    """
    return datetime.now(UTC).replace(microsecond=0)
