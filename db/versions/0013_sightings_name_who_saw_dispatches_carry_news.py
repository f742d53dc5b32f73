"""Sightings name who saw; a dispatch may carry news (issue 31).

A sighting the umpire marks may name the units of the side that saw the enemy unit
(``unit_seen_by``, several per sighting): their headquarters know at once, the rest of
the chain by report. A leader's dispatch may carry what his headquarters knows of the
enemy (``dispatch.news``, a JSON object, empty when it carries none).

A new table and a column added with a server default: no table is rebuilt and no row is
touched.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-04
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "unit_seen_by",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("seen_id", sa.Integer(), nullable=False),
        sa.Column("unit_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["seen_id"], ["unit_seen.id"],
                                name=op.f("fk_unit_seen_by_seen_id_unit_seen"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["unit_id"], ["unit.id"],
                                name=op.f("fk_unit_seen_by_unit_id_unit"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_unit_seen_by")),
        sa.UniqueConstraint("seen_id", "unit_id", name=op.f("uq_unit_seen_by_seen_id_unit_id")),
    )
    op.create_index(op.f("ix_unit_seen_by_unit_id"), "unit_seen_by", ["unit_id"], unique=False)
    op.add_column("dispatch", sa.Column("news", sa.JSON(), nullable=False,
                                        server_default="{}"))


def downgrade() -> None:
    with op.batch_alter_table("dispatch") as batch:
        batch.drop_column("news")
    op.drop_index(op.f("ix_unit_seen_by_unit_id"), table_name="unit_seen_by")
    op.drop_table("unit_seen_by")
