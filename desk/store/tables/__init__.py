"""The campaign's tables (SQLModel), one module per concept; importing this package
registers every table on :data:`metadata` (Alembic's env.py, ``create_all`` and the
tests read it here). Import a table from the module that defines it, e.g.
``from desk.store.tables.bounds import Order``.

No ``from __future__ import annotations`` in the table modules: it breaks SQLModel's
relationship resolution.
"""

from sqlalchemy import MetaData
from sqlmodel import SQLModel

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

metadata: MetaData = SQLModel.metadata
