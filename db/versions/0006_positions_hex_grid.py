"""Positions and hex grids: where every unit stands, per bound and activation (issue 18).

Two new tables, nothing altered: ``position`` (append-only, one row per change
of a unit's place: hex in the scenario's numbering, map x/y once a map exists,
the bound and the LIM draw it moved under, its source) and ``hex_grid`` (a
battle's numbering range, offset, road hexes and terrain, as its scenario gives
them). Creating tables rebuilds none, so no existing row is touched. Existing
campaigns start with no positions: a unit without one is asked for its hex.

File 0006, revision id 0005: the file is named by its place in the chain, the id
is kept as it was written because campaign files store it (``alembic_version``).

Revision ID: 0005
Revises: 0007
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _fk(table: str, column: str, target: str, ondelete: str) -> sa.ForeignKeyConstraint:
    name = op.f(f"fk_{table}_{column}_{target}")
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=name, ondelete=ondelete)


def upgrade() -> None:
    op.create_table(
        "position",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("unit_id", sa.Integer(), nullable=False),
        sa.Column("bound_id", sa.Integer(), nullable=False),
        sa.Column("lim_draw_id", sa.Integer(), nullable=True),
        sa.Column("hex", sa.String(), nullable=False),
        sa.Column("x", sa.Float(), nullable=True),
        sa.Column("y", sa.Float(), nullable=True),
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_position")),
        _fk("position", "bound_id", "bound", "CASCADE"),
        _fk("position", "lim_draw_id", "lim_draw", "CASCADE"),
        _fk("position", "unit_id", "unit", "CASCADE"),
    )
    op.create_index("ix_position_unit_bound", "position", ["unit_id", "bound_id"], unique=False)
    op.create_index(op.f("ix_position_bound_id"), "position", ["bound_id"], unique=False)
    op.create_index(op.f("ix_position_lim_draw_id"), "position", ["lim_draw_id"], unique=False)
    op.create_table(
        "hex_grid",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("grid", sa.JSON(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hex_grid")),
        _fk("hex_grid", "battle_id", "battle", "CASCADE"),
        sa.UniqueConstraint("battle_id", name=op.f("uq_hex_grid_battle_id")),
    )
    op.create_index(op.f("ix_hex_grid_battle_id"), "hex_grid", ["battle_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_hex_grid_battle_id"), table_name="hex_grid")
    op.drop_table("hex_grid")
    op.drop_index(op.f("ix_position_lim_draw_id"), table_name="position")
    op.drop_index(op.f("ix_position_bound_id"), table_name="position")
    op.drop_index("ix_position_unit_bound", table_name="position")
    op.drop_table("position")
