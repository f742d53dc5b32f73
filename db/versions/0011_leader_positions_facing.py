"""Leaders on the map, and which way units and leaders face.

``position.facing``: a nullable integer added with a plain ADD COLUMN (no
table rebuild, so no row of recorded play is touched: NOTES.md's SQLite
trap). Existing positions keep a null facing ("not given").

Two new tables, nothing else altered: ``leader_position`` (append-only, one
row per change of a leader's place, as ``position`` is for units) and
``leader_seen`` (a side saw an enemy leader in a bound, as ``unit_seen``).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"],
                                   name=op.f(f"fk_{table}_{column}_{target}"),
                                   ondelete="CASCADE")


def upgrade() -> None:
    op.add_column("position", sa.Column("facing", sa.Integer(), nullable=True))
    op.create_table(
        "leader_position",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("leader_id", sa.Integer(), nullable=False),
        sa.Column("bound_id", sa.Integer(), nullable=False),
        sa.Column("hex", sa.String(), nullable=False),
        sa.Column("x", sa.Float(), nullable=True),
        sa.Column("y", sa.Float(), nullable=True),
        sa.Column("facing", sa.Integer(), nullable=True),
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_leader_position")),
        _fk("leader_position", "leader_id", "leader"),
        _fk("leader_position", "bound_id", "bound"),
    )
    op.create_index("ix_leader_position_leader_bound", "leader_position",
                    ["leader_id", "bound_id"], unique=False)
    op.create_index(op.f("ix_leader_position_bound_id"), "leader_position", ["bound_id"],
                    unique=False)
    op.create_table(
        "leader_seen",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("leader_id", sa.Integer(), nullable=False),
        sa.Column("side_id", sa.Integer(), nullable=False),
        sa.Column("bound_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_leader_seen")),
        _fk("leader_seen", "leader_id", "leader"),
        _fk("leader_seen", "side_id", "side"),
        _fk("leader_seen", "bound_id", "bound"),
        sa.UniqueConstraint("leader_id", "side_id", "bound_id",
                            name=op.f("uq_leader_seen_leader_id_side_id_bound_id")),
    )
    for column in ("leader_id", "side_id", "bound_id"):
        op.create_index(op.f(f"ix_leader_seen_{column}"), "leader_seen", [column], unique=False)


def downgrade() -> None:
    for column in ("leader_id", "side_id", "bound_id"):
        op.drop_index(op.f(f"ix_leader_seen_{column}"), table_name="leader_seen")
    op.drop_table("leader_seen")
    op.drop_index(op.f("ix_leader_position_bound_id"), table_name="leader_position")
    op.drop_index("ix_leader_position_leader_bound", table_name="leader_position")
    op.drop_table("leader_position")
    # SQLite 3.35+ drops a column in place (no rebuild); batch mode does what it must.
    with op.batch_alter_table("position") as batch:
        batch.drop_column("facing")
