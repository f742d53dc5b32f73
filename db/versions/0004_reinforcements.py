"""Reinforcements: units due to arrive in a battle at a bound or on a seeded roll.

A new table only: no existing table is altered, so no batch rebuild runs and no
row of an existing campaign file can be touched (NOTES.md's SQLite trap).

File 0004, revision id 0006: the file is named by its place in the chain, the id
is kept as it was written because campaign files store it (``alembic_version``).

Revision ID: 0006
Revises: 0003
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "reinforcement",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("unit_id", sa.Integer(), nullable=False),
        sa.Column("due_bound", sa.Integer(), nullable=False),
        sa.Column("on_roll", sa.Boolean(), nullable=False),
        sa.Column("arrived_bound", sa.Integer(), nullable=True),
        sa.Column("note", sa.String(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["battle_id"], ["battle.id"], ondelete="CASCADE",
                                name=op.f("fk_reinforcement_battle_id_battle")),
        sa.ForeignKeyConstraint(["unit_id"], ["unit.id"], ondelete="CASCADE",
                                name=op.f("fk_reinforcement_unit_id_unit")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reinforcement")),
        sa.UniqueConstraint("battle_id", "unit_id",
                            name=op.f("uq_reinforcement_battle_id_unit_id")),
    )
    op.create_index(op.f("ix_reinforcement_battle_id"), "reinforcement", ["battle_id"])
    op.create_index(op.f("ix_reinforcement_unit_id"), "reinforcement", ["unit_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_reinforcement_unit_id"), table_name="reinforcement")
    op.drop_index(op.f("ix_reinforcement_battle_id"), table_name="reinforcement")
    op.drop_table("reinforcement")
