"""Dispatches and courier settings: orders that travel (issue 21).

Two new tables, nothing altered: ``dispatch`` (an order or message from a
leader to a subordinate command or unit, its route, delay, rolls and fate) and
``courier_settings`` (a campaign's courier preset and overrides). Creating
tables rebuilds none, so no existing row is touched; existing campaigns start
with no dispatches and their rules system's first courier preset.

Revision ID: 0009
Revises: 0004
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _fk(table: str, column: str, target: str, ondelete: str) -> sa.ForeignKeyConstraint:
    name = op.f(f"fk_{table}_{column}_{target}")
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=name, ondelete=ondelete)


def upgrade() -> None:
    op.create_table(
        "dispatch",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("bound_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("writer_id", sa.Integer(), nullable=False),
        sa.Column("writer_command_id", sa.Integer(), nullable=False),
        sa.Column("to_command_id", sa.Integer(), nullable=True),
        sa.Column("to_unit_id", sa.Integer(), nullable=True),
        sa.Column("game_time", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("text", sa.String(), nullable=False),
        sa.Column("fields", sa.JSON(), nullable=False),
        sa.Column("route", sa.String(), nullable=False),
        sa.Column("via", sa.JSON(), nullable=False),
        sa.Column("distance", sa.Float(), nullable=True),
        sa.Column("delay_bounds", sa.Integer(), nullable=False),
        sa.Column("due_bound", sa.Integer(), nullable=False),
        sa.Column("fate", sa.String(), nullable=False),
        sa.Column("captor_side_id", sa.Integer(), nullable=True),
        sa.Column("rolls", sa.JSON(), nullable=False),
        sa.Column("delivered_bound", sa.Integer(), nullable=True),
        sa.Column("override_reason", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dispatch")),
        _fk("dispatch", "battle_id", "battle", "CASCADE"),
        _fk("dispatch", "bound_id", "bound", "CASCADE"),
        _fk("dispatch", "captor_side_id", "side", "SET NULL"),
        _fk("dispatch", "to_command_id", "command", "CASCADE"),
        _fk("dispatch", "to_unit_id", "unit", "CASCADE"),
        _fk("dispatch", "writer_command_id", "command", "CASCADE"),
        _fk("dispatch", "writer_id", "leader", "CASCADE"),
        sa.UniqueConstraint("bound_id", "seq", name=op.f("uq_dispatch_bound_id_seq")),
    )
    op.create_index(op.f("ix_dispatch_battle_id"), "dispatch", ["battle_id"], unique=False)
    op.create_index(op.f("ix_dispatch_bound_id"), "dispatch", ["bound_id"], unique=False)
    op.create_index(op.f("ix_dispatch_writer_id"), "dispatch", ["writer_id"], unique=False)
    op.create_table(
        "courier_settings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("scale", sa.String(), nullable=False),
        sa.Column("overrides", sa.JSON(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_courier_settings")),
        _fk("courier_settings", "campaign_id", "campaign", "CASCADE"),
        sa.UniqueConstraint("campaign_id", name=op.f("uq_courier_settings_campaign_id")),
    )
    op.create_index(op.f("ix_courier_settings_campaign_id"), "courier_settings",
                    ["campaign_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_courier_settings_campaign_id"), table_name="courier_settings")
    op.drop_table("courier_settings")
    op.drop_index(op.f("ix_dispatch_writer_id"), table_name="dispatch")
    op.drop_index(op.f("ix_dispatch_bound_id"), table_name="dispatch")
    op.drop_index(op.f("ix_dispatch_battle_id"), table_name="dispatch")
    op.drop_table("dispatch")
