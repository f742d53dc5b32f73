"""Initial schema: every table of the campaign (declared in desk/store/tables/).

Written from the models' metadata and checked against them by pytest-alembic's
``test_model_definitions_match_ddl``. Constraint names follow the naming
convention of desk/store/columns.py; the helpers below only spell them out.

Revision ID: 0001
Revises:
Create Date: 2026-01-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _pk(table: str) -> sa.PrimaryKeyConstraint:
    return sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{table}"))


def _fk(table: str, column: str, target: str, ondelete: str) -> sa.ForeignKeyConstraint:
    name = op.f(f"fk_{table}_{column}_{target}")
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=name, ondelete=ondelete)


def upgrade() -> None:
    op.create_table(
        "campaign",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("rules_system", sa.String(), nullable=False),
        sa.Column("house_rules", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        _pk("campaign"),
    )
    op.create_table(
        "battle",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("date", sa.String(), nullable=False),
        sa.Column("start_time", sa.String(), nullable=False),
        sa.Column("minutes_per_bound", sa.Integer(), nullable=False),
        sa.Column("current_bound", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        _pk("battle"),
        _fk("battle", "campaign_id", "campaign", "CASCADE"),
    )
    op.create_index(op.f("ix_battle_campaign_id"), "battle", ["campaign_id"], unique=False)
    op.create_table(
        "side",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        _pk("side"),
        _fk("side", "campaign_id", "campaign", "CASCADE"),
        sa.UniqueConstraint("campaign_id", "name", name=op.f("uq_side_campaign_id_name")),
    )
    op.create_index(op.f("ix_side_campaign_id"), "side", ["campaign_id"], unique=False)
    op.create_table(
        "bound",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("game_time", sa.String(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("version_id", sa.Integer(), nullable=False),
        _pk("bound"),
        _fk("bound", "battle_id", "battle", "CASCADE"),
        sa.UniqueConstraint("battle_id", "number", name=op.f("uq_bound_battle_id_number")),
    )
    op.create_index(op.f("ix_bound_battle_id"), "bound", ["battle_id"], unique=False)
    op.create_table(
        "leader",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("side_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("rank", sa.String(), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("command_range", sa.Integer(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        _pk("leader"),
        _fk("leader", "side_id", "side", "CASCADE"),
    )
    op.create_index(op.f("ix_leader_side_id"), "leader", ["side_id"], unique=False)
    op.create_table(
        "terrain_feature",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("width_cm", sa.Float(), nullable=True),
        sa.Column("crosses_id", sa.Integer(), nullable=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        _pk("terrain_feature"),
        _fk("terrain_feature", "battle_id", "battle", "CASCADE"),
        _fk("terrain_feature", "crosses_id", "terrain_feature", "SET NULL"),
    )
    op.create_index(
        op.f("ix_terrain_feature_battle_id"), "terrain_feature", ["battle_id"], unique=False
    )
    op.create_table(
        "command",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("side_id", sa.Integer(), nullable=False),
        sa.Column("parent_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("level", sa.String(), nullable=False),
        sa.Column("leader_id", sa.Integer(), nullable=True),
        sa.Column("lim_eligible", sa.Boolean(), nullable=False),
        sa.Column("imperial_guard", sa.Boolean(), nullable=False),
        sa.Column("sort_key", sa.Integer(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        _pk("command"),
        _fk("command", "leader_id", "leader", "SET NULL"),
        _fk("command", "parent_id", "command", "CASCADE"),
        _fk("command", "side_id", "side", "CASCADE"),
    )
    op.create_index(op.f("ix_command_side_id"), "command", ["side_id"], unique=False)
    op.create_table(
        "lim_pool",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("bound_id", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("chits", sa.JSON(), nullable=False),
        sa.Column("first_lim", sa.String(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        _pk("lim_pool"),
        _fk("lim_pool", "bound_id", "bound", "CASCADE"),
        sa.UniqueConstraint("bound_id", name=op.f("uq_lim_pool_bound_id")),
    )
    op.create_index(op.f("ix_lim_pool_bound_id"), "lim_pool", ["bound_id"], unique=False)
    op.create_table(
        "lim_draw",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("pool_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("lim", sa.String(), nullable=False),
        sa.Column("command_id", sa.Integer(), nullable=True),
        sa.Column("orders_option", sa.String(), nullable=False),
        sa.Column("roll", sa.Integer(), nullable=True),
        sa.Column("rating", sa.Integer(), nullable=True),
        sa.Column("success", sa.Boolean(), nullable=True),
        sa.Column("note", sa.String(), nullable=False),
        _pk("lim_draw"),
        _fk("lim_draw", "command_id", "command", "SET NULL"),
        _fk("lim_draw", "pool_id", "lim_pool", "CASCADE"),
        sa.UniqueConstraint("pool_id", "seq", name=op.f("uq_lim_draw_pool_id_seq")),
    )
    op.create_index(op.f("ix_lim_draw_pool_id"), "lim_draw", ["pool_id"], unique=False)
    op.create_table(
        "unit",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("side_id", sa.Integer(), nullable=False),
        sa.Column("command_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("arm", sa.String(), nullable=False),
        sa.Column("unit_type", sa.String(), nullable=False),
        sa.Column("strength", sa.Integer(), nullable=False),
        sa.Column("strength_unit", sa.String(), nullable=False),
        sa.Column("mother_unit_id", sa.Integer(), nullable=True),
        sa.Column("soutien_id", sa.Integer(), nullable=True),
        sa.Column("imperial_guard", sa.Boolean(), nullable=False),
        sa.Column("sort_key", sa.Integer(), nullable=False),
        sa.Column("attrs", sa.JSON(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        _pk("unit"),
        _fk("unit", "command_id", "command", "CASCADE"),
        _fk("unit", "mother_unit_id", "unit", "SET NULL"),
        _fk("unit", "side_id", "side", "CASCADE"),
        _fk("unit", "soutien_id", "unit", "SET NULL"),
    )
    op.create_index(op.f("ix_unit_command_id"), "unit", ["command_id"], unique=False)
    op.create_index(op.f("ix_unit_side_id"), "unit", ["side_id"], unique=False)
    op.create_table(
        "bound_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("bound_id", sa.Integer(), nullable=False),
        sa.Column("unit_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _pk("bound_event"),
        _fk("bound_event", "bound_id", "bound", "CASCADE"),
        _fk("bound_event", "unit_id", "unit", "CASCADE"),
    )
    op.create_index(op.f("ix_bound_event_bound_id"), "bound_event", ["bound_id"], unique=False)
    op.create_index(op.f("ix_bound_event_unit_id"), "bound_event", ["unit_id"], unique=False)
    op.create_table(
        "crossing",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("unit_id", sa.Integer(), nullable=False),
        sa.Column("feature_id", sa.Integer(), nullable=False),
        sa.Column("started_bound_id", sa.Integer(), nullable=False),
        sa.Column("completed_bound_id", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        _pk("crossing"),
        _fk("crossing", "completed_bound_id", "bound", "CASCADE"),
        _fk("crossing", "feature_id", "terrain_feature", "CASCADE"),
        _fk("crossing", "started_bound_id", "bound", "CASCADE"),
        _fk("crossing", "unit_id", "unit", "CASCADE"),
    )
    op.create_index(op.f("ix_crossing_feature_id"), "crossing", ["feature_id"], unique=False)
    op.create_index(op.f("ix_crossing_unit_id"), "crossing", ["unit_id"], unique=False)
    op.create_table(
        "journal",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("bound_id", sa.Integer(), nullable=True),
        sa.Column("unit_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("message", sa.String(), nullable=False),
        sa.Column("reason", sa.String(), nullable=False),
        sa.Column("clause", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _pk("journal"),
        _fk("journal", "battle_id", "battle", "CASCADE"),
        _fk("journal", "bound_id", "bound", "CASCADE"),
        _fk("journal", "unit_id", "unit", "CASCADE"),
    )
    op.create_index(op.f("ix_journal_battle_id"), "journal", ["battle_id"], unique=False)
    op.create_index(op.f("ix_journal_bound_id"), "journal", ["bound_id"], unique=False)
    op.create_index(op.f("ix_journal_unit_id"), "journal", ["unit_id"], unique=False)
    op.create_table(
        "unit_order",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("bound_id", sa.Integer(), nullable=False),
        sa.Column("unit_id", sa.Integer(), nullable=False),
        sa.Column("verbatim", sa.String(), nullable=False),
        sa.Column("fields", sa.JSON(), nullable=False),
        sa.Column("completed", sa.JSON(), nullable=False),
        sa.Column("defaulted", sa.JSON(), nullable=False),
        sa.Column("findings", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("override_reason", sa.String(), nullable=False),
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        _pk("unit_order"),
        _fk("unit_order", "bound_id", "bound", "CASCADE"),
        _fk("unit_order", "unit_id", "unit", "CASCADE"),
        sa.UniqueConstraint("bound_id", "unit_id", name=op.f("uq_unit_order_bound_id_unit_id")),
    )
    op.create_index(op.f("ix_unit_order_bound_id"), "unit_order", ["bound_id"], unique=False)
    op.create_index(op.f("ix_unit_order_unit_id"), "unit_order", ["unit_id"], unique=False)
    op.create_table(
        "unit_state",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("bound_id", sa.Integer(), nullable=False),
        sa.Column("unit_id", sa.Integer(), nullable=False),
        sa.Column("formation", sa.String(), nullable=False),
        sa.Column("disorder", sa.String(), nullable=False),
        sa.Column("strength", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        _pk("unit_state"),
        _fk("unit_state", "bound_id", "bound", "CASCADE"),
        _fk("unit_state", "unit_id", "unit", "CASCADE"),
        sa.UniqueConstraint("bound_id", "unit_id", name=op.f("uq_unit_state_bound_id_unit_id")),
    )
    op.create_index(op.f("ix_unit_state_bound_id"), "unit_state", ["bound_id"], unique=False)
    op.create_index(op.f("ix_unit_state_unit_id"), "unit_state", ["unit_id"], unique=False)


def downgrade() -> None:
    # Dropping a table drops its indexes; children go before their parents.
    op.drop_table("unit_state")
    op.drop_table("unit_order")
    op.drop_table("journal")
    op.drop_table("crossing")
    op.drop_table("bound_event")
    op.drop_table("unit")
    op.drop_table("lim_draw")
    op.drop_table("lim_pool")
    op.drop_table("command")
    op.drop_table("terrain_feature")
    op.drop_table("leader")
    op.drop_table("bound")
    op.drop_table("side")
    op.drop_table("battle")
    op.drop_table("campaign")
