"""Play by mail: the players of each side or command, and each bound's deadline.

Two new tables, no change to existing ones, so no table is rebuilt and no row of
recorded play is touched.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("side_id", sa.Integer(), nullable=False),
        sa.Column("command_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("address", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"],
                                name=op.f("fk_player_campaign_id_campaign"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["side_id"], ["side.id"],
                                name=op.f("fk_player_side_id_side"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["command_id"], ["command.id"],
                                name=op.f("fk_player_command_id_command"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player")),
    )
    op.create_index(op.f("ix_player_campaign_id"), "player", ["campaign_id"], unique=False)
    op.create_index(op.f("ix_player_side_id"), "player", ["side_id"], unique=False)
    op.create_table(
        "bound_deadline",
        sa.Column("bound_id", sa.Integer(), nullable=False),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["bound_id"], ["bound.id"],
                                name=op.f("fk_bound_deadline_bound_id_bound"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("bound_id", name=op.f("pk_bound_deadline")),
    )


def downgrade() -> None:
    op.drop_table("bound_deadline")
    op.drop_table("player")
