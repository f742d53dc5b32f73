"""Several battles in one campaign: a battle's status, its units, the recovery rules.

- ``battle.status`` (open, ended) and ``battle.ended_at``;
- ``campaign.recovery``: the campaign's recovery rules after a battle (JSON, empty:
  the "none" preset);
- ``battle_unit``: the campaign order of battle at each battle's two ends (the
  strength a unit started the battle with, and after the aftermath).

Existing campaigns keep their battle open, with every unit of the campaign taking
part at its order-of-battle strength. Columns are added with plain add_column and
server defaults: no table is rebuilt, so no row can be lost (NOTES.md).

File 0005, revision id 0007: the file is named by its place in the chain, the id
is kept as it was written because campaign files store it (``alembic_version``).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("battle", sa.Column("status", sa.String(), nullable=False,
                                      server_default="open"))
    op.add_column("battle", sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("campaign", sa.Column("recovery", sa.JSON(), nullable=False,
                                        server_default="{}"))
    op.create_table(
        "battle_unit",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("unit_id", sa.Integer(), nullable=False),
        sa.Column("start_strength", sa.Integer(), nullable=False),
        sa.Column("end_strength", sa.Integer(), nullable=True),
        sa.Column("returned", sa.Integer(), nullable=True),
        sa.Column("after_strength", sa.Integer(), nullable=True),
        sa.Column("note", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_battle_unit")),
        sa.ForeignKeyConstraint(["battle_id"], ["battle.id"], ondelete="CASCADE",
                                name=op.f("fk_battle_unit_battle_id_battle")),
        sa.ForeignKeyConstraint(["unit_id"], ["unit.id"], ondelete="CASCADE",
                                name=op.f("fk_battle_unit_unit_id_unit")),
        sa.UniqueConstraint("battle_id", "unit_id", name=op.f("uq_battle_unit_battle_id_unit_id")),
    )
    op.create_index(op.f("ix_battle_unit_battle_id"), "battle_unit", ["battle_id"], unique=False)
    op.create_index(op.f("ix_battle_unit_unit_id"), "battle_unit", ["unit_id"], unique=False)
    # Every unit of a campaign takes part in each of its battles (there was one).
    op.execute(
        "INSERT INTO battle_unit (battle_id, unit_id, start_strength, note) "
        "SELECT battle.id, unit.id, unit.strength, '' FROM battle "
        "JOIN side ON side.campaign_id = battle.campaign_id "
        "JOIN unit ON unit.side_id = side.id ORDER BY battle.id, unit.id")


def downgrade() -> None:
    op.drop_table("battle_unit")
    with op.batch_alter_table("campaign") as batch:
        batch.drop_column("recovery")
    with op.batch_alter_table("battle") as batch:
        batch.drop_column("ended_at")
        batch.drop_column("status")
