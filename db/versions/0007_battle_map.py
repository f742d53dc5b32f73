"""The map board: one imported map per battle, its image, and the enemy units each side saw.

Two new tables, no change to existing ones, so no table is rebuilt and no
row of recorded play is touched. ``battle_map_image`` holds the image bytes in
the campaign file itself (one file to copy still holds everything), apart from
the ``battle_map`` row that calibrations update.

File 0007, revision id 0008: the file is named by its place in the chain, the id
is kept as it was written because campaign files store it (``alembic_version``).

Revision ID: 0008
Revises: 0005
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "battle_map",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("image_format", sa.String(), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("calibration", sa.JSON(), nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["battle_id"], ["battle.id"],
                                name=op.f("fk_battle_map_battle_id_battle"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_battle_map")),
        sa.UniqueConstraint("battle_id", name=op.f("uq_battle_map_battle_id")),
    )
    op.create_index(op.f("ix_battle_map_battle_id"), "battle_map", ["battle_id"], unique=False)
    op.create_table(
        "battle_map_image",
        sa.Column("map_id", sa.Integer(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(["map_id"], ["battle_map.id"],
                                name=op.f("fk_battle_map_image_map_id_battle_map"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("map_id", name=op.f("pk_battle_map_image")),
    )
    op.create_table(
        "unit_seen",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("unit_id", sa.Integer(), nullable=False),
        sa.Column("side_id", sa.Integer(), nullable=False),
        sa.Column("bound_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["unit_id"], ["unit.id"],
                                name=op.f("fk_unit_seen_unit_id_unit"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["side_id"], ["side.id"],
                                name=op.f("fk_unit_seen_side_id_side"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["bound_id"], ["bound.id"],
                                name=op.f("fk_unit_seen_bound_id_bound"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_unit_seen")),
        sa.UniqueConstraint("unit_id", "side_id", "bound_id",
                            name=op.f("uq_unit_seen_unit_id_side_id_bound_id")),
    )
    for column in ("unit_id", "side_id", "bound_id"):
        op.create_index(op.f(f"ix_unit_seen_{column}"), "unit_seen", [column], unique=False)


def downgrade() -> None:
    op.drop_table("unit_seen")
    op.drop_table("battle_map_image")
    op.drop_table("battle_map")
