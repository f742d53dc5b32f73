"""Positions in fewer bytes: one composite index instead of two, the LIM draw's partial.

The map board's target is a file growing by less than 100 bytes per unit and
bound. A ``position`` row kept three indexes: ``(unit_id, bound_id)``,
``bound_id`` and ``lim_draw_id``. One ``(bound_id, unit_id)`` serves the reads
of both (see :mod:`desk.store.tables.positions`). ``lim_draw_id`` is null except on
Battles of Waterloo's LIM moves, so its index now holds only the rows that have
one (``WHERE lim_draw_id IS NOT NULL``, which an equality or ``IN`` on the
column implies, on SQLite and PostgreSQL).

Only indexes change: no table is rebuilt and no row is touched.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_WITH_DRAW = sa.text("lim_draw_id IS NOT NULL")


def upgrade() -> None:
    op.create_index("ix_position_bound_unit", "position", ["bound_id", "unit_id"], unique=False)
    op.drop_index("ix_position_unit_bound", table_name="position")
    op.drop_index("ix_position_bound_id", table_name="position")
    op.drop_index("ix_position_lim_draw_id", table_name="position")
    op.create_index("ix_position_lim_draw_id", "position", ["lim_draw_id"], unique=False,
                    sqlite_where=_WITH_DRAW, postgresql_where=_WITH_DRAW)


def downgrade() -> None:
    op.drop_index("ix_position_lim_draw_id", table_name="position")
    op.create_index("ix_position_lim_draw_id", "position", ["lim_draw_id"], unique=False)
    op.create_index("ix_position_bound_id", "position", ["bound_id"], unique=False)
    op.create_index("ix_position_unit_bound", "position", ["unit_id", "bound_id"], unique=False)
    op.drop_index("ix_position_bound_unit", table_name="position")
