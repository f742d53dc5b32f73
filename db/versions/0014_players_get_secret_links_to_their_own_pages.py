"""Players get secret links to their own pages (issue 32).

``player_link`` keeps each player's link as the SHA-256 of its token (never the token),
with when it was made and, once revoked, when; ``player_submission`` records each time
a player sent orders from that page (the units, the time), for the "received at" the
page shows and the umpire's record.

Two new tables: no table is rebuilt and no row is touched.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-04
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "player_link",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"],
                                name=op.f("fk_player_link_player_id_player"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_link")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_player_link_token_hash")),
    )
    op.create_index(op.f("ix_player_link_player_id"), "player_link", ["player_id"],
                    unique=False)
    op.create_table(
        "player_submission",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("bound_id", sa.Integer(), nullable=False),
        sa.Column("unit_ids", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"],
                                name=op.f("fk_player_submission_player_id_player"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["bound_id"], ["bound.id"],
                                name=op.f("fk_player_submission_bound_id_bound"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_submission")),
    )
    op.create_index(op.f("ix_player_submission_player_id"), "player_submission",
                    ["player_id"], unique=False)
    op.create_index(op.f("ix_player_submission_bound_id"), "player_submission",
                    ["bound_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_player_submission_bound_id"), table_name="player_submission")
    op.drop_index(op.f("ix_player_submission_player_id"), table_name="player_submission")
    op.drop_table("player_submission")
    op.drop_index(op.f("ix_player_link_player_id"), table_name="player_link")
    op.drop_table("player_link")
