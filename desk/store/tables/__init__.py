"""The campaign's tables (SQLModel), one module per concept; asking this package for
:data:`metadata` registers every table on it first (Alembic's env.py, ``create_all`` and
the tests read it here). Import a table from the module that defines it, e.g.
``from desk.store.tables.bounds import Order``: that loads its module and the modules of
the tables its foreign keys name, no other (issue 28: the window's first screen reads
four of the twelve, and building the rest cost every start-up some 40–60 ms).

Each table module imports the modules of the tables its foreign keys name: SQLAlchemy
resolves a foreign key when it orders a flush, and one naming a table not loaded refuses
the write (``NoReferencedTableError``). ``tests/store/test_lazy_tables.py`` holds both.

No ``from __future__ import annotations`` in the table modules: it breaks SQLModel's
relationship resolution.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy import MetaData

    metadata: MetaData


def __getattr__(name: str) -> "MetaData":
    # PEP 562: a name not set yet. Only ``metadata`` is made here, once; importing a
    # table module runs this package first, so a module-level import of every table
    # module would load them all with the first one.
    if name != "metadata":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from desk.store.columns import metadata

    # Every table module, imported for its registration on the one metadata.
    from desk.store.tables import (  # noqa: F401
        bounds,
        campaign,
        couriers,
        leaders,
        lim,
        maps,
        oob,
        players,
        positions,
        reinforcements,
        terrain,
        umpires,
    )

    globals()["metadata"] = metadata
    return metadata
