"""Umpires by name, their claims and secret notes, and who wrote each order, event and line.

Issue 33 (several umpires on one campaign): the ``umpire`` table names a campaign's
umpires (a role, chief or sector, and on PostgreSQL the database role that is each);
``claim`` holds an umpire's claim on a side, a command or the LIM cup of a battle (one
per target and battle: the unique constraint decides a race); ``secret_note`` the notes
only their author or the chief reads. ``unit_order``, ``bound_event`` and ``journal``
get an ``umpire`` column: the name of who wrote the row; rows from before carry "".
New tables and columns with a server default rebuild nothing.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_STAMPED = ("unit_order", "bound_event", "journal")


def upgrade() -> None:
    op.create_table(
        "umpire",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("role", sa.String(), nullable=False),
        sa.Column("db_role", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"],
                                name=op.f("fk_umpire_campaign_id_campaign"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_umpire")),
        sa.UniqueConstraint("campaign_id", "name", name=op.f("uq_umpire_campaign_id_name")),
    )
    op.create_index(op.f("ix_umpire_campaign_id"), "umpire", ["campaign_id"], unique=False)
    op.create_table(
        "claim",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("target", sa.String(), nullable=False),
        sa.Column("umpire", sa.String(), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reason", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["battle_id"], ["battle.id"],
                                name=op.f("fk_claim_battle_id_battle"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_claim")),
        sa.UniqueConstraint("battle_id", "target", name=op.f("uq_claim_battle_id_target")),
    )
    op.create_index(op.f("ix_claim_battle_id"), "claim", ["battle_id"], unique=False)
    op.create_table(
        "secret_note",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("target", sa.String(), nullable=False),
        sa.Column("author", sa.String(), nullable=False),
        sa.Column("text", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"],
                                name=op.f("fk_secret_note_campaign_id_campaign"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_secret_note")),
    )
    op.create_index(op.f("ix_secret_note_campaign_id"), "secret_note", ["campaign_id"],
                    unique=False)
    for table in _STAMPED:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("umpire", sa.String(), nullable=False,
                                       server_default=""))


def downgrade() -> None:
    for table in _STAMPED:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("umpire")
    op.drop_index(op.f("ix_secret_note_campaign_id"), table_name="secret_note")
    op.drop_table("secret_note")
    op.drop_index(op.f("ix_claim_battle_id"), table_name="claim")
    op.drop_table("claim")
    op.drop_index(op.f("ix_umpire_campaign_id"), table_name="umpire")
    op.drop_table("umpire")
